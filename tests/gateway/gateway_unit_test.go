package gateway

// install --serve --public: the public gateway's systemd system unit,
// written by the built host as root, verified by systemd-analyze, removed
// by uninstall --serve --public; refused, with a sentence, to anyone else.

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"

	"feedscout/tests/internal/harness"
)

const systemUnit = "/etc/systemd/system/feedscout-gateway.service"

func TestGatewaySystemUnit(t *testing.T) {
	verify := harness.ToolPath(t, "systemd-analyze")
	if os.Geteuid() != 0 {
		harness.Missing(t, "installing a system unit needs root (CI runs as root)")
	}
	if _, err := os.Stat(systemUnit); err == nil {
		t.Fatalf("%s exists already; this test writes and removes its own", systemUnit)
	}
	// The host in a folder every user can read, for the unprivileged run.
	dir, err := os.MkdirTemp("", "feedscout-unit-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	os.Chmod(dir, 0o755)
	host := filepath.Join(dir, "feedscout-host")
	raw, err := os.ReadFile(harness.HostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	os.WriteFile(host, raw, 0o755)

	t.Run("not root", func(t *testing.T) {
		cmd := exec.Command(host, "install", "--serve", "--public", "https://feeds.example.org", "--no-start")
		cmd.SysProcAttr = &syscall.SysProcAttr{Credential: &syscall.Credential{Uid: 65534, Gid: 65534}}
		cmd.Env = []string{"HOME=/nonexistent", "PATH=/usr/bin:/bin"}
		var errb bytes.Buffer
		cmd.Stderr = &errb
		err := cmd.Run()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 || !strings.Contains(errb.String(), "only root can install one") {
			t.Errorf("as nobody: %v %q", err, errb.String())
		}
		if _, err := os.Stat(systemUnit); err == nil {
			t.Errorf("the unit was written by a user who is not root")
		}
	})

	cert := filepath.Join(t.TempDir(), "cert.pem")
	key := filepath.Join(filepath.Dir(cert), "key.pem")
	os.WriteFile(cert, []byte("certificate"), 0o600)
	os.WriteFile(key, []byte("key"), 0o600)
	cmd := exec.Command(host, "install", "--serve", "--public", "https://feeds.example.org:8443", "--addr", "0.0.0.0:8443",
		"--tls-cert", cert, "--tls-key", key, "--min-interval", "30m", "--no-start")
	out, err := cmd.CombinedOutput()
	t.Cleanup(func() { os.Remove(systemUnit) })
	if err != nil || !strings.Contains(string(out), "not started (--no-start)") {
		t.Fatalf("install --serve --public: %v\n%s", err, out)
	}
	unit, err := os.ReadFile(systemUnit)
	if err != nil {
		t.Fatal(err)
	}
	for _, want := range []string{
		`ExecStart="` + host + `" "serve" "--public" "https://feeds.example.org:8443" "--addr" "0.0.0.0:8443" "--tls-cert" "%d/tls-cert" "--tls-key" "%d/tls-key" "--state" "/var/lib/feedscout" "--min-interval" "30m0s"`,
		"LoadCredential=tls-cert:" + cert, "LoadCredential=tls-key:" + key,
		"DynamicUser=yes", "StateDirectory=feedscout", "ProtectSystem=strict", "ProtectHome=yes", "PrivateTmp=yes", "NoNewPrivileges=yes",
	} {
		if !strings.Contains(string(unit), want+"\n") {
			t.Errorf("the unit lacks %q:\n%s", want, unit)
		}
	}
	// systemd-analyze verify exits 0 on settings it ignores (a bad value
	// is a warning): any output is a failure.
	if out, err := exec.Command(verify, "verify", systemUnit).CombinedOutput(); err != nil || len(out) != 0 {
		t.Errorf("systemd-analyze verify %s: %v\n%s", systemUnit, err, out)
	}

	out, err = exec.Command(host, "uninstall", "--serve", "--public").CombinedOutput()
	if err != nil || !strings.Contains(string(out), "removed "+systemUnit) {
		t.Errorf("uninstall --serve --public: %v\n%s", err, out)
	}
	if _, err := os.Stat(systemUnit); err == nil {
		t.Errorf("uninstall --serve --public left %s", systemUnit)
	}
}
