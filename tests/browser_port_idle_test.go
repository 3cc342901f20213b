package tests

// The worker closes its native port after IDLE_CLOSE_MS with nothing in
// flight (extension/background.js), so that the host exits and the
// browser may stop the worker, and opens a new one for the next request.
// Here in a real Chromium; tests/firefox_port_idle_test.go in Firefox.

import (
	"context"
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// processGone reports whether pid has exited (no process, or a zombie
// its parent has not reaped yet).
func processGone(pid int) bool {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) == 0 || fields[0] == "Z" || fields[0] == "X"
}

// idleCloseMS reads IDLE_CLOSE_MS from the extension's lib/protocol.js
// in the page ctx.
func idleCloseMS(t *testing.T, ctx context.Context) time.Duration {
	t.Helper()
	ms := eval[int](t, ctx, `import("/lib/protocol.js").then(m => m.IDLE_CLOSE_MS)`)
	if ms < 30000 || ms > 60000 {
		t.Fatalf("IDLE_CLOSE_MS is %d ms, want 30-60 s (longer than any pause between requests to a site)", ms)
	}
	return time.Duration(ms) * time.Millisecond
}

// waitGone waits until pid has exited, at most timeout, and returns when
// it saw it gone.
func waitGone(t *testing.T, pid int, timeout time.Duration) time.Time {
	t.Helper()
	for deadline := time.Now().Add(timeout); ; time.Sleep(200 * time.Millisecond) {
		if processGone(pid) {
			return time.Now()
		}
		if time.Now().After(deadline) {
			t.Fatalf("host %d still runs %v after the last request", pid, timeout)
		}
	}
}

func TestWorkerClosesIdleNativePort(t *testing.T) {
	b, web := webBrowser(t, "theverge")
	ctx := popupOnSite(t, b, web, "theverge")
	idle := idleCloseMS(t, ctx)
	if r := find(t, ctx); r.Outcome != "feed" {
		t.Fatalf("outcome %s", r.Outcome)
	}
	done := time.Now()
	pids := hostPIDs(t, b)
	if len(pids) != 1 {
		t.Fatalf("%d hosts under Chromium, want 1", len(pids))
	}
	// Kept while a next request may follow: well inside the idle spell
	// the host still runs.
	time.Sleep(idle / 2)
	if processGone(pids[0]) {
		t.Fatalf("the host exited %v after Find feed, before the idle spell of %v", time.Since(done), idle)
	}
	gone := waitGone(t, pids[0], idle+30*time.Second)
	t.Logf("the host exited %v after Find feed (idle spell %v)", gone.Sub(done).Round(100*time.Millisecond), idle)
	if gone.Sub(done) < idle-time.Second {
		t.Errorf("the host exited %v after Find feed, before the idle spell of %v", gone.Sub(done), idle)
	}
	// The next Find feed opens a new port and a new host.
	r := find(t, ctx)
	s, _ := web.Site("theverge")
	if r.Outcome != "feed" || len(r.Feeds) == 0 || r.Feeds[0] != s.Expect.FeedURL {
		t.Errorf("after the port was closed: outcome %s, feeds %v", r.Outcome, r.Feeds)
	}
	if now := liveHosts(hostPIDs(t, b)); len(now) != 1 || now[0] == pids[0] {
		t.Errorf("hosts %v after the next Find feed, want one new one (the old one was %d)", now, pids[0])
	}
}

// liveHosts are the pids that have not exited.
func liveHosts(pids []int) []int {
	var out []int
	for _, p := range pids {
		if !processGone(p) {
			out = append(out, p)
		}
	}
	return out
}
