package release

// The Debian package for real: lintian, dpkg -i, Chromium with a fresh
// profile and no install step finding the host through the system-wide
// manifest, then dpkg --purge leaving nothing.

import (
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"

	"feedscout/tests/internal/harness"
)

// debPackage is the release's .deb for this machine, skipping the test
// where it cannot be installed: not root, not Debian's dpkg (CI runs as
// root on Debian and sets FEEDSCOUT_REQUIRE_TOOLS, which makes a skip a
// failure).
func debPackage(t *testing.T) string {
	t.Helper()
	if runtime.GOARCH != "amd64" && runtime.GOARCH != "arm64" {
		t.Skipf("no .deb for %s", runtime.GOARCH)
	}
	harness.ToolPath(t, "dpkg")
	if os.Geteuid() != 0 {
		harness.Missing(t, "installing the .deb needs root (CI runs as root)")
	}
	if out, _ := exec.Command("dpkg-query", "-W", "-f=${Status}", "feedscout").Output(); strings.Contains(string(out), "installed") {
		t.Fatalf("a feedscout package is installed already; this test installs and purges its own")
	}
	return filepath.Join(releaseDir(t), "feedscout_0.1.0_"+runtime.GOARCH+".deb")
}

func TestDebLintian(t *testing.T) {
	deb := debPackageFile(t)
	lintian := harness.ToolPath(t, "lintian")
	out, err := exec.Command(lintian, "--fail-on", "error", "--display-info", deb).CombinedOutput()
	if err != nil {
		t.Fatalf("lintian --fail-on error: %v\n%s", err, out)
	}
	// The overrides are used, each (an unused one would hide nothing and
	// say something false).
	if strings.Contains(string(out), "unused override") || strings.Contains(string(out), "mismatched-override") {
		t.Errorf("lintian: an override matches nothing:\n%s", out)
	}
	t.Logf("lintian:\n%s", out)
}

// debPackageFile is the .deb without the install preconditions (lintian
// reads the file only).
func debPackageFile(t *testing.T) string {
	t.Helper()
	arch := runtime.GOARCH
	if arch != "arm64" {
		arch = "amd64"
	}
	return filepath.Join(releaseDir(t), "feedscout_0.1.0_"+arch+".deb")
}

func TestDebInstallFindFeed(t *testing.T) {
	deb := debPackage(t)
	// The folders the package makes, and which of them were here before.
	dirs := []string{"/etc/chromium/native-messaging-hosts", "/etc/opt/chrome/native-messaging-hosts", "/etc/opt/chrome", "/etc/opt",
		"/usr/lib/mozilla/native-messaging-hosts", "/usr/share/doc/feedscout"}
	before := map[string]bool{}
	for _, d := range dirs {
		_, err := os.Stat(d)
		before[d] = err == nil
	}
	if out, err := exec.Command("dpkg", "-i", deb).CombinedOutput(); err != nil {
		t.Fatalf("dpkg -i %s: %v\n%s", deb, err, out)
	}
	listed, err := exec.Command("dpkg-query", "-L", "feedscout").Output()
	purged := false
	purge := func() {
		if purged {
			return
		}
		purged = true
		if out, err := exec.Command("dpkg", "--purge", "feedscout").CombinedOutput(); err != nil {
			t.Errorf("dpkg --purge feedscout: %v\n%s", err, out)
		}
	}
	t.Cleanup(purge)
	if err != nil {
		t.Fatalf("dpkg-query -L feedscout: %v", err)
	}
	var files []string
	for _, p := range strings.Split(strings.TrimSpace(string(listed)), "\n") {
		if fi, err := os.Stat(p); err == nil && !fi.IsDir() {
			files = append(files, p)
		}
	}
	for _, want := range []string{"/usr/bin/feedscout-host", "/etc/chromium/native-messaging-hosts/dev.feedscout.host.json",
		"/etc/opt/chrome/native-messaging-hosts/dev.feedscout.host.json", "/usr/lib/mozilla/native-messaging-hosts/dev.feedscout.host.json",
		"/lib/systemd/system/feedscout-gateway.service", "/usr/share/man/man1/feedscout-host.1.gz", "/usr/share/doc/feedscout/copyright"} {
		if !contains(files, want) {
			t.Errorf("the package did not install %s (it installed %v)", want, files)
		}
	}
	for _, m := range []string{"/etc/chromium/native-messaging-hosts/dev.feedscout.host.json", "/usr/lib/mozilla/native-messaging-hosts/dev.feedscout.host.json"} {
		raw, _ := os.ReadFile(m)
		var man struct{ Path string }
		if json.Unmarshal(raw, &man) != nil || man.Path != "/usr/bin/feedscout-host" {
			t.Errorf("%s: %s", m, raw)
		}
	}
	// The gateway's unit is shipped disabled: nothing links to it.
	if links, _ := filepath.Glob("/etc/systemd/system/*/feedscout-gateway.service"); len(links) > 0 {
		t.Errorf("the gateway unit is enabled: %v", links)
	}
	if out, err := exec.Command("man", "-P", "cat", "feedscout-host").CombinedOutput(); err == nil && !strings.Contains(string(out), "install --serve") {
		t.Errorf("man feedscout-host lacks the CLI's usage:\n%s", out)
	}

	// Chromium with a fresh profile and no install step: the host is found
	// through /etc/chromium/native-messaging-hosts alone.
	web := harness.StartWeb(t, harness.SiteNamed(t, "theverge"))
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true, Env: append(web.Env(), "FEEDSCOUT_PAUSE=20ms"), Proxy: web.ProxyURL})
	if _, err := os.Stat(filepath.Join(b.Profile, "NativeMessagingHosts", "dev.feedscout.host.json")); err == nil {
		t.Fatalf("the profile has its own host manifest; the test must use the system-wide one")
	}
	ctx := harness.PopupOnSite(t, b, web, "theverge")
	r := harness.Find(t, ctx)
	verge, _ := web.Site("theverge")
	if r.Outcome != "feed" || len(r.Feeds) == 0 || r.Feeds[0] != verge.Expect.FeedURL {
		t.Errorf("Find feed through the packaged host: %+v", r)
	}
	pids := harness.HostPIDs(t, b)
	for _, pid := range pids {
		exe, _ := os.Readlink(filepath.Join("/proc", strconv.Itoa(pid), "exe"))
		if exe != "/usr/bin/feedscout-host" {
			t.Errorf("the browser started host %s, not the packaged /usr/bin/feedscout-host", exe)
		}
	}
	b.Cancel()

	purge()
	var left []string
	for _, f := range files {
		if _, err := os.Lstat(f); err == nil {
			left = append(left, f)
		}
	}
	for _, d := range dirs {
		if _, err := os.Stat(d); err == nil && !before[d] {
			left = append(left, d+"/")
		}
	}
	if out, _ := exec.Command("dpkg-query", "-W", "-f=${Status}", "feedscout").CombinedOutput(); strings.Contains(string(out), "installed") || strings.Contains(string(out), "config-files") {
		left = append(left, "dpkg status: "+string(out))
	}
	if len(left) > 0 {
		t.Errorf("dpkg --purge left %v", left)
	}
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
