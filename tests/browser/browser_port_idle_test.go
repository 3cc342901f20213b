package browser

// The worker closes its native port after IDLE_CLOSE_MS with nothing in
// flight (extension/background.js), so that the host exits and the
// browser may stop the worker, and opens a new one for the next request.
// Here in a real Chromium; tests/firefox/firefox_port_idle_test.go in Firefox.

import (
	"context"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// idleCloseMS reads IDLE_CLOSE_MS from the extension's lib/protocol.js
// in the page ctx.
func idleCloseMS(t *testing.T, ctx context.Context) time.Duration {
	t.Helper()
	ms := harness.Eval[int](t, ctx, `import("/lib/protocol.js").then(m => m.IDLE_CLOSE_MS)`)
	if ms < 30000 || ms > 60000 {
		t.Fatalf("IDLE_CLOSE_MS is %d ms, want 30-60 s (longer than any pause between requests to a site)", ms)
	}
	return time.Duration(ms) * time.Millisecond
}

func TestWorkerClosesIdleNativePort(t *testing.T) {
	b, web := harness.WebBrowser(t, "theverge")
	ctx := harness.PopupOnSite(t, b, web, "theverge")
	idle := idleCloseMS(t, ctx)
	if r := harness.Find(t, ctx); r.Outcome != "feed" {
		t.Fatalf("outcome %s", r.Outcome)
	}
	done := time.Now()
	pids := harness.HostPIDs(t, b)
	if len(pids) != 1 {
		t.Fatalf("%d hosts under Chromium, want 1", len(pids))
	}
	// Kept while a next request may follow: well inside the idle spell
	// the host still runs.
	time.Sleep(idle / 2)
	if harness.ProcessGone(pids[0]) {
		t.Fatalf("the host exited %v after Find feed, before the idle spell of %v", time.Since(done), idle)
	}
	gone := harness.WaitGone(t, pids[0], idle+30*time.Second)
	t.Logf("the host exited %v after Find feed (idle spell %v)", gone.Sub(done).Round(100*time.Millisecond), idle)
	if gone.Sub(done) < idle-time.Second {
		t.Errorf("the host exited %v after Find feed, before the idle spell of %v", gone.Sub(done), idle)
	}
	// The next Find feed opens a new port and a new host.
	r := harness.Find(t, ctx)
	s, _ := web.Site("theverge")
	if r.Outcome != "feed" || len(r.Feeds) == 0 || r.Feeds[0] != s.Expect.FeedURL {
		t.Errorf("after the port was closed: outcome %s, feeds %v", r.Outcome, r.Feeds)
	}
	if now := harness.LiveHosts(harness.HostPIDs(t, b)); len(now) != 1 || now[0] == pids[0] {
		t.Errorf("hosts %v after the next Find feed, want one new one (the old one was %d)", now, pids[0])
	}
}
