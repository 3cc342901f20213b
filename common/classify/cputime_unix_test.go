//go:build unix

package classify

import (
	"syscall"
	"time"
)

// cpuTime is the CPU time (user and system, all threads) this process has
// used: benchmarks report it per op beside wall time, because on a shared
// machine wall time mostly measures the other processes.
func cpuTime() time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		return 0
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}
