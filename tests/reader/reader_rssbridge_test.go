package reader

import (
	"fmt"
	"net/http"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"feedscout/common/classify"
	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
	"feedscout/tests/readertest"
)

// TestReaderRSSBridge: RSS-Bridge for real. Debian's rss-bridge package
// (2022-01-20) under php -S, XPathBridge whitelisted, fetching the fixture
// web through its proxy (readertest.StartRSSBridge), is given every URL
// `opml --reader rss-bridge --bridge BASE` writes for Asahi's
// departments, Yomiuri's and a Newsdesk's news sitemaps, Nikkei's and
// sections-home's sections and the article sitemap of recipebox; each
// answer is Atom that Debian's feedparser reads without bozo, compared
// with what `feedscout-host feed` makes of the same source:
//   - a news sitemap: the same entries, each with the same link, title
//     and date;
//   - an article sitemap: the same links and dates, each entry titled by
//     its address (XPath 1.0 cannot cut a title out of the URL, as `feed`
//     does);
//   - a section: every entry of feed, with its title; beyond them only
//     links that are articles of the page by feedscout's rule and that
//     the dominant-segment rule drops (XPath cannot say it:
//     docs/readers.md), each dated when RSS-Bridge answered (the page
//     has no dates, and RSS-Bridge dates an item without one so).
//
// A .gz news sitemap, which RSS-Bridge cannot unpack, is the public
// gateway's signed URL (`opml --gateway BASE --state DIR`, the key of that
// state folder; BASE a name, reached at the gateway's loopback port), and
// the gateway's feed is compared in the same way.
//
// Titles are compared as words: RSS-Bridge trims an anchor's text but
// keeps the white space inside it, feedscout collapses every run of
// Unicode space (sameText).
func TestReaderRSSBridge(t *testing.T) {
	t.Parallel()
	var sites []fixtureweb.Site
	for _, s := range fixtureweb.DefaultSites() {
		switch s.Name {
		case "asahi", "yomiuri", "nikkei", "sections-home", "article-sitemap", "gzip-news-sitemap":
			sites = append(sites, s)
		}
	}
	// The Newsdesk's headlines carry "&": RSS-Bridge writes titles as
	// type="html", which a reader must not show as "&amp;".
	sites = append(sites, fixtureweb.NewNewsdesk(harness.DeskHost, 3, 10, nil).Site("followdesk"))
	w := harness.StartWeb(t, sites)
	env := harness.FastEnv(w)
	b := readertest.StartRSSBridge(t, w.ProxyURL, w.CAFile)
	reports, _ := discoverReports(t, env, sites)
	dir := t.TempDir()
	// The gateway at a name of its own: `opml` signs only a gateway that
	// is not this machine's (a loopback BASE's URLs stay unsigned).
	gwState := t.TempDir()
	port := strconv.Itoa(readertest.FreePort(t))
	g := harness.StartPublicAt(t, env, "http://gateway.feedscout.test:"+port, "127.0.0.1:"+port, "--state", gwState)
	file := writeOPML(t, env, dir, reports, "--reader", "rss-bridge", "--bridge", b.Base, "--gateway", g.Base, "--state", gwState)
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	seen := map[string]int{}
	for i, o := range readertest.Outlines(t, doc, map[string]string{opml.Namespace: "feedscout"}) {
		src, sk := o["feedscout:href"], kind.SourceKind(o["feedscout:kind"])
		want := opml.BridgeURL(b.Base, opml.Subscription{Kind: sk, URL: src})
		gz := strings.HasSuffix(src, ".gz")
		if gz {
			want = harness.SignURLs(t, gwState, g.Base, "atom", src)[0]
		}
		if o["xmlUrl"] != want {
			t.Errorf("%s %s: xmlUrl %q, want %q", sk, src, o["xmlUrl"], want)
			continue
		}
		asked := time.Now()
		var code int
		var ctype string
		var body []byte
		if gz {
			var s string
			var hdr http.Header
			code, s, hdr = g.Get(t, want)
			ctype, body = hdr.Get("Content-Type"), []byte(s)
			seen["gzip"]++
		} else {
			code, ctype, body = b.Get(t, o["xmlUrl"])
		}
		answered := time.Now()
		if code != 200 || !strings.HasPrefix(ctype, "application/atom+xml") {
			t.Errorf("%s: %s answered %d %s: %.300s", src, o["xmlUrl"], code, ctype, body)
			continue
		}
		bridged := feedparserFile(t, filepath.Join(dir, fmt.Sprintf("bridge-%d.xml", i)), body)
		if bridged.Bozo != 0 || bridged.Version != "atom10" {
			t.Errorf("%s: feedparser reads RSS-Bridge's answer with bozo %d (%s), version %q", src, bridged.Bozo, bridged.BozoWhy, bridged.Version)
		}
		out, errOut, fcode := harness.RunHost(t, env, "", "feed", "--state", state, src)
		if fcode != 0 {
			t.Errorf("feed %s: exit %d: %s", src, fcode, errOut)
			continue
		}
		made := feedparserFile(t, filepath.Join(dir, fmt.Sprintf("feed-%d.xml", i)), []byte(out))
		seen[string(sk)]++
		via := "RSS-Bridge"
		if gz {
			via = "the gateway"
		}
		t.Logf("%-15s %3d entries from %s, %3d from feed  %s", sk, len(bridged.Entries), via, len(made.Entries), src)
		if len(made.Entries) == 0 {
			t.Errorf("%s: feed made no entries", src)
			continue
		}
		type entry struct{ title, published string }
		got := map[string]entry{}
		for _, e := range bridged.Entries {
			if _, dup := got[e.Link]; dup {
				t.Errorf("%s: RSS-Bridge has %s twice", src, e.Link)
			}
			got[e.Link] = entry{e.Title, e.Published}
		}
		inFeed := map[string]bool{}
		for _, e := range made.Entries {
			inFeed[e.Link] = true
			g, ok := got[e.Link]
			if !ok {
				t.Errorf("%s: feed's entry %s is not in RSS-Bridge's feed", src, e.Link)
				continue
			}
			wantTitle := e.Title
			if sk == kind.ArticleSitemap {
				wantTitle = e.Link
			}
			if !sameText(g.title, wantTitle) {
				t.Errorf("%s: %s is titled %q by RSS-Bridge, want %q", src, e.Link, g.title, wantTitle)
			}
			if sk != kind.Section && g.published != e.Published {
				t.Errorf("%s: %s is dated %q by RSS-Bridge, %q by feed", src, e.Link, g.published, e.Published)
			}
		}
		switch sk {
		case kind.NewsSitemap, kind.ArticleSitemap:
			if len(got) != len(made.Entries) {
				t.Errorf("%s: RSS-Bridge has %d entries, feed %d", src, len(got), len(made.Entries))
			}
		case kind.Section:
			page, ctype := fetchDoc(t, w, src)
			cl, err := classify.Classify(src, page, ctype)
			if err != nil {
				t.Fatal(err)
			}
			kept := map[string]bool{}
			for _, l := range classify.Dominant(cl.Articles) {
				kept[l.URL] = true
			}
			// An item without a timestamp RSS-Bridge dates when it
			// made the feed (AtomFormat: the bridge's lastModified).
			for link, g := range got {
				d, err := time.Parse(time.RFC3339, g.published)
				if err != nil || d.Before(asked.Truncate(time.Second)) || d.After(answered) {
					t.Errorf("%s: %s is dated %q by RSS-Bridge, want the time it answered (%s to %s)", src, link, g.published,
						asked.UTC().Format(time.RFC3339), answered.UTC().Format(time.RFC3339))
				}
				switch {
				case inFeed[link]:
				case kept[link]:
					t.Errorf("%s: RSS-Bridge's entry %s is one the section rule keeps, but not in the feed", src, link)
				case !articleOf(cl.Articles, link):
					t.Errorf("%s: RSS-Bridge's entry %s is no article of the page by feedscout's rule", src, link)
				}
			}
		default:
			t.Errorf("%s: an RSS-Bridge outline of kind %q", src, sk)
		}
	}
	for _, k := range []string{string(kind.NewsSitemap), string(kind.ArticleSitemap), string(kind.Section), "gzip"} {
		if seen[k] == 0 {
			t.Errorf("no %s outline read through RSS-Bridge", k)
		}
	}
}

// feedparserFile writes body to file and reads it with feedparser.
func feedparserFile(t testing.TB, file string, body []byte) harness.Parsed {
	t.Helper()
	if err := os.WriteFile(file, body, 0o644); err != nil {
		t.Fatal(err)
	}
	return harness.FeedparserCheck(t, file)
}
