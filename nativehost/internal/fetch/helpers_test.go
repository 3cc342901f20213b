package fetch

import (
	"context"
	"errors"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/common/report"
)

// hit is one request as the test server saw it.
type hit struct {
	path   string
	at     time.Time
	header http.Header
}

// recorder wraps a handler and records, on the server side, when each
// request arrived and how many were in flight at once.
type recorder struct {
	mu        sync.Mutex
	hits      []hit
	active    int
	maxActive int
}

func (rec *recorder) wrap(h http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		rec.mu.Lock()
		rec.hits = append(rec.hits, hit{path: r.RequestURI, // raw target: absolute through a proxy
			at: time.Now(), header: r.Header.Clone()})
		rec.active++
		rec.maxActive = max(rec.maxActive, rec.active)
		rec.mu.Unlock()
		defer func() {
			rec.mu.Lock()
			rec.active--
			rec.mu.Unlock()
		}()
		h.ServeHTTP(w, r)
	})
}

func (rec *recorder) all() []hit {
	rec.mu.Lock()
	defer rec.mu.Unlock()
	return append([]hit(nil), rec.hits...)
}

func (rec *recorder) paths() []string {
	var p []string
	for _, h := range rec.all() {
		p = append(p, h.path)
	}
	return p
}

func (rec *recorder) count(path string) int {
	n := 0
	for _, h := range rec.all() {
		if h.path == path {
			n++
		}
	}
	return n
}

// serve starts a loopback server with a recorder; robots is served as
// /robots.txt unless the mux already handles it ("" means 404).
func serve(t *testing.T, robots string, mux *http.ServeMux) (*httptest.Server, *recorder) {
	t.Helper()
	if mux == nil {
		mux = http.NewServeMux()
	}
	if robots != "" {
		mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte(robots))
		})
	}
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html")
		w.Write([]byte("<html><body>page " + r.URL.Path + "</body></html>"))
	})
	rec := &recorder{}
	srv := httptest.NewServer(rec.wrap(mux))
	t.Cleanup(srv.Close)
	return srv, rec
}

// quick is a Client for tests that do not check pacing.
func quick(o Options) *Client {
	if o.Pause == 0 {
		o.Pause = 2 * time.Millisecond
	}
	if o.Timeout == 0 {
		o.Timeout = 5 * time.Second
	}
	return New(o)
}

func open(t *testing.T, c *Client, site string) *Site {
	t.Helper()
	s, err := c.Site(site, nil)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(s.Close)
	return s
}

// words lists the status of each row ("200", "robots-disallow"...).
func words(rows []report.Row) []string {
	var w []string
	for _, r := range rows {
		w = append(w, r.Status.String())
	}
	return w
}

func wantWord(t *testing.T, err error, sentinel *Error) {
	t.Helper()
	if !errors.Is(err, sentinel) {
		t.Fatalf("error %v, want %s", err, sentinel.Word)
	}
	var fe *Error
	if !errors.As(err, &fe) || fe.Word != sentinel.Word {
		t.Fatalf("error %v has word %q, want %q", err, fe.Word, sentinel.Word)
	}
}

func get(t *testing.T, s *Site, step report.Step, url string) (*Response, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	return s.Get(ctx, step, url)
}

func join(s []string) string { return strings.Join(s, " ") }
