package fetch

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/common/report"
)

// TestRobotsObeyed: a disallowed URL is logged and never requested,
// non-ASCII paths included (the URL goes out percent-encoded, the rule is
// written in UTF-8).
func TestRobotsObeyed(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nDisallow: /\n\nUser-agent: feedscout\nDisallow: /nofeedscout\nDisallow: /private\nDisallow: /ニュース/\n", nil)
	s := open(t, quick(Options{}), srv.URL)
	for _, p := range []string{"/private/x", "/nofeedscout", "/ニュース/article-1", "/%E3%83%8B%E3%83%A5%E3%83%BC%E3%82%B9/2"} {
		resp, err := get(t, s, "section", srv.URL+p)
		if resp != nil {
			t.Errorf("%s: fetched", p)
		}
		wantWord(t, err, ErrDisallowed)
	}
	if _, err := get(t, s, "section", srv.URL+"/news/ok"); err != nil {
		t.Error(err)
	}
	if got := join(rec.paths()); got != "/robots.txt /news/ok" {
		t.Errorf("server saw %q", got)
	}
	rows := s.Log()
	if rows[1].Status.Word != report.StatusRobotsDisallow || rows[1].Note != "disallowed by robots.txt" || rows[1].MS != 0 {
		t.Errorf("row %+v", rows[1])
	}
	if s.Used() != 2 {
		t.Errorf("Used %d: a disallowed URL must not count", s.Used())
	}
}

func TestRobotsStatus(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		handler http.HandlerFunc
		allowed bool
		note    string
	}{
		{"404", func(w http.ResponseWriter, r *http.Request) { http.NotFound(w, r) }, true, ""},
		{"403", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "no", 403) }, true, ""},
		{"429", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "slow", 429) }, false, "robots.txt answered 429"},
		{"503", func(w http.ResponseWriter, r *http.Request) { http.Error(w, "down", 503) }, false, "robots.txt answered 503"},
		{"html", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("<!DOCTYPE html><html><head><title>Home</title></head><body>Welcome</body></html>"))
		}, true, ""},
		{"redirect loop", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "/robots.txt", http.StatusFound)
		}, true, ""},
		{"redirect to ftp", func(w http.ResponseWriter, r *http.Request) {
			http.Redirect(w, r, "ftp://example.com/robots.txt", http.StatusFound)
		}, true, ""},
		{"gzip", func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Content-Encoding", "gzip")
			w.Write(gz("User-agent: *\nDisallow: /\n"))
		}, false, "disallowed by robots.txt"},
		{"5 MB", func(w http.ResponseWriter, r *http.Request) {
			w.Write([]byte("User-agent: *\nDisallow: /feed\n" + strings.Repeat("# padding padding padding padding\n", 5<<20/34)))
		}, false, "disallowed by robots.txt"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			mux := http.NewServeMux()
			mux.HandleFunc("/robots.txt", tt.handler)
			srv, rec := serve(t, "", mux)
			s := open(t, quick(Options{}), srv.URL)
			_, err := get(t, s, "feed", srv.URL+"/feed")
			if tt.allowed != (err == nil) {
				t.Fatalf("err %v, want allowed=%v", err, tt.allowed)
			}
			if !tt.allowed {
				wantWord(t, err, ErrDisallowed)
				if rec.count("/feed") != 0 {
					t.Errorf("fetched /feed")
				}
				if note := s.Log()[len(s.Log())-1].Note; !strings.HasPrefix(note, tt.note) {
					t.Errorf("note %q, want %q...", note, tt.note)
				}
			}
		})
	}
}

func TestRobots5MB(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte("Sitemap: https://example.com/s.xml\n" + strings.Repeat("# padding padding padding padding\n", 5<<20/34)))
	})
	srv, _ := serve(t, "", mux)
	s := open(t, quick(Options{}), srv.URL)
	rules, err := s.Robots(t.Context())
	if err != nil {
		t.Fatal(err)
	}
	if got := rules.Sitemaps(); len(got) != 1 {
		t.Errorf("Sitemaps %q", got)
	}
	row := s.Log()[0]
	if row.Status.Code != 200 || row.Bytes != 500<<10+1 || row.Note != "longer than 500 KiB: the rest ignored" {
		t.Errorf("row %+v", row)
	}
}

// TestRobotsUnreachable: robots.txt timing out disallows everything
// (RFC 9309 2.3.1.4), says why, and is asked again only after a while.
func TestRobotsUnreachable(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	srv, rec := serve(t, "", mux)
	s := open(t, quick(Options{Timeout: 300 * time.Millisecond}), srv.URL)
	rules, err := s.Robots(t.Context())
	wantWord(t, err, ErrTimeout)
	if rules == nil || !rules.DisallowsRoot(Product) {
		t.Fatalf("rules %v: want disallow all", rules)
	}
	_, err = get(t, s, "home", srv.URL+"/")
	wantWord(t, err, ErrDisallowed)
	if !errors.Is(err, ErrTimeout) {
		t.Errorf("error %v does not keep its cause", err)
	}
	if got := join(rec.paths()); got != "/robots.txt" {
		t.Errorf("server saw %q", got)
	}
	if got := join(words(s.Log())); got != "timeout robots-disallow" {
		t.Errorf("rows %q", got)
	}
	if note := s.Log()[1].Note; note != "robots.txt could not be read (timeout): disallow all (RFC 9309)" {
		t.Errorf("note %q", note)
	}
}

// TestRobotsShared: robots.txt is fetched once for the process, even by
// concurrent sessions, and its cost lands on one of them.
func TestRobotsShared(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nDisallow: /x\n", nil)
	c := quick(Options{})
	var wg sync.WaitGroup
	sessions := make([]*Site, 4)
	for i := range sessions {
		sessions[i] = open(t, c, srv.URL)
		wg.Go(func() {
			if _, err := sessions[i].Robots(context.Background()); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	later := open(t, c, srv.URL)
	if _, err := later.Robots(t.Context()); err != nil {
		t.Fatal(err)
	}
	if n := rec.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times", n)
	}
	rows := 0
	for _, s := range append(sessions, later) {
		rows += len(s.Log())
	}
	if rows != 1 {
		t.Errorf("%d robots rows over all sessions, want 1", rows)
	}
}

// TestConditional: validators are remembered per URL and sent again; a 304
// is a success carrying the stored body.
func TestConditional(t *testing.T) {
	t.Parallel()
	const body = "<rss><channel><title>x</title></channel></rss>"
	mux := http.NewServeMux()
	mux.HandleFunc("/etag.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("ETag", `"v1"`)
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("Content-Type", "application/rss+xml")
		w.Write([]byte(body))
	})
	lastMod := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC).Format(http.TimeFormat)
	mux.HandleFunc("/lastmod.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Last-Modified", lastMod)
		if r.Header.Get("If-Modified-Since") == lastMod {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Write([]byte(body))
	})
	srv, rec := serve(t, "", mux)
	c := quick(Options{})
	for _, path := range []string{"/etag.xml", "/lastmod.xml"} {
		for round := range 2 {
			s := open(t, c, srv.URL)
			resp, err := get(t, s, "feed", srv.URL+path)
			if err != nil {
				t.Fatal(err)
			}
			if string(resp.Body) != body || !resp.OK() || resp.NotModified != (round == 1) {
				t.Errorf("%s round %d: %+v", path, round, resp)
			}
			if round == 1 {
				if resp.Status != 304 || resp.Header.Get("Content-Type") == "" && path == "/etag.xml" {
					t.Errorf("%s: status %d, header %v", path, resp.Status, resp.Header)
				}
				if row := s.Log()[len(s.Log())-1]; row.Status.Code != 304 || row.Bytes != 0 {
					t.Errorf("%s: row %+v", path, row)
				}
				resp.Body[0] = 'X' // the caller's copy
			}
		}
	}
	hits := rec.all()
	if h := hits[len(hits)-1].header; h.Get("If-Modified-Since") != lastMod {
		t.Errorf("If-Modified-Since not sent: %v", h)
	}
	s := open(t, c, srv.URL)
	if resp, _ := get(t, s, "feed", srv.URL+"/etag.xml"); string(resp.Body) != body {
		t.Errorf("stored body changed through a caller's copy: %q", resp.Body)
	}
}

// TestRobotsRedirectShared: a robots.txt reached through a redirect to
// another host's /robots.txt is that host's robots.txt, so it is kept for
// it too (example.com -> www.example.com asks once); a redirect to any
// other path on that host is not its robots.txt and is not kept for it.
func TestRobotsRedirectShared(t *testing.T) {
	t.Parallel()
	for _, c := range []struct {
		name, target string
		bFetches     int // robots.txt requests b sees in all
	}{
		{"to /robots.txt", "/robots.txt", 1},
		{"to another path", "/robots-file.txt", 2},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			bmux := http.NewServeMux()
			bmux.HandleFunc("/robots-file.txt", func(w http.ResponseWriter, r *http.Request) {
				w.Write([]byte("User-agent: *\nDisallow: /private\n"))
			})
			b, brec := serve(t, "User-agent: *\nDisallow: /private\n", bmux)
			amux := http.NewServeMux()
			amux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
				http.Redirect(w, r, b.URL+c.target, http.StatusMovedPermanently)
			})
			a, arec := serve(t, "", amux)
			s := open(t, quick(Options{}), a.URL)
			rules, err := s.Robots(t.Context())
			if err != nil {
				t.Fatal(err)
			}
			if rules.Allowed(Product, "/private/x") {
				t.Fatal("a's rules, read through the redirect, allow /private/x")
			}
			if _, err := get(t, s, "home", b.URL+"/"); err != nil {
				t.Fatal(err)
			}
			_, err = get(t, s, "section", b.URL+"/private/x")
			wantWord(t, err, ErrDisallowed)
			if n := arec.count("/robots.txt"); n != 1 {
				t.Errorf("a's robots.txt asked %d times, want 1", n)
			}
			if n := brec.count("/robots.txt") + brec.count("/robots-file.txt"); n != c.bFetches {
				t.Errorf("b's robots files asked %d times, want %d: %q", n, c.bFetches, join(brec.paths()))
			}
		})
	}
}
