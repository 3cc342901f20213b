package follow

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"io"
	"net/http"
	"net/url"
	"os"
	"runtime"
	"sync"
	"sync/atomic"
	"testing"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
	"feedscout/tests/fixtureweb"
)

// Figures for docs/following.md. Each benchmark runs the product's
// follower on the fixture web (real HTTPS on loopback through its proxy)
// on an injected clock, and its baseline in the same run.
//
//	go test ./nativehost/internal/follow -run '^$' -bench . -benchtime 1x

// naiveGet is the baseline fetcher: a plain GET every time, no validators.
func (d *desk) naiveGet(b testing.TB, c *http.Client, path string) {
	resp, err := c.Get(d.URL(path))
	if err != nil {
		b.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
}

// BenchmarkReaderHour: a reader reloads three sources (a news sitemap, a
// section page, an article sitemap) every minute for an hour of simulated
// time while the site publishes twice; against a naive fetcher that GETs
// every time. Requests and full downloads per source, from the server's
// log; the run fails if a full download happened without a change.
func BenchmarkReaderHour(b *testing.B) {
	paths := []string{"/news-sitemap.xml", "/section/world/", "/article-sitemap.xml"}
	var req, full, naive, robots float64
	for range b.N {
		d := startDesk(b, 2, 10, DefaultMinInterval)
		changes := map[string]int{} // changes each source saw between two of our fetches
		lastFetch := map[string]int{}
		for m := range 60 {
			if m == 20 || m == 47 {
				a := d.Publish(1, -1)[0]
				for _, p := range paths {
					if p != "/section/world/" || a.Section == "world" {
						changes[p]++
					}
				}
			}
			for _, p := range paths {
				res, err := d.f.Feed(context.Background(), d.URL(p))
				if err != nil {
					b.Fatal(err)
				}
				if res.Fetched {
					lastFetch[p] = m
				}
			}
			d.clock.Add(time.Minute)
		}
		for _, p := range paths {
			n, nm := d.hits(p)
			req += float64(n)
			full += float64(n - nm)
			if n-nm > 1+changes[p] {
				b.Errorf("%s: %d full downloads for %d changes", p, n-nm, changes[p])
			}
		}
		rn, _ := d.hits("/robots.txt")
		robots += float64(rn)
		c := d.web.Client()
		before := 0
		for _, p := range paths {
			n, _ := d.hits(p)
			before += n
		}
		for range 60 {
			for _, p := range paths {
				d.naiveGet(b, c, p)
			}
		}
		after := 0
		for _, p := range paths {
			n, _ := d.hits(p)
			after += n
		}
		naive += float64(after - before)
	}
	per := float64(b.N * len(paths))
	b.ReportMetric(req/per, "req/source")
	b.ReportMetric(full/per, "full/source")
	b.ReportMetric(naive/per, "naive-req/source")
	b.ReportMetric(req/naive, "ratio")
	b.ReportMetric(robots/float64(b.N), "robots/site")
}

// BenchmarkSectionsDay: twenty sections of one site followed for a
// simulated day at the 15-minute interval while the site publishes an
// article every 30 minutes into 17 of them (3 never change: 85 % moved in
// the day, as 157 of Nikkei's 187). Every request to the site counts
// (robots.txt, the sections sitemap, the pages). Baselines in the same
// run: the same follower without the sections sitemap (every due section
// fetched, conditionally), and a naive fetcher GETting every section
// every interval.
func BenchmarkSectionsDay(b *testing.B) {
	var smart, plain, naive, smartFull, plainFull float64
	for range b.N {
		for _, mode := range []string{"smart", "plain", "naive"} {
			d := startDesk(b, 20, 40, DefaultMinInterval)
			d.f.plain = mode == "plain"
			c := d.web.Client()
			published := 0
			for step := range 96 {
				if step%2 == 0 {
					d.Publish(1, (published*7)%17)
					published++
				}
				d.clock.Add(time.Second)
				for _, s := range d.Sections {
					if mode == "naive" {
						d.naiveGet(b, c, "/section/"+s+"/")
						continue
					}
					if _, err := d.f.Feed(context.Background(), d.URL("/section/"+s+"/")); err != nil {
						b.Fatal(err)
					}
				}
				d.clock.Add(DefaultMinInterval - time.Second)
			}
			hits := d.web.Hits(d.Host)
			full := 0
			for _, h := range hits {
				if h.Status == http.StatusOK {
					full++
				}
			}
			switch mode {
			case "smart":
				smart += float64(len(hits))
				smartFull += float64(full)
			case "plain":
				plain += float64(len(hits))
				plainFull += float64(full)
			default:
				naive += float64(len(hits))
			}
		}
	}
	n := float64(b.N)
	b.ReportMetric(smart/n, "req/day")
	b.ReportMetric(smartFull/n, "full/day")
	b.ReportMetric(plain/n, "no-sitemap-req/day")
	b.ReportMetric(plainFull/n, "no-sitemap-full/day")
	b.ReportMetric(naive/n, "naive-req/day")
	b.ReportMetric(smart/naive, "ratio-naive")
	b.ReportMetric(smart/plain, "ratio-no-sitemap")
}

// peakHeap samples the live heap every 200 µs while f runs and returns
// the peak above the heap before it.
func peakHeap(f func()) uint64 {
	runtime.GC()
	var ms runtime.MemStats
	runtime.ReadMemStats(&ms)
	base := ms.HeapAlloc
	var peak atomic.Uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		var m runtime.MemStats
		for {
			runtime.ReadMemStats(&m)
			if m.HeapAlloc > peak.Load() {
				peak.Store(m.HeapAlloc)
			}
			select {
			case <-stop:
				return
			case <-time.After(200 * time.Microsecond):
			}
		}
	})
	f()
	close(stop)
	wg.Wait()
	if p := peak.Load(); p > base {
		return p - base
	}
	return 0
}

// BenchmarkFeed50k: `feed` on the 50,000-URL article sitemap (about 6 MiB)
// from a fresh state: fetch, parse, keep the 100 newest, save the state,
// write Atom. Time and peak heap per run; baseline in the same run: the
// sitemap reader alone on the same bytes.
func BenchmarkFeed50k(b *testing.B) {
	var site fixtureweb.Site
	for _, s := range fixtureweb.HostileSites() {
		if s.Name == "sitemap-50k" {
			site = s
		}
	}
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: b.TempDir(), Sites: []fixtureweb.Site{site}})
	if err != nil {
		b.Fatal(err)
	}
	defer w.Close()
	pem, _ := os.ReadFile(w.CAFile)
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	proxy, _ := url.Parse(w.ProxyURL)
	src := "https://" + site.Host + "/sitemap.xml"
	newFollower := func(dir string) *Follower {
		o := ClientOptions(dir, true)
		o.Pause = -1
		o.Transport = &http.Transport{Proxy: http.ProxyURL(proxy), TLSClientConfig: &tls.Config{RootCAs: pool}, DisableCompression: true}
		f, err := New(Options{Client: fetch.New(o), StateDir: dir})
		if err != nil {
			b.Fatal(err)
		}
		return f
	}
	resp, err := w.Client().Get(src)
	if err != nil {
		b.Fatal(err)
	}
	raw, _ := io.ReadAll(resp.Body)
	resp.Body.Close()

	var feedTime, parseTime time.Duration
	var feedHeap, parseHeap uint64
	for range b.N {
		f := newFollower(b.TempDir())
		// robots.txt once, outside the measure: a followed site's robots.txt
		// is kept for 24 h.
		if _, err := f.Feed(context.Background(), "https://"+site.Host+"/private/warm"); err == nil {
			b.Fatal("a disallowed URL gave a feed")
		}
		var out bytes.Buffer
		start := time.Now()
		h := peakHeap(func() {
			res, err := f.Feed(context.Background(), src)
			if err != nil {
				b.Fatal(err)
			}
			if len(res.State.Entries) != MaxEntries {
				b.Fatalf("%d entries", len(res.State.Entries))
			}
			if err := Write(&out, res.State, FormatAtom, ""); err != nil {
				b.Fatal(err)
			}
		})
		feedTime += time.Since(start)
		feedHeap = max(feedHeap, h)
		start = time.Now()
		h = peakHeap(func() {
			if _, err := sitemap.Parse(bytes.NewReader(raw)); err != nil {
				b.Fatal(err)
			}
		})
		parseTime += time.Since(start)
		parseHeap = max(parseHeap, h)
	}
	n := float64(b.N)
	b.ReportMetric(feedTime.Seconds()*1000/n, "feed-ms")
	b.ReportMetric(float64(feedHeap)/(1<<20), "feed-peak-heap-MiB")
	b.ReportMetric(parseTime.Seconds()*1000/n, "parse-ms")
	b.ReportMetric(float64(parseHeap)/(1<<20), "parse-peak-heap-MiB")
	b.ReportMetric(float64(len(raw))/(1<<20), "sitemap-MiB")
}
