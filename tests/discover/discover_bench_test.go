package discover

// The host's own cost in a discovery: everything beyond the politeness
// pauses and the time the requests themselves took (issue 4: <= 5 %).

import (
	"bytes"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// overhead splits one discovery's wall time (process start to exit) into
// the requests' own time, the pauses the fetcher had to wait, and the
// rest: start-up, parsing, classifying, judging, writing the report.
type overhead struct {
	wall, requests, pauses time.Duration
}

func (o overhead) rest() time.Duration { return o.wall - o.requests - o.pauses }

// measureOverhead runs `discover --json` for one site in its own process
// and splits its time. A request to a host waits until pause after the
// end of the previous request to that host; requests made since then
// (to other hosts) count against the wait.
func measureOverhead(t testing.TB, env []string, pause time.Duration, site string) overhead {
	t.Helper()
	cmd := exec.Command(harness.HostBinary(t), "discover", "--json", site)
	cmd.Env = append(os.Environ(), env...)
	var out, errOut bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errOut
	start := time.Now()
	if err := cmd.Run(); err != nil {
		t.Fatalf("discover %s: %v\n%s", site, err, errOut.String())
	}
	o := overhead{wall: time.Since(start)}
	r := decodeReport(t, out.String())
	since := map[string]time.Duration{} // per host: request time since its last request
	for _, q := range r.Requests {
		if !q.Request() {
			continue
		}
		u, err := url.Parse(q.URL)
		if err != nil {
			t.Fatal(err)
		}
		if d, ok := since[u.Hostname()]; ok && d < pause {
			o.pauses += pause - d
		}
		ms := time.Duration(q.MS) * time.Millisecond
		o.requests += ms
		for h := range since {
			since[h] += ms
		}
		since[u.Hostname()] = 0
	}
	return o
}

// BenchmarkDiscoverOverhead discovers the source article's eight sites
// one after the other, each in its own host process, with the real 1 s
// pause and the default order, and reports the share of the wall time
// that is neither a pause nor a request.
func BenchmarkDiscoverOverhead(b *testing.B) {
	sites := fixtureweb.DefaultSites()[:8]
	w := harness.StartWeb(b, sites)
	for range b.N {
		var sum overhead
		for _, s := range sites {
			o := measureOverhead(b, w.Env(), time.Second, s.URL())
			fmt.Printf("%-12s wall %7.3f s  requests %6.3f s  pauses %6.3f s  rest %6.1f ms\n", s.Name,
				o.wall.Seconds(), o.requests.Seconds(), o.pauses.Seconds(), float64(o.rest().Microseconds())/1000)
			sum.wall += o.wall
			sum.requests += o.requests
			sum.pauses += o.pauses
		}
		share := float64(sum.rest()) / float64(sum.wall)
		fmt.Printf("total wall %.3f s, requests %.3f s, pauses %.3f s, rest %.1f ms = %.2f %%\n",
			sum.wall.Seconds(), sum.requests.Seconds(), sum.pauses.Seconds(), float64(sum.rest().Microseconds())/1000, share*100)
		b.ReportMetric(share*100, "%overhead")
	}
}
