package firefox

// Firefox runs the background script as an event page and stops it when
// it has been idle for extensions.background.idle.timeout (30 s by
// default; 1.5 s here). The popup's Find feed must wake it, and a
// discovery that takes longer than the timeout must not be cut short. A
// host that dies mid-discovery closes the native port the Firefox way
// (port.error, no runtime.lastError): the worker starts a new host and the
// discovery still ends.

import (
	"strings"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// backgroundState is the add-on's background page state as Firefox keeps
// it ("running", "suspending", "stopped", ...).
func backgroundState(ff *firefox) string {
	ff.t.Helper()
	return evalIn[string](ff, ff.chrome(), `String(WebExtensionPolicy.getByID("`+harness.GeckoID+`").extension.backgroundState)`)
}

func TestFirefoxEventPage(t *testing.T) {
	ff, web := firefoxWeb(t, firefoxOptions{
		prefs: map[string]any{"extensions.background.idle.timeout": 1500},
		env:   []string{"FEEDSCOUT_PAUSE=1s"}, // a discovery of ~7 s
	}, "sections-home")
	deadline := time.Now().Add(15 * time.Second)
	for backgroundState(ff) != "stopped" {
		if time.Now().After(deadline) {
			t.Fatalf("the idle event page was not stopped: %s", backgroundState(ff))
		}
		time.Sleep(100 * time.Millisecond)
	}
	tab, _ := siteTab(t, ff, web, "sections-home")
	ff.openPopup(tab)
	started := time.Now()
	r := ffFind(t, ff)
	took := time.Since(started)
	if r.Outcome != "sections" {
		t.Fatalf("outcome %s", r.Outcome)
	}
	// No restart: every progress row drawn is still there (a restarted
	// request clears them and starts over).
	if drawn := strings.Count(strings.Join(r.Order, ""), "p"); drawn != len(r.Progress) || len(r.Progress) < 5 {
		t.Errorf("%d progress rows drawn, %d shown: the request was restarted", drawn, len(r.Progress))
	}
	if took < 3*time.Second {
		t.Errorf("the discovery took %v, not longer than the 1.5 s idle timeout: the test proves nothing", took)
	}
	if s := backgroundState(ff); s != "running" {
		t.Errorf("background %s right after a discovery", s)
	}

	// The host killed once the first progress row is on screen.
	old := ffHostPIDs(ff)
	if len(old) != 1 {
		t.Fatalf("%d hosts under Firefox, want 1", len(old))
	}
	popupEval[bool](ff, `(doc.body.dataset.discover = "", doc.getElementById("find").click(), true)`)
	ff.waitPopup(`doc.querySelectorAll("#progress li").length > 0`, 20*time.Second)
	if err := syscall.Kill(old[0], syscall.SIGKILL); err != nil {
		t.Fatal(err)
	}
	ff.waitPopup(`doc.body.dataset.discover === "done" || doc.body.dataset.discover === "error"`, 60*time.Second)
	if d, o := popupEval[string](ff, `doc.body.dataset.discover`), popupEval[string](ff, `doc.body.dataset.outcome`); d != "done" || o != "sections" {
		t.Errorf("after the host was killed: %s, outcome %s: %s", d, o, popupEval[string](ff, `doc.getElementById("discover-status").textContent`))
	}
	if now := ffHostPIDs(ff); len(now) != 1 || now[0] == old[0] {
		t.Errorf("hosts under Firefox %v, want one new one (the killed one was %d)", now, old[0])
	}
}
