package fixtureweb

import (
	"bufio"
	"context"
	"crypto/tls"
	"errors"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"sync"
	"time"
)

// origin is the one loopback listener behind which every host lives. Each
// connection is sorted by its first byte: 0x16 (a TLS handshake record)
// goes to the HTTPS server, which picks the certificate by SNI; anything
// else goes to the plain HTTP server. Both route by the Host header.
type origin struct {
	ln          net.Listener
	plain, sec  *chanListener
	plainServer *http.Server
	tlsServer   *http.Server
	wg          sync.WaitGroup
}

func (w *Web) startOrigin() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("listen origin: %w", err)
	}
	o := &origin{ln: ln, plain: newChanListener(ln.Addr()), sec: newChanListener(ln.Addr())}
	quiet := log.New(io.Discard, "", 0)
	o.plainServer = &http.Server{
		Handler:           http.HandlerFunc(w.serveOrigin),
		BaseContext:       func(net.Listener) context.Context { return withWeb(context.Background(), w) },
		ReadHeaderTimeout: 30 * time.Second,
		ErrorLog:          quiet,
	}
	o.tlsServer = &http.Server{
		Handler:           http.HandlerFunc(w.serveOrigin),
		BaseContext:       func(net.Listener) context.Context { return withWeb(context.Background(), w) },
		ReadHeaderTimeout: 30 * time.Second,
		ErrorLog:          quiet,
		// HTTP/1.1 only: the hostile handlers hijack connections.
		TLSNextProto: map[string]func(*http.Server, *tls.Conn, http.Handler){},
	}
	cfg := &tls.Config{
		MinVersion:         tls.VersionTLS12,
		NextProtos:         []string{"http/1.1"},
		GetConfigForClient: w.helloHook,
		GetCertificate: func(hello *tls.ClientHelloInfo) (*tls.Certificate, error) {
			if c, ok := w.certs[hostOnly(hello.ServerName)]; ok {
				return c, nil
			}
			return nil, fmt.Errorf("no certificate for %q in the fixture web", hello.ServerName)
		},
	}
	w.origin = o
	o.wg.Add(3)
	go func() { defer o.wg.Done(); o.accept() }()
	go func() { defer o.wg.Done(); _ = o.plainServer.Serve(o.plain) }()
	go func() { defer o.wg.Done(); _ = o.tlsServer.Serve(tls.NewListener(o.sec, cfg)) }()
	w.Addr = ln.Addr().String()
	return nil
}

// accept sorts incoming connections by their first byte.
func (o *origin) accept() {
	for {
		c, err := o.ln.Accept()
		if err != nil {
			return
		}
		go func() {
			br := bufio.NewReader(c)
			_ = c.SetReadDeadline(time.Now().Add(30 * time.Second))
			first, err := br.Peek(1)
			_ = c.SetReadDeadline(time.Time{})
			if err != nil {
				c.Close()
				return
			}
			pc := &peekedConn{Conn: c, r: br}
			target := o.plain
			if first[0] == 0x16 {
				target = o.sec
			}
			if !target.push(pc) {
				c.Close()
			}
		}()
	}
}

func (o *origin) close() {
	o.ln.Close()
	o.plainServer.Close()
	o.tlsServer.Close()
	o.plain.Close()
	o.sec.Close()
	o.wg.Wait()
}

// helloHook lets a silent-TLS host swallow the handshake: it never sends a
// ServerHello and holds the connection until the client gives up.
func (w *Web) helloHook(hello *tls.ClientHelloInfo) (*tls.Config, error) {
	host := hostOnly(hello.ServerName)
	e, ok := w.hosts[host]
	if !ok {
		return nil, nil
	}
	if _, silent := e.handler.(silentTLS); !silent {
		return nil, nil
	}
	w.addHit(host, &hitRec{hit: Hit{Time: time.Now(), Scheme: "https", Method: "TLS"}})
	done := make(chan struct{})
	go func() {
		select {
		case <-w.closing:
			hello.Conn.Close()
		case <-done:
		}
	}()
	// The client sends nothing more before a ServerHello: this read ends
	// when it closes the connection (or Close closes it for us).
	_, _ = io.Copy(io.Discard, hello.Conn)
	close(done)
	return nil, errors.New("silent host: handshake never answered")
}

// peekedConn is a connection whose first bytes were read into r.
type peekedConn struct {
	net.Conn
	r *bufio.Reader
}

func (c *peekedConn) Read(p []byte) (int, error) { return c.r.Read(p) }

// chanListener hands connections accepted elsewhere to an http.Server.
type chanListener struct {
	addr net.Addr
	ch   chan net.Conn
	done chan struct{}
	once sync.Once
}

func newChanListener(addr net.Addr) *chanListener {
	return &chanListener{addr: addr, ch: make(chan net.Conn), done: make(chan struct{})}
}

func (l *chanListener) push(c net.Conn) bool {
	select {
	case l.ch <- c:
		return true
	case <-l.done:
		return false
	}
}

// Accept waits for the next sorted connection.
func (l *chanListener) Accept() (net.Conn, error) {
	select {
	case c := <-l.ch:
		return c, nil
	case <-l.done:
		return nil, net.ErrClosed
	}
}

// Close stops Accept.
func (l *chanListener) Close() error {
	l.once.Do(func() { close(l.done) })
	return nil
}

// Addr is the origin listener's address.
func (l *chanListener) Addr() net.Addr { return l.addr }
