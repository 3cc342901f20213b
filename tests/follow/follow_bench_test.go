package follow

import (
	"bytes"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// BenchmarkFollowFeed50k runs the built `feed` on the 50,000-URL article
// sitemap from a fresh state folder (robots.txt, the 6.7 MiB sitemap, the
// 100 newest into Atom) and reports its wall time and peak RSS (the
// kernel's maxrss of the child) and CPU time (user + system: the
// product's own work, whatever the load and the fixture server's share);
// baseline in the same run: `version`, the cost of starting the binary at
// all.
//
//	go test ./tests/follow -run '^$' -bench FollowFeed50k -benchtime 3x
func BenchmarkFollowFeed50k(b *testing.B) {
	fw := harness.StartFollowWeb(b, 1, 1)
	var trace bytes.Buffer // the child's stderr: its GC trace
	run := func(args ...string) (time.Duration, time.Duration, int64) {
		cmd := exec.Command(harness.HostBinary(b), args...)
		cmd.Env = append(os.Environ(), append(fw.HostEnv, "GODEBUG=gctrace=1")...)
		var out bytes.Buffer
		cmd.Stdout = &out
		cmd.Stderr = &trace
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("%v: %v", args, err)
		}
		d := time.Since(start)
		if args[0] == "feed" && bytes.Count(out.Bytes(), []byte("<entry>")) != 100 {
			b.Fatalf("feed gave %d entries", bytes.Count(out.Bytes(), []byte("<entry>")))
		}
		ps := cmd.ProcessState
		return d, ps.UserTime() + ps.SystemTime(), ps.SysUsage().(*syscall.Rusage).Maxrss << 10
	}
	var feedT, baseT, feedCPU time.Duration
	var feedRSS, baseRSS int64
	var feedHeap float64
	for range b.N {
		trace.Reset()
		d, cpu, rss := run("feed", "--state", b.TempDir(), "https://sitemap-50k.hostile.test/sitemap.xml")
		feedHeap = max(feedHeap, harness.GCPeak(trace.String()))
		feedT += d
		feedCPU += cpu
		feedRSS = max(feedRSS, rss)
		d, _, rss = run("version")
		baseT += d
		baseRSS = max(baseRSS, rss)
	}
	n := float64(b.N)
	b.ReportMetric(feedT.Seconds()*1000/n, "feed-ms")
	b.ReportMetric(feedCPU.Seconds()*1000/n, "feed-cpu-ms")
	b.ReportMetric(float64(feedRSS)/(1<<20), "feed-maxrss-MiB")
	b.ReportMetric(feedHeap, "feed-peak-heap-MB")
	b.ReportMetric(baseT.Seconds()*1000/n, "version-ms")
	b.ReportMetric(float64(baseRSS)/(1<<20), "version-maxrss-MiB")
}
