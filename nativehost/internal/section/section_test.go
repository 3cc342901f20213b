package section

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
)

// newsSite serves a section page with ten /article/ links and three
// others, a robots.txt that disallows /private/, and 404 for the rest.
func newsSite(t *testing.T) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
		case "/business/startups/", "/private/desk/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			var b strings.Builder
			b.WriteString("<!doctype html><title>Startups</title><nav><a href=/>Home</a><a href=/login>Login</a><a href=/markets/>Markets</a></nav>")
			for i := range 10 {
				fmt.Fprintf(&b, `<a href="/article/DGXZQOUC%02dTI0S6A101C2000000/">Story number %d</a>`, i, i)
			}
			b.WriteString(`<a href="/special/2026/11/a-feature-about-the-osaka-bay/">Feature</a>`)
			w.Write([]byte(b.String()))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv
}

func TestFollow(t *testing.T) {
	srv := newsSite(t)
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	var rows []report.Row
	res, err := Follow(context.Background(), c, srv.URL+"/business/startups/", func(r report.Row) { rows = append(rows, r) })
	if err != nil {
		t.Fatal(err)
	}
	if len(res.Articles) != 10 {
		t.Fatalf("%d articles: %+v", len(res.Articles), res.Articles)
	}
	for i, a := range res.Articles {
		if !strings.Contains(a.URL, "/article/") || a.Title != fmt.Sprintf("Story number %d", i) {
			t.Errorf("article %d: %+v", i, a)
		}
	}
	if len(res.Requests) != 2 || res.Requests[0].Step != "robots" || res.Requests[1].Step != "section" || len(rows) != 2 {
		t.Errorf("requests %+v, streamed %d", res.Requests, len(rows))
	}
}

func TestFollowFailures(t *testing.T) {
	srv := newsSite(t)
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	for _, tc := range []struct {
		name, path, says, code string
		is                     func(error) bool
	}{
		{"404", "/gone/", "answered 404", report.ReasonSectionStatus, func(err error) bool { var se *StatusError; return errors.As(err, &se) && se.Code == 404 }},
		{"disallowed", "/private/desk/", "robots.txt", report.ReasonSectionDisallowed, func(err error) bool { return errors.Is(err, fetch.ErrDisallowed) }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Follow(context.Background(), c, srv.URL+tc.path, nil)
			if err == nil || !tc.is(err) {
				t.Fatalf("error %v", err)
			}
			why := Why(err)
			if s := why.Sentence(); why.Code != tc.code || !strings.Contains(s, tc.says) || !strings.HasSuffix(s, ".") {
				t.Errorf("Why: %s %q", why.Code, s)
			}
			if res == nil || len(res.Articles) != 0 {
				t.Errorf("result %+v", res)
			}
		})
	}
	if _, err := Follow(context.Background(), c, "ftp://a.example/x/", nil); err == nil {
		t.Error("ftp URL: no error")
	}
}

func TestResultShrink(t *testing.T) {
	r := &Result{Articles: make([]Article, 40), Requests: make([]report.Row, 2)}
	for r.Shrink() {
	}
	if len(r.Articles) != 1 || r.Omitted["articles"] != 39 || len(r.Requests) != 1 || r.Omitted["requests"] != 1 {
		t.Errorf("after shrinking: %d articles, %d requests, omitted %v", len(r.Articles), len(r.Requests), r.Omitted)
	}
}
