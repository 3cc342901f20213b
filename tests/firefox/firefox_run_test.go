package firefox

// ./build.sh run --firefox: firefox_run.go installs the add-on into a fresh
// profile (headless, over BiDi) and starts Firefox on it. Here the second
// Firefox runs headless too (MOZ_HEADLESS), is stopped, and the profile is
// opened again by the harness: the add-on is installed and works.

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/bidi"
	"feedscout/tests/internal/harness"
)

func TestFirefoxRun(t *testing.T) {
	exe := firefoxPath(t)
	dist := firefoxDist(t)
	srv := harness.ServePages(t, map[string]string{"/": harness.TwoFeeds()})
	profile, home := t.TempDir(), t.TempDir()

	// Built first, so that the bound below times Firefox, not the
	// compiler on a busy machine (build.sh runs it with go run).
	run := filepath.Join(t.TempDir(), "firefox-run")
	if b, err := exec.Command("go", "build", "-o", run, "firefox_run.go").CombinedOutput(); err != nil {
		t.Fatalf("go build firefox_run.go: %v\n%s", err, b)
	}
	out := &bidi.Log{} // safe to read while the command writes it
	cmd := exec.Command(run, exe, profile, filepath.Join(dist, "feedscout-firefox.xpi"), srv.URL+"/")
	cmd.Env = append(os.Environ(), "HOME="+home, "MOZ_HEADLESS=1")
	cmd.Stdout, cmd.Stderr = out, out
	// Its own process group: the program and Firefox are stopped together.
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	began := time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan error, 1)
	go func() { done <- cmd.Wait() }()
	var once sync.Once
	stop := func() {
		once.Do(func() {
			syscall.Kill(-cmd.Process.Pid, syscall.SIGTERM)
			select {
			case <-done:
			case <-time.After(30 * time.Second):
				syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
				<-done
			}
		})
	}
	defer stop()

	// The second Firefox (no remote agent) has the page open once it
	// asked the server for it. Two Firefox starts on a loaded machine:
	// the bound is generous.
	deadline := time.Now().Add(180 * time.Second)
	var installed time.Duration
	for srv.Total() == 0 {
		if installed == 0 && strings.Contains(out.String(), "installed feedscout-firefox.xpi") {
			installed = time.Since(began)
		}
		select {
		case err := <-done:
			t.Fatalf("firefox_run.go ended (%v) before Firefox opened the page:\n%s", err, out.String())
		default:
		}
		if time.Now().After(deadline) {
			t.Fatalf("Firefox did not open %s within 180 s (add-on installed after %v):\n%s", srv.URL, installed, out.String())
		}
		time.Sleep(100 * time.Millisecond)
	}
	if !strings.Contains(out.String(), "installed feedscout-firefox.xpi into the profile") {
		t.Errorf("firefox_run.go did not say it installed the add-on:\n%s", out.String())
	}
	t.Logf("add-on installed %v after the program started, the page opened after %v", installed, time.Since(began))
	stop()
	t.Logf("stopped at %v", time.Since(began))

	// The profile, opened again: the add-on is there (startFirefox checks
	// it is active), with the host installed as build.sh does, and the
	// popup works.
	installFirefoxHost(t, dist, home)
	ff := startFirefox(t, firefoxOptions{profile: profile, home: home, installed: true})
	tab := ff.tab(srv.URL + "/")
	ff.openPopup(tab)
	if n := popupEval[int](ff, `doc.querySelectorAll("#advertised li").length`); n != 2 {
		t.Errorf("the popup shows %d advertised feeds, want 2", n)
	}
}
