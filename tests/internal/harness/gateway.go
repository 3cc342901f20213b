package harness

// The loopback gateway (`serve`) started on a spare port, and its feeds
// fetched.

import (
	"bufio"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"regexp"
	"syscall"
	"testing"
	"time"
)

// GatewayProc is a running `feedscout-host serve`.
type GatewayProc struct {
	Cmd  *exec.Cmd
	Base string // http://127.0.0.1:PORT
}

var listening = regexp.MustCompile(`listening on (http://[^/ ]+)/`)

// StartGateway starts the built host's gateway on a free loopback port
// with env and args (--state, --min-interval ...), stopped (SIGTERM) when
// the test ends.
func StartGateway(t testing.TB, env []string, args ...string) *GatewayProc {
	t.Helper()
	cmd := exec.Command(HostBinary(t), append([]string{"serve", "--addr", "127.0.0.1:0"}, args...)...)
	cmd.Env = append(os.Environ(), env...)
	stderr, err := cmd.StderrPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	g := &GatewayProc{Cmd: cmd}
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
	case g.Base = <-found:
	case <-time.After(10 * time.Second):
		t.Fatal("the gateway did not say where it listens within 10 s")
	}
	return g
}

// FeedURL is the gateway URL of a source (the contract of the OPML writers).
func (g *GatewayProc) FeedURL(source string) string {
	return g.Base + "/feed?url=" + url.QueryEscape(source)
}

// Get fetches a gateway URL with a plain loopback client.
func (g *GatewayProc) Get(t testing.TB, u string, header ...string) (int, string, http.Header) {
	t.Helper()
	return getWith(t, &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{Proxy: nil}}, u, header...)
}

// getWith asks for u with client c; header holds name, value pairs
// ("Host" sets the Host header). It returns the status, the body and the
// header of the answer.
func getWith(t testing.TB, c *http.Client, u string, header ...string) (int, string, http.Header) {
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
	resp, err := c.Do(req)
	if err != nil {
		t.Fatalf("GET %.100s: %v", u, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}
