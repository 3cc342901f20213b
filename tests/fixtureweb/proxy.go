package fixtureweb

import (
	"context"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/http/httputil"
	"sync"
	"time"
)

// proxy is the forward proxy the product is pointed at. CONNECT opens a
// raw tunnel to the origin listener (TLS is end to end, so the product
// verifies the host's certificate); an absolute-URI request for http is
// forwarded to the origin listener unchanged (headers, Accept-Encoding and
// compressed bodies pass through; redirects are not followed). A host that
// is not in the web gets 502 Bad Gateway, and the attempt is recorded as a
// hit of that host name.
type proxy struct {
	ln     net.Listener
	server *http.Server
	rp     *httputil.ReverseProxy
	mu     sync.Mutex
	conns  map[net.Conn]struct{}
	wg     sync.WaitGroup
}

func (w *Web) startProxy() error {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return fmt.Errorf("listen proxy: %w", err)
	}
	p := &proxy{ln: ln, conns: map[net.Conn]struct{}{}}
	quiet := log.New(io.Discard, "", 0)
	p.rp = &httputil.ReverseProxy{
		Rewrite: func(pr *httputil.ProxyRequest) {
			pr.Out.URL.Scheme = "http"
			pr.Out.URL.Host = pr.In.URL.Host
			pr.Out.Host = pr.In.Host
		},
		Transport: &http.Transport{
			DialContext: func(context.Context, string, string) (net.Conn, error) {
				return w.dialOrigin()
			},
			DisableCompression:  true,
			MaxIdleConnsPerHost: 8,
			IdleConnTimeout:     30 * time.Second,
		},
		FlushInterval: -1,
		ErrorLog:      quiet,
		ErrorHandler: func(rw http.ResponseWriter, r *http.Request, err error) {
			rw.WriteHeader(http.StatusBadGateway)
		},
	}
	p.server = &http.Server{
		Handler:           http.HandlerFunc(w.serveProxy),
		ReadHeaderTimeout: 30 * time.Second,
		ErrorLog:          quiet,
	}
	w.proxy = p
	p.wg.Add(1)
	go func() { defer p.wg.Done(); _ = p.server.Serve(ln) }()
	w.ProxyURL = "http://" + ln.Addr().String()
	return nil
}

func (w *Web) serveProxy(rw http.ResponseWriter, r *http.Request) {
	if r.Method == http.MethodConnect {
		w.connect(rw, r)
		return
	}
	if !r.URL.IsAbs() || r.URL.Scheme != "http" {
		http.Error(rw, "this is a forward proxy: send absolute http:// URLs or CONNECT", http.StatusBadRequest)
		return
	}
	host := hostOnly(r.URL.Host)
	if _, ok := w.hosts[host]; !ok {
		w.refuse(rw, r, host)
		return
	}
	w.proxy.rp.ServeHTTP(rw, r)
}

// refuse answers 502 for a host outside the web and records the attempt.
func (w *Web) refuse(rw http.ResponseWriter, r *http.Request, host string) {
	h := Hit{
		Time: time.Now(), Scheme: "http", Method: r.Method, Status: http.StatusBadGateway,
		UserAgent: r.Header.Get("User-Agent"), AcceptEncoding: r.Header.Get("Accept-Encoding"),
	}
	if r.Method == http.MethodConnect {
		h.Scheme = "https"
	} else {
		h.Path = r.URL.RequestURI()
	}
	w.addHit(host, &hitRec{hit: h})
	http.Error(rw, "no host "+host+" in the fixture web", http.StatusBadGateway)
}

// connect tunnels a CONNECT to the origin listener.
func (w *Web) connect(rw http.ResponseWriter, r *http.Request) {
	host, port, err := net.SplitHostPort(r.Host)
	if err != nil {
		http.Error(rw, "CONNECT needs host:port", http.StatusBadRequest)
		return
	}
	host = hostOnly(host)
	e, ok := w.hosts[host]
	if !ok {
		w.refuse(rw, r, host)
		return
	}
	if e.scheme == "http" && port == "443" {
		// An http-only site has nothing listening on 443.
		http.Error(rw, host+" has no TLS service", http.StatusBadGateway)
		return
	}
	up, err := w.dialOrigin()
	if err != nil {
		http.Error(rw, "dial origin: "+err.Error(), http.StatusBadGateway)
		return
	}
	down, brw, err := http.NewResponseController(rw).Hijack()
	if err != nil {
		up.Close()
		return
	}
	if _, err := down.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n")); err != nil {
		up.Close()
		down.Close()
		return
	}
	if n := brw.Reader.Buffered(); n > 0 {
		b, _ := brw.Reader.Peek(n)
		if _, err := up.Write(b); err != nil {
			up.Close()
			down.Close()
			return
		}
	}
	if !w.proxy.track(up, down) {
		return
	}
	go w.proxy.pipe(up, down)
	go w.proxy.pipe(down, up)
}

// pipe copies src to dst until either side ends, then closes both.
func (p *proxy) pipe(dst, src net.Conn) {
	defer p.wg.Done()
	_, _ = io.Copy(dst, src)
	p.untrack(dst, src)
}

// track registers a tunnel's two connections so that close can end them,
// and counts its two pipes; it fails once the proxy is closing.
func (p *proxy) track(cs ...net.Conn) bool {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.conns == nil {
		for _, c := range cs {
			c.Close()
		}
		return false
	}
	for _, c := range cs {
		p.conns[c] = struct{}{}
	}
	p.wg.Add(2) // the two pipes
	return true
}

func (p *proxy) untrack(cs ...net.Conn) {
	p.mu.Lock()
	defer p.mu.Unlock()
	for _, c := range cs {
		c.Close()
		delete(p.conns, c)
	}
}

func (p *proxy) close() {
	p.server.Close()
	p.mu.Lock()
	for c := range p.conns {
		c.Close()
	}
	p.conns = nil
	p.mu.Unlock()
	p.wg.Wait()
	if t, ok := p.rp.Transport.(*http.Transport); ok {
		t.CloseIdleConnections()
	}
}
