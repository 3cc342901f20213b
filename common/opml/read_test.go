package opml_test

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/wasm/opmlimport"
)

// The tests of package opmlimport: round trips through every flavour of
// the writer, files of earlier versions and of other readers, and errors.
// They live here, beside the writer's helpers (export_test.go) and
// testdata, as an external test package: opmlimport imports opml, so only
// opml_test can use both.

func TestRoundTrip(t *testing.T) {
	cases := map[string][]opml.Subscription{
		"empty":   {},
		"sample":  opml.WithJSON(),
		"grouped": opml.Grouped(opml.WithJSON()),
	}
	for fname, o := range opml.Flavours {
		for name, subs := range cases {
			t.Run(fname+"/"+name, func(t *testing.T) {
				var b bytes.Buffer
				o.Title = `My <subs> & "more"`
				if err := opml.WriteFor(&b, subs, o); err != nil {
					t.Fatal(err)
				}
				got, err := opmlimport.Read(&b)
				if err != nil {
					t.Fatalf("read back: %v\n%s", err, b.String())
				}
				if want := opml.Grouped(subs); !reflect.DeepEqual(got, want) {
					t.Errorf("round trip changed subscriptions:\n got %#v\nwant %#v", got, want)
				}
			})
		}
	}
}

// TestJSONThroughGateway: without the option a JSON Feed is its own
// outline in the any flavour, an RSS or Atom feed always is; with it the
// JSON Feed is the gateway's URL and reads back as the same feed.
func TestJSONThroughGateway(t *testing.T) {
	subs := []opml.Subscription{
		{Kind: kind.Feed, URL: "https://www.lindqvist.blog/feed.json", Title: "L", Site: "https://www.lindqvist.blog/", Format: "json"},
		{Kind: kind.Feed, URL: "https://blog.example.com/feed/", Title: "B", Site: "https://blog.example.com/", Format: "rss"},
	}
	for _, through := range []bool{false, true} {
		var b bytes.Buffer
		if err := opml.WriteFor(&b, subs, opml.Options{Gateway: "http://127.0.0.1:41234/", JSONThroughGateway: through}); err != nil {
			t.Fatal(err)
		}
		want := subs[0].URL
		if through {
			want = "http://127.0.0.1:41234/feed?url=https%3A%2F%2Fwww.lindqvist.blog%2Ffeed.json"
		}
		if !strings.Contains(b.String(), `xmlUrl="`+want+`"`) || !strings.Contains(b.String(), `xmlUrl="https://blog.example.com/feed/"`) {
			t.Errorf("JSONThroughGateway %v: want xmlUrl %s and the RSS feed's own:\n%s", through, want, b.String())
		}
		got, err := opmlimport.Read(&b)
		if err != nil || !reflect.DeepEqual(got, subs) {
			t.Errorf("JSONThroughGateway %v: read back %+v, %v", through, got, err)
		}
	}
}

// readTestdata reads the subscriptions of testdata/name.
func readTestdata(t *testing.T, name string) []opml.Subscription {
	t.Helper()
	f, err := os.Open(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	got, err := opmlimport.Read(f)
	if err != nil {
		t.Fatal(err)
	}
	return got
}

// TestReadEarlierExport: a file of the earlier writer, whose non-feeds
// were type="link" outlines, reads back as it was written.
func TestReadEarlierExport(t *testing.T) {
	got := readTestdata(t, "export-v1.opml")
	if want := opml.Grouped(opml.Sample()); !reflect.DeepEqual(got, want) {
		t.Errorf("earlier export:\n got %#v\nwant %#v", got, want)
	}
}

func TestReadForeign(t *testing.T) {
	cases := []struct {
		name string
		file string
		want []opml.Subscription
	}{
		{"nested folders", "foreign-nested.opml", []opml.Subscription{
			{Kind: kind.Feed, URL: "https://go.dev/blog/feed.atom", Title: "The Go Blog", Site: "https://go.dev/blog/", Format: "rss"},
			{Kind: kind.Feed, URL: "https://deep.example/rss", Title: "Deep", Site: "", Format: "atom"},
			{Kind: kind.Feed, URL: "https://text-only.example/feed", Title: "Text only — café", Site: "https://text-only.example/"},
			{Kind: kind.Feed, URL: "https://untitled.example/feed.xml", Title: "", Site: ""},
		}},
		{"latin1", "foreign-latin1.opml", []opml.Subscription{
			{Kind: kind.Feed, URL: "https://zeitung.example/rss", Title: "Süddeutsche Müller", Site: "https://zeitung.example/"},
		}},
		{"freshrss export", "freshrss-export.opml", []opml.Subscription{
			{Kind: kind.Section, URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ"},
			{Kind: kind.NewsSitemap, URL: "https://www.asahi.com/sitemap_national.xml", Title: "national"},
			{Kind: kind.ArticleSitemap, URL: "https://www.harbor-dispatch.com/post-sitemap.xml", Title: "articles"},
			{Kind: kind.Feed, URL: "https://www.lindqvist.blog/feed.json", Title: "Lindqvist", Site: "https://www.lindqvist.blog/", Format: "json"},
			{Kind: kind.Feed, URL: "https://www.theverge.com/rss/index.xml", Title: "Verge", Site: "https://www.theverge.com/"},
		}},
		{"our kinds undeclared prefix", "undeclared-prefix.opml", []opml.Subscription{
			{Kind: kind.NewsSitemap, URL: "https://www.yomiuri.co.jp/sitemap-news.xml", Title: "Yomiuri", Site: "https://www.yomiuri.co.jp/"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			got := readTestdata(t, c.file)
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Read(%s):\n got %#v\nwant %#v", c.file, got, c.want)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	big := "<opml><body>" + strings.Repeat(" ", opmlimport.MaxSize) + "</body></opml>"
	cases := []struct {
		name, in, want string
	}{
		{"empty", "", "opml: read: no <opml> element"},
		{"not opml", `<rss version="2.0"><channel/></rss>`, "opml: read: root element is <rss>, not <opml>"},
		{"html", `<!doctype html><html><body>hi</body></html>`, "opml: read: "},
		{"unclosed", `<opml><body><outline xmlUrl="https://x/">`, "opml: read: XML syntax error"},
		{"too large", big, "opml: read: document larger than 16777216 bytes"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			subs, err := opmlimport.Read(strings.NewReader(c.in))
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("Read error = %v (subs %v), want prefix %q", err, subs, c.want)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	if err := opml.WriteFor(&b, opml.Sample(), opml.Options{Title: "t"}); err != nil {
		f.Fatal(err)
	}
	f.Add(b.String())
	for _, name := range []string{"foreign-nested.opml", "undeclared-prefix.opml", "export-newsboat.opml",
		"export-freshrss.opml", "freshrss-export.opml", "export-v1.opml"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, in string) {
		subs, err := opmlimport.Read(strings.NewReader(in))
		if err != nil {
			return
		}
		// Whatever Read accepts, every flavour can write and Read
		// restores (in the writer's site order).
		for _, reader := range opml.Readers {
			var out bytes.Buffer
			if err := opml.WriteFor(&out, subs, opml.Options{Title: "fuzz", Reader: reader, Host: "/usr/bin/feedscout-host", Bridge: "https://rss-bridge.example.org"}); err != nil {
				t.Fatalf("%s: WriteFor(Read(x)) failed: %v", reader, err)
			}
			again, err := opmlimport.Read(&out)
			if err != nil {
				t.Fatalf("%s: Read(WriteFor(Read(x))) failed: %v\n%s", reader, err, out.String())
			}
			if want := opml.Grouped(subs); !reflect.DeepEqual(again, want) {
				t.Fatalf("%s: not lossless:\n got %#v\nwant %#v", reader, again, want)
			}
		}
	})
}

// TestReadFreshRSSTypes: the FreshRSS flavour's gateway (a .gz sitemap),
// XML+XPath and JSONFeed outlines (xpath_test.go's TestFreshRSSTypes) read
// back as the subscriptions written.
func TestReadFreshRSSTypes(t *testing.T) {
	subs := []opml.Subscription{
		{Kind: kind.NewsSitemap, URL: "https://www.prairie-gazette.com/sitemaps/news-sitemap.xml.GZ?v=2", Site: "https://www.prairie-gazette.com/"},
		{Kind: kind.ArticleSitemap, URL: "https://www.prairie-gazette.com/post-sitemap.xml", Site: "https://www.prairie-gazette.com/"},
		{Kind: kind.Feed, URL: "https://www.lindqvist.blog/feed.json", Site: "https://www.lindqvist.blog/", Format: "json"},
	}
	var b bytes.Buffer
	if err := opml.WriteFor(&b, subs, opml.Options{Reader: opml.ReaderFreshRSS, Gateway: "http://127.0.0.1:9000"}); err != nil {
		t.Fatal(err)
	}
	back, err := opmlimport.Read(&b)
	if err != nil || !reflect.DeepEqual(back, subs) {
		t.Errorf("read back %v (%v), want %v", back, err, subs)
	}
}
