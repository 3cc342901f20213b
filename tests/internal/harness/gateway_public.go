package harness

// Helpers for the tests of the public gateway (issue 26): `serve --public`
// started on a spare port, the signed URLs `sign` prints, and the
// signature as docs/following.md fixes it, computed here independently of
// the host's code.

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"encoding/base64"
	"fmt"
	"io"
	"maps"
	"net"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"slices"
	"strconv"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/readertest"
)

// PublicGateway is a running `feedscout-host serve --public BASE`.
type PublicGateway struct {
	Cmd  *exec.Cmd
	Base string // BASE, the address readers use
	Addr string // where it listens (host:port)
	// Roots, when set, are the certificates a TLS gateway's clients trust.
	Roots *x509.CertPool
	done  chan struct{}
	mu    sync.Mutex
	errb  bytes.Buffer
}

// Stop ends the gateway (SIGTERM, then SIGKILL after 10 s) and waits.
func (g *PublicGateway) Stop() {
	g.Cmd.Process.Signal(syscall.SIGTERM)
	select {
	case <-g.done:
	case <-time.After(10 * time.Second):
		g.Cmd.Process.Kill()
		<-g.done
	}
}

// Get asks the gateway for u (an address at its BASE) by dialling its
// listen address, as a reader reaching BASE would; header holds name,
// value pairs ("Host" sets the Host header). It returns the status, the
// body and the header of the answer.
func (g *PublicGateway) Get(t testing.TB, u string, header ...string) (int, string, http.Header) {
	t.Helper()
	return getWith(t, g.Client(), u, header...)
}

// Client reaches the gateway's listen address whatever host a URL names.
func (g *PublicGateway) Client() *http.Client {
	d := &net.Dialer{Timeout: 5 * time.Second}
	return &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{
		Proxy:           nil,
		TLSClientConfig: &tls.Config{RootCAs: g.Roots, MinVersion: tls.VersionTLS12},
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, g.Addr)
		},
	}}
}

// Stderr is what the gateway printed so far.
func (g *PublicGateway) Stderr() string {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.errb.String()
}

// lockedWriter lets the gateway's stderr be read while it is written.
type lockedWriter struct{ g *PublicGateway }

func (w lockedWriter) Write(p []byte) (int, error) {
	w.g.mu.Lock()
	defer w.g.mu.Unlock()
	return w.g.errb.Write(p)
}

// StartPublicGateway starts `serve --public http://127.0.0.1:PORT --addr
// 127.0.0.1:PORT --state STATE ARGS...` on a spare loopback port: BASE is
// its own listen address, as a reader on this machine reaches it. A port
// taken between FreePort and the gateway's listen is tried again with
// another.
func StartPublicGateway(t testing.TB, env []string, state string, args ...string) *PublicGateway {
	t.Helper()
	for try := 0; ; try++ {
		addr := "127.0.0.1:" + strconv.Itoa(readertest.FreePort(t))
		g, err := tryPublic(t, env, "http://"+addr, addr, append([]string{"--state", state}, args...)...)
		if err == nil {
			return g
		}
		if try == 2 || !strings.Contains(g.Stderr(), "address already in use") {
			t.Fatal(err)
		}
	}
}

// StartPublicAt starts `serve --public base --addr addr ARGS...` and waits
// until it says it listens there; SIGTERM when the test ends.
func StartPublicAt(t testing.TB, env []string, base, addr string, args ...string) *PublicGateway {
	t.Helper()
	g, err := tryPublic(t, env, base, addr, args...)
	if err != nil {
		t.Fatal(err)
	}
	return g
}

// tryPublic is StartPublicAt returning its failure: the gateway exited, or
// did not say within 10 s that it listens on addr (its stderr line
// "listening on ADDR", printed once the port is its own).
func tryPublic(t testing.TB, env []string, base, addr string, args ...string) (*PublicGateway, error) {
	t.Helper()
	g := &PublicGateway{Base: base, Addr: addr}
	g.Cmd = exec.Command(HostBinary(t), append([]string{"serve", "--public", base, "--addr", addr}, args...)...)
	g.Cmd.Env = append(os.Environ(), env...)
	g.Cmd.Stderr = lockedWriter{g}
	if err := g.Cmd.Start(); err != nil {
		t.Fatal(err)
	}
	done := make(chan struct{})
	go func() { g.Cmd.Wait(); close(done) }()
	g.done = done
	t.Cleanup(g.Stop)
	end := time.Now().Add(10 * time.Second)
	for {
		select {
		case <-done:
			return g, fmt.Errorf("serve --public %s --addr %s exited at start: %s", base, addr, g.Stderr())
		default:
		}
		if strings.Contains(g.Stderr(), "listening on "+addr) {
			return g, nil
		}
		if time.Now().After(end) {
			return g, fmt.Errorf("serve --public %s did not say it listens on %s within 10 s: %s", base, addr, g.Stderr())
		}
		time.Sleep(20 * time.Millisecond)
	}
}

// SignURLs runs `sign --state STATE --gateway BASE --format FORMAT
// SOURCES...` and returns its lines, one signed URL per source.
func SignURLs(t testing.TB, state, base, format string, sources ...string) []string {
	t.Helper()
	out, errOut, code := RunHost(t, nil, "", append([]string{"sign", "--state", state, "--gateway", base, "--format", format}, sources...)...)
	if code != 0 {
		t.Fatalf("sign %v: exit %d: %s", sources, code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != len(sources) {
		t.Fatalf("sign printed %d lines for %d sources:\n%s", len(lines), len(sources), out)
	}
	return lines
}

// GatewayKey runs `key --state STATE` (ARGS: --rotate, --set K) and returns
// the key it prints, decoded (32 bytes).
func GatewayKey(t testing.TB, state string, args ...string) []byte {
	t.Helper()
	out, errOut, code := RunHost(t, nil, "", append([]string{"key", "--state", state}, args...)...)
	if code != 0 {
		t.Fatalf("key %v: exit %d: %s", args, code, errOut)
	}
	k, err := base64.RawURLEncoding.DecodeString(strings.TrimSpace(out))
	if err != nil || len(k) != 32 {
		t.Fatalf("key %v printed %q: not 32 bytes of base64url (%v)", args, out, err)
	}
	return k
}

// HostOf is the host name of a URL (no port).
func HostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return p.Hostname()
}

// ConnectProxy is an HTTPS forward proxy on loopback for a reader that
// must reach a server by a name no resolver knows: a CONNECT to a
// host:port of routes is tunnelled to its address, anything else is 502.
// It returns the proxy's URL (http://127.0.0.1:PORT).
func ConnectProxy(t testing.TB, routes map[string]string) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		to, ok := routes[r.Host]
		if r.Method != http.MethodConnect || !ok {
			http.Error(w, "this proxy tunnels only to "+strings.Join(slices.Sorted(maps.Keys(routes)), ", "), http.StatusBadGateway)
			return
		}
		up, err := net.DialTimeout("tcp", to, 5*time.Second)
		if err != nil {
			http.Error(w, err.Error(), http.StatusBadGateway)
			return
		}
		down, brw, err := http.NewResponseController(w).Hijack()
		if err != nil {
			up.Close()
			return
		}
		down.Write([]byte("HTTP/1.1 200 Connection established\r\n\r\n"))
		if n := brw.Reader.Buffered(); n > 0 {
			b, _ := brw.Reader.Peek(n)
			up.Write(b)
		}
		go func() { io.Copy(up, down); up.Close() }()
		go func() { io.Copy(down, up); down.Close() }()
	})}
	go srv.Serve(ln)
	t.Cleanup(func() { srv.Close() })
	return "http://" + ln.Addr().String()
}
