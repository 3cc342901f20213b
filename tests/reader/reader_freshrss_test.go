package reader

import (
	"io"
	"net/url"
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

// TestReaderFreshRSS checks the freshrss flavour against the fixture web
// as FreshRSS would read it. FreshRSS is not in Debian; its XPath feeds
// run libxml2's XPath 1.0 (PHP's DOMXPath), so each outline's expressions
// are run here by libxml2's own xmllint (--html for HTML+XPath), the way
// FreshRSS runs them (items over the document, each field normalize-space()
// with the item as context), on the document the fixture serves, and
// compared with the entries `feedscout-host feed` makes of the same
// source: a news sitemap gives the same links, titles and dates; an
// article sitemap the same links and dates (its titles are the addresses:
// feed makes them from the last path segment, which XPath 1.0 cannot cut
// out); a section page every entry of feed with its title, and beyond them
// only links the dominant-segment rule drops (which XPath cannot say). A
// .gz sitemap is the gateway's URL (FreshRSS cannot unpack a gzip file),
// and the JSON Feed is marked JSONFeed.
func TestReaderFreshRSS(t *testing.T) {
	t.Parallel()
	readertest.Tool(t, "xmllint")
	w := harness.StartWeb(t, fixtureweb.DefaultSites())
	env := harness.FastEnv(w)
	reports, _ := discoverReports(t, env, fixtureweb.DefaultSites())
	file := writeOPML(t, env, t.TempDir(), reports, "--reader", "freshrss", "--gateway", "http://127.0.0.1:8765")
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	state := t.TempDir()
	docs := t.TempDir()
	seen := map[string]int{}
	for i, o := range frssOutlines(t, doc) {
		src := o["feedscout:href"]
		switch o["type"] {
		case "rss":
			if o["feedscout:kind"] != string(kind.Feed) {
				if !strings.HasSuffix(src, ".gz") || o["xmlUrl"] != opml.GatewayURL("http://127.0.0.1:8765", src) {
					t.Errorf("%s %s: a plain outline %q that is not a .gz sitemap through the gateway", o["feedscout:kind"], src, o["xmlUrl"])
				}
				seen["gzip"]++
			}
			continue
		case opml.TypeJSONFeed:
			if o["feedscout:kind"] != string(kind.Feed) || o["feedscout:format"] != "json" || o["xmlUrl"] != src {
				t.Errorf("a JSONFeed outline that is not a JSON Feed: %v", o)
			}
			seen["json"]++
			continue
		case opml.TypeXMLXPath, opml.TypeHTMLXPath:
		default:
			t.Errorf("outline type %q", o["type"])
			continue
		}
		if o["xmlUrl"] != src {
			t.Errorf("%s: xmlUrl %q", src, o["xmlUrl"])
		}
		x := opml.XPath{Type: o["type"], Item: o["frss:xPathItem"], Title: o["frss:xPathItemTitle"],
			URI: o["frss:xPathItemUri"], Timestamp: o["frss:xPathItemTimestamp"], UID: o["frss:xPathItemUid"]}
		body, ctype := fetchDoc(t, w, src)
		path := filepath.Join(docs, strconv.Itoa(i))
		if err := os.WriteFile(path, body, 0o644); err != nil {
			t.Fatal(err)
		}
		items := scrapeXPath(t, x, path)
		out, errOut, code := harness.RunHost(t, env, "", "feed", "--state", state, src)
		if code != 0 {
			t.Errorf("feed %s: exit %d: %s", src, code, errOut)
			continue
		}
		entries := harness.ParseAtom(t, out).Entries
		sk := kind.SourceKind(o["feedscout:kind"])
		seen[string(sk)]++
		t.Logf("%-15s %3d XPath items, %3d feed entries  %s", sk, len(items), len(entries), src)
		if len(entries) == 0 {
			t.Errorf("%s: feed made no entries", src)
		}
		byLink := map[string][4]string{}
		for _, it := range items {
			if it[1] != it[3] {
				t.Errorf("%s: item id %q is not its link %q", src, it[3], it[1])
			}
			abs, err := url.Parse(src)
			if err != nil {
				t.Fatal(err)
			}
			u, err := abs.Parse(it[1])
			if err != nil {
				t.Errorf("%s: item link %q: %v", src, it[1], err)
				continue
			}
			byLink[u.String()] = it
		}
		switch sk {
		case kind.NewsSitemap, kind.ArticleSitemap:
			if len(byLink) != len(entries) {
				t.Errorf("%s: %d XPath items, feed has %d entries", src, len(byLink), len(entries))
			}
			for _, e := range entries {
				it, ok := byLink[e.Link.Href]
				if !ok {
					t.Errorf("%s: feed's entry %s is no XPath item", src, e.Link.Href)
					continue
				}
				want := e.Title
				if sk == kind.ArticleSitemap {
					want = e.Link.Href
				}
				if !sameText(it[0], want) {
					t.Errorf("%s: %s is titled %q by XPath, want %q", src, e.Link.Href, it[0], want)
				}
				if !sameTime(it[2], e.Published) {
					t.Errorf("%s: %s is dated %q by XPath, %q by feed", src, e.Link.Href, it[2], e.Published)
				}
			}
		case kind.Section:
			page, err := classify.Classify(src, body, ctype)
			if err != nil {
				t.Fatal(err)
			}
			kept := map[string]bool{}
			for _, l := range classify.Dominant(page.Articles) {
				kept[l.URL] = true
			}
			inFeed := map[string]bool{}
			for _, e := range entries {
				inFeed[e.Link.Href] = true
				it, ok := byLink[e.Link.Href]
				if !ok {
					t.Errorf("%s: feed's entry %s is no XPath item", src, e.Link.Href)
				} else if !sameText(it[0], e.Title) {
					t.Errorf("%s: %s is titled %q by XPath, %q by feed", src, e.Link.Href, it[0], e.Title)
				}
			}
			for link := range byLink {
				if !inFeed[link] && kept[link] {
					t.Errorf("%s: XPath item %s is one the section rule keeps, but not in the feed", src, link)
				}
				if !inFeed[link] && !articleOf(page.Articles, link) {
					t.Errorf("%s: XPath item %s is no article of the page by feedscout's rule", src, link)
				}
			}
		}
	}
	for _, k := range []string{string(kind.NewsSitemap), string(kind.ArticleSitemap), string(kind.Section), "gzip", "json"} {
		if seen[k] == 0 {
			t.Errorf("no %s outline on the fixture web", k)
		}
	}
}

// sameText compares titles as words: XPath's normalize-space() collapses
// only ASCII white space, feedscout every Unicode space (the ideographic
// space U+3000 of Japanese headlines).
func sameText(a, b string) bool {
	return strings.Join(strings.Fields(a), " ") == strings.Join(strings.Fields(b), " ")
}

// articleOf reports whether link is among a page's article links.
func articleOf(links []classify.Link, link string) bool {
	for _, l := range links {
		if l.URL == link {
			return true
		}
	}
	return false
}

// sameTime compares a sitemap date (W3C Datetime) with an Atom date.
func sameTime(w3c, atom string) bool {
	b, err := time.Parse(time.RFC3339, atom)
	if err != nil {
		return false
	}
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", time.DateOnly} {
		if a, err := time.Parse(layout, w3c); err == nil {
			return a.Equal(b)
		}
	}
	return false
}

// fetchDoc gets a document as FreshRSS would: its body (transfer gzip
// undone) and Content-Type.
func fetchDoc(t testing.TB, w *fixtureweb.Web, u string) ([]byte, string) {
	t.Helper()
	resp, err := w.Client().Get(u)
	if err != nil {
		t.Fatalf("get %s: %v", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("get %s: %d %v", u, resp.StatusCode, err)
	}
	return body, resp.Header.Get("Content-Type")
}

// frssOutlines returns the attributes of every outline of an OPML
// document that has no child outline, namespaced ones under their usual
// prefix (feedscout:, frss:).
func frssOutlines(t testing.TB, doc []byte) []map[string]string {
	t.Helper()
	return readertest.Outlines(t, doc, map[string]string{opml.Namespace: "feedscout", opml.FreshRSSNamespace: "frss"})
}

// scrapeXPath evaluates x on the document in file the way FreshRSS does,
// with libxml2's XPath engine (readertest.Scrape). It returns [title, uri,
// timestamp, uid] per item.
func scrapeXPath(t testing.TB, x opml.XPath, file string) [][4]string {
	t.Helper()
	return readertest.Scrape(t, readertest.XPath{HTML: x.Type == opml.TypeHTMLXPath, Item: x.Item,
		Title: x.Title, URI: x.URI, Time: x.Timestamp, UID: x.UID}, file)
}
