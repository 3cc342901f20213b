package discover

import (
	"context"
	"net/http"
	"net/http/httptest"
	"strings"
	"testing"
	"time"

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
	for _, order := range []string{OrderSmart, OrderArticle} {
		start := time.Now()
		rep, err := Run(context.Background(), c, srv.URL+"/", Options{Order: order, Deadline: 300 * time.Millisecond})
		if err != nil {
			t.Fatal(err)
		}
		if d := time.Since(start); d > 3*time.Second {
			t.Errorf("%s: took %v with a 300 ms deadline", order, d)
		}
		if rep.Outcome != OutcomeNone || rep.Stopped != "deadline" || !strings.Contains(rep.Reason, "time limit") {
			t.Errorf("%s: outcome %s, stopped %q, reason %q", order, rep.Outcome, rep.Stopped, rep.Reason)
		}
	}
}

// A discovery whose caller goes away (the browser closed the port) ends
// at once with what it found.
func TestRunCancelled(t *testing.T) {
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
		t.Errorf("took %v after cancelling at 200 ms", d)
	}
	if rep.Stopped != "cancelled" || rep.Outcome != OutcomeNone {
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
