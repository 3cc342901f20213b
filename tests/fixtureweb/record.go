package fixtureweb

import (
	"bufio"
	"bytes"
	"context"
	"net"
	"net/http"
	"strings"
	"time"
)

// Hit is one request as a server of the fixture web saw it.
type Hit struct {
	// Time is when the request arrived (its headers were read).
	Time time.Time
	// Scheme is "https" or "http": how the request reached the server.
	Scheme string
	// Method is the HTTP method. Two pseudo-methods record what never became
	// an HTTP request: "TLS" is a TLS handshake a silent server never answered
	// (Path is empty), and "CONNECT" is a tunnel the proxy refused for a host
	// outside the web (Path is empty).
	Method string
	// Path is the request target as sent: path and query.
	Path string
	// UserAgent, AcceptEncoding, IfNoneMatch and IfModifiedSince are the
	// request headers of those names.
	UserAgent, AcceptEncoding, IfNoneMatch, IfModifiedSince string
	// Status is the status code the server answered with; 0 when it never
	// wrote a status line (a silent or hanging server, or a client that gave
	// up first).
	Status int
	// Bytes counts the body bytes the server wrote (compressed, when it
	// compressed).
	Bytes int64
}

// hitRec is a Hit being recorded, plus what the server answered to a
// robots.txt request so that CheckPoliteness judges by the rules the
// client was actually given.
type hitRec struct {
	hit        Hit
	robots     bool   // the request was for /robots.txt
	body       []byte // robots.txt body as sent (capped)
	encoding   string // Content-Encoding of that body
	location   string // Location of a robots.txt redirect
	incomplete bool   // the robots.txt response did not finish
}

// maxCapture bounds the robots.txt body kept per hit.
const maxCapture = 8 << 20

// record starts a hit for host and returns it; its Status and Bytes are
// filled in by the recorder as the response is written.
func (w *Web) record(host string, r *http.Request, scheme string) *hitRec {
	h := &hitRec{
		hit: Hit{
			Time:            time.Now(),
			Scheme:          scheme,
			Method:          r.Method,
			Path:            r.URL.RequestURI(),
			UserAgent:       r.Header.Get("User-Agent"),
			AcceptEncoding:  r.Header.Get("Accept-Encoding"),
			IfNoneMatch:     r.Header.Get("If-None-Match"),
			IfModifiedSince: r.Header.Get("If-Modified-Since"),
		},
		robots: r.URL.Path == "/robots.txt",
	}
	w.addHit(host, h)
	return h
}

func (w *Web) addHit(host string, h *hitRec) {
	w.mu.Lock()
	w.hits[host] = append(w.hits[host], h)
	w.mu.Unlock()
}

// recorder is the ResponseWriter every site handler writes to: it notes the
// status and the bytes written in the hit, and keeps robots.txt bodies.
// It supports Flush and Hijack through http.ResponseController (Unwrap).
type recorder struct {
	http.ResponseWriter
	web      *Web
	hit      *hitRec
	wrote    bool
	hijacked bool
	body     bytes.Buffer
}

func (rw *recorder) WriteHeader(code int) {
	if code >= 100 && code < 200 {
		rw.ResponseWriter.WriteHeader(code)
		return
	}
	if !rw.wrote {
		rw.wrote = true
		rw.web.mu.Lock()
		rw.hit.hit.Status = code
		if rw.hit.robots {
			rw.hit.encoding = rw.Header().Get("Content-Encoding")
			rw.hit.location = rw.Header().Get("Location")
		}
		rw.web.mu.Unlock()
	}
	rw.ResponseWriter.WriteHeader(code)
}

func (rw *recorder) Write(p []byte) (int, error) {
	if !rw.wrote {
		rw.WriteHeader(http.StatusOK)
	}
	if rw.hit.robots && rw.body.Len() < maxCapture {
		rw.body.Write(p[:min(len(p), maxCapture-rw.body.Len())])
	}
	n, err := rw.ResponseWriter.Write(p)
	rw.web.mu.Lock()
	rw.hit.hit.Bytes += int64(n)
	rw.web.mu.Unlock()
	return n, err
}

// Flush sends what was written so far.
func (rw *recorder) Flush() {
	if !rw.wrote {
		rw.WriteHeader(http.StatusOK)
	}
	_ = http.NewResponseController(rw.ResponseWriter).Flush()
}

// Hijack takes over the connection; the handler then reports the status it
// writes with noteStatus.
func (rw *recorder) Hijack() (net.Conn, *bufio.ReadWriter, error) {
	c, brw, err := http.NewResponseController(rw.ResponseWriter).Hijack()
	if err == nil {
		rw.hijacked = true
	}
	return c, brw, err
}

// Unwrap lets http.ResponseController reach the server's writer.
func (rw *recorder) Unwrap() http.ResponseWriter { return rw.ResponseWriter }

// finish closes the record once the handler returned, or aborted (it
// panicked, as the silent handlers do with http.ErrAbortHandler so that
// the connection is dropped without an answer).
func (rw *recorder) finish(r *http.Request, aborted bool) {
	rw.web.mu.Lock()
	defer rw.web.mu.Unlock()
	if !rw.wrote && !rw.hijacked && !aborted && r.Context().Err() == nil {
		rw.hit.hit.Status = http.StatusOK // net/http sends 200 for a handler that wrote nothing
	}
	if rw.hit.robots {
		rw.hit.body = rw.body.Bytes()
		rw.hit.incomplete = rw.hijacked || aborted || r.Context().Err() != nil
	}
}

// noteStatus records the status a handler wrote by hand on a hijacked
// connection (w is the ResponseWriter the handler was given).
func noteStatus(w http.ResponseWriter, code int) {
	if rw, ok := w.(*recorder); ok {
		rw.web.mu.Lock()
		rw.hit.hit.Status = code
		rw.web.mu.Unlock()
	}
}

// webKey is the context key under which a request carries its *Web.
type webKey struct{}

func withWeb(ctx context.Context, w *Web) context.Context {
	return context.WithValue(ctx, webKey{}, w)
}

func webOf(r *http.Request) *Web {
	w, _ := r.Context().Value(webKey{}).(*Web)
	return w
}

// Clock is the fixture web's clock for a request: the time Start was
// called. Handlers date their content from it (feed items, sitemap
// lastmod, news publication dates) so that "changed within 24 h" and "the
// 2-day news window" hold whenever a test runs. Outside a Web it is
// time.Now().
func Clock(r *http.Request) time.Time {
	if w := webOf(r); w != nil {
		return w.Started
	}
	return time.Now()
}

// stopped returns a channel closed when the client went away or the web is
// closing: slow and silent handlers wait on it and never outlive Close.
func stopped(r *http.Request) <-chan struct{} {
	ch := make(chan struct{})
	var closing <-chan struct{}
	if w := webOf(r); w != nil {
		closing = w.closing
	}
	go func() {
		select {
		case <-r.Context().Done():
		case <-closing:
		}
		close(ch)
	}()
	return ch
}

// hostOnly lowercases a Host header or authority and drops its port.
func hostOnly(hostport string) string {
	h := hostport
	if host, _, err := net.SplitHostPort(hostport); err == nil {
		h = host
	}
	return strings.ToLower(strings.TrimSuffix(strings.Trim(h, "[]"), "."))
}
