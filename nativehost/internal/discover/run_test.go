package discover

import (
	"context"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
)

// slowSite serves robots.txt at once and makes every other request wait
// until the client gives up.
func slowSite(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow:\n"))
			return
		}
		<-r.Context().Done()
	}))
	t.Cleanup(srv.Close)
	return srv
}

// The overall deadline ends a discovery whose requests are still within
// their own timeout, with a report that says so.
func TestRunDeadline(t *testing.T) {
	srv := slowSite(t)
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	for _, order := range []string{report.OrderSmart, report.OrderArticle} {
		start := time.Now()
		rep, err := Run(context.Background(), c, srv.URL+"/", Options{Order: order, Deadline: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: took %v with a 300 ms deadline", order, d)
		}
		if rep.Outcome != report.OutcomeNone || rep.Stopped != "deadline" || !strings.Contains(rep.Reason, "time limit") {
			t.Errorf("%s: outcome %s, stopped %q, reason %q", order, rep.Outcome, rep.Stopped, rep.Reason)
		}
	}
}

// A discovery whose caller goes away (the browser closed the port) ends
// at once with what it found.
func TestRunCanceled(t *testing.T) {
	srv := slowSite(t)
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	ctx, cancel := context.WithCancel(context.Background())
	time.AfterFunc(200*time.Millisecond, cancel)
	start := time.Now()
	rep, err := Run(ctx, c, srv.URL+"/", Options{})
	if err != nil {
		t.Fatal(err)
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("took %v after canceling at 200 ms", d)
	}
	if rep.Stopped != "canceled" || rep.Outcome != report.OutcomeNone {
		t.Errorf("stopped %q, outcome %s, reason %q", rep.Stopped, rep.Outcome, rep.Reason)
	}
}

func TestRunBadURL(t *testing.T) {
	c := fetch.New(fetch.Options{})
	for _, u := range []string{"ftp://a.example/", "/relative", "https:///nohost", "javascript:alert(1)"} {
		if _, err := Run(context.Background(), c, u, Options{}); err == nil {
			t.Errorf("Run(%q): no error", u)
		}
	}
	if _, err := Run(context.Background(), c, "https://a.example/", Options{Order: "fast"}); err == nil {
		t.Error("unknown order: no error")
	}
}

// firewalled serves a homepage and robots.txt listing one sitemap; /feed
// answers 403, and the sitemap either answers with dated articles or, when
// blockAll, 403 like everything else.
func firewalled(t *testing.T, blockAll bool) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		origin := "http://" + r.Host
		switch {
		case r.URL.Path == "/robots.txt":
			fmt.Fprintf(w, "User-agent: *\nDisallow:\n\nSitemap: %s/sitemap.xml\n", origin)
		case r.URL.Path == "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!doctype html><title>Shell</title><div id=app></div>")
		case r.URL.Path == "/sitemap.xml" && !blockAll:
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprint(w, `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for i := range 10 {
				fmt.Fprintf(w, "<url><loc>%s/2026/11/%02d/a-story-about-the-harbour-%d/</loc><lastmod>2026-11-%02dT08:00:00Z</lastmod></url>", origin, i+1, i, i+1)
			}
			fmt.Fprint(w, "</urlset>")
		default:
			http.Error(w, "blocked", http.StatusForbidden)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

// A 403 to the first guess is a refusal only when the next request is
// refused too, or nothing else is found: a site that blocks /feed but
// serves its sitemap keeps its outcome.
func TestRunFirstGuessForbidden(t *testing.T) {
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	for _, tc := range []struct {
		blockAll bool
		outcome  report.Outcome
		requests int
	}{
		{false, report.OutcomeArticleSitemap, 4}, // robots, home, /feed 403, sitemap
		{true, report.OutcomeRefused, 4},         // robots, home, /feed 403, sitemap 403: confirmed
	} {
		srv := firewalled(t, tc.blockAll)
		rep, err := Run(context.Background(), c, srv.URL+"/", Options{})
		if err != nil {
			t.Fatal(err)
		}
		if rep.Outcome != tc.outcome || len(rep.Requests) != tc.requests || !strings.Contains(rep.Reason, ".") {
			t.Errorf("block all %v: outcome %s with %d requests, want %s with %d; reason %q", tc.blockAll, rep.Outcome, len(rep.Requests), tc.outcome, tc.requests, rep.Reason)
		}
		if tc.blockAll && !strings.Contains(rep.Reason, "403") {
			t.Errorf("reason %q does not say 403", rep.Reason)
		}
	}
}

// The tab's HTML arrives as text the browser already decoded, whatever its
// <meta charset> says: it must not be decoded a second time.
func TestRunTabPageIsText(t *testing.T) {
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path == "/robots.txt" {
			w.Write([]byte("User-agent: *\nDisallow: /feed.xml\n"))
			return
		}
		http.NotFound(w, r)
	}))
	t.Cleanup(srv.Close)
	const title = "日本経済新聞 速報"
	html := `<html><head><meta charset="shift_jis"><title>日経</title>` +
		`<link rel="alternate" type="application/rss+xml" title="` + title + `" href="/feed.xml"></head><body></body></html>`
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	rep, err := Run(context.Background(), c, srv.URL+"/", Options{Page: &report.Page{URL: srv.URL + "/", HTML: html, ContentType: "text/html"}})
	if err != nil {
		t.Fatal(err)
	}
	if len(rep.Feeds) == 0 {
		t.Fatalf("no feeds: %+v", rep)
	}
	if rep.Feeds[0].Title != title {
		t.Errorf("feed title %q, want %q", rep.Feeds[0].Title, title)
	}
}
