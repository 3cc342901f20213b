package tests

import (
	"bufio"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
)

// gatewayProc is a running `feedscout-host serve`.
type gatewayProc struct {
	cmd  *exec.Cmd
	base string // http://127.0.0.1:PORT
}

var listening = regexp.MustCompile(`listening on (http://[^/ ]+)/`)

// startGateway starts the built host's gateway on a free loopback port
// with env and args (--state, --min-interval ...), stopped (SIGTERM) when
// the test ends.
func startGateway(t testing.TB, env []string, args ...string) *gatewayProc {
	t.Helper()
	cmd := exec.Command(hostBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := &gatewayProc{cmd: cmd}
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		cmd.Wait()
	})
	lines := bufio.NewScanner(stderr)
	found := make(chan string, 1)
	go func() {
		for lines.Scan() {
			if m := listening.FindStringSubmatch(lines.Text()); m != nil {
				found <- m[1]
				break
			}
		}
		io.Copy(io.Discard, stderr)
	}()
	select {
	case g.base = <-found:
	case <-time.After(10 * time.Second):
		t.Fatal("the gateway did not say where it listens within 10 s")
	}
	return g
}

// feedURL is the gateway URL of a source (the contract of the OPML writers).
func (g *gatewayProc) feedURL(source string) string {
	return g.base + "/feed?url=" + url.QueryEscape(source)
}

// get fetches a gateway URL with a plain loopback client.
func (g *gatewayProc) get(t testing.TB, u string, header ...string) (int, string, http.Header) {
	t.Helper()
	req, err := http.NewRequest(http.MethodGet, u, nil)
	if err != nil {
		t.Fatal(err)
	}
	for i := 0; i+1 < len(header); i += 2 {
		if header[i] == "Host" {
			req.Host = header[i+1]
		} else {
			req.Header.Set(header[i], header[i+1])
		}
	}
	c := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{Proxy: nil}}
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %.80s: %v", u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}

// peakRSS is the process's peak resident set (VmHWM) in bytes, from /proc.
func peakRSS(t testing.TB, pid int) int64 {
	t.Helper()
	b, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/status")
	if err != nil {
		t.Skipf("no /proc here: %v", err)
	}
	for _, line := range strings.Split(string(b), "\n") {
		if strings.HasPrefix(line, "VmHWM:") {
			f := strings.Fields(line)
			kb, _ := strconv.ParseInt(f[1], 10, 64)
			return kb << 10
		}
	}
	t.Fatal("no VmHWM in /proc/PID/status")
	return 0
}
