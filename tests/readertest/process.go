//go:build unix

package readertest

import (
	"bytes"
	"fmt"
	"net"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"
)

// FreePort returns a TCP port on 127.0.0.1 that was free a moment ago, for
// a server that must be told its port (PostgreSQL, Miniflux, php -S).
func FreePort(t testing.TB) int {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatalf("find a free port: %v", err)
	}
	defer ln.Close()
	return ln.Addr().(*net.TCPAddr).Port
}

// missingTool skips the test for want of a tool, or fails it when
// FEEDSCOUT_REQUIRE_TOOLS is set (as Tool does).
func missingTool(t testing.TB, what string) {
	t.Helper()
	if os.Getenv("FEEDSCOUT_REQUIRE_TOOLS") != "" {
		t.Fatalf("%s is not installed and FEEDSCOUT_REQUIRE_TOOLS is set", what)
	}
	t.Skipf("%s is not installed (.ci/run installs it)", what)
}

// waitUntil polls ok every 100 ms until it is true or d has passed.
func waitUntil(d time.Duration, ok func() bool) bool {
	end := time.Now().Add(d)
	for {
		if ok() {
			return true
		}
		if time.Now().After(end) {
			return false
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// logBuffer is a child's output, written by exec's copying goroutines
// while the test may read it.
type logBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *logBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *logBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}

// server is a long-running child of the test (a server reader, php -S):
// started in its own process group, its output in log, stopped (SIGTERM,
// SIGKILL after 10 s) when the test ends.
type server struct {
	cmd  *exec.Cmd
	done chan struct{}
	log  *logBuffer
}

// startServer starts cmd, its stdout and stderr going to a new log.
func startServer(t testing.TB, cmd *exec.Cmd) (*server, error) {
	t.Helper()
	s := &server{cmd: cmd, done: make(chan struct{}), log: &logBuffer{}}
	cmd.Stdout, cmd.Stderr = s.log, s.log
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("start %s: %w", filepath.Base(cmd.Path), err)
	}
	go func() { cmd.Wait(); close(s.done) }()
	t.Cleanup(func() {
		cmd.Process.Signal(syscall.SIGTERM)
		select {
		case <-s.done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-s.done
		}
	})
	return s, nil
}

// exited reports whether the server has ended.
func (s *server) exited() bool {
	select {
	case <-s.done:
		return true
	default:
		return false
	}
}

// portTaken reports whether a server that exited at start did so because
// its port was taken meanwhile (FreePort cannot hold it): worth a retry
// on another.
func (s *server) portTaken() bool {
	return s.exited() && strings.Contains(strings.ToLower(s.log.String()), "address already in use")
}
