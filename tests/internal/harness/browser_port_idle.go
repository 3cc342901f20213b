package harness

// Processes that end: the hosts a browser started, waited for until they
// exit (the idle-port tests in Chromium and Firefox).

import (
	"os"
	"strconv"
	"strings"
	"testing"
	"time"
)

// ProcessGone reports whether pid has exited (no process, or a zombie
// its parent has not reaped yet).
func ProcessGone(pid int) bool {
	raw, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/stat")
	if err != nil {
		return true
	}
	s := string(raw)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) == 0 || fields[0] == "Z" || fields[0] == "X"
}

// WaitGone waits until pid has exited, at most timeout, and returns when
// it saw it gone.
func WaitGone(t *testing.T, pid int, timeout time.Duration) time.Time {
	t.Helper()
	for deadline := time.Now().Add(timeout); ; time.Sleep(200 * time.Millisecond) {
		if ProcessGone(pid) {
			return time.Now()
		}
		if time.Now().After(deadline) {
			t.Fatalf("host %d still runs %v after the last request", pid, timeout)
		}
	}
}

// LiveHosts are the pids that have not exited.
func LiveHosts(pids []int) []int {
	var out []int
	for _, p := range pids {
		if !ProcessGone(p) {
			out = append(out, p)
		}
	}
	return out
}
