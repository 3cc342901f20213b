package opml

import (
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"strconv"
	"testing"

	"feedscout/common/report/kind"
	"feedscout/tests/readertest"
)

// bridgeParams parses a BridgeURL into its expressions as XPathBridge
// reads them: PHP decodes the query, then the bridge url-decodes each
// expression once more (bridges/XPathBridge.php, getExpressionItem).
func bridgeParams(t *testing.T, u string) (src string, x readertest.XPath) {
	t.Helper()
	p, err := url.Parse(u)
	if err != nil {
		t.Fatal(err)
	}
	q := p.Query()
	if p.Scheme+"://"+p.Host+p.Path != "https://bridge.example/rss/" || q.Get("action") != "display" ||
		q.Get("bridge") != "XPathBridge" || q.Get("format") != "Atom" {
		t.Fatalf("%s: not an Atom XPathBridge display URL of https://bridge.example/rss", u)
	}
	again := func(name string) string {
		v := q.Get(name)
		twice, err := url.QueryUnescape(v)
		if err != nil || twice != v {
			t.Errorf("%s=%q changes when XPathBridge url-decodes it again (%q, %v)", name, v, twice, err)
		}
		return v
	}
	return q.Get("url"), readertest.XPath{HTML: true, Item: again("item"), Title: again("title"),
		URI: again("uri"), Time: again("timestamp")}
}

// bridgeSitemap is a news sitemap with an image extension, whose
// image:title libxml2's HTML parser also names title.
const bridgeSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">
<url><loc>https://www.asahi.com/articles/ASN1.html</loc>
<image:image><image:loc>https://www.asahi.com/i/1.jpg</image:loc><image:title>A photo</image:title></image:image>
<news:news><news:publication><news:name>朝日新聞</news:name><news:language>ja</news:language></news:publication>
<news:publication_date>2026-11-29T10:00:00+09:00</news:publication_date><news:title>東京 &amp; 大阪</news:title></news:news></url>
<url><loc>https://www.asahi.com/articles/ASN2.html</loc><lastmod>2026-11-29T09:30:00+09:00</lastmod>
<news:news><news:publication><news:name>朝日新聞</news:name><news:language>ja</news:language></news:publication>
<news:publication_date>2026-11-29T09:00:00+09:00</news:publication_date><news:title>Second</news:title></news:news></url>
<url><loc>https://www.asahi.com/plain/</loc></url>
</urlset>`

// TestBridgeSitemaps: the RSS-Bridge URLs of a news sitemap and an
// article sitemap, their expressions run by libxml2's HTML parser (as
// DOMDocument::loadHTML reads the file), give each entry with its title,
// link and time; the image's title is not taken for the story's.
func TestBridgeSitemaps(t *testing.T) {
	file := filepath.Join(t.TempDir(), "sitemap.xml")
	if err := os.WriteFile(file, []byte(bridgeSitemap), 0o644); err != nil {
		t.Fatal(err)
	}
	src := "https://www.asahi.com/sitemap_national.xml?date=2026-11-29&x=a+b"
	for _, c := range []struct {
		kind kind.SourceKind
		want [][4]string
	}{
		{kind.NewsSitemap, [][4]string{
			{"東京 & 大阪", "https://www.asahi.com/articles/ASN1.html", "2026-11-29T10:00:00+09:00", ""},
			{"Second", "https://www.asahi.com/articles/ASN2.html", "2026-11-29T09:00:00+09:00", ""},
		}},
		{kind.ArticleSitemap, [][4]string{
			{"https://www.asahi.com/articles/ASN2.html", "https://www.asahi.com/articles/ASN2.html", "2026-11-29T09:30:00+09:00", ""},
		}},
	} {
		t.Run(string(c.kind), func(t *testing.T) {
			got, x := bridgeParams(t, BridgeURL("https://bridge.example/rss", Subscription{Kind: c.kind, URL: src}))
			if got != src {
				t.Errorf("url=%q, want %q", got, src)
			}
			if items := readertest.Scrape(t, x, file); !reflect.DeepEqual(items, c.want) {
				t.Errorf("items\n%q\nwant\n%q", items, c.want)
			}
		})
	}
}

// TestBridgeSection: a section's RSS-Bridge URL selects what FreshRSS's
// section outline selects (TestSectionXPath), titles included, with no
// timestamp; a page whose path XPathBridge would decode again (a
// percent-encoded path, a plus) still gets a usable expression.
func TestBridgeSection(t *testing.T) {
	file := filepath.Join(t.TempDir(), "section.html")
	if err := os.WriteFile(file, []byte(sectionPage), 0o644); err != nil {
		t.Fatal(err)
	}
	page := "https://news.example/business/"
	want := scrape(t, XPathFor(Subscription{Kind: kind.Section, URL: page}), file)
	if len(want) == 0 {
		t.Fatal("FreshRSS's outline selects nothing on the section page")
	}
	for i := range want {
		want[i][2], want[i][3] = "", ""
	}
	_, x := bridgeParams(t, BridgeURL("https://bridge.example/rss/", Subscription{Kind: kind.Section, URL: page}))
	if x.Time != "" {
		t.Errorf("timestamp=%q: a section page has no times", x.Time)
	}
	if got := readertest.Scrape(t, x, file); !reflect.DeepEqual(got, want) {
		t.Errorf("items\n%q\nwant\n%q", got, want)
	}
	// The same page under paths the second decoding would change: the
	// expressions survive it (bridgeParams) and select the same stories
	// (the page's own link is no story here either way).
	for _, odd := range []string{"https://news.example/%E7%B5%8C%E6%B8%88/", "https://news.example/a+b/", "https://news.example/it's/"} {
		_, x := bridgeParams(t, BridgeURL("https://bridge.example/rss", Subscription{Kind: kind.Section, URL: odd}))
		if got := readertest.Scrape(t, x, file); !reflect.DeepEqual(got, want) {
			t.Errorf("%s: items\n%q\nwant\n%q", odd, got, want)
		}
	}
}

// TestBridgeWays: the rss-bridge flavour sends sitemaps and sections
// through the bridge, a .gz file through the gateway, and feeds (JSON too)
// to the reader directly; it needs the bridge's address.
func TestBridgeWays(t *testing.T) {
	subs := []Subscription{
		{Kind: kind.Feed, URL: "https://a.example/feed.xml", Format: "rss"},
		{Kind: kind.Feed, URL: "https://a.example/feed.json", Format: "json"},
		{Kind: kind.NewsSitemap, URL: "https://a.example/sitemap-news.xml"},
		{Kind: kind.NewsSitemap, URL: "https://a.example/sitemap-news.xml.gz"},
		{Kind: kind.ArticleSitemap, URL: "https://a.example/sitemap.xml"},
		{Kind: kind.Section, URL: "https://a.example/business/"},
	}
	o := Options{Reader: ReaderRSSBridge, Bridge: "https://bridge.example/rss/"}
	ways, err := Ways(subs, o)
	if err != nil {
		t.Fatal(err)
	}
	if want := []string{WayDirect, WayDirect, WayBridge, WayGateway, WayBridge, WayBridge}; !reflect.DeepEqual(ways, want) {
		t.Errorf("ways %v, want %v", ways, want)
	}
	urls, err := Addresses(subs, o)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{subs[0].URL, subs[1].URL, BridgeURL("https://bridge.example/rss", subs[2]),
		GatewayURL(DefaultGateway, subs[3].URL), BridgeURL("https://bridge.example/rss", subs[4]), BridgeURL("https://bridge.example/rss", subs[5])}
	if !reflect.DeepEqual(urls, want) {
		t.Errorf("addresses\n%q\nwant\n%q", urls, want)
	}
	for _, bad := range []string{"", "rss-bridge.example", "https://bridge.example/?a=1", "ftp://bridge.example"} {
		if _, err := Ways(subs, Options{Reader: ReaderRSSBridge, Bridge: bad}); err == nil {
			t.Errorf("bridge %q accepted", bad)
		}
	}
}

// TestSignedAddresses: with Sign set, every gateway address carries the
// signature of its source for Atom, and the OPML writes the same
// addresses; without it, none has one.
func TestSignedAddresses(t *testing.T) {
	subs := []Subscription{
		{Kind: kind.Feed, URL: "https://a.example/feed.xml", Format: "rss"},
		{Kind: kind.NewsSitemap, URL: "https://a.example/sitemap-news.xml", Site: "https://a.example/"},
		{Kind: kind.Section, URL: "https://a.example/business/?p=1&q=2", Site: "https://a.example/"},
	}
	var asked [][2]string
	sign := func(format, source string) string {
		asked = append(asked, [2]string{format, source})
		return "s" + strconv.Itoa(len(source))
	}
	o := Options{Reader: ReaderAny, Gateway: "https://feeds.example.org/", Sign: sign}
	urls, err := Addresses(subs, o)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{subs[0].URL,
		"https://feeds.example.org/feed?url=" + url.QueryEscape(subs[1].URL) + "&sig=s34",
		"https://feeds.example.org/feed?url=" + url.QueryEscape(subs[2].URL) + "&sig=s35"}
	if !reflect.DeepEqual(urls, want) {
		t.Errorf("addresses\n%q\nwant\n%q", urls, want)
	}
	if wantAsked := [][2]string{{"atom", subs[1].URL}, {"atom", subs[2].URL}}; !reflect.DeepEqual(asked, wantAsked) {
		t.Errorf("signed %q, want %q", asked, wantAsked)
	}
	o.Sign = nil
	if urls, _ := Addresses(subs, o); urls[1] != GatewayURL("https://feeds.example.org", subs[1].URL) {
		t.Errorf("unsigned address %q", urls[1])
	}
}
