package gateway

import (
	"context"
	"encoding/xml"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"sync"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// TestGatewayPublicNewsboat: Debian's newsboat reads the public gateway's
// signed URL of the Newsdesk's news sitemap: its items have the sitemap's
// titles, links and dates; a department's URL unsigned gives newsboat
// nothing, and reaches no site. (One news sitemap only: newsboat keeps an
// article under one feed, and the Newsdesk's sections and department
// hold the sitemap's articles.)
func TestGatewayPublicNewsboat(t *testing.T) {
	t.Parallel()
	harness.NewsboatPath(t)
	fw := harness.StartFollowWeb(t, 3, 10)
	g := harness.StartPublicGateway(t, fw.HostEnv, fw.State)
	sitemap := fw.Desk.URL("/news-sitemap.xml")
	signed := harness.SignURLs(t, fw.State, g.Base, "atom", sitemap)
	unsigned := g.Base + "/feed?url=" + url.QueryEscape(fw.Desk.URL("/sitemap_business.xml"))
	// newsboat asks the gateway on loopback itself: no proxy for it.
	r := harness.NewReader(t, append(append([]string(nil), fw.HostEnv...), "NO_PROXY=127.0.0.1", "no_proxy=127.0.0.1"),
		`"`+signed[0]+`"`, `"`+unsigned+`"`)
	r.Reload(t)
	got := harness.ByFeed(r.Items(t))
	if n := len(got[unsigned]); n != 0 {
		t.Errorf("newsboat has %d items of the unsigned URL", n)
	}
	if n, _, _ := fw.DeskHits("/sitemap_business.xml"); n != 0 {
		t.Errorf("the unsigned URL reached the site %d times", n)
	}
	want := map[string]string{}
	for _, x := range harness.FixtureSitemap(t, fw.Web, sitemap).URLs {
		d, _ := time.Parse(time.RFC3339, x.News.Date)
		want[x.Loc] = x.News.Title + " @ " + d.UTC().Format(time.RFC3339)
	}
	its := got[signed[0]]
	if len(its) != len(want) || len(its) == 0 {
		t.Errorf("newsboat has %d items of the signed news sitemap, the sitemap %d", len(its), len(want))
	}
	for _, it := range its {
		if w := want[it.URL]; w != it.Title+" @ "+it.Published.Format(time.RFC3339) {
			t.Errorf("newsboat item %s %q @ %s, the sitemap has %q", it.URL, it.Title, it.Published.Format(time.RFC3339), w)
		}
	}
}

// TestGatewayPublicReaders: 200 concurrent readers, each from an address
// of its own (127.0.0.2 to 127.0.0.201: the gateway's per-client cap is
// per address, as on a public server), poll five signed sources of one
// site (three sections, a news sitemap, a department): every answer is an
// Atom feed with entries; the site sees each source once (server side);
// a second round within the interval costs it nothing; a round after the
// interval (each section with a new article), each source exactly once
// more.
func TestGatewayPublicReaders(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 12)
	const interval = 6 * time.Second
	g := harness.StartPublicGateway(t, fw.HostEnv, fw.State, "--min-interval", interval.String())
	var sources []string
	for _, s := range fw.Desk.Sections {
		sources = append(sources, fw.Desk.URL("/section/"+s+"/"))
	}
	sources = append(sources, fw.Desk.URL("/news-sitemap.xml"), fw.Desk.URL("/sitemap_business.xml"))
	signed := harness.SignURLs(t, fw.State, g.Base, "atom", sources...)
	round := func() {
		var wg sync.WaitGroup
		for i := range 200 {
			wg.Go(func() {
				code, body := readerGet(g, net.IPv4(127, 0, 0, byte(2+i)), signed[i%len(signed)])
				var d harness.AtomDoc
				if err := xml.Unmarshal([]byte(body), &d); code != 200 || err != nil || len(d.Entries) == 0 {
					t.Errorf("reader %d, source %d: %d %v %.200s", i, i%len(signed), code, err, body)
				}
			})
		}
		wg.Wait()
	}
	fetches := func(want int) {
		t.Helper()
		for _, s := range sources {
			u, _ := url.Parse(s)
			if n, _, _ := fw.DeskHits(u.Path); n != want {
				t.Errorf("%s fetched %d times, want %d", u.Path, n, want)
			}
		}
	}
	start := time.Now()
	round()
	t.Logf("first round of 200 readers on %d sources: %v", len(sources), time.Since(start).Round(time.Millisecond))
	fetches(1)
	round()
	fetches(1)
	// After the interval every source is due. A section whose lastmod in
	// the site's sections sitemap did not move is not fetched again
	// (docs/following.md): each section gets a new article, so every
	// source is fetched once more; the sections sitemap is read at most
	// once per interval.
	// (Published after the sleep: the Newsdesk dates to the second, and
	// its newest initial article has the second the test started.)
	time.Sleep(time.Until(start.Add(interval + 500*time.Millisecond)))
	for i := range fw.Desk.Sections {
		fw.Desk.Publish(1, i)
	}
	round()
	fetches(2)
	if n, _, _ := fw.DeskHits("/sections-sitemap.xml"); n > 2 {
		t.Errorf("the sections sitemap was read %d times in two intervals", n)
	}
	if t.Failed() {
		t.Logf("gateway stderr:\n%s", g.Stderr())
	}
}

// readerGet fetches u from the gateway on a new connection from local
// address from, as one reader of many would.
func readerGet(g *harness.PublicGateway, from net.IP, u string) (int, string) {
	d := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: from}}
	c := &http.Client{Timeout: time.Minute, Transport: &http.Transport{
		Proxy:             nil,
		DisableKeepAlives: true,
		DialContext: func(ctx context.Context, network, _ string) (net.Conn, error) {
			return d.DialContext(ctx, network, g.Addr)
		},
	}}
	resp, err := c.Get(u)
	if err != nil {
		return 0, fmt.Sprintf("GET from %s: %v", from, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		return 0, fmt.Sprintf("GET from %s: read: %v", from, err)
	}
	return resp.StatusCode, string(b)
}
