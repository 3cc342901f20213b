package harness

// The peak heap a GODEBUG=gctrace=1 trace shows, for the follow and
// gateway benchmarks.

import (
	"regexp"
	"strconv"
)

// gcLine is the heap part of a gctrace line: "12->14->7 MB" (heap at the
// start of the GC, at its end, and live after it).
var gcLine = regexp.MustCompile(`(\d+)->(\d+)->(\d+) MB`)

// GCPeak is the largest heap a GODEBUG=gctrace=1 trace shows (MB), the
// binary's peak heap to the collector's resolution.
func GCPeak(trace string) float64 {
	peak := 0.0
	for _, m := range gcLine.FindAllStringSubmatch(trace, -1) {
		for _, v := range m[1:3] {
			f, _ := strconv.ParseFloat(v, 64)
			peak = max(peak, f)
		}
	}
	return peak
}
