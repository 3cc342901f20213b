package fetch

import (
	"context"
	"errors"
	"fmt"
	"reflect"
	"strings"
	"sync"
	"testing"

	"feedscout/common/report"
)

func TestErrorIs(t *testing.T) {
	cause := &Error{Word: report.StatusDNS, URL: "https://x.example/robots.txt", Err: errors.New("no such host")}
	err := fmt.Errorf("discover: %w", &Error{Word: report.StatusRobotsDisallow, URL: "https://x.example/", Err: cause})
	if !errors.Is(err, ErrDisallowed) || !errors.Is(err, ErrDNS) || errors.Is(err, ErrTimeout) {
		t.Errorf("errors.Is chain wrong for %v", err)
	}
	var fe *Error
	if !errors.As(err, &fe) || fe.Word != report.StatusRobotsDisallow {
		t.Errorf("errors.As gave %v", fe)
	}
	if got := cause.Error(); got != "fetch https://x.example/robots.txt: dns: no such host" {
		t.Errorf("Error() = %q", got)
	}
}

// TestStream: onRow sees every row, in log order, as it happens.
func TestStream(t *testing.T) {
	t.Parallel()
	srv, _ := serve(t, "User-agent: *\nDisallow: /no\n", nil)
	var mu sync.Mutex
	var streamed []report.Row
	s, err := quick(Options{}).Site(srv.URL, func(r report.Row) {
		mu.Lock()
		streamed = append(streamed, r)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, p := range []string{"/", "/no", "/feed"} {
		get(t, s, "guess", srv.URL+p)
	}
	get(t, s, "guess", "ftp://example.com/feed")
	if !reflect.DeepEqual(streamed, s.Log()) || len(streamed) != 5 {
		t.Errorf("streamed %v\nlog %v", words(streamed), words(s.Log()))
	}
}

func TestBadInput(t *testing.T) {
	c := quick(Options{})
	for _, u := range []string{"ftp://example.com/", "javascript:alert(1)", "file:///etc/passwd", "/relative", "http://", "%zz"} {
		if _, err := c.Site(u, nil); err == nil {
			t.Errorf("Site(%q) accepted", u)
		}
	}
	s := open(t, c, "https://example.com/some/page")
	for u, want := range map[string]*Error{
		"file:///etc/passwd":  ErrBadScheme,
		"javascript:alert(1)": ErrBadScheme,
		"http:///nohost":      ErrBadURL,
		"http://a b.example/": ErrBadURL,
	} {
		_, err := get(t, s, "feed", u)
		wantWord(t, err, want)
	}
	if s.Used() != 0 || len(s.Log()) != 4 {
		t.Errorf("Used %d, %d rows", s.Used(), len(s.Log()))
	}
	s.Close()
	s.Close()
	if _, err := get(t, s, "feed", "https://example.com/"); err == nil {
		t.Errorf("Get after Close worked")
	}
}

// A URL blocked because its host's robots.txt could not be read is
// explained by why it could not be read, not blamed on robots.txt; a
// too-large problem names the limit.
func TestErrorProblem(t *testing.T) {
	inner := &Error{Word: report.StatusRefusedAddress, URL: "http://10.0.0.7/robots.txt"}
	outer := &Error{Word: report.StatusRobotsDisallow, URL: "http://10.0.0.7/", Err: inner}
	if got := outer.Problem().Word; got != report.StatusRefusedAddress {
		t.Errorf("problem = %q, want %q", got, report.StatusRefusedAddress)
	}
	plain := &Error{Word: report.StatusRobotsDisallow, URL: "https://a.test/private/"}
	if got := plain.Problem().Word; got != report.StatusRobotsDisallow {
		t.Errorf("problem = %q, want %q", got, report.StatusRobotsDisallow)
	}
	if p := (&Error{Word: report.StatusTooLarge}).Problem(); p.LimitMiB != 8 {
		t.Errorf("too-large problem %+v, want limit 8 MiB", p)
	}
}

// A session continuing a discovery that already spent requests in another
// process makes only what the budget leaves, and its budget rows say so.
func TestSiteContinue(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nDisallow:\n", nil)
	c := quick(Options{})
	site, err := c.Site(srv.URL+"/", nil)
	if err != nil {
		t.Fatal(err)
	}
	defer site.Close()
	site.Continue(DefaultBudget - 3)
	if n := site.Remaining(); n != 3 {
		t.Errorf("Remaining = %d, want 3", n)
	}
	for i := 0; i < 5; i++ {
		site.Get(context.Background(), "guess", fmt.Sprintf("%s/p%d", srv.URL, i))
	}
	if n := len(rec.all()); n != 3 {
		t.Errorf("the server saw %d requests, want 3 (robots.txt and two pages)", n)
	}
	log := site.Log()
	last := log[len(log)-1]
	if last.Status.Word != report.StatusBudget || last.Request() || !strings.Contains(last.Note, "before the host restarted") {
		t.Errorf("last row %+v, want a budget row that is not a request", last)
	}
	if n := report.Requests(log); n != 3 {
		t.Errorf("the log counts %d requests, want 3", n)
	}
}
