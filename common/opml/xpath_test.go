package opml

import (
	"bytes"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"testing"

	"feedscout/common/classify"
	"feedscout/common/report/kind"
	"feedscout/tests/readertest"
)

// scrape evaluates x on the document in file the way FreshRSS does, with
// libxml2's own XPath engine (readertest.Scrape). It returns [title, uri,
// timestamp, uid] per item.
func scrape(t *testing.T, x XPath, file string) [][4]string {
	t.Helper()
	return readertest.Scrape(t, readertest.XPath{HTML: x.Type == TypeHTMLXPath, Item: x.Item,
		Title: x.Title, URI: x.URI, Time: x.Timestamp, UID: x.UID}, file)
}

// sectionPage has a link for each of the section rule's cases.
const sectionPage = `<!doctype html>
<html><head><meta charset="utf-8"><title>Business</title></head><body>
<nav><a href="/">Home</a><a href="/business/">Business</a><a href="/news/tech-and-science/">Tech</a>
<a href="/login?next=/business/">Sign in</a><a href="https://other.example/2026/11/29/offsite-story-here/">Elsewhere</a>
<a href="javascript:void(0)">Menu</a><a href="mailto:desk@news.example">Mail</a></nav>
<ul>
<li><a class="thumb" href="https://news.example/business/2026/11/29/markets-rally-on-rate-hopes/"><img src="/t.jpg" alt=""></a>
<h3><a href="https://news.example/business/2026/11/29/markets-rally-on-rate-hopes/">Markets rally
 on rate &amp; "hopes"</a></h3></li>
<li><h3><a href="/business/2026/11/28/factory-orders-fall/">Factory orders fall</a></h3></li>
<li><h3><a href="/business/2026/11/28/factory-orders-fall/?utm_source=mail">Factory orders fall (mail)</a></h3></li>
<li><a href="/article/DGXZQOUC026TI0S6A101C2000000/">日経の記事</a></li>
<li><a href="//news.example/video/48210-budget-talks">Budget talks</a></li>
<li><a href="//news.example/video/48210-budget-talks#comments">Comments</a></li>
<li><a href="/business/a-long-read-about-ports/" aria-label="Ports, a long read"><img src="/p.jpg" alt="Ports"></a></li>
<li><a href="/business/shipping-news-round-up/"><img src="/s.jpg" alt="Shipping round-up"></a></li>
<li><a href="/business/2026/">2026</a><a href="/tag/it-s/">It's</a></li>
</ul></body></html>`

// TestSectionXPath: the section outline's XPath, run by libxml2 on a page,
// keeps what feedscout's own rule keeps there (before the dominant-segment
// rule, which XPath cannot say), with the same titles.
func TestSectionXPath(t *testing.T) {
	file := filepath.Join(t.TempDir(), "section.html")
	if err := os.WriteFile(file, []byte(sectionPage), 0o644); err != nil {
		t.Fatal(err)
	}
	page := "https://news.example/business/"
	got := map[string]string{}
	for _, it := range scrape(t, XPathFor(Subscription{Kind: kind.Section, URL: page}), file) {
		if it[1] != it[3] || it[2] != "" {
			t.Errorf("item %q: uid %q, timestamp %q", it[1], it[3], it[2])
		}
		abs, err := resolve(page, it[1])
		if err != nil {
			t.Fatal(err)
		}
		got[abs] = it[0]
	}
	p, err := classify.Classify(page, []byte(sectionPage), "text/html")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, l := range p.Articles {
		want[l.URL] = l.Text
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("XPath items\n%q\nclassify's articles\n%q", got, want)
	}
	if len(want) != 6 {
		t.Errorf("%d articles on the page, want 6: %q", len(want), want)
	}
}

// TestSectionXPathNikkei: on the snapshot of Nikkei's /business/startups/
// (common/classify's golden page, read from there: 271 distinct links), the XPath
// keeps exactly classify's 25 article links with their titles; the
// dominant-segment rule, which XPath cannot say, then keeps 20 of them.
func TestSectionXPathNikkei(t *testing.T) {
	file, page := filepath.Join("..", "classify", "testdata", "nikkei-startups.html"), "https://www.nikkei.com/business/startups/"
	body, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	p, err := classify.Classify(page, body, "text/html")
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{}
	for _, l := range p.Articles {
		want[l.URL] = l.Text
	}
	got := map[string]string{}
	for _, it := range scrape(t, XPathFor(Subscription{Kind: kind.Section, URL: page}), file) {
		abs, err := resolve(page, it[1])
		if err != nil {
			t.Fatal(err)
		}
		got[abs] = it[0]
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("XPath items\n%q\nclassify's articles\n%q", got, want)
	}
	if len(want) != 25 || len(classify.Dominant(p.Articles)) != 20 {
		t.Errorf("%d articles, %d after the dominant rule; want 25 and 20", len(want), len(classify.Dominant(p.Articles)))
	}
}

// resolve makes href absolute against page.
func resolve(page, href string) (string, error) {
	p, err := url.Parse(page)
	if err != nil {
		return "", err
	}
	u, err := p.Parse(href)
	if err != nil {
		return "", err
	}
	return u.String(), nil
}

// newsSitemap has two news entries and a plain one.
const newsSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>https://www.asahi.com/articles/ASN1.html</loc><news:news><news:publication><news:name>朝日新聞</news:name><news:language>ja</news:language></news:publication>
<news:publication_date>2026-11-29T10:00:00+09:00</news:publication_date><news:title>  東京 &amp; 大阪 </news:title></news:news></url>
<url><loc>https://www.asahi.com/articles/ASN2.html</loc><news:news><news:publication><news:name>朝日新聞</news:name><news:language>ja</news:language></news:publication>
<news:publication_date>2026-11-29T09:00:00+09:00</news:publication_date><news:title>Second</news:title></news:news></url>
<url><loc>https://www.asahi.com/about/</loc></url>
</urlset>`

// articleSitemap has two dated entries and an undated one.
const articleSitemap = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
<url><loc>https://blog.example/2026/11/29/one/</loc><lastmod>2026-11-29</lastmod></url>
<url><loc>https://blog.example/2026/11/28/two/</loc><lastmod>2026-11-28T08:00:00Z</lastmod></url>
<url><loc>https://blog.example/about/</loc></url>
</urlset>`

func TestSitemapXPath(t *testing.T) {
	cases := []struct {
		kind kind.SourceKind
		doc  string
		want [][4]string
	}{
		{kind.NewsSitemap, newsSitemap, [][4]string{
			{"東京 & 大阪", "https://www.asahi.com/articles/ASN1.html", "2026-11-29T10:00:00+09:00", "https://www.asahi.com/articles/ASN1.html"},
			{"Second", "https://www.asahi.com/articles/ASN2.html", "2026-11-29T09:00:00+09:00", "https://www.asahi.com/articles/ASN2.html"},
		}},
		{kind.ArticleSitemap, articleSitemap, [][4]string{
			{"https://blog.example/2026/11/29/one/", "https://blog.example/2026/11/29/one/", "2026-11-29", "https://blog.example/2026/11/29/one/"},
			{"https://blog.example/2026/11/28/two/", "https://blog.example/2026/11/28/two/", "2026-11-28T08:00:00Z", "https://blog.example/2026/11/28/two/"},
		}},
	}
	for _, c := range cases {
		t.Run(string(c.kind), func(t *testing.T) {
			file := filepath.Join(t.TempDir(), "sitemap.xml")
			if err := os.WriteFile(file, []byte(c.doc), 0o644); err != nil {
				t.Fatal(err)
			}
			x := XPathFor(Subscription{Kind: c.kind, URL: "https://x.example/sitemap.xml"})
			if x.Type != TypeXMLXPath {
				t.Errorf("type %q", x.Type)
			}
			if got := scrape(t, x, file); !reflect.DeepEqual(got, c.want) {
				t.Errorf("items\n%q\nwant\n%q", got, c.want)
			}
		})
	}
}

// TestSectionXPathQuote: a section page whose path has a quote gives an
// expression libxml2 reads, which still leaves the page itself out.
func TestSectionXPathQuote(t *testing.T) {
	page := `<!doctype html><html><head><meta charset="utf-8"></head><body>
<a href="/it%27s-a-long-read/">Self</a><a href="/news/it's-a-new-story-here/">Story</a></body></html>`
	file := filepath.Join(t.TempDir(), "q.html")
	if err := os.WriteFile(file, []byte(page), 0o644); err != nil {
		t.Fatal(err)
	}
	got := scrape(t, XPathFor(Subscription{Kind: kind.Section, URL: "https://q.example/it%27s-a-long-read/"}), file)
	want := [][4]string{{"Story", "/news/it's-a-new-story-here/", "", "/news/it's-a-new-story-here/"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("items %q, want %q", got, want)
	}
}

// TestFreshRSSTypes: FreshRSS cannot unpack a gzip file, so a .gz sitemap
// goes through the gateway in the freshrss flavour; a JSON Feed is marked
// JSONFeed (only there); read_test.go reads them back.
func TestFreshRSSTypes(t *testing.T) {
	subs := []Subscription{
		{Kind: kind.NewsSitemap, URL: "https://www.prairie-gazette.com/sitemaps/news-sitemap.xml.GZ?v=2", Site: "https://www.prairie-gazette.com/"},
		{Kind: kind.ArticleSitemap, URL: "https://www.prairie-gazette.com/post-sitemap.xml", Site: "https://www.prairie-gazette.com/"},
		{Kind: kind.Feed, URL: "https://www.lindqvist.blog/feed.json", Site: "https://www.lindqvist.blog/", Format: "json"},
	}
	var b bytes.Buffer
	if err := WriteFor(&b, subs, Options{Reader: ReaderFreshRSS, Gateway: "http://127.0.0.1:9000"}); err != nil {
		t.Fatal(err)
	}
	got := outlines(t, b.Bytes())
	if o := got[0]; o["type"] != "rss" || o["xmlUrl"] != GatewayURL("http://127.0.0.1:9000", subs[0].URL) || o["frss:xPathItem"] != "" {
		t.Errorf("gzip sitemap outline %v, want the gateway's", o)
	}
	if o := got[1]; o["type"] != TypeXMLXPath || o["xmlUrl"] != subs[1].URL {
		t.Errorf("plain sitemap outline %v, want XML+XPath", o)
	}
	if o := got[2]; o["type"] != TypeJSONFeed || o["xmlUrl"] != subs[2].URL {
		t.Errorf("JSON Feed outline %v, want JSONFeed", o)
	}
	var any bytes.Buffer
	if err := WriteFor(&any, subs[2:], Options{}); err != nil {
		t.Fatal(err)
	}
	if o := outlines(t, any.Bytes())[0]; o["type"] != "rss" {
		t.Errorf("any: JSON Feed outline %v, want rss", o)
	}
}
