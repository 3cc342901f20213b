package tests

// Helpers for the tests of the public gateway (issue 26): `serve --public`
// started on a spare port, the signed URLs `sign` prints, and the
// signature as docs/following.md fixes it, computed here independently of
// the host's code.

import (
	"bytes"
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net"
	"net/url"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/readertest"
)

// publicGateway is a running `feedscout-host serve --public BASE`.
type publicGateway struct {
	cmd  *exec.Cmd
	base string // BASE, the address readers use
	addr string // where it listens (host:port)
	mu   sync.Mutex
	errb bytes.Buffer
}

// stderr is what the gateway printed so far.
func (g *publicGateway) stderr() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.errb.String()
}

// lockedWriter lets the gateway's stderr be read while it is written.
type lockedWriter struct{ g *publicGateway }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.g.mu.Lock()
	defer w.g.mu.Unlock()
	return w.g.errb.Write(p)
}

// startPublicGateway starts `serve --public http://127.0.0.1:PORT --addr
// 127.0.0.1:PORT --state STATE ARGS...` on a spare loopback port: BASE is
// its own listen address, as a reader on this machine reaches it.
func startPublicGateway(t testing.TB, env []string, state string, args ...string) *publicGateway {
	t.Helper()
	addr := "127.0.0.1:" + strconv.Itoa(readertest.FreePort(t))
	return startPublicAt(t, env, "http://"+addr, addr, append([]string{"--state", state}, args...)...)
}

// startPublicAt starts `serve --public base --addr addr ARGS...` and waits
// until addr accepts connections; SIGTERM when the test ends.
func startPublicAt(t testing.TB, env []string, base, addr string, args ...string) *publicGateway {
	t.Helper()
	g := &publicGateway{base: base, addr: addr}
	g.cmd = exec.Command(hostBinary(t), append([]string{"serve", "--public", base, "--addr", addr}, args...)...)
	g.cmd.Env = append(os.Environ(), env...)
	g.cmd.Stderr = lockedWriter{g}
	if err := g.cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { g.cmd.Wait(); close(done) }()
	t.Cleanup(func() {
		g.cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			g.cmd.Process.Kill()
			<-done
		}
	})
	end := time.Now().Add(10 * time.Second)
	for {
		select {
		case <-done:
			t.Fatalf("serve --public %s exited at start: %s", base, g.stderr())
		default:
		}
		if c, err := net.DialTimeout("tcp", addr, time.Second); err == nil {
			c.Close()
			return g
		}
		if time.Now().After(end) {
			t.Fatalf("serve --public %s did not listen on %s within 10 s: %s", base, addr, g.stderr())
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// signURLs runs `sign --state STATE --gateway BASE --format FORMAT
// SOURCES...` and returns its lines, one signed URL per source.
func signURLs(t testing.TB, state, base, format string, sources ...string) []string {
	t.Helper()
	out, errOut, code := runHost(t, nil, "", append([]string{"sign", "--state", state, "--gateway", base, "--format", format}, sources...)...)
	if code != 0 {
		t.Fatalf("sign %v: exit %d: %s", sources, code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(sources) {
		t.Fatalf("sign printed %d lines for %d sources:\n%s", len(lines), len(sources), out)
	}
	return lines
}

// gatewayKey runs `key --state STATE` (ARGS: --rotate, --set K) and returns
// the key it prints, decoded (32 bytes).
func gatewayKey(t testing.TB, state string, args ...string) []byte {
	t.Helper()
	out, errOut, code := runHost(t, nil, "", append([]string{"key", "--state", state}, args...)...)
	if code != 0 {
		t.Fatalf("key %v: exit %d: %s", args, code, errOut)
	}
	k, err := base64.RawURLEncoding.DecodeString(strings.TrimSpace(out))
	if err != nil || len(k) != 32 {
		t.Fatalf("key %v printed %q: not 32 bytes of base64url (%v)", args, out, err)
	}
	return k
}

// contractSig is the signature docs/following.md fixes: base64url without
// padding of HMAC-SHA256(key, "feedscout-feed-v1\n" + format + "\n" +
// source).
func contractSig(key []byte, format, source string) string {
	m := hmac.New(sha256.New, key)
	m.Write([]byte("feedscout-feed-v1\n" + format + "\n" + source))
	return base64.RawURLEncoding.EncodeToString(m.Sum(nil))
}

// contractURL is the signed gateway URL of the contract: BASE/feed?url=
// QueryEscape(source) [&format=json] &sig=SIG.
func contractURL(key []byte, base, format, source string) string {
	u := base + "/feed?url=" + url.QueryEscape(source)
	if format == "json" {
		u += "&format=json"
	}
	return u + "&sig=" + contractSig(key, format, source)
}

// hostOf is the host name of a URL (no port).
func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Hostname()
}
