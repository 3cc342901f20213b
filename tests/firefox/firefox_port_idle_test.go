package firefox

// In Firefox an open native port keeps the event page running, and with
// it one host process, until Firefox closes. The worker closes the port
// after IDLE_CLOSE_MS with nothing in flight: the host exits, the event
// page is stopped, and the next Find feed wakes it and starts a new host.

import (
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

func TestFirefoxClosesIdleNativePort(t *testing.T) {
	ff, web := firefoxWeb(t, firefoxOptions{
		prefs: map[string]any{"extensions.background.idle.timeout": 1500},
	}, "theverge")
	tab, _ := siteTab(t, ff, web, "theverge")
	ff.openPopup(tab)
	ms := popupEval[int](ff, `import(pop.location.origin + "/lib/protocol.js").then(m => m.IDLE_CLOSE_MS)`)
	if ms < 30000 || ms > 60000 {
		t.Fatalf("IDLE_CLOSE_MS is %d ms, want 30-60 s", ms)
	}
	idle := time.Duration(ms) * time.Millisecond
	if r := ffFind(t, ff); r.Outcome != "feed" {
		t.Fatalf("outcome %s", r.Outcome)
	}
	done := time.Now()
	ff.closePopup()
	pids := ffHostPIDs(ff)
	if len(pids) != 1 {
		t.Fatalf("%d hosts under Firefox, want 1", len(pids))
	}
	// With the popup closed, far past the 1.5 s idle timeout, the open
	// port still keeps the event page and the host.
	time.Sleep(idle / 2)
	if harness.ProcessGone(pids[0]) {
		t.Fatalf("the host exited %v after Find feed, before the idle spell of %v", time.Since(done), idle)
	}
	if s := backgroundState(ff); s != "running" {
		t.Errorf("background %s with the native port open", s)
	}
	gone := harness.WaitGone(t, pids[0], idle+30*time.Second)
	t.Logf("the host exited %v after Find feed (idle spell %v)", gone.Sub(done).Round(100*time.Millisecond), idle)
	if gone.Sub(done) < idle-time.Second {
		t.Errorf("the host exited %v after Find feed, before the idle spell of %v", gone.Sub(done), idle)
	}
	// Nothing keeps the event page now: Firefox stops it.
	deadline := time.Now().Add(15 * time.Second)
	for backgroundState(ff) != "stopped" {
		if time.Now().After(deadline) {
			t.Fatalf("the event page was not stopped after the port closed: %s", backgroundState(ff))
		}
		time.Sleep(100 * time.Millisecond)
	}
	// The next Find feed wakes it and starts a new host.
	ff.openPopup(tab)
	r := ffFind(t, ff)
	s, _ := web.Site("theverge")
	if r.Outcome != "feed" || len(r.Feeds) == 0 || r.Feeds[0] != s.Expect.FeedURL {
		t.Errorf("after the port was closed: outcome %s, feeds %v", r.Outcome, r.Feeds)
	}
	if now := harness.LiveHosts(ffHostPIDs(ff)); len(now) != 1 || now[0] == pids[0] {
		t.Errorf("hosts %v after the next Find feed, want one new one (the old one was %d)", now, pids[0])
	}
}
