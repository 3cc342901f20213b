package bidi

import (
	"bufio"
	"crypto/rand"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"sync"
)

// The part of RFC 6455 a WebDriver BiDi client needs: the opening
// handshake of a client, masked text frames out, text frames in (possibly
// fragmented), pings answered, and the closing handshake.

// wsGUID is the fixed GUID of RFC 6455 1.3, hashed with the client's key
// into Sec-WebSocket-Accept.
const wsGUID = "258EAFA5-E914-47DA-95CA-C5AB0DC85B11"

// maxMessage bounds one incoming message (the browser's answers, page
// text included, stay far below).
const maxMessage = 64 << 20

// Frame opcodes (RFC 6455 5.2).
const (
	opContinuation = 0x0
	opText         = 0x1
	opBinary       = 0x2
	opClose        = 0x8
	opPing         = 0x9
	opPong         = 0xA
)

// wsConn is one client WebSocket. Reads are from one goroutine; writes
// are serialised by mu.
type wsConn struct {
	c  net.Conn
	r  *bufio.Reader
	mu sync.Mutex
}

// wsDial opens a WebSocket to a ws:// URL.
func wsDial(raw string) (*wsConn, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return nil, fmt.Errorf("websocket dial: %w", err)
	}
	if u.Scheme != "ws" {
		return nil, fmt.Errorf("websocket dial %s: only ws:// is supported", raw)
	}
	c, err := net.Dial("tcp", u.Host)
	if err != nil {
		return nil, fmt.Errorf("websocket dial: %w", err)
	}
	var nonce [16]byte
	if _, err := rand.Read(nonce[:]); err != nil {
		c.Close()
		return nil, fmt.Errorf("websocket dial: %w", err)
	}
	key := base64.StdEncoding.EncodeToString(nonce[:])
	path := u.RequestURI()
	// No Origin header: Firefox refuses WebSocket clients that send one
	// it was not told to allow (a web page's, for instance).
	req := "GET " + path + " HTTP/1.1\r\n" +
		"Host: " + u.Host + "\r\n" +
		"Upgrade: websocket\r\n" +
		"Connection: Upgrade\r\n" +
		"Sec-WebSocket-Key: " + key + "\r\n" +
		"Sec-WebSocket-Version: 13\r\n\r\n"
	if _, err := io.WriteString(c, req); err != nil {
		c.Close()
		return nil, fmt.Errorf("websocket handshake: %w", err)
	}
	r := bufio.NewReaderSize(c, 64<<10)
	resp, err := http.ReadResponse(r, &http.Request{Method: http.MethodGet})
	if err != nil {
		c.Close()
		return nil, fmt.Errorf("websocket handshake: %w", err)
	}
	if resp.StatusCode != http.StatusSwitchingProtocols {
		body, _ := io.ReadAll(io.LimitReader(resp.Body, 1024))
		c.Close()
		return nil, fmt.Errorf("websocket handshake: %s: %s", resp.Status, strings.TrimSpace(string(body)))
	}
	sum := sha1.Sum([]byte(key + wsGUID))
	if got, want := resp.Header.Get("Sec-WebSocket-Accept"), base64.StdEncoding.EncodeToString(sum[:]); got != want {
		c.Close()
		return nil, fmt.Errorf("websocket handshake: Sec-WebSocket-Accept %q, want %q", got, want)
	}
	return &wsConn{c: c, r: r}, nil
}

// writeFrame sends one final frame; client frames are masked (RFC 6455
// 5.3).
func (w *wsConn) writeFrame(op byte, payload []byte) error {
	w.mu.Lock()
	defer w.mu.Unlock()
	hdr := []byte{0x80 | op}
	n := len(payload)
	switch {
	case n < 126:
		hdr = append(hdr, 0x80|byte(n))
	case n <= 0xFFFF:
		hdr = append(hdr, 0x80|126)
		hdr = binary.BigEndian.AppendUint16(hdr, uint16(n))
	default:
		hdr = append(hdr, 0x80|127)
		hdr = binary.BigEndian.AppendUint64(hdr, uint64(n))
	}
	var mask [4]byte
	if _, err := rand.Read(mask[:]); err != nil {
		return err
	}
	hdr = append(hdr, mask[:]...)
	buf := make([]byte, 0, len(hdr)+n)
	buf = append(buf, hdr...)
	for i, b := range payload {
		buf = append(buf, b^mask[i%4])
	}
	_, err := w.c.Write(buf)
	return err
}

// writeText sends one text message.
func (w *wsConn) writeText(msg []byte) error {
	if err := w.writeFrame(opText, msg); err != nil {
		return fmt.Errorf("websocket write: %w", err)
	}
	return nil
}

// errClosed is what readMessage returns after the peer's close frame.
var errClosed = errors.New("websocket closed by the browser")

// readMessage returns the next text message, answering pings on the way.
func (w *wsConn) readMessage() ([]byte, error) {
	var msg []byte
	started := false
	for {
		fin, op, payload, err := w.readFrame()
		if err != nil {
			return nil, err
		}
		switch op {
		case opPing:
			if err := w.writeFrame(opPong, payload); err != nil {
				return nil, fmt.Errorf("websocket pong: %w", err)
			}
			continue
		case opPong:
			continue
		case opClose:
			w.writeFrame(opClose, payload) // best effort: the closing handshake
			return nil, errClosed
		case opText, opBinary:
			if started {
				return nil, fmt.Errorf("websocket read: a new message inside a fragmented one")
			}
			started = true
			msg = payload
		case opContinuation:
			if !started {
				return nil, fmt.Errorf("websocket read: continuation without a message")
			}
			msg = append(msg, payload...)
		default:
			return nil, fmt.Errorf("websocket read: unknown opcode %#x", op)
		}
		if len(msg) > maxMessage {
			return nil, fmt.Errorf("websocket read: message over %d bytes", maxMessage)
		}
		if fin {
			return msg, nil
		}
	}
}

func (w *wsConn) readFrame() (fin bool, op byte, payload []byte, err error) {
	var h [2]byte
	if _, err = io.ReadFull(w.r, h[:]); err != nil {
		return false, 0, nil, fmt.Errorf("websocket read: %w", err)
	}
	fin, op = h[0]&0x80 != 0, h[0]&0x0F
	if h[1]&0x80 != 0 {
		return false, 0, nil, fmt.Errorf("websocket read: the server masked a frame")
	}
	n := uint64(h[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		if _, err = io.ReadFull(w.r, b[:]); err != nil {
			return false, 0, nil, fmt.Errorf("websocket read: %w", err)
		}
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		if _, err = io.ReadFull(w.r, b[:]); err != nil {
			return false, 0, nil, fmt.Errorf("websocket read: %w", err)
		}
		n = binary.BigEndian.Uint64(b[:])
	}
	if n > maxMessage {
		return false, 0, nil, fmt.Errorf("websocket read: frame of %d bytes", n)
	}
	payload = make([]byte, n)
	if _, err = io.ReadFull(w.r, payload); err != nil {
		return false, 0, nil, fmt.Errorf("websocket read: %w", err)
	}
	return fin, op, payload, nil
}

// close sends a normal closure and closes the connection.
func (w *wsConn) close() error {
	w.writeFrame(opClose, []byte{0x03, 0xE8}) // 1000: normal closure
	return w.c.Close()
}
