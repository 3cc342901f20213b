package fetch

import (
	"context"
	"fmt"
	"sync"
	"testing"
	"time"

	"feedscout/common/report"
)

// TestPacing runs two sessions of one site, two goroutines each, with the
// default pause, and checks on the server side that requests never
// overlapped and never arrived less than 1 s apart.
func TestPacing(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nDisallow: /private\n", nil)
	c := New(Options{Timeout: 5 * time.Second}) // default Pause: 1 s
	a, b := open(t, c, srv.URL), open(t, c, srv.URL+"/")
	var wg sync.WaitGroup
	for i, s := range []*Site{a, b, a, b} {
		wg.Go(func() {
			if _, err := get(t, s, "guess", fmt.Sprintf("%s/page%d", srv.URL, i)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	hits := rec.all()
	if len(hits) != 5 {
		t.Fatalf("server saw %d requests (%v), want robots.txt + 4 pages", len(hits), rec.paths())
	}
	if hits[0].path != "/robots.txt" {
		t.Errorf("first request %s, want /robots.txt", hits[0].path)
	}
	for i := 1; i < len(hits); i++ {
		if gap := hits[i].at.Sub(hits[i-1].at); gap < DefaultPause {
			t.Errorf("requests %s and %s arrived %v apart", hits[i-1].path, hits[i].path, gap)
		}
	}
	if rec.maxActive != 1 {
		t.Errorf("%d requests in flight at once", rec.maxActive)
	}
	if got := len(a.Log()) + len(b.Log()); got != 5 {
		t.Errorf("sessions logged %d rows, want 5", got)
	}
	if a.Used() != 5 || b.Used() != 5 || a.Remaining() != DefaultBudget-5 {
		t.Errorf("Used %d/%d, Remaining %d: the sessions do not share one budget", a.Used(), b.Used(), a.Remaining())
	}
}

// TestCrawlDelay: a Crawl-delay longer than the pause stretches it.
func TestCrawlDelay(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nCrawl-delay: 0.4\n", nil)
	s := open(t, quick(Options{Pause: 10 * time.Millisecond}), srv.URL)
	for _, p := range []string{"/a", "/b"} {
		if _, err := get(t, s, "guess", srv.URL+p); err != nil {
			t.Fatal(err)
		}
	}
	hits := rec.all()
	for i := 2; i < len(hits); i++ { // after robots.txt was read
		if gap := hits[i].at.Sub(hits[i-1].at); gap < 400*time.Millisecond {
			t.Errorf("%s came %v after %s despite Crawl-delay 0.4", hits[i].path, gap, hits[i-1].path)
		}
	}
}

func TestEffectiveDelay(t *testing.T) {
	tests := []struct{ pause, crawl, want time.Duration }{
		{time.Second, 0, time.Second},
		{time.Second, 500 * time.Millisecond, time.Second},
		{time.Second, 3 * time.Second, 3 * time.Second},
		{time.Second, time.Hour, MaxCrawlDelay},
		{20 * time.Millisecond, 0, 20 * time.Millisecond},
	}
	for _, tt := range tests {
		if got := effectiveDelay(tt.pause, tt.crawl); got != tt.want {
			t.Errorf("effectiveDelay(%v, %v) = %v, want %v", tt.pause, tt.crawl, got, tt.want)
		}
	}
}

// TestBudget: 25 requests per site including robots.txt, shared by the
// open sessions, logged as "budget" rows once spent, fresh once all
// sessions are closed.
func TestBudget(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "", nil)
	c := quick(Options{Pause: time.Millisecond})
	a, err := c.Site(srv.URL, nil)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := c.Site(srv.URL, nil)
	var wg sync.WaitGroup
	var mu sync.Mutex
	budgetErrs := 0
	for g, s := range []*Site{a, b, a, b} {
		wg.Go(func() {
			for i := range 10 {
				_, err := get(t, s, "guess", fmt.Sprintf("%s/g%d/%d", srv.URL, g, i))
				if err != nil {
					wantWord(t, err, ErrBudget)
					mu.Lock()
					budgetErrs++
					mu.Unlock()
				}
			}
		})
	}
	wg.Wait()
	if n := len(rec.all()); n != DefaultBudget {
		t.Errorf("server saw %d requests, want %d", n, DefaultBudget)
	}
	if budgetErrs != 40-(DefaultBudget-1) {
		t.Errorf("%d budget errors, want %d", budgetErrs, 40-(DefaultBudget-1))
	}
	rows := append(a.Log(), b.Log()...)
	budgetRows := 0
	for _, r := range rows {
		if r.Status.Word == report.StatusBudget {
			budgetRows++
			if r.MS != 0 || r.Bytes != 0 {
				t.Errorf("budget row %+v looks like a request", r)
			}
		}
	}
	if budgetRows != budgetErrs || len(rows)-budgetRows != DefaultBudget {
		t.Errorf("%d rows, %d of them budget; want %d requests logged", len(rows), budgetRows, DefaultBudget)
	}
	if a.Remaining() != 0 {
		t.Errorf("Remaining = %d", a.Remaining())
	}

	// A session opened while others are open shares the spent budget.
	c2, _ := c.Site(srv.URL, nil)
	if _, err := get(t, c2, "home", srv.URL); err == nil {
		t.Errorf("third session got a fresh budget while the others were open")
	}
	a.Close()
	b.Close()
	c2.Close()
	fresh := open(t, c, srv.URL)
	if _, err := get(t, fresh, "home", srv.URL); err != nil {
		t.Errorf("after all sessions closed: %v", err)
	}
	if fresh.Used() != 1 {
		t.Errorf("fresh session Used = %d, want 1 (robots.txt is cached)", fresh.Used())
	}
}

// TestCanceledWhileWaiting: a caller giving up while waiting for its turn
// sends nothing and gets its budget back.
func TestCanceledWhileWaiting(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "", nil)
	c := New(Options{Pause: 10 * time.Second})
	s := open(t, c, srv.URL)
	if _, err := s.Robots(context.Background()); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	_, err := s.Get(ctx, "guess", srv.URL+"/feed")
	wantWord(t, err, ErrCanceled)
	if len(rec.all()) != 1 || s.Used() != 1 {
		t.Errorf("server saw %v, Used %d; want robots.txt only", rec.paths(), s.Used())
	}
}
