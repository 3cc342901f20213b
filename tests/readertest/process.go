package readertest

import (
	"net"
	"os"
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
