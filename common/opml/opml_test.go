package opml

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedscout/common/report/kind"
)

var update = flag.Bool("update", false, "rewrite testdata/*.opml from the current output")

// hostile are titles that must survive export and import as inert text.
var hostile = []string{
	`<img src=x onerror=alert(1)>`,
	`"double" & 'single' quotes`,
	`Tom & Jerry &amp; &lt;b&gt; ]]> <![CDATA[x]]>`,
	`日本経済新聞 – Ωmega 🙂 ÄÖÜ`,
	"tab\tnew\nline\rreturn",
	`  leading and trailing  `,
	`</outline></body></opml><outline xmlUrl="http://evil/">`,
}

func sample() []Subscription {
	subs := []Subscription{
		{Kind: kind.Feed, URL: "https://blog.example.com/feed/", Title: "Blog", Site: "https://blog.example.com/", Format: "rss", Added: "2026-11-29T10:00:00Z"},
		{Kind: kind.NewsSitemap, URL: "https://www.asahi.com/sitemap_national.xml", Title: "Asahi national", Site: "https://www.asahi.com/"},
		{Kind: kind.Section, URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ", Site: "https://www.nikkei.com/"},
		{Kind: kind.Feed, URL: "https://blog.example.com/comments/feed/", Title: "", Site: "https://blog.example.com/", Format: "atom"},
		{Kind: kind.ArticleSitemap, URL: "https://news.example.org/sitemap-articles.xml?a=1&b=2", Title: "Articles", Site: "https://news.example.org/"},
		{Kind: kind.Feed, URL: "https://loose.example.net/rss", Title: "No site"},
		{Kind: kind.Section, URL: "https://www.asahi.com/national/", Title: "", Site: "https://www.asahi.com/"},
	}
	for i, h := range hostile {
		subs = append(subs, Subscription{Kind: []kind.SourceKind{kind.Feed, kind.Section, kind.NewsSitemap}[i%3],
			URL: "https://hostile.example/" + string(rune('a'+i)), Title: h, Site: "https://hostile.example/?q=\"&x=<y>", Added: h})
	}
	return subs
}

// withJSON is sample and a JSON Feed, which the newsboat flavour runs
// through feedscout-host (sample stays what earlier exports were made of).
func withJSON() []Subscription {
	return append(sample(), Subscription{Kind: kind.Feed, URL: "https://www.lindqvist.blog/feed.json", Title: "Lindqvist", Site: "https://www.lindqvist.blog/", Format: "json"})
}

// grouped is the order Write promises: sites in order of first appearance,
// subscriptions without a site last, input order within each.
func grouped(subs []Subscription) []Subscription {
	var sites []string
	by := map[string][]Subscription{}
	for _, s := range subs {
		if _, ok := by[s.Site]; !ok && s.Site != "" {
			sites = append(sites, s.Site)
		}
		by[s.Site] = append(by[s.Site], s)
	}
	out := []Subscription{}
	for _, s := range append(sites, "") {
		out = append(out, by[s]...)
	}
	return out
}

// flavours are the Options every round trip runs with: each reader, and
// the odd gateway and host paths they must survive.
var flavours = map[string]Options{
	"any":              {Reader: ReaderAny},
	"default":          {},
	"any gateway":      {Reader: ReaderAny, Gateway: "http://[::1]:9000/gw/"},
	"any json gateway": {Reader: ReaderAny, Gateway: "http://127.0.0.1:41234", JSONThroughGateway: true},
	"newsboat":         {Reader: ReaderNewsboat, Host: "/usr/local/bin/feedscout-host"},
	"newsboat odd dir": {Reader: ReaderNewsboat, Host: `/home/o'neil/my "tools"/feedscout-host`},
	"freshrss":         {Reader: ReaderFreshRSS},
}

func TestWriteGolden(t *testing.T) {
	goldens := []struct {
		file string
		o    Options
	}{
		{"export.opml", Options{}},
		{"export-newsboat.opml", Options{Reader: ReaderNewsboat, Host: "/opt/feedscout/feedscout-host"}},
		{"export-freshrss.opml", Options{Reader: ReaderFreshRSS}},
	}
	for _, g := range goldens {
		t.Run(g.file, func(t *testing.T) {
			var b bytes.Buffer
			g.o.Title = "feedscout subscriptions"
			if err := WriteFor(&b, sample(), g.o); err != nil {
				t.Fatal(err)
			}
			path := filepath.Join("testdata", g.file)
			if *update {
				if err := os.WriteFile(path, b.Bytes(), 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatal(err)
			}
			if !bytes.Equal(b.Bytes(), want) {
				t.Errorf("WriteFor output differs from %s (go test -update to accept):\n%s", path, b.String())
			}
			// Every hostile title is escaped: no raw markup from a title
			// reaches the document, so the only elements are ours.
			for _, tag := range []string{"<img", "<![CDATA[", "</opml><outline", `"http://evil/"`} {
				if strings.Contains(b.String(), tag) {
					t.Errorf("output contains unescaped %q", tag)
				}
			}
		})
	}
}

// TestPlainWriteIsAny: Write is WriteFor for any reader through the
// default gateway.
func TestPlainWriteIsAny(t *testing.T) {
	var a, b bytes.Buffer
	if err := WriteFor(&a, sample(), Options{Title: "t"}); err != nil {
		t.Fatal(err)
	}
	if err := WriteFor(&b, sample(), Options{Title: "t", Reader: ReaderAny, Gateway: DefaultGateway}); err != nil {
		t.Fatal(err)
	}
	if a.String() != b.String() {
		t.Errorf("Write differs from WriteFor(any, default gateway)")
	}
}

func TestWriteErrors(t *testing.T) {
	cases := []struct {
		name string
		subs []Subscription
		want string
	}{
		{"unknown kind", []Subscription{{Kind: "podcast", URL: "https://x/"}}, `opml: write: subscription 0: unknown kind "podcast"`},
		{"empty url", []Subscription{{Kind: kind.Feed}}, "opml: write: subscription 0: empty url"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFor(&bytes.Buffer{}, c.subs, Options{Title: "t"})
			if err == nil || err.Error() != c.want {
				t.Errorf("Write error = %v, want %q", err, c.want)
			}
		})
	}
	section := []Subscription{{Kind: kind.Section, URL: "https://x.example/news/"}}
	flavourCases := []struct {
		name string
		o    Options
		subs []Subscription
		want string
	}{
		{"unknown reader", Options{Reader: "inoreader"}, nil, `opml: write: unknown reader "inoreader" (want any, newsboat, freshrss or rss-bridge)`},
		{"newsboat without host", Options{Reader: ReaderNewsboat}, section, "opml: write: the newsboat flavour needs the absolute path of feedscout-host"},
		{"newsboat json without host", Options{Reader: ReaderNewsboat}, []Subscription{{Kind: kind.Feed, URL: "https://x.example/feed.json", Format: "json"}}, "opml: write: the newsboat flavour needs the absolute path of feedscout-host"},
		{"newsboat relative host", Options{Reader: ReaderNewsboat, Host: "bin/feedscout-host"}, section, `opml: write: the newsboat flavour needs the absolute path of feedscout-host, not "bin/feedscout-host"`},
		{"gateway not http", Options{Gateway: "ftp://127.0.0.1:8765"}, section, `opml: write: gateway "ftp://127.0.0.1:8765" is not an http(s) base URL such as http://127.0.0.1:8765`},
		{"gateway with query", Options{Gateway: "http://127.0.0.1:8765/?x=1"}, section, `opml: write: gateway "http://127.0.0.1:8765/?x=1" is not an http(s) base URL such as http://127.0.0.1:8765`},
		{"gateway no host", Options{Gateway: "127.0.0.1:8765"}, section, `opml: write: gateway "127.0.0.1:8765" is not an http(s) base URL such as http://127.0.0.1:8765`},
	}
	for _, c := range flavourCases {
		t.Run(c.name, func(t *testing.T) {
			err := WriteFor(&bytes.Buffer{}, c.subs, c.o)
			if err == nil || err.Error() != c.want {
				t.Errorf("Write error = %v, want %q", err, c.want)
			}
		})
	}
}
