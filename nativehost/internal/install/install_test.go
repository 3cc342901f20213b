package install

import (
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func fakeHost(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, `bin "odd" \ name`, "feedscout-host")
	if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func TestInstallEveryBrowser(t *testing.T) {
	for _, goos := range []string{"linux", "darwin"} {
		t.Run(goos, func(t *testing.T) {
			home := t.TempDir()
			host := fakeHost(t, home)
			list, err := Browsers(goos, home)
			if err != nil {
				t.Fatal(err)
			}
			if len(list) != 6 {
				t.Fatalf("%d browsers, want 6", len(list))
			}
			for _, b := range list {
				res, err := Install(b, host)
				if err != nil {
					t.Fatalf("install %s: %v", b.Name, err)
				}
				raw, err := os.ReadFile(res.Path)
				if err != nil {
					t.Fatal(err)
				}
				var m Manifest
				if err := json.Unmarshal(raw, &m); err != nil {
					t.Fatalf("%s: %v", b.Name, err)
				}
				if m.Path != host || m.Name != HostName {
					t.Fatalf("%s manifest %+v", b.Name, m)
				}
				if b.Name == "firefox" {
					if len(m.AllowedOrigins) != 0 || m.AllowedExtensions[0] != FirefoxAddonID {
						t.Fatalf("firefox manifest %+v", m)
					}
				} else if m.AllowedOrigins[0] != "chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/" {
					t.Fatalf("%s manifest %+v", b.Name, m)
				}
				if !strings.HasPrefix(res.Path, home) || filepath.Base(res.Path) != "dev.feedscout.host.json" {
					t.Fatalf("%s written to %s", b.Name, res.Path)
				}
			}
			for _, b := range list {
				if ok, err := Uninstall(b); !ok || err != nil {
					t.Fatalf("uninstall %s = %v, %v", b.Name, ok, err)
				}
				if _, err := os.Stat(b.ManifestPath()); !os.IsNotExist(err) {
					t.Fatalf("%s manifest still there", b.Name)
				}
				if ok, err := Uninstall(b); ok || err != nil {
					t.Fatalf("second uninstall %s = %v, %v", b.Name, ok, err)
				}
			}
		})
	}
}

func TestPaths(t *testing.T) {
	cases := []struct{ goos, name, want string }{
		{"linux", "chrome", "/h/.config/google-chrome/NativeMessagingHosts/dev.feedscout.host.json"},
		{"linux", "chromium", "/h/.config/chromium/NativeMessagingHosts/dev.feedscout.host.json"},
		{"linux", "brave", "/h/.config/BraveSoftware/Brave-Browser/NativeMessagingHosts/dev.feedscout.host.json"},
		{"linux", "edge", "/h/.config/microsoft-edge/NativeMessagingHosts/dev.feedscout.host.json"},
		{"linux", "vivaldi", "/h/.config/vivaldi/NativeMessagingHosts/dev.feedscout.host.json"},
		{"linux", "firefox", "/h/.mozilla/native-messaging-hosts/dev.feedscout.host.json"},
		{"darwin", "chrome", "/h/Library/Application Support/Google/Chrome/NativeMessagingHosts/dev.feedscout.host.json"},
		{"darwin", "firefox", "/h/Library/Application Support/Mozilla/NativeMessagingHosts/dev.feedscout.host.json"},
	}
	for _, c := range cases {
		list, err := Browsers(c.goos, "/h")
		if err != nil {
			t.Fatal(err)
		}
		b, err := Lookup(list, c.name)
		if err != nil {
			t.Fatal(err)
		}
		if got := b.ManifestPath(); got != c.want {
			t.Errorf("%s/%s: %s, want %s", c.goos, c.name, got, c.want)
		}
	}
	if _, err := Browsers("windows", "/h"); err == nil {
		t.Error("windows accepted")
	}
	if _, err := Lookup(nil, "netscape"); err == nil {
		t.Error("unknown browser accepted")
	}
}

func TestProfile(t *testing.T) {
	dir := t.TempDir()
	host := fakeHost(t, dir)
	res, err := Install(Profile(filepath.Join(dir, "prof")), host)
	if err != nil {
		t.Fatal(err)
	}
	if want := filepath.Join(dir, "prof", "NativeMessagingHosts", HostName+".json"); res.Path != want {
		t.Fatalf("written to %s, want %s", res.Path, want)
	}
}

func TestCheckFindsProblems(t *testing.T) {
	dir := t.TempDir()
	host := fakeHost(t, dir)
	b := Profile(dir)
	if _, err := Install(b, host); err != nil {
		t.Fatal(err)
	}
	if err := Check(b, "/elsewhere/feedscout-host"); err == nil {
		t.Error("a manifest naming another binary passed the check")
	}
	os.Chmod(host, 0o644)
	if err := Check(b, host); err == nil || !strings.Contains(err.Error(), "executable") {
		t.Errorf("non-executable host: %v", err)
	}
	os.WriteFile(b.ManifestPath(), []byte(`{"name":"other.host"}`), 0o644)
	if _, err := Uninstall(b); err == nil {
		t.Error("uninstall removed another host's manifest")
	}
	if _, err := Install(b, "relative/path"); err == nil {
		t.Error("relative host path accepted")
	}
}

func TestHostPath(t *testing.T) {
	p, err := HostPath()
	if err != nil || !filepath.IsAbs(p) {
		t.Fatalf("HostPath = %q, %v", p, err)
	}
}
