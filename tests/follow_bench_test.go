package tests

import (
	"bytes"
	"os"
	"os/exec"
	"syscall"
	"testing"
	"time"
)

// BenchmarkFollowFeed50k runs the built `feed` on the 50,000-URL article
// sitemap from a fresh state folder (robots.txt, the 6.7 MiB sitemap, the
// 100 newest into Atom) and reports its wall time and peak RSS (the
// kernel's maxrss of the child); baseline in the same run: `version`, the
// cost of starting the binary at all.
//
//	go test ./tests -run '^$' -bench FollowFeed50k -benchtime 3x
func BenchmarkFollowFeed50k(b *testing.B) {
	fw := startFollowWeb(b, 1, 1)
	run := func(args ...string) (time.Duration, int64) {
		cmd := exec.Command(hostBinary(b), args...)
		cmd.Env = append(os.Environ(), fw.env...)
		var out bytes.Buffer
		cmd.Stdout = &out
		start := time.Now()
		if err := cmd.Run(); err != nil {
			b.Fatalf("%v: %v", args, err)
		}
		d := time.Since(start)
		if args[0] == "feed" && bytes.Count(out.Bytes(), []byte("<entry>")) != 100 {
			b.Fatalf("feed gave %d entries", bytes.Count(out.Bytes(), []byte("<entry>")))
		}
		return d, cmd.ProcessState.SysUsage().(*syscall.Rusage).Maxrss << 10
	}
	var feedT, baseT time.Duration
	var feedRSS, baseRSS int64
	for range b.N {
		d, rss := run("feed", "--state", b.TempDir(), "https://sitemap-50k.hostile.test/sitemap.xml")
		feedT += d
		feedRSS = max(feedRSS, rss)
		d, rss = run("version")
		baseT += d
		baseRSS = max(baseRSS, rss)
	}
	n := float64(b.N)
	b.ReportMetric(feedT.Seconds()*1000/n, "feed-ms")
	b.ReportMetric(float64(feedRSS)/(1<<20), "feed-maxrss-MiB")
	b.ReportMetric(baseT.Seconds()*1000/n, "version-ms")
	b.ReportMetric(float64(baseRSS)/(1<<20), "version-maxrss-MiB")
}
