package opml

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
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
		{Kind: KindFeed, URL: "https://blog.example.com/feed/", Title: "Blog", Site: "https://blog.example.com/", Format: "rss", Added: "2026-11-29T10:00:00Z"},
		{Kind: KindNewsSitemap, URL: "https://www.asahi.com/sitemap_national.xml", Title: "Asahi national", Site: "https://www.asahi.com/"},
		{Kind: KindSection, URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ", Site: "https://www.nikkei.com/"},
		{Kind: KindFeed, URL: "https://blog.example.com/comments/feed/", Title: "", Site: "https://blog.example.com/", Format: "atom"},
		{Kind: KindArticleSitemap, URL: "https://news.example.org/sitemap-articles.xml?a=1&b=2", Title: "Articles", Site: "https://news.example.org/"},
		{Kind: KindFeed, URL: "https://loose.example.net/rss", Title: "No site"},
		{Kind: KindSection, URL: "https://www.asahi.com/national/", Title: "", Site: "https://www.asahi.com/"},
	}
	for i, h := range hostile {
		subs = append(subs, Subscription{Kind: []string{KindFeed, KindSection, KindNewsSitemap}[i%3],
			URL: "https://hostile.example/" + string(rune('a'+i)), Title: h, Site: "https://hostile.example/?q=\"&x=<y>", Added: h})
	}
	return subs
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

func TestRoundTrip(t *testing.T) {
	cases := map[string][]Subscription{
		"empty":   {},
		"sample":  sample(),
		"grouped": grouped(sample()),
	}
	for name, subs := range cases {
		t.Run(name, func(t *testing.T) {
			var b bytes.Buffer
			if err := Write(&b, subs, `My <subs> & "more"`); err != nil {
				t.Fatal(err)
			}
			got, err := Read(&b)
			if err != nil {
				t.Fatalf("read back: %v\n%s", err, b.String())
			}
			if want := grouped(subs); !reflect.DeepEqual(got, want) {
				t.Errorf("round trip changed subscriptions:\n got %#v\nwant %#v", got, want)
			}
		})
	}
}

func TestWriteGolden(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, sample(), "feedscout subscriptions"); err != nil {
		t.Fatal(err)
	}
	path := filepath.Join("testdata", "export.opml")
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
		t.Errorf("Write output differs from %s (go test -update to accept):\n%s", path, b.String())
	}
	// Every hostile title is escaped: no raw markup from a title reaches the
	// document, so the only elements are ours.
	for _, tag := range []string{"<img", "<![CDATA[", "</opml><outline", `"http://evil/"`} {
		if strings.Contains(b.String(), tag) {
			t.Errorf("output contains unescaped %q", tag)
		}
	}
}

// TestReadersSkipNonFeeds: an outline that is not a feed carries no
// attribute a reader takes for a feed address. newsboat imports any
// outline with xmlUrl or url, and libxml2 matches those names in any
// namespace.
func TestReadersSkipNonFeeds(t *testing.T) {
	var b bytes.Buffer
	if err := Write(&b, sample(), "t"); err != nil {
		t.Fatal(err)
	}
	dec := xml.NewDecoder(&b)
	feeds := 0
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		el, ok := tok.(xml.StartElement)
		if !ok || el.Name.Local != "outline" {
			continue
		}
		isFeed := false
		for _, a := range el.Attr {
			if a.Name.Space == "" && a.Name.Local == "type" && a.Value == "rss" {
				isFeed = true
			}
		}
		for _, a := range el.Attr {
			switch strings.ToLower(a.Name.Local) {
			case "xmlurl", "url":
				if !isFeed {
					t.Errorf("non-feed outline has %s=%q", a.Name.Local, a.Value)
				}
			}
		}
		if isFeed {
			feeds++
		}
	}
	if want := 6; feeds != want {
		t.Errorf("%d feed outlines, want %d", feeds, want)
	}
}

// TestNewsboatImport has Debian's newsboat import an export (when it is
// installed): it must list exactly the feeds.
func TestNewsboatImport(t *testing.T) {
	newsboat, err := exec.LookPath("newsboat")
	if err != nil {
		t.Skip("newsboat is not installed (.ci/run installs it)")
	}
	home := t.TempDir()
	file := filepath.Join(home, "export.opml")
	var b bytes.Buffer
	if err := Write(&b, sample(), "t"); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	urls := filepath.Join(home, "urls")
	cmd := exec.Command(newsboat, "-u", urls, "-c", filepath.Join(home, "cache.db"), "-C", filepath.Join(home, "config"), "-i", file)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("newsboat -i: %v\n%s", err, out)
	}
	listed, err := os.ReadFile(urls)
	if err != nil {
		t.Fatal(err)
	}
	var got, want []string
	for _, line := range strings.Split(string(listed), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			got = append(got, strings.Trim(f[0], `"`))
		}
	}
	for _, s := range grouped(sample()) {
		if s.Kind == KindFeed {
			want = append(want, s.URL)
		}
	}
	sort.Strings(got)
	sort.Strings(want)
	if !reflect.DeepEqual(got, want) {
		t.Errorf("newsboat imported %v\nwant exactly the feeds %v", got, want)
	}
}

func TestWriteErrors(t *testing.T) {
	cases := []struct {
		name string
		subs []Subscription
		want string
	}{
		{"unknown kind", []Subscription{{Kind: "podcast", URL: "https://x/"}}, `opml: write: subscription 0: unknown kind "podcast"`},
		{"empty url", []Subscription{{Kind: KindFeed}}, "opml: write: subscription 0: empty url"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			err := Write(&bytes.Buffer{}, c.subs, "t")
			if err == nil || err.Error() != c.want {
				t.Errorf("Write error = %v, want %q", err, c.want)
			}
		})
	}
}

func TestReadForeign(t *testing.T) {
	cases := []struct {
		name string
		file string
		want []Subscription
	}{
		{"nested folders", "foreign-nested.opml", []Subscription{
			{Kind: KindFeed, URL: "https://go.dev/blog/feed.atom", Title: "The Go Blog", Site: "https://go.dev/blog/", Format: "rss"},
			{Kind: KindFeed, URL: "https://deep.example/rss", Title: "Deep", Site: "", Format: "atom"},
			{Kind: KindFeed, URL: "https://text-only.example/feed", Title: "Text only — café", Site: "https://text-only.example/"},
			{Kind: KindFeed, URL: "https://untitled.example/feed.xml", Title: "", Site: ""},
		}},
		{"latin1", "foreign-latin1.opml", []Subscription{
			{Kind: KindFeed, URL: "https://zeitung.example/rss", Title: "Süddeutsche Müller", Site: "https://zeitung.example/"},
		}},
		{"our kinds undeclared prefix", "undeclared-prefix.opml", []Subscription{
			{Kind: KindNewsSitemap, URL: "https://www.yomiuri.co.jp/sitemap-news.xml", Title: "Yomiuri", Site: "https://www.yomiuri.co.jp/"},
		}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			f, err := os.Open(filepath.Join("testdata", c.file))
			if err != nil {
				t.Fatal(err)
			}
			defer f.Close()
			got, err := Read(f)
			if err != nil {
				t.Fatal(err)
			}
			if !reflect.DeepEqual(got, c.want) {
				t.Errorf("Read(%s):\n got %#v\nwant %#v", c.file, got, c.want)
			}
		})
	}
}

func TestReadErrors(t *testing.T) {
	big := "<opml><body>" + strings.Repeat(" ", MaxSize) + "</body></opml>"
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
			subs, err := Read(strings.NewReader(c.in))
			if err == nil || !strings.HasPrefix(err.Error(), c.want) {
				t.Errorf("Read error = %v (subs %v), want prefix %q", err, subs, c.want)
			}
		})
	}
}

func FuzzRead(f *testing.F) {
	var b bytes.Buffer
	if err := Write(&b, sample(), "t"); err != nil {
		f.Fatal(err)
	}
	f.Add(b.String())
	for _, name := range []string{"foreign-nested.opml", "undeclared-prefix.opml"} {
		data, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(string(data))
	}
	f.Fuzz(func(t *testing.T, in string) {
		subs, err := Read(strings.NewReader(in))
		if err != nil {
			return
		}
		// Whatever Read accepts, Write can write and Read restores
		// (in Write's site order).
		var out bytes.Buffer
		if err := Write(&out, subs, "fuzz"); err != nil {
			t.Fatalf("Write(Read(x)) failed: %v", err)
		}
		again, err := Read(&out)
		if err != nil {
			t.Fatalf("Read(Write(Read(x))) failed: %v\n%s", err, out.String())
		}
		if want := grouped(subs); !reflect.DeepEqual(again, want) {
			t.Fatalf("not lossless:\n got %#v\nwant %#v", again, want)
		}
	})
}
