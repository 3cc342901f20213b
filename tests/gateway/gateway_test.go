package gateway

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/common/report/kind"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// TestGatewayAbuse: a wrong Host header, sources that are files, loopback
// or link-local addresses, a 100 KB URL: each a 4xx with a sentence, and
// no request made to anyone.
func TestGatewayAbuse(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 10)
	g := harness.StartGateway(t, fw.HostEnv, "--state", fw.State)
	long := "https://www.asahi.com/" + strings.Repeat("a", 100<<10)
	for _, c := range []struct {
		name string
		u    string
		hdr  []string
		code int
		says string
	}{
		{"wrong Host", g.FeedURL("https://www.asahi.com/sitemap_national.xml"), []string{"Host", "feeds.attacker.example:8765"}, 403, "answers only to"},
		{"file URL", g.FeedURL("file:///etc/passwd"), nil, 400, "is not an absolute http or https address"},
		{"loopback", g.FeedURL("http://127.0.0.1:22/"), nil, 400, "loopback"},
		{"link-local", g.FeedURL("http://169.254.169.254/"), nil, 400, "link-local"},
		{"100 KB", g.FeedURL(long), nil, 414, "bytes long"},
		{"no url", g.Base + "/feed", nil, 400, "Name the source to follow"},
		{"bad format", g.FeedURL("https://www.asahi.com/sitemap_national.xml") + "&format=rss", nil, 400, "Unknown format"},
		{"nothing there", g.Base + "/admin", nil, 404, "There is nothing at /admin"},
	} {
		code, body, _ := g.Get(t, c.u, c.hdr...)
		if code != c.code || !strings.Contains(body, c.says) || !strings.HasSuffix(strings.TrimSpace(body), ".") {
			t.Errorf("%s: %d %q, want %d with a sentence saying %q", c.name, code, body, c.code, c.says)
		}
	}
	if hosts := fw.HitHosts(); len(hosts) != 0 {
		t.Errorf("requests were made to %v", hosts)
	}
}

// TestGatewayConcurrent: 200 concurrent requests for 20 sources of one
// site, with the real 1 s pause: each source fetched once, requests to the
// site at least 1 s apart (server-side), a second wave within the interval
// fetches nothing, the peak RSS stays under 100 MB; the status page and
// /opml list the 20 sources.
func TestGatewayConcurrent(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 17, 40)
	g := harness.StartGateway(t, fw.Env(), "--state", fw.State) // the real pause
	var sources []string
	for _, s := range fw.Desk.Sections {
		sources = append(sources, fw.Desk.URL("/section/"+s+"/"))
	}
	sources = append(sources, fw.Desk.URL("/news-sitemap.xml"), fw.Desk.URL("/sitemap_business.xml"), fw.Desk.URL("/article-sitemap.xml"))
	wave := func() []int {
		var mu sync.Mutex
		var codes []int
		var wg sync.WaitGroup
		for i := range 200 {
			wg.Go(func() {
				code, body, _ := g.Get(t, g.FeedURL(sources[i%len(sources)]))
				if code != 200 || !strings.Contains(body, "<feed") {
					t.Errorf("source %d: %d %.200s", i%len(sources), code, body)
				}
				mu.Lock()
				codes = append(codes, code)
				mu.Unlock()
			})
		}
		wg.Wait()
		return codes
	}
	start := time.Now()
	wave()
	t.Logf("first wave of 200 requests for %d sources: %v", len(sources), time.Since(start).Round(time.Millisecond))
	for _, s := range sources {
		u, _ := url.Parse(s)
		if n, _, _ := fw.DeskHits(u.Path); n != 1 {
			t.Errorf("%s fetched %d times, want once", u.Path, n)
		}
	}
	hits := fw.Hits(harness.DeskHost)
	for i := 1; i < len(hits); i++ {
		if gap := hits[i].Time.Sub(hits[i-1].Time); gap < time.Second {
			t.Errorf("requests %s and %s reached the site %v apart", hits[i-1].Path, hits[i].Path, gap)
		}
	}
	before := len(hits)
	wave()
	if after := len(fw.Hits(harness.DeskHost)); after != before {
		t.Errorf("the second wave within the interval made %d requests", after-before)
	}
	if rss := peakRSS(t, g.Cmd.Process.Pid); rss > 100<<20 {
		t.Errorf("gateway peak RSS %d MiB, want under 100", rss>>20)
	} else {
		t.Logf("gateway peak RSS %.1f MiB", float64(rss)/(1<<20))
	}

	// A feed asked for is refused, and not listed in /opml.
	if code, body, _ := g.Get(t, g.FeedURL(fw.Desk.URL("/feed.xml"))); code != 422 || !strings.Contains(body, "already a feed") {
		t.Errorf("a feed through the gateway: %d %q", code, body)
	}
	code, page, _ := g.Get(t, g.Base+"/")
	if code != 200 || strings.Count(page, "<tr class=\"ok\">") != len(sources) {
		t.Errorf("status page: %d, %d ok rows, want %d", code, strings.Count(page, "<tr class=\"ok\">"), len(sources))
	}
	// /opml is the OPML writer's (common/opml): read back, each source with
	// its kind, at the gateway's URL.
	code, body, _ := g.Get(t, g.Base+"/opml")
	subs, err := opmlimport.Read(strings.NewReader(body))
	if code != 200 || err != nil {
		t.Fatalf("/opml: %d %v", code, err)
	}
	kinds := map[string]kind.SourceKind{}
	for _, sub := range subs {
		kinds[sub.URL] = sub.Kind
	}
	for i, s := range sources {
		want := kind.Section
		switch {
		case i == len(sources)-1:
			want = kind.ArticleSitemap
		case i >= len(sources)-3:
			want = kind.NewsSitemap
		}
		if kinds[s] != want {
			t.Errorf("/opml: %s is %q, want %q", s, kinds[s], want)
		}
		if x := `xmlUrl="` + strings.ReplaceAll(g.FeedURL(s), "&", "&amp;") + `"`; !strings.Contains(body, x) {
			t.Errorf("/opml lacks %s", x)
		}
	}
	if len(subs) != len(sources) {
		t.Errorf("/opml lists %d sources, want %d:\n%s", len(subs), len(sources), body)
	}
}

// TestGatewayAndCLIPacing: the gateway and `feed` processes on one site at
// once, with the real 1 s pause: the site sees one request at a time, at
// least 1 s apart.
func TestGatewayAndCLIPacing(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 6, 12)
	g := harness.StartGateway(t, fw.Env(), "--state", fw.State)
	var wg sync.WaitGroup
	for i, s := range fw.Desk.Sections {
		src := fw.Desk.URL("/section/" + s + "/")
		wg.Go(func() {
			if i%2 == 0 {
				if code, body, _ := g.Get(t, g.FeedURL(src)); code != 200 {
					t.Errorf("gateway %s: %d %s", src, code, body)
				}
				return
			}
			_, errOut, code := harness.RunHost(t, fw.Env(), "", "feed", "--state", fw.State, src)
			if code != 0 {
				t.Errorf("feed %s: %s", src, errOut)
			}
		})
	}
	wg.Wait()
	hits := fw.Hits(harness.DeskHost)
	if len(hits) < 7 {
		t.Fatalf("the site saw %d requests, want at least robots.txt and 6 sections", len(hits))
	}
	robots := 0
	for i, h := range hits {
		if h.Path == "/robots.txt" {
			robots++
		}
		if i > 0 {
			if gap := h.Time.Sub(hits[i-1].Time); gap < time.Second {
				t.Errorf("requests %s and %s from two processes reached the site %v apart", hits[i-1].Path, h.Path, gap)
			}
		}
	}
	if robots != 1 {
		t.Errorf("robots.txt fetched %d times by the gateway and three CLI processes, want once", robots)
	}
}

// TestPacingEveryProcess: two native hosts (as a browser starts them, one
// per popup) discovering a site, the gateway and a `feed` following it, all
// at once with the real 1 s pause: the site sees one request at a time, at
// least 1 s apart, from the four processes together.
func TestPacingEveryProcess(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 6)
	g := harness.StartGateway(t, fw.Env(), "--state", fw.State)
	hosts := []*harness.NMHost{harness.StartNM(t, fw.Env()), harness.StartNM(t, fw.Env())}
	for i, h := range hosts {
		h.Send(map[string]any{"id": fmt.Sprint(i), "type": "discover", "url": fw.Desk.URL("/")})
	}
	var wg sync.WaitGroup
	wg.Go(func() {
		if code, body, _ := g.Get(t, g.FeedURL(fw.Desk.URL("/section/world/"))); code != 200 {
			t.Errorf("gateway: %d %s", code, body)
		}
	})
	wg.Go(func() {
		if _, errOut, code := harness.RunHost(t, fw.Env(), "", "feed", "--state", fw.State, fw.Desk.URL("/news-sitemap.xml")); code != 0 {
			t.Errorf("feed: %s", errOut)
		}
	})
	hosts[0].Until(90*time.Second, `"0"`)
	hosts[1].Until(90*time.Second, `"1"`)
	wg.Wait()
	for _, h := range hosts {
		h.CloseAndWait(10 * time.Second)
	}
	hits := fw.Hits(harness.DeskHost)
	if len(hits) < 6 {
		t.Fatalf("the site saw %d requests, want two discoveries' and two sources'", len(hits))
	}
	for i := 1; i < len(hits); i++ {
		if gap := hits[i].Time.Sub(hits[i-1].Time); gap < time.Second {
			t.Errorf("requests %s and %s reached the site %v apart", hits[i-1].Path, hits[i].Path, gap)
		}
	}
	t.Logf("%d requests from 4 processes over %v", len(hits), hits[len(hits)-1].Time.Sub(hits[0].Time).Round(time.Millisecond))
}

// TestGatewayFormats: the Atom feed names its gateway URL as rel=self and
// carries an ETag a reader's If-None-Match gets 304 for; format=json is a
// JSON Feed 1.1 with feed_url its own gateway URL; both have the same
// items. A JSON Feed through the gateway is Atom.
func TestGatewayFormats(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 2, 5)
	g := harness.StartGateway(t, fw.HostEnv, "--state", fw.State)
	src := fw.Desk.URL("/news-sitemap.xml")
	code, body, hdr := g.Get(t, g.FeedURL(src))
	if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("atom: %d %s", code, hdr.Get("Content-Type"))
	}
	var feed struct {
		Links []struct {
			Rel  string `xml:"rel,attr"`
			Href string `xml:"href,attr"`
		} `xml:"link"`
		Entries []struct {
			ID string `xml:"id"`
		} `xml:"entry"`
	}
	if err := xml.Unmarshal([]byte(body), &feed); err != nil {
		t.Fatal(err)
	}
	self := ""
	for _, l := range feed.Links {
		if l.Rel == "self" {
			self = l.Href
		}
	}
	if self != g.FeedURL(src) || len(feed.Entries) != 5 {
		t.Errorf("rel=self %q (want %q), %d entries", self, g.FeedURL(src), len(feed.Entries))
	}
	if code, _, _ := g.Get(t, g.FeedURL(src), "If-None-Match", hdr.Get("ETag")); code != 304 {
		t.Errorf("If-None-Match with the ETag: %d, want 304", code)
	}
	code, body, hdr = g.Get(t, g.FeedURL(src)+"&format=json")
	var jf struct {
		Version string `json:"version"`
		FeedURL string `json:"feed_url"`
		Items   []struct {
			ID string `json:"id"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(body), &jf); code != 200 || err != nil || !strings.HasPrefix(hdr.Get("Content-Type"), "application/feed+json") {
		t.Fatalf("json: %d %v %s", code, err, hdr.Get("Content-Type"))
	}
	if jf.Version != "https://jsonfeed.org/version/1.1" || jf.FeedURL != g.FeedURL(src)+"&format=json" || len(jf.Items) != 5 || jf.Items[0].ID != feed.Entries[0].ID {
		t.Errorf("json feed: %+v", jf)
	}
	if n, _, _ := fw.DeskHits("/news-sitemap.xml"); n != 1 {
		t.Errorf("the source was fetched %d times for four gateway requests within the interval, want once", n)
	}

	// A JSON Feed through the gateway is Atom with its 12 items, each with
	// its text as the summary; asked again within the interval, no request.
	const jsonFeed = "https://www.lindqvist.blog/feed.json"
	var atom struct {
		Entries []struct {
			Title   string `xml:"title"`
			Summary struct {
				Type string `xml:"type,attr"`
				Text string `xml:",chardata"`
			} `xml:"summary"`
		} `xml:"entry"`
	}
	for range 2 {
		code, body, hdr = g.Get(t, g.FeedURL(jsonFeed))
		if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/atom+xml") {
			t.Fatalf("a JSON Feed through the gateway: %d %s %.200s", code, hdr.Get("Content-Type"), body)
		}
	}
	if err := xml.Unmarshal([]byte(body), &atom); err != nil || len(atom.Entries) != 12 {
		t.Fatalf("a JSON Feed through the gateway: %v, %d entries", err, len(atom.Entries))
	}
	for _, e := range atom.Entries {
		if e.Title == "" || e.Summary.Type != "text" || e.Summary.Text == "" {
			t.Errorf("entry %+v: want a title and a text summary", e)
		}
	}
	if n := len(fw.Hits("www.lindqvist.blog")); n != 2 {
		t.Errorf("the JSON Feed's site saw %d requests for two gateway requests, want robots.txt and the feed once", n)
	}
}
