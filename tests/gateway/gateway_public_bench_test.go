package gateway

import (
	"context"
	"io"
	"net"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// Sizes of BenchmarkGatewayPublicCache (docs/performance-gateway.md).
const (
	benchReaders = 1000 // simulated readers, each from a loopback address of its own
	benchSources = 100  // signed sources of one Newsdesk
	benchPolls   = 10   // sources each reader polls in one round
)

// BenchmarkGatewayPublicCache: the public gateway's throughput from its
// cache. The built host runs `serve --public` with 100 signed sources of
// one site (a Newsdesk: 97 sections, its news sitemap, a department and
// its article sitemap), fetched once before the timer starts; each
// iteration is one round of 1,000 simulated readers at once, each from a
// loopback address of its own (127.1.X.Y: the per-client cap is per
// address) over one keep-alive connection, polling 10 of the sources in
// turn (10,000 requests, every source 100 times). Reported: requests per
// second, p50 and p99 latency of one request (ms), the requests the site
// saw for the sources in the whole run (goal 100: one per source per
// interval) and in all (robots.txt and the sections sitemap besides), and
// the gateway process's peak RSS (VmHWM; goal under 64 MiB), also as it
// was once the cache was filled, before the readers came
// (warm-maxrss-MiB), and its largest Go heap (GODEBUG=gctrace=1, MB). Baseline in
// the same run, same readers and load: a static net/http server in the
// test process answering every poll with one cached feed of the same size
// (baseline-req/s, baseline-p50/p99-ms); ratio is the gateway's req/s
// over the baseline's.
//
//	FEEDSCOUT_DIST=... go test ./tests/gateway -run '^$' -bench GatewayPublicCache -benchtime 3x
func BenchmarkGatewayPublicCache(b *testing.B) {
	fw := harness.StartFollowWeb(b, benchSources-3, 300)
	// gctrace: the gateway's Go heap at each collection, on its stderr.
	g := harness.StartPublicGateway(b, append(append([]string(nil), fw.HostEnv...), "GODEBUG=gctrace=1"), fw.State)
	var sources []string
	for _, s := range fw.Desk.Sections {
		sources = append(sources, fw.Desk.URL("/section/"+s+"/"))
	}
	sources = append(sources, fw.Desk.URL("/news-sitemap.xml"), fw.Desk.URL("/sitemap_business.xml"), fw.Desk.URL("/article-sitemap.xml"))
	signed := harness.SignURLs(b, fw.State, g.Base, "atom", sources...)
	if len(signed) != benchSources {
		b.Fatalf("%d sources, want %d", len(signed), benchSources)
	}
	// Fill the cache: every source once, ten at a time.
	var body string
	var wg sync.WaitGroup
	var mu sync.Mutex
	sem := make(chan struct{}, 10)
	for i, u := range signed {
		wg.Go(func() {
			sem <- struct{}{}
			defer func() { <-sem }()
			code, s := readerGet(g, net.IPv4(127, 2, 0, byte(1+i)), u)
			if code != 200 || !strings.Contains(s, "<entry>") {
				b.Errorf("warm %s: %d %.200s", u, code, s)
			}
			mu.Lock()
			if i == benchSources-3 {
				body = s // the news sitemap's feed: the baseline's answer
			}
			mu.Unlock()
		})
	}
	wg.Wait()
	if b.Failed() {
		b.FailNow()
	}
	static := staticFeedServer(b, body)
	warmRSS := peakRSS(b, g.Cmd.Process.Pid)

	var gw, base []time.Duration
	var gwTime, baseTime time.Duration
	b.ResetTimer()
	for range b.N {
		d, lat := pollRound(b, g.Addr, signed)
		gwTime += d
		gw = append(gw, lat...)
		d, lat = pollRound(b, static, signed)
		baseTime += d
		base = append(base, lat...)
	}
	b.StopTimer()
	requests := float64(b.N * benchReaders * benchPolls)
	fetched, all := 0, len(fw.Hits(harness.DeskHost))
	isSource := map[string]bool{}
	for _, s := range sources {
		u, _ := url.Parse(s)
		n, _, _ := fw.DeskHits(u.Path)
		fetched += n
		isSource[u.Path] = true
	}
	var others []string
	for _, h := range fw.Hits(harness.DeskHost) {
		if !isSource[h.Path] {
			others = append(others, h.Path)
		}
	}
	b.Logf("the site's requests besides the sources: %v", others)
	b.ReportMetric(requests/gwTime.Seconds(), "req/s")
	b.ReportMetric(percentile(gw, 50), "p50-ms")
	b.ReportMetric(percentile(gw, 99), "p99-ms")
	b.ReportMetric(requests/baseTime.Seconds(), "baseline-req/s")
	b.ReportMetric(percentile(base, 50), "baseline-p50-ms")
	b.ReportMetric(percentile(base, 99), "baseline-p99-ms")
	b.ReportMetric(baseTime.Seconds()/gwTime.Seconds(), "ratio")
	b.ReportMetric(float64(fetched), "source-fetches")
	b.ReportMetric(float64(all), "site-requests")
	b.ReportMetric(float64(peakRSS(b, g.Cmd.Process.Pid))/(1<<20), "gateway-maxrss-MiB")
	b.ReportMetric(float64(warmRSS)/(1<<20), "warm-maxrss-MiB")
	b.ReportMetric(harness.GCPeak(g.Stderr()), "gateway-peak-heap-MB")
	if fetched != benchSources {
		b.Errorf("the site saw %d requests for the %d sources, want one each", fetched, benchSources)
	}
}

// pollRound runs benchReaders readers at once against the server at addr,
// reader i from 127.1.(i/250).(i%250+1) on one keep-alive connection,
// polling benchPolls of the URLs in turn (reader i starts at URL i, then
// every benchSources/benchPolls-th); every answer must be a 200 feed. It
// returns the round's wall time and every request's latency.
func pollRound(b *testing.B, addr string, urls []string) (time.Duration, []time.Duration) {
	var mu sync.Mutex
	var lat []time.Duration
	var wg sync.WaitGroup
	start := time.Now()
	for i := range benchReaders {
		wg.Go(func() {
			d := &net.Dialer{Timeout: 10 * time.Second, LocalAddr: &net.TCPAddr{IP: net.IPv4(127, 1, byte(i/250), byte(i%250+1))}}
			c := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
				Proxy: nil, MaxIdleConnsPerHost: 1,
				DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
					return d.DialContext(ctx, network, addr)
				},
			}}
			defer c.CloseIdleConnections()
			mine := make([]time.Duration, 0, benchPolls)
			for k := range benchPolls {
				u := urls[(i+k*(benchSources/benchPolls))%len(urls)]
				t0 := time.Now()
				resp, err := c.Get(u)
				if err != nil {
					b.Errorf("reader %d: %v", i, err)
					return
				}
				n, err := io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				mine = append(mine, time.Since(t0))
				if err != nil || resp.StatusCode != 200 || n < 200 {
					b.Errorf("reader %d, %s: %d, %d bytes, %v", i, u, resp.StatusCode, n, err)
					return
				}
			}
			mu.Lock()
			lat = append(lat, mine...)
			mu.Unlock()
		})
	}
	wg.Wait()
	return time.Since(start), lat
}

// staticFeedServer serves body as Atom for every request, from memory, on
// a loopback port of the test process: the floor of answering a poll
// over HTTP on this machine. It returns its address.
func staticFeedServer(b *testing.B, body string) string {
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		b.Fatal(err)
	}
	srv := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/atom+xml; charset=utf-8")
		io.WriteString(w, body)
	})}
	go srv.Serve(ln)
	b.Cleanup(func() { srv.Close() })
	return ln.Addr().String()
}

// percentile is the p-th percentile of ds, in milliseconds.
func percentile(ds []time.Duration, p int) float64 {
	if len(ds) == 0 {
		return 0
	}
	s := slices.Clone(ds)
	slices.Sort(s)
	i := (len(s)*p + 99) / 100
	return float64(s[max(0, min(len(s)-1, i-1))].Microseconds()) / 1000
}
