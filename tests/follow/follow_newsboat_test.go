package follow

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// TestFollowNewsboat: newsboat (Debian's) reads what feedscout makes,
// through `exec:` (newsboat runs `feed` itself) and through the gateway:
// an Asahi department, Yomiuri's news sitemap, a Nikkei section and a
// Newsdesk news sitemap. Items have the fixture's titles, links and dates;
// a reload within the interval makes no request to the site; after it one
// conditional request, answered 304 when nothing changed; the site
// publishes two articles and the next reload after the interval has
// exactly those two new.
func TestFollowNewsboat(t *testing.T) {
	t.Parallel()
	for _, via := range []string{"exec", "gateway"} {
		t.Run(via, func(t *testing.T) {
			t.Parallel()
			harness.NewsboatPath(t)
			fw := harness.StartFollowWeb(t, 3, 10)
			const interval = 6 * time.Second
			sources := []string{
				"https://www.asahi.com/sitemap_national.xml",
				"https://www.yomiuri.co.jp/sitemap-news.xml",
				"https://www.nikkei.com/business/startups/",
				fw.Desk.URL("/news-sitemap.xml"),
			}
			feedOf := map[string]string{} // newsboat's feed URL -> source
			var lines []string
			var g *harness.GatewayProc
			if via == "gateway" {
				g = harness.StartGateway(t, fw.HostEnv, "--state", fw.State, "--min-interval", interval.String())
			}
			for _, s := range sources {
				var u string
				if g != nil {
					u = g.FeedURL(s)
				} else {
					u = fmt.Sprintf("exec:%s feed --state %s --min-interval %v %s", harness.HostBinary(t), fw.State, interval, s)
				}
				feedOf[u] = s
				lines = append(lines, `"`+u+`"`)
			}
			readerEnv := fw.HostEnv // newsboat starts `feed`, which reaches the web through its proxy
			if g != nil {
				// newsboat itself asks the gateway, on loopback: no proxy.
				readerEnv = append(append([]string(nil), fw.HostEnv...), "NO_PROXY=127.0.0.1", "no_proxy=127.0.0.1")
			}
			r := harness.NewReader(t, readerEnv, lines...)

			r.Reload(t)
			first := time.Now()
			got := harness.ByFeed(r.Items(t))
			if len(got) != len(sources) {
				t.Fatalf("newsboat has items of %d feeds, want %d: %v", len(got), len(sources), feedKeys(got))
			}
			for u, its := range got {
				src := feedOf[u]
				if src == "" {
					t.Fatalf("items of an unknown feed %q", u)
				}
				if strings.Contains(src, "nikkei") {
					if len(its) != 20 {
						t.Errorf("Nikkei section: %d items, want its 20 articles", len(its))
					}
					for _, it := range its {
						if !strings.HasPrefix(it.URL, "https://www.nikkei.com/article/") || it.Title == "" {
							t.Errorf("Nikkei item %q %s", it.Title, it.URL)
						}
					}
					continue
				}
				sm := harness.FixtureSitemap(t, fw.Web, src)
				if len(its) != len(sm.URLs) {
					t.Errorf("%s: %d items, the sitemap has %d", src, len(its), len(sm.URLs))
				}
				want := map[string]string{}
				for _, x := range sm.URLs {
					d, _ := time.Parse(time.RFC3339, x.News.Date)
					want[x.Loc] = x.News.Title + " @ " + d.UTC().Format(time.RFC3339)
				}
				for _, it := range its {
					if g := it.Title + " @ " + it.Published.Format(time.RFC3339); want[it.URL] != g {
						t.Errorf("%s: item %s is %q, fixture %q", src, it.URL, g, want[it.URL])
					}
				}
			}

			const p = "/news-sitemap.xml"
			n0, _, _ := fw.DeskHits(p)
			r.Reload(t)
			if time.Since(first) < interval {
				if n, _, _ := fw.DeskHits(p); n != n0 {
					t.Errorf("a reload within the interval made %d requests to the site", n-n0)
				}
			}
			time.Sleep(time.Until(first.Add(interval + 500*time.Millisecond)))
			r.Reload(t)
			n1, nm1, cond1 := fw.DeskHits(p)
			if n1 != n0+1 || nm1 != 1 || cond1 != 1 {
				t.Errorf("after the interval: %d new requests, %d answered 304, %d conditional; want 1, 1, 1", n1-n0, nm1, cond1)
			}
			before := len(r.Items(t))
			added := fw.Desk.Publish(2, -1)
			time.Sleep(interval + 500*time.Millisecond)
			r.Reload(t)
			after := r.Items(t)
			if len(after) != before+2 {
				t.Fatalf("after publishing 2: %d items, want %d", len(after), before+2)
			}
			fresh := map[string]harness.Item{}
			for _, it := range after[before:] {
				fresh[it.URL] = it
			}
			for _, a := range added {
				it, ok := fresh[a.URL]
				if !ok || it.Title != a.Title || !it.Published.Equal(a.Published) {
					t.Errorf("new article %s %q %v: newsboat has %+v", a.URL, a.Title, a.Published, it)
				}
			}
		})
	}
}

func feedKeys(m map[string][]harness.Item) []string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	return out
}
