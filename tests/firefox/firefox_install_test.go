package firefox

// The host as installed for Firefox by its own installer: `feedscout-host
// install` with no --browser finds Firefox by its ~/.mozilla folder and
// writes ~/.mozilla/native-messaging-hosts/dev.feedscout.host.json naming
// the add-on; real Firefox starts that host; after `uninstall` Firefox
// finds no host and the popup says how to install it.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// ffHostPIDs are the feedscout-host processes Firefox started (children of
// its main process), found in /proc.
func ffHostPIDs(ff *firefox) []int {
	parent := ff.b.Cmd.Process.Pid
	var pids []int
	stats, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, p := range stats {
		raw, err := os.ReadFile(p)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(raw)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open || s[open+1:close] != "feedscout-host" {
			continue
		}
		fields := strings.Fields(s[close+1:])
		if len(fields) < 2 {
			continue
		}
		if ppid, _ := strconv.Atoi(fields[1]); ppid == parent {
			pid, _ := strconv.Atoi(strings.TrimSpace(s[:open]))
			pids = append(pids, pid)
		}
	}
	return pids
}

func TestFirefoxHostInstallUninstall(t *testing.T) {
	firefoxPath(t)
	dist := firefoxDist(t)
	host := filepath.Join(dist, "feedscout-host")
	home := t.TempDir()
	if err := os.MkdirAll(filepath.Join(home, ".mozilla"), 0o755); err != nil { // Firefox is "found"
		t.Fatal(err)
	}
	run := func(args ...string) string {
		t.Helper()
		cmd := exec.Command(host, args...)
		cmd.Env = append(os.Environ(), "HOME="+home)
		out, err := cmd.CombinedOutput()
		if err != nil {
			t.Fatalf("feedscout-host %v: %v\n%s", args, err, out)
		}
		return string(out)
	}
	manifest := filepath.Join(home, ".mozilla", "native-messaging-hosts", "dev.feedscout.host.json")
	out := run("install")
	if !strings.Contains(out, "firefox: wrote "+manifest) {
		t.Errorf("install (no --browser) did not write Firefox's manifest: %q", out)
	}
	raw, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	var m struct {
		Name, Path, Type  string
		AllowedExtensions []string `json:"allowed_extensions"`
		AllowedOrigins    []string `json:"allowed_origins"`
	}
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatal(err)
	}
	if m.Name != "dev.feedscout.host" || m.Type != "stdio" || m.Path != host || len(m.AllowedExtensions) != 1 || m.AllowedExtensions[0] != harness.GeckoID || m.AllowedOrigins != nil {
		t.Errorf("Firefox manifest %s", raw)
	}

	ff, web := firefoxWeb(t, firefoxOptions{home: home, noHost: true}, "theverge")
	tab, _ := siteTab(t, ff, web, "theverge")
	ff.openPopup(tab)
	if r := ffFind(t, ff); r.Outcome != "feed" {
		t.Fatalf("Find feed with the installed host: outcome %s", r.Outcome)
	}
	pids := ffHostPIDs(ff)
	if len(pids) != 1 {
		t.Fatalf("%d feedscout-host processes under Firefox, want 1", len(pids))
	}

	out = run("uninstall", "--browser", "firefox")
	if !strings.Contains(out, "firefox: removed "+manifest) {
		t.Errorf("uninstall says %q", out)
	}
	if _, err := os.Stat(manifest); !os.IsNotExist(err) {
		t.Fatalf("manifest still there after uninstall: %v", err)
	}
	// The running host keeps its port; once it is gone, Firefox looks for
	// the manifest again and finds none.
	for _, pid := range pids {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatal(err)
		}
	}
	deadline := time.Now().Add(10 * time.Second)
	for len(ffHostPIDs(ff)) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
	popupEval[bool](ff, `(doc.body.dataset.discover = "", doc.getElementById("find").click(), true)`)
	ff.waitPopup(`doc.body.dataset.discover === "error"`, 20*time.Second)
	got := popupEval[map[string]any](ff, `({code: doc.body.dataset.code, status: doc.getElementById("discover-status").textContent,
		install: !doc.getElementById("install").hidden, command: doc.getElementById("install-command").textContent})`)
	if got["code"] != "host-missing" || got["install"] != true || got["command"] != "feedscout-host install" {
		t.Errorf("after uninstall the popup shows %v; want host-missing with the install command", got)
	}
}
