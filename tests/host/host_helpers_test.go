package host

// Helpers for the host tests: the built binary, a native messaging client
// over pipes, and a fixture web wired to the host through its proxy.

import (
	"runtime"
	"syscall"

	"feedscout/tests/internal/harness"
)

// hostMaxRSS returns the peak resident memory of an exited host in bytes
// (Linux reports ru_maxrss in KiB), 0 where it is not known.
func hostMaxRSS(h *harness.NMHost) int64 {
	if h.Cmd.ProcessState == nil || runtime.GOOS != "linux" {
		return 0
	}
	if ru, ok := h.Cmd.ProcessState.SysUsage().(*syscall.Rusage); ok {
		return int64(ru.Maxrss) * 1024
	}
	return 0
}
