package feed

import (
	"errors"
	"runtime"
	"strings"
	"testing"
	"time"
)

// TestHostileBodies: 8 MiB bodies (the fetcher's cap) built to be
// expensive end quickly with a verdict and bounded allocation.
func TestHostileBodies(t *testing.T) {
	const size = 8 << 20
	cases := []struct {
		name string
		body string
		want error
	}{
		{"nested elements", `<rss version="2.0"><channel>` + strings.Repeat("<a>", size/3), ErrNotFeed},
		{"nested junk before the root", strings.Repeat("<b>", size/3) + `<rss/>`, ErrNotFeed},
		{"one huge text", `<rss version="2.0"><channel><title>` + strings.Repeat("x", size), ErrBroken},
		{"many items, cut", `<rss version="2.0"><channel>` + strings.Repeat("<item><title>t</title></item>", size/30), ErrBroken},
		{"html nested 10,000 deep", "<!DOCTYPE html><html><body>" + strings.Repeat("<div>", 10000), ErrNotFeed},
		{"invalid utf-8 everywhere", strings.Repeat("\xff\xfe\xfd", size/3), ErrNotFeed},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var before, after runtime.MemStats
			runtime.ReadMemStats(&before)
			start := time.Now()
			_, err := Parse([]byte(c.body), "")
			runtime.ReadMemStats(&after)
			alloc := after.TotalAlloc - before.TotalAlloc
			t.Logf("%v in %v, %d MiB allocated", err, time.Since(start).Round(time.Millisecond), alloc>>20)
			if !errors.Is(err, c.want) {
				t.Errorf("err = %v, want %v", err, c.want)
			}
			if alloc > 200<<20 {
				t.Errorf("allocated %d MiB", alloc>>20)
			}
		})
	}
}
