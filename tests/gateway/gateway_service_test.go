package gateway

import (
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// TestGatewayService: `install --serve` writes a systemd user unit that
// systemd-analyze verify accepts and whose ExecStart, run as systemd runs
// it, serves the gateway; it starts the unit where the machine has a
// systemd user session, and says what to do where it has none;
// `uninstall --serve` removes the unit.
func TestGatewayService(t *testing.T) {
	t.Parallel()
	home := t.TempDir()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	env := []string{"HOME=" + home, "XDG_CONFIG_HOME=" + filepath.Join(home, "config")}
	state := filepath.Join(home, "state")
	out, errOut, code := harness.RunHost(t, env, "", "install", "--serve", "--addr", addr, "--state", state)
	unit := filepath.Join(home, "config", "systemd", "user", "feedscout-gateway.service")
	body, err := os.ReadFile(unit)
	if err != nil {
		t.Fatalf("no unit after install --serve (exit %d: %s %s): %v", code, out, errOut, err)
	}
	started := code == 0
	if !started && (code != 1 || !strings.Contains(errOut, "the service file is written") || !strings.Contains(errOut, "systemctl --user enable --now feedscout-gateway.service")) {
		t.Fatalf("install --serve without a systemd user session: exit %d, %q; want 1 and what to run", code, errOut)
	}
	for _, want := range []string{"[Unit]", "[Service]", "Restart=on-failure", "[Install]", "WantedBy=default.target"} {
		if !strings.Contains(string(body), want+"\n") {
			t.Errorf("unit lacks %q:\n%s", want, body)
		}
	}
	m := regexp.MustCompile(`(?m)^ExecStart=(.*)$`).FindStringSubmatch(string(body))
	if m == nil {
		t.Fatalf("no ExecStart in\n%s", body)
	}
	var argv []string
	for _, q := range regexp.MustCompile(`"((?:[^"\\]|\\.)*)"`).FindAllStringSubmatch(m[1], -1) {
		argv = append(argv, strings.NewReplacer(`\\`, `\`, `\"`, `"`, "%%", "%").Replace(q[1]))
	}
	want := []string{harness.HostBinary(t), "serve", "--addr", addr, "--state", state}
	if strings.Join(argv, "|") != strings.Join(want, "|") {
		t.Errorf("ExecStart runs %q, want %q", argv, want)
	}
	if sa, err := exec.LookPath("systemd-analyze"); err == nil {
		if out, err := exec.Command(sa, "verify", unit).CombinedOutput(); err != nil || len(strings.TrimSpace(string(out))) > 0 {
			t.Errorf("systemd-analyze verify: %v\n%s", err, out)
		}
	} else {
		t.Log("no systemd-analyze: the unit was checked by parsing only")
	}
	if !started {
		// No user session here: run the unit's command as systemd would.
		cmd := exec.Command(argv[0], argv[1:]...)
		cmd.Env = append(os.Environ(), env...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		defer func() { cmd.Process.Kill(); cmd.Wait() }()
	}
	g := &harness.GatewayProc{Base: "http://" + addr}
	deadline := time.Now().Add(10 * time.Second)
	for {
		if c, err := net.Dial("tcp", addr); err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("nothing listens on %s", addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	if code, page, _ := g.Get(t, g.Base+"/"); code != 200 || !strings.Contains(page, "feedscout gateway") || !strings.Contains(page, state) {
		t.Errorf("the unit's gateway status page: %d %.300s", code, page)
	}

	out, errOut, code = harness.RunHost(t, env, "", "uninstall", "--serve")
	if code != 0 || !strings.Contains(out, "removed "+unit) {
		t.Errorf("uninstall --serve: exit %d, %q %q", code, out, errOut)
	}
	if _, err := os.Stat(unit); !os.IsNotExist(err) {
		t.Errorf("the unit is still there after uninstall: %v", err)
	}
	if _, _, code := harness.RunHost(t, env, "", "install", "--serve", "--addr", "0.0.0.0:8765"); code != 2 {
		t.Errorf("install --serve on a public address: exit %d, want 2", code)
	}
}
