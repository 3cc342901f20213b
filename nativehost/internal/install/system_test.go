package install

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
)

func TestSystemUnit(t *testing.T) {
	cases := []struct {
		name string
		o    SystemOptions
		want []string // lines the unit must hold
	}{
		{"proxy", SystemOptions{Public: "https://feeds.example.org", Addr: "127.0.0.1:8765", MaxPerClient: 64},
			[]string{`ExecStart="/usr/bin/feedscout-host" "serve" "--public" "https://feeds.example.org" "--addr" "127.0.0.1:8765" "--state" "/var/lib/feedscout" "--max-per-client" "64"`,
				"StateDirectory=feedscout", "CapabilityBoundingSet=", "PrivateUsers=yes"}},
		{"tls", SystemOptions{Public: "https://feeds.example.org:8443", Addr: "0.0.0.0:8443", TLSCert: "/etc/letsencrypt/live/feeds.example.org/fullchain.pem",
			TLSKey: "/etc/letsencrypt/live/feeds.example.org/privkey.pem", State: "/var/lib/feeds", MinInterval: "30m0s"},
			[]string{`"--tls-cert" "%d/tls-cert" "--tls-key" "%d/tls-key" "--state" "/var/lib/feeds" "--min-interval" "30m0s"`,
				"LoadCredential=tls-cert:/etc/letsencrypt/live/feeds.example.org/fullchain.pem", "StateDirectory=feedscout feeds"}},
		{"port 443", SystemOptions{Public: "https://feeds.example.org", Addr: "0.0.0.0:443", TLSCert: "/etc/ssl/f.pem", TLSKey: "/etc/ssl/f.key"},
			[]string{"AmbientCapabilities=CAP_NET_BIND_SERVICE", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE"}},
	}
	always := []string{"DynamicUser=yes", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "NoNewPrivileges=yes",
		"Environment=XDG_STATE_HOME=/var/lib", "WantedBy=multi-user.target"}
	verify, _ := exec.LookPath("systemd-analyze")
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			s, err := SystemUnit("/usr/bin/feedscout-host", c.o)
			if err != nil {
				t.Fatal(err)
			}
			if s.Path != "/etc/systemd/system/feedscout-gateway.service" || s.Kind != "systemd-system" {
				t.Errorf("unit %s (%s)", s.Path, s.Kind)
			}
			lines := strings.Split(string(s.Body), "\n")
			for _, w := range append(always, c.want...) {
				found := false
				for _, l := range lines {
					found = found || strings.Contains(l, w) && (strings.HasPrefix(w, `"`) || l == w || strings.HasPrefix(l, "ExecStart="))
				}
				if !found {
					t.Errorf("no line %q in\n%s", w, s.Body)
				}
			}
			if strings.Contains(c.o.Addr, ":443") && strings.Contains(string(s.Body), "PrivateUsers=") {
				t.Errorf("port 443 with PrivateUsers= (the capability would be lost):\n%s", s.Body)
			}
			if verify == "" {
				t.Skip("systemd-analyze is not installed")
			}
			// systemd-analyze verify exits 0 on settings it ignores as bad
			// values, and says so: any output is a failure. It checks
			// that ExecStart's program exists, so the unit runs a real
			// one here.
			host, err := os.Executable()
			if err != nil {
				t.Fatal(err)
			}
			s, err = SystemUnit(host, c.o)
			if err != nil {
				t.Fatal(err)
			}
			unit := filepath.Join(t.TempDir(), UnitName)
			if err := os.WriteFile(unit, s.Body, 0o644); err != nil {
				t.Fatal(err)
			}
			out, err := exec.Command(verify, "verify", unit).CombinedOutput()
			if err != nil || len(out) != 0 {
				t.Errorf("systemd-analyze verify: %v\n%s\n%s", err, out, s.Body)
			}
		})
	}
}

func TestSystemUnitRefuses(t *testing.T) {
	cases := []struct {
		name string
		o    SystemOptions
		want string
	}{
		{"state outside /var/lib", SystemOptions{Public: "https://a.example", State: "/srv/feedscout"}, "not a plain folder under /var/lib"},
		{"state /var/lib itself", SystemOptions{Public: "https://a.example", State: "/var/lib"}, "not a plain folder"},
		{"cert without key", SystemOptions{Public: "https://a.example", TLSCert: "/etc/ssl/a.pem"}, "go together"},
		{"relative cert", SystemOptions{Public: "https://a.example", TLSCert: "a.pem", TLSKey: "/etc/ssl/a.key"}, "not an absolute path"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			_, err := SystemUnit("/usr/bin/feedscout-host", c.o)
			if err == nil || !strings.Contains(err.Error(), c.want) {
				t.Errorf("error %v, want one saying %q", err, c.want)
			}
		})
	}
}

func TestWindowsTargets(t *testing.T) {
	list := WindowsBrowsers(`C:\Users\ada\AppData\Local`, `C:\Users\ada\AppData\Roaming`)
	want := map[string][3]string{
		"brave":    {`Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\dev.feedscout.host`, `C:\Users\ada\AppData\Local\BraveSoftware\Brave-Browser\User Data`, "chromium"},
		"chrome":   {`Software\Google\Chrome\NativeMessagingHosts\dev.feedscout.host`, `C:\Users\ada\AppData\Local\Google\Chrome\User Data`, "chromium"},
		"chromium": {`Software\Chromium\NativeMessagingHosts\dev.feedscout.host`, `C:\Users\ada\AppData\Local\Chromium\User Data`, "chromium"},
		"edge":     {`Software\Microsoft\Edge\NativeMessagingHosts\dev.feedscout.host`, `C:\Users\ada\AppData\Local\Microsoft\Edge\User Data`, "chromium"},
		"firefox":  {`Software\Mozilla\NativeMessagingHosts\dev.feedscout.host`, `C:\Users\ada\AppData\Roaming\Mozilla\Firefox`, "firefox"},
		"vivaldi":  {`Software\Vivaldi\NativeMessagingHosts\dev.feedscout.host`, `C:\Users\ada\AppData\Local\Vivaldi\User Data`, "chromium"},
	}
	if len(list) != len(want) {
		t.Fatalf("%d targets, want %d", len(list), len(want))
	}
	for _, b := range list {
		w := want[b.Name]
		if b.Key != w[0] || b.Config != w[1] || b.Family != w[2] {
			t.Errorf("%s: key %q config %q family %q, want %q", b.Name, b.Key, b.Config, b.Family, w)
		}
		if m := `C:\Users\ada\AppData\Local\feedscout\NativeMessagingHosts\` + b.Name + `\dev.feedscout.host.json`; b.ManifestPath() != m {
			t.Errorf("%s: manifest %s, want %s", b.Name, b.ManifestPath(), m)
		}
	}
}

func TestCommandLine(t *testing.T) {
	cases := []struct {
		argv []string
		want string
	}{
		{[]string{`C:\Windows\System32\conhost.exe`, "--headless", `C:\Program Files\feedscout\feedscout-host.exe`, "serve"},
			`C:\Windows\System32\conhost.exe --headless "C:\Program Files\feedscout\feedscout-host.exe" serve`},
		{[]string{"a", ""}, `a ""`},
		{[]string{`say "hi"`}, `"say \"hi\""`},
		{[]string{`C:\dir with space\`}, `"C:\dir with space\\"`},
		{[]string{`a\\"b`}, `"a\\\\\"b"`},
	}
	for _, c := range cases {
		if got := CommandLine(c.argv); got != c.want {
			t.Errorf("CommandLine(%q) = %s, want %s", c.argv, got, c.want)
		}
	}
}

func TestRunKeyService(t *testing.T) {
	s := RunKeyService(`C:\Windows\System32`, `C:\Users\ada\feedscout\feedscout-host.exe`, []string{"--addr", "127.0.0.1:8765"})
	if s.Kind != "run-key" || s.Path != `HKCU\Software\Microsoft\Windows\CurrentVersion\Run\feedscout-gateway` {
		t.Errorf("service %s %s", s.Kind, s.Path)
	}
	if want := `C:\Windows\System32\conhost.exe --headless C:\Users\ada\feedscout\feedscout-host.exe serve --addr 127.0.0.1:8765`; string(s.Body) != want {
		t.Errorf("command %s, want %s", s.Body, want)
	}
	if s.Start(0) != nil || s.Stop(0) != nil {
		t.Error("a Run key value has start or stop commands; StartNow and StopRunning do that")
	}
}
