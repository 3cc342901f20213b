package bidi

import (
	"bufio"
	"bytes"
	"crypto/sha1"
	"encoding/base64"
	"encoding/binary"
	"encoding/json"
	"io"
	"net"
	"net/http"
	"strings"
	"testing"
	"time"
)

// serverFrame is one unmasked frame as a server sends it.
func serverFrame(fin bool, op byte, payload []byte) []byte {
	b0 := op
	if fin {
		b0 |= 0x80
	}
	out := []byte{b0}
	switch n := len(payload); {
	case n < 126:
		out = append(out, byte(n))
	case n <= 0xFFFF:
		out = append(out, 126)
		out = binary.BigEndian.AppendUint16(out, uint16(n))
	default:
		out = append(out, 127)
		out = binary.BigEndian.AppendUint64(out, uint64(n))
	}
	return append(out, payload...)
}

// readClientFrame reads one client frame and unmasks it, failing on an
// unmasked one (RFC 6455 5.1: a client masks every frame).
func readClientFrame(t *testing.T, r *bufio.Reader) (byte, []byte) {
	t.Helper()
	var h [2]byte
	if _, err := io.ReadFull(r, h[:]); err != nil {
		t.Fatalf("read client frame: %v", err)
	}
	if h[1]&0x80 == 0 {
		t.Fatal("client frame not masked")
	}
	n := uint64(h[1] & 0x7F)
	switch n {
	case 126:
		var b [2]byte
		io.ReadFull(r, b[:])
		n = uint64(binary.BigEndian.Uint16(b[:]))
	case 127:
		var b [8]byte
		io.ReadFull(r, b[:])
		n = binary.BigEndian.Uint64(b[:])
	}
	var mask [4]byte
	io.ReadFull(r, mask[:])
	p := make([]byte, n)
	if _, err := io.ReadFull(r, p); err != nil {
		t.Fatalf("read client payload: %v", err)
	}
	for i := range p {
		p[i] ^= mask[i%4]
	}
	return h[0] & 0x0F, p
}

// TestClient runs the client against a server written here from RFC 6455:
// the handshake is checked, a command's answer comes back in three
// fragments with a ping between them, an event over 64 KiB (a 64-bit
// length) reaches a listener, and an error answer becomes an *Error.
func TestClient(t *testing.T) {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	big := strings.Repeat("x", 70000)
	pong := make(chan []byte, 1)
	go func() {
		c, err := ln.Accept()
		if err != nil {
			return
		}
		defer c.Close()
		r := bufio.NewReader(c)
		req, err := http.ReadRequest(r)
		if err != nil || req.Header.Get("Upgrade") != "websocket" || req.Header.Get("Origin") != "" || req.URL.Path != "/session" {
			t.Errorf("handshake request %v: %v", req, err)
			return
		}
		sum := sha1.Sum([]byte(req.Header.Get("Sec-WebSocket-Key") + wsGUID))
		io.WriteString(c, "HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Accept: "+
			base64.StdEncoding.EncodeToString(sum[:])+"\r\n\r\n")
		for {
			op, p := readClientFrame(t, r)
			switch op {
			case opPong:
				pong <- p
				continue
			case opClose:
				c.Write(serverFrame(true, opClose, p))
				return
			}
			var cmd struct {
				ID     int64  `json:"id"`
				Method string `json:"method"`
			}
			if err := json.Unmarshal(p, &cmd); err != nil {
				t.Errorf("command %q: %v", p, err)
				return
			}
			switch cmd.Method {
			case "echo.big":
				ev, _ := json.Marshal(map[string]any{"type": "event", "method": "log.entryAdded", "params": map[string]string{"text": big}})
				c.Write(serverFrame(true, opText, ev))
				ans, _ := json.Marshal(map[string]any{"type": "success", "id": cmd.ID, "result": map[string]string{"value": "ok"}})
				third := len(ans) / 3
				c.Write(serverFrame(false, opText, ans[:third]))
				c.Write(serverFrame(true, opPing, []byte("hi")))
				c.Write(serverFrame(false, opContinuation, ans[third:2*third]))
				c.Write(serverFrame(true, opContinuation, ans[2*third:]))
			default:
				ans, _ := json.Marshal(map[string]any{"type": "error", "id": cmd.ID, "error": "unknown command", "message": cmd.Method})
				c.Write(serverFrame(true, opText, ans))
			}
		}
	}()

	c, err := Dial("ws://" + ln.Addr().String() + "/session")
	if err != nil {
		t.Fatal(err)
	}
	events := make(chan Event, 1)
	stop := c.Listen(func(e Event) { events <- e })
	defer stop()
	var res struct{ Value string }
	ctx := t.Context()
	if err := c.Call(ctx, "echo.big", nil, &res); err != nil || res.Value != "ok" {
		t.Fatalf("Call = %+v, %v", res, err)
	}
	select {
	case e := <-events:
		var p struct{ Text string }
		if json.Unmarshal(e.Params, &p); e.Method != "log.entryAdded" || p.Text != big {
			t.Errorf("event %s with %d bytes of text", e.Method, len(p.Text))
		}
	case <-time.After(5 * time.Second):
		t.Fatal("no event")
	}
	select {
	case p := <-pong:
		if !bytes.Equal(p, []byte("hi")) {
			t.Errorf("pong %q, want the ping's payload", p)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the ping got no pong")
	}
	err = c.Call(ctx, "no.such", nil, nil)
	if e, ok := err.(*Error); !ok || e.Code != "unknown command" || e.Method != "no.such" {
		t.Errorf("error answer: %v", err)
	}
	c.Close()
	select {
	case <-c.Done():
	case <-time.After(5 * time.Second):
		t.Fatal("the connection did not end after Close")
	}
	if err := c.Call(ctx, "echo.big", nil, nil); err == nil {
		t.Error("Call after the connection ended succeeded")
	}
}
