package fixtureweb

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// The behaviours of hostile servers, as handlers.

// silentTLS is the handler of a host whose TLS handshake is never
// answered: the origin recognises it at the ClientHello, records a hit
// with Method "TLS" and holds the connection without sending a byte until
// the client gives up. Plain-HTTP requests to it are silent too.
type silentTLS struct{}

func (silentTLS) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	<-stopped(r)
	panic(http.ErrAbortHandler)
}

// silent reads the request and never answers: no status line, no byte.
// When the client gives up or the web closes, the connection is dropped
// (http.ErrAbortHandler), so no default response goes out either.
func silent() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-stopped(r)
		panic(http.ErrAbortHandler)
	})
}

// trickle writes a whole raw HTTP response (status line, headers, body)
// one byte every interval, for as long as the client listens.
func trickle(interval time.Duration, body []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		raw := "HTTP/1.1 200 OK\r\nContent-Type: text/html; charset=utf-8\r\nContent-Length: " +
			strconv.Itoa(len(body)) + "\r\nConnection: close\r\n\r\n" + string(body)
		conn, _, err := http.NewResponseController(w).Hijack()
		if err != nil {
			return
		}
		defer conn.Close()
		noteStatus(w, http.StatusOK)
		closing := webClosing(r)
		t := time.NewTicker(interval)
		defer t.Stop()
		for i := 0; i < len(raw); i++ {
			if _, err := conn.Write([]byte{raw[i]}); err != nil {
				return
			}
			select {
			case <-t.C:
			case <-closing:
				return
			}
		}
	})
}

// webClosing is closed when the request's web closes (never for a
// request outside a Web).
func webClosing(r *http.Request) <-chan struct{} {
	if w := webOf(r); w != nil {
		return w.closing
	}
	return nil
}

// hangAfterHeaders sends 200 and headers promising a body, then nothing.
func hangAfterHeaders() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", typeHTML)
		w.Header().Set("Content-Length", "100000")
		w.WriteHeader(http.StatusOK)
		_ = http.NewResponseController(w).Flush()
		<-stopped(r)
		panic(http.ErrAbortHandler)
	})
}

// gzipBombFile serves a gzip bomb as a .gz file (no Content-Encoding).
func gzipBombFile() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		sm, _, err := loadBombs()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", typeGzip)
		w.Header().Set("Content-Length", strconv.Itoa(len(sm)))
		_, _ = w.Write(sm)
	})
}

// gzipBombPage serves a gzip bomb as an HTML page with Content-Encoding:
// gzip, whatever the request accepts.
func gzipBombPage() http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		_, pg, err := loadBombs()
		if err != nil {
			http.Error(w, err.Error(), http.StatusInternalServerError)
			return
		}
		w.Header().Set("Content-Type", typeHTML)
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", strconv.Itoa(len(pg)))
		_, _ = w.Write(pg)
	})
}

// hugePage streams an HTML page of exactly size bytes (Content-Length
// set): a head, then article rivers repeated to the size, without holding
// it in memory.
func hugePage(size int) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		head := "<!DOCTYPE html>\n<html lang=\"en\"><head><meta charset=\"utf-8\"><title>The Endless Edition</title></head>\n<body><main>\n"
		tail := "</main></body></html>\n"
		w.Header().Set("Content-Type", typeHTML)
		w.Header().Set("Content-Length", strconv.Itoa(size))
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodHead {
			return
		}
		left := size
		put := func(s string) bool {
			if len(s) > left {
				s = s[:left]
			}
			n, err := w.Write([]byte(s))
			left -= n
			return err == nil
		}
		if !put(head) {
			return
		}
		var block strings.Builder
		for i := range 200 {
			fmt.Fprintf(&block, "<section><h2>Edition %d</h2><p>%s</p></section>\n", i, strings.Repeat("More of the same news. ", 8))
		}
		for left > len(tail) {
			chunk := block.String()
			if len(chunk) > left-len(tail) {
				chunk = chunk[:left-len(tail)]
			}
			if !put(chunk) {
				return
			}
		}
		put(tail)
	})
}

// redirectLoop sends a to b and b to a.
func redirectLoop(a, b string) (http.Handler, http.Handler) {
	return redirect(http.StatusFound, b), redirect(http.StatusFound, a)
}

// bigRobots is a robots.txt of about 5 MiB: a small real group, then
// hundreds of thousands of archive rules. Nothing past the first 500 KiB
// (the least a parser must read, RFC 9309 2.5) changes an answer for the
// paths discovery uses.
var bigRobots = sync.OnceValue(func() []byte {
	var b strings.Builder
	b.WriteString("User-agent: *\nDisallow: /private/\nDisallow: /archive/\n\n# Archive rules, generated.\n")
	for i := 0; b.Len() < 5<<20; i++ {
		fmt.Fprintf(&b, "Disallow: /archive/%07d/\n", i)
	}
	return []byte(b.String())
})
