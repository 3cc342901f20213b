package classify

import (
	"bytes"
	"encoding/json"
	"fmt"
	"html"
	"net/url"
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"feedscout/common/shape"
)

func readFixture(t testing.TB, name string) (pageURL string, body []byte, contentType string) {
	t.Helper()
	body, err := os.ReadFile(filepath.Join("testdata", name))
	if err != nil {
		t.Fatal(err)
	}
	pageURL, contentType = fixtureHeader(t, body)
	return pageURL, body, contentType
}

// TestNikkeiStartups is the seed's measurement: 271 distinct same-host
// links on /business/startups/, of which the shape test and the
// dominant-segment rule keep exactly the 20 /article/DGXZQ... stories.
func TestNikkeiStartups(t *testing.T) {
	pageURL, body, ct := readFixture(t, "nikkei-startups.html")
	p, err := Classify(pageURL, body, ct)
	if err != nil {
		t.Fatal(err)
	}
	if p.SameHostLinks != 271 {
		t.Errorf("same-host links = %d, want 271", p.SameHostLinks)
	}
	if len(p.Articles) <= 20 {
		t.Errorf("%d article-shaped links before the dominant rule; the fixture should hold some outside /article/", len(p.Articles))
	}
	got, err := SectionArticles(pageURL, body, ct)
	if err != nil {
		t.Fatal(err)
	}
	want := regexp.MustCompile(`^https://www\.nikkei\.com/article/DGXZQOUC[0-9A-Z]{20}/$`)
	if len(got) != 20 {
		t.Errorf("SectionArticles kept %d links, want 20", len(got))
	}
	for _, l := range got {
		if !want.MatchString(l.URL) || l.Text == "" {
			t.Errorf("kept %+v", l)
		}
	}
}

func TestSectionArticlesError(t *testing.T) {
	_, err := SectionArticles("/relative/", nil, "")
	if err == nil || err.Error() != `section articles: classify: page url "/relative/": not an absolute http(s) url` {
		t.Errorf("error = %v", err)
	}
}

func TestClassifyPageURL(t *testing.T) {
	cases := []struct {
		in, want, err string
	}{
		{"https://Example.COM", "https://example.com/", ""},
		{" http://example.com:80/a#frag ", "http://example.com/a", ""},
		{"https://user:pw@example.com:8443/x?y=1", "https://example.com:8443/x?y=1", ""},
		{"ftp://example.com/", "", `classify: page url "ftp://example.com/": not an absolute http(s) url`},
		{"example.com/page", "", `classify: page url "example.com/page": not an absolute http(s) url`},
		{"http://exa mple.com/", "", `classify: page url: parse "http://exa mple.com/": invalid character " " in host name`},
	}
	for _, c := range cases {
		p, err := Classify(c.in, nil, "")
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Classify(%q) error = %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || p.URL != c.want {
			t.Errorf("Classify(%q) = %v, %v; want URL %q", c.in, p, err, c.want)
		}
	}
}

func TestResolve(t *testing.T) {
	page, _ := pageBase("https://news.example.com/world/europe/story.html?id=1")
	cases := []struct{ href, want string }{
		{"../asia/", "https://news.example.com/world/asia/"},
		{"?id=2", "https://news.example.com/world/europe/story.html?id=2"},
		{"#comments", "https://news.example.com/world/europe/story.html?id=1"},
		{"//cdn.example.com/x", "https://cdn.example.com/x"},
		{"HTTPS://News.Example.COM:443", "https://news.example.com/"},
		{"http://news.example.com:80/a", "http://news.example.com/a"},
		{"\t/a\n/b\r ", "https://news.example.com/a/b"},
		{"/caf\u00e9/", "https://news.example.com/caf%C3%A9/"},
		{"feed:https://news.example.com/rss", "https://news.example.com/rss"},
		{"FEED://news.example.com/rss", "http://news.example.com/rss"},
		{"javascript:void(0)", ""},
		{"mailto:a@b", ""},
		{"data:text/html,x", ""},
		{"http://", ""},
		{"http://:80/", ""},
		{"https://[::1", ""},
		{"", ""},
	}
	r := newResolver(page, 0)
	for _, c := range cases {
		if got := r.resolve(c.href); got.s != c.want {
			t.Errorf("resolve(%q) = %q, want %q", c.href, got.s, c.want)
		}
	}
}

func TestCollapse(t *testing.T) {
	long := strings.Repeat("語", maxRunes+10)
	cases := []struct{ in, want string }{
		{"  a \n\t b  ", "a b"},
		{"\u00a0nbsp\u3000ideographic ", "nbsp ideographic"},
		{"bad \xff byte", "bad \ufffd byte"},
		{long, long[:maxRunes*3]},
		{"", ""},
	}
	for _, c := range cases {
		if got := collapse([]byte(c.in)); got != c.want {
			t.Errorf("collapse(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}

func TestFeedFormat(t *testing.T) {
	cases := []struct{ typ, mime, format string }{
		{"application/rss+xml", "application/rss+xml", "rss"},
		{" Application/RSS+XML; charset=UTF-8", "application/rss+xml", "rss"},
		{"application/atom+xml", "application/atom+xml", "atom"},
		{"application/rdf+xml", "application/rdf+xml", "rss"},
		{"application/feed+json", "application/feed+json", "json"},
		{"application/json+oembed", "application/json+oembed", ""},
		{"text/xml+oembed", "text/xml+oembed", ""},
		{"application/json", "application/json", ""},
		{"text/html", "text/html", ""},
		{"", "", ""},
	}
	for _, c := range cases {
		if mime, format := feedFormat(c.typ); mime != c.mime || format != c.format {
			t.Errorf("feedFormat(%q) = %q, %q; want %q, %q", c.typ, mime, format, c.mime, c.format)
		}
	}
}

func TestFeedScope(t *testing.T) {
	cases := []struct{ url, title, want string }{
		{"https://b.example/feed/", "Blog » Feed", "main"},
		{"https://b.example/comments/feed/", "Blog » Comments Feed", "comments"},
		{"https://b.example/2026/11/post/feed/", "Blog » Post Kommentar-Feed", "comments"},
		{"https://b.example/feeds/123/comments/default", "", "comments"},
		{"https://b.example/?feed=comments-rss2", "", "comments"},
		{"https://b.example/category/news/feed/", "", "category"},
		{"https://b.example/?cat=3&feed=rss2", "", "category"},
		{"https://b.example/tag/go/feed/", "", "tag"},
		{"https://b.example/feeds/posts/default/-/Label", "", "tag"},
		{"https://b.example/author/hanna/feed/", "", "author"},
		{"https://b.example/search/rivers/feed/rss2/", "", "search"},
		{"https://b.example/feed/", "Flux des commentaires", "comments"},
		{"https://b.example/feed/", "コメントフィード", "comments"},
		{"https://www.theguardian.com/commentisfree/rss", "Comment is free | The Guardian", "main"},
	}
	for _, c := range cases {
		u, _ := pageBase(c.url)
		if got := feedScope(u, c.title); got != c.want {
			t.Errorf("feedScope(%q, %q) = %q, want %q", c.url, c.title, got, c.want)
		}
	}
}

func TestGroupKey(t *testing.T) {
	same := [][2]string{
		{"https://b.example/feed/", "https://b.example/feed/atom/"},
		{"https://b.example/rss.xml", "https://b.example/atom.xml"},
		{"https://b.example/feeds/posts/default", "https://b.example/feeds/posts/default?alt=rss"},
		{"https://b.example/?feed=rss2", "https://b.example/?feed=atom"},
		{"https://b.example/en/rss/world.xml", "https://b.example/en/feeds/world.json"},
		{"https://b.example/notes/index.xml", "https://b.example/notes/feed.json"},
	}
	different := [][2]string{
		{"https://b.example/feed/", "https://b.example/comments/feed/"},
		{"https://b.example/feeds/posts/default", "https://b.example/feeds/comments/default"},
		{"https://b.example/feed/", "https://other.example/feed/"},
		{"https://b.example/world.xml", "https://b.example/sports.xml"},
		{"https://b.example/?feed=rss2&cat=1", "https://b.example/?feed=rss2&cat=2"},
	}
	for _, p := range same {
		a, _ := pageBase(p[0])
		b, _ := pageBase(p[1])
		if groupKey(a) != groupKey(b) {
			t.Errorf("%s and %s should share a group: %q vs %q", p[0], p[1], groupKey(a), groupKey(b))
		}
	}
	for _, p := range different {
		a, _ := pageBase(p[0])
		b, _ := pageBase(p[1])
		if groupKey(a) == groupKey(b) {
			t.Errorf("%s and %s should not share a group (%q)", p[0], p[1], groupKey(a))
		}
	}
}

func TestFeedLike(t *testing.T) {
	cases := []struct {
		url, text, typ string
		feedScheme     bool
		want           bool
	}{
		{"https://x.example/feed", "", "", false, true},
		{"https://x.example/news/rss", "", "", false, true},
		{"https://x.example/podcast.rss", "", "", false, true},
		{"https://x.example/a.atom", "", "", false, true},
		{"https://x.example/index.rdf", "", "", false, true},
		{"https://x.example/rss.xml", "", "", false, true},
		{"https://x.example/rss/index.xml", "", "", false, true},
		{"https://x.example/feeds/world.xml", "", "", false, true},
		{"https://x.example/feed.json", "", "", false, true},
		{"https://x.example/?feed=rss2", "", "", false, true},
		{"https://x.example/index.php?format=feed&type=rss", "", "", false, true},
		{"https://feeds.feedburner.com/Example", "", "", false, true},
		{"https://x.example/subscribe", "RSS", "", false, true},
		{"https://x.example/subscribe", "Subscribe via RSS", "", false, true},
		{"https://x.example/subscribe", "Atom", "", false, true},
		{"https://x.example/subscribe", "Feed", "", false, true},
		{"https://x.example/subscribe", "", "application/atom+xml", false, true},
		{"https://x.example/anything", "", "", true, true},
		{"https://x.example/sitemap.xml", "", "", false, false},
		{"https://x.example/feedback/", "Feedback", "", false, false},
		{"https://x.example/anatomy/", "Anatomy of a storm", "", false, false},
		{"https://x.example/story", "Atom bomb anniversary marked by survivors in the city", "", false, false},
		{"https://x.example/story", "Feed the world", "", false, false},
	}
	for _, c := range cases {
		u, _ := pageBase(c.url)
		if got := feedLike(u, c.text, c.typ, c.feedScheme); got != c.want {
			t.Errorf("feedLike(%q, %q, %q, %v) = %v, want %v", c.url, c.text, c.typ, c.feedScheme, got, c.want)
		}
	}
}

func TestDominant(t *testing.T) {
	links := func(paths ...string) []Link {
		var out []Link
		for _, p := range paths {
			out = append(out, Link{URL: "https://x.example" + p})
		}
		return out
	}
	cases := []struct {
		name     string
		in, want []Link
	}{
		{"empty", nil, []Link{}},
		{"three of five is 60 %", links("/article/a1", "/prime/b", "/article/a2", "/x/c", "/article/a3"), links("/article/a1", "/article/a2", "/article/a3")},
		{"below 60 % keeps all", links("/a/1", "/a/2", "/b/1", "/b/2", "/c/1"), links("/a/1", "/a/2", "/b/1", "/b/2", "/c/1")},
		{"all one segment", links("/a/1", "/a/2"), links("/a/1", "/a/2")},
		{"root links count as one segment", links("/", "/?p=1", "/?p=2", "/a/1"), links("/", "/?p=1", "/?p=2")},
	}
	for _, c := range cases {
		in := append([]Link(nil), c.in...)
		got := Dominant(c.in)
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s: Dominant = %v, want %v", c.name, got, c.want)
		}
		if !reflect.DeepEqual(in, c.in) {
			t.Errorf("%s: Dominant changed its input", c.name)
		}
	}
}

func TestGuessPaths(t *testing.T) {
	design := []string{"/feed", "/feed/", "/rss", "/rss.xml", "/feed.xml", "/atom.xml", "/index.xml", "/feeds/posts/default", "/rss/index.xml"}
	cases := []struct {
		cms   string
		first []string
	}{
		{"", design[:1]},
		{"unknown", design[:1]},
		{"wordpress", []string{"/feed/", "/feed"}},
		{"blogger", []string{"/feeds/posts/default"}},
		{"ghost", []string{"/rss"}},
		{"hugo", []string{"/index.xml"}},
		{"drupal", []string{"/rss.xml"}},
		{"jekyll", []string{"/feed.xml"}},
		{"hexo", []string{"/atom.xml"}},
		{"substack", []string{"/feed"}},
	}
	for _, c := range cases {
		got := GuessPaths(c.cms)
		if len(got) != 9 || !reflect.DeepEqual(got[:len(c.first)], c.first) {
			t.Errorf("GuessPaths(%q) = %v, want 9 paths starting %v", c.cms, got, c.first)
		}
		sorted := func(s []string) string { c := append([]string(nil), s...); return strings.Join(sortStrings(c), " ") }
		if sorted(got) != sorted(design) {
			t.Errorf("GuessPaths(%q) = %v, not the nine paths", c.cms, got)
		}
	}
	got := GuessPaths("")
	got[0] = "changed"
	if GuessPaths("")[0] != "/feed" {
		t.Error("GuessPaths shares its slice between calls")
	}
}

func sortStrings(s []string) []string {
	for i := 1; i < len(s); i++ {
		for j := i; j > 0 && s[j] < s[j-1]; j-- {
			s[j], s[j-1] = s[j-1], s[j]
		}
	}
	return s
}

func TestCMS(t *testing.T) {
	cases := []struct {
		name, url, head, gen, cms string
	}{
		{"generator wins", "https://x.example/", `<meta name="generator" content="Elementor 3.18"><meta name=generator content="WordPress 6.4.2">`, "WordPress 6.4.2", "wordpress"},
		{"unknown generator kept", "https://x.example/", `<meta name="generator" content="Hand-made 1.0">`, "Hand-made 1.0", ""},
		{"wp-content telltale", "https://x.example/", `<link rel=stylesheet href="/wp-content/themes/a/style.css">`, "", "wordpress"},
		{"api.w.org", "https://x.example/", `<link rel="https://api.w.org/" href="/wp-json/">`, "", "wordpress"},
		{"blogspot host", "https://river.blogspot.com/", ``, "", "blogger"},
		{"substack host", "https://ana.substack.com/", ``, "", "substack"},
		{"medium host", "https://medium.com/@ana", ``, "", "medium"},
		{"not medium", "https://notmedium.com/", ``, "", ""},
		{"ghost portal", "https://x.example/", `<script defer src="https://cdn.jsdelivr.net/ghost/portal@~2.37/umd/portal.min.js" data-ghost="https://x.example/"></script>`, "", "ghost"},
		{"hugo", "https://x.example/", `<meta name="generator" content="Hugo 0.121.1">`, "Hugo 0.121.1", "hugo"},
		{"drupal", "https://x.example/", `<meta name="Generator" content="Drupal 10 (https://www.drupal.org)">`, "Drupal 10 (https://www.drupal.org)", "drupal"},
		{"drupal files", "https://x.example/", `<img src="/sites/default/files/logo.png">`, "", "drupal"},
		{"joomla", "https://x.example/", `<meta name="generator" content="Joomla! - Open Source Content Management">`, "Joomla! - Open Source Content Management", "joomla"},
		{"none", "https://x.example/", `<link rel=stylesheet href="/css/site.css">`, "", ""},
	}
	for _, c := range cases {
		p, err := Classify(c.url, []byte("<html><head>"+c.head+"</head><body></body></html>"), "")
		if err != nil {
			t.Fatal(err)
		}
		if p.Generator != c.gen || p.CMS != c.cms {
			t.Errorf("%s: generator %q cms %q, want %q %q", c.name, p.Generator, p.CMS, c.gen, c.cms)
		}
	}
}

func TestKind(t *testing.T) {
	cases := []struct {
		url, head, want string
	}{
		{"https://x.example/", "", "home"},
		{"https://x.example/index.html", "", "home"},
		{"https://x.example/?ref=nav", "", "home"},
		{"https://x.example/world/", "", "section"},
		{"https://x.example/2026/11/29/storm-hits-the-coast/", "", "article"},
		{"https://x.example/search/", "", "other"},
		{"https://x.example/p/short", `<meta property="og:type" content="article"><meta property="article:published_time" content="2026-11-29T10:00:00Z">`, "article"},
		{"https://x.example/about-us/", `<meta property="og:type" content="article">`, "other"},
	}
	for _, c := range cases {
		p, err := Classify(c.url, []byte("<html><head>"+c.head+"</head></html>"), "")
		if err != nil {
			t.Fatal(err)
		}
		if p.Kind != c.want {
			t.Errorf("kind of %s = %q, want %q", c.url, p.Kind, c.want)
		}
	}
}

func TestCharset(t *testing.T) {
	title := "<title>caf\xc3\xa9</title>" // UTF-8
	latin := "<title>caf\xe9</title>"     // windows-1252
	pad := "<!--" + strings.Repeat(" ", 1100) + "-->"
	cases := []struct {
		name, body, ct, want string
	}{
		{"utf-8 meta", `<meta charset="utf-8">` + title, "", "café"},
		{"latin-1 meta", `<meta charset="iso-8859-1">` + latin, "", "café"},
		{"header beats meta", `<meta charset="utf-8">` + latin, "text/html; charset=windows-1252", "café"},
		{"text content type beats meta", `<meta charset="shift_jis">` + title, TextContentType, "café"},
		{"undeclared, first non-ASCII after 1024 bytes", pad + title, "", "café"},
		{"undeclared, not UTF-8", pad + latin, "", "café"},
		{"utf-8 BOM", "\xef\xbb\xbf" + title, "text/html; charset=iso-8859-1", "café"},
		{"utf-16le BOM", "\xff\xfe<\x00t\x00i\x00t\x00l\x00e\x00>\x00c\x00a\x00f\x00\xe9\x00<\x00/\x00t\x00i\x00t\x00l\x00e\x00>\x00", "", "café"},
	}
	for _, c := range cases {
		p, err := Classify("https://x.example/", []byte(c.body), c.ct)
		if err != nil {
			t.Fatal(err)
		}
		if p.Title != c.want {
			t.Errorf("%s: title %q, want %q", c.name, p.Title, c.want)
		}
	}
}

func TestTruncated(t *testing.T) {
	links := `<a href="/2026/11/29/story-one-is-here/">one</a>`
	// A body past MaxBody: what comes after the cap is not read.
	big := []byte(links + "<p>" + strings.Repeat("x", MaxBody) + `</p><a href="/2026/11/29/story-two-is-here/">two</a>`)
	p, err := Classify("https://x.example/", big, "")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Truncated || len(p.Articles) != 1 {
		t.Errorf("MaxBody: truncated %v, %d articles; want true, 1", p.Truncated, len(p.Articles))
	}
	// A single token past the tokenizer's buffer ends the page there.
	long := []byte(links + "<script>" + strings.Repeat("x", maxToken+1) + `</script><a href="/2026/11/29/story-two-is-here/">two</a>`)
	p, err = Classify("https://x.example/", long, "")
	if err != nil {
		t.Fatal(err)
	}
	if !p.Truncated || len(p.Articles) != 1 {
		t.Errorf("maxToken: truncated %v, %d articles; want true, 1", p.Truncated, len(p.Articles))
	}
	p, _ = Classify("https://x.example/", []byte(links), "")
	if p.Truncated {
		t.Error("a small page is marked truncated")
	}
}

func TestAnchorText(t *testing.T) {
	body := `<a href="/2026/11/29/story-with-a-picture/"><img alt="Picture alt"></a>
<a href="/2026/11/29/story-with-a-picture/">Headline <b>bold</b><br>second line</a>
<a href="/world/" aria-label="World news"><svg></svg></a>
<a href="/sports/" title="Sports">   </a>
<a href="/politics/">Poli<span>tics</span></a>
<a href="/science/"><div>Science</div><div>and tech</div></a>
<a href="/open/">unclosed <a href="/next/">next</a>`
	p, err := Classify("https://x.example/", []byte(body), "")
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, l := range append(p.Articles, p.Sections...) {
		got[strings.TrimPrefix(l.URL, "https://x.example")] = l.Text
	}
	want := map[string]string{
		"/2026/11/29/story-with-a-picture/": "Headline bold second line",
		"/world/":                           "World news",
		"/sports/":                          "Sports",
		"/politics/":                        "Politics",
		"/science/":                         "Science and tech",
		"/open/":                            "unclosed",
		"/next/":                            "next",
	}
	for k, v := range want {
		if got[k] != v {
			t.Errorf("text of %s = %q, want %q", k, got[k], v)
		}
	}
}

func TestScriptAndCommentsAreNotLinks(t *testing.T) {
	body := `<script>document.write('<a href="/2026/11/29/from-a-script-string/">x</a>')</script>
<!-- <a href="/2026/11/29/from-a-comment-here/">x</a> -->
<style>a[href="/2026/11/29/from-a-style-rule/"]{}</style>
<textarea><a href="/2026/11/29/from-a-textarea-box/">x</a></textarea>
<title>T <a href="/x/">not markup</a></title>`
	p, err := Classify("https://x.example/", []byte(body), "")
	if err != nil {
		t.Fatal(err)
	}
	if p.SameHostLinks != 0 {
		t.Errorf("found links in raw text: %+v %+v", p.Articles, p.Sections)
	}
	if p.Title != `T <a href="/x/">not markup</a>` {
		t.Errorf("title %q", p.Title)
	}
}

// TestDeterministic classifies every golden page twice and in parallel:
// the same bytes every time.
func TestDeterministic(t *testing.T) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.html"))
	for _, name := range files {
		pageURL, body, ct := readFixture(t, filepath.Base(name))
		var outs [4][]byte
		done := make(chan int)
		for i := range outs {
			go func() {
				p, err := Classify(pageURL, body, ct)
				if err == nil {
					outs[i], _ = json.Marshal(p)
				}
				done <- i
			}()
		}
		for range outs {
			<-done
		}
		for i := 1; i < len(outs); i++ {
			if outs[i] == nil || !bytes.Equal(outs[i], outs[0]) {
				t.Errorf("%s: run %d differs", name, i)
			}
		}
	}
}

func TestTagOf(t *testing.T) {
	for i := 1; i < len(tagNames); i++ {
		if tagNames[i-1].name >= tagNames[i].name {
			t.Fatalf("tagNames not sorted at %q", tagNames[i].name)
		}
	}
	cases := []struct {
		raw  string
		want tag
	}{
		{"<a href=x>", tagA}, {"</A>", tagA}, {"<IMG/>", tagImg}, {"<link\nrel=x>", tagLink},
		{"<script>", tagScript}, {"<iframe src=x>", tagScript}, {"<TITLE>", tagTitle},
		{"<noscript>", tagRaw}, {"<plaintext>", tagRaw}, {"</span>", tagPhrasing},
		{"<div class=x>", tagOther}, {"<abbreviation>", tagOther}, {"<>", tagOther}, {"<x:a>", tagOther},
	}
	for _, c := range cases {
		if got := tagOf([]byte(c.raw)); got != c.want {
			t.Errorf("tagOf(%q) = %d, want %d", c.raw, got, c.want)
		}
	}
}

// TestSectionNames: a section's name is the site's own word for it, the
// best of the anchors that point at it (testdata/section-names.html, a
// news homepage linking each department from its menu, a river heading, a
// "Mehr" link and pictures): the menu label first, then a heading, a
// "Mehr Sport" before a picture's alt or an aria-label; "Mehr", "Alle",
// "»" name nothing; whitespace collapsed, decoration trimmed, long labels
// cut.
func TestSectionNames(t *testing.T) {
	pageURL, body, ct := readFixture(t, "section-names.html")
	p, err := Classify(pageURL, body, ct)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, s := range p.Sections {
		got[strings.TrimPrefix(s.URL, "https://www.tagesblatt.example")] = s.Name
	}
	for _, a := range p.Articles {
		if a.Name != "" {
			t.Errorf("article %s has a name %q: names are for sections", a.URL, a.Name)
		}
	}
	want := map[string]string{
		"/politik/":    "Politik",            // whitespace collapsed
		"/wirtschaft/": "Wirtschaft",         // "&nbsp;&raquo;" trimmed; the footer says the same
		"/sport/":      "Sport",              // the menu, not the river's "Mehr Sport"
		"/kultur/":     "Kultur und Medien",  // an icon link's aria-label
		"/wissen/":     "Wissen",             // the menu alone
		"/lokales/":    "Aus der Region",     // the heading, not "Mehr »"
		"/reise/":      "Reise und Freizeit", // a picture's alt beats "Alle anzeigen" and "Mehr"
		"/meinung/":    "",                   // only "Mehr" and "Alle": no name
		"/ratgeber/":   "Ratgeber rund um Geld, Recht, Gesundheit, Wohnen, Familie, Reisen, Auto…",
	}
	for path, name := range want {
		n, ok := got[path]
		if !ok {
			t.Errorf("%s is not a section (sections %v)", path, got)
			continue
		}
		if n != name {
			t.Errorf("name of %s = %q, want %q", path, n, name)
		}
	}
	if n := utf8.RuneCountInString(got["/ratgeber/"]); n > maxNameRunes {
		t.Errorf("a name of %d characters, over %d", n, maxNameRunes)
	}
}

func TestSectionNameRanks(t *testing.T) {
	cases := []struct {
		a    anchor
		want uint8
	}{
		{anchor{text: "Economy", nav: true}, nameNav},
		{anchor{text: "Economy"}, nameText},
		{anchor{text: "More business", nav: true}, nameMore},
		{anchor{text: "もっと見る"}, noName},
		{anchor{text: "See all »"}, noName},
		{anchor{text: "»"}, noName},
		{anchor{text: ""}, noName},
		{anchor{text: "World news", weakText: true}, nameStandIn},
		{anchor{text: "Ещё новости"}, nameMore},
		{anchor{text: "/info/", nav: true}, noName},
		{anchor{text: "https://www.example.com/news/"}, noName},
		{anchor{text: "www.example.com"}, noName},
		{anchor{text: "1/2 price"}, nameText},
	}
	for _, c := range cases {
		if got := nameRank(&c.a); got != c.want {
			t.Errorf("nameRank(%+v) = %d, want %d", c.a, got, c.want)
		}
	}
}

// TestRealPageFeedFindings holds the three findings on real pages (issue
// 15), each on a page written like the ones it was seen on: JSON Feed
// 1.0's application/json is a feed when the URL or title says so and a
// REST API never is (a WordPress page: the JSON Feed plugin's /feed/json/
// beside /wp-json/wp/v2/pages/2; a micro.blog site: feed.json and a
// podcast titled "(JSON Feed)"); rel="feed" links are taken, as feeds
// with a feed type or none (issue 27: HTML's feed keyword needs no type),
// and an anchor with rel=feed as a feed anchor; "alternate
// stylesheet" links are no feeds whatever type they claim.
func TestRealPageFeedFindings(t *testing.T) {
	cases := []struct {
		page    string
		feeds   []string // URL format, ranked
		anchors []string // feed anchors
		not     []string // in neither list
	}{
		{"wordpress-json.html",
			[]string{"https://notes.example.org/feed/ rss", "https://notes.example.org/feed/json/ json", "https://notes.example.org/comments/feed/ rss"},
			nil,
			[]string{"https://notes.example.org/wp-json/wp/v2/pages/2", "https://notes.example.org/?rest_route=/wp/v2/pages/2", "https://notes.example.org/api/site.json",
				"https://notes.example.org/wp-json/oembed/1.0/embed?url=https%3A%2F%2Fnotes.example.org%2Fabout%2F"}},
		{"micro-json-feed.html",
			[]string{"https://hanna.micro.example/feed.xml rss", "https://hanna.micro.example/feed.json json", "https://hanna.micro.example/podcast.json json"},
			nil, nil},
		{"feed-rels.html",
			[]string{"https://www.harbour-gazette.example/atom.xml atom", "https://www.harbour-gazette.example/news/updates rss", "https://www.harbour-gazette.example/sport/rss rss"},
			[]string{"https://www.harbour-gazette.example/letters/latest"},
			[]string{"https://www.harbour-gazette.example/css/contrast.css", "https://www.harbour-gazette.example/css/large.css"}},
	}
	for _, c := range cases {
		t.Run(c.page, func(t *testing.T) {
			pageURL, body, ct := readFixture(t, c.page)
			p, err := Classify(pageURL, body, ct)
			if err != nil {
				t.Fatal(err)
			}
			var feeds, anchors []string
			for _, f := range p.Feeds {
				feeds = append(feeds, f.URL+" "+f.Format)
			}
			for _, a := range p.FeedAnchors {
				anchors = append(anchors, a.URL)
			}
			if !reflect.DeepEqual(feeds, c.feeds) {
				t.Errorf("feeds\n got %q\nwant %q", feeds, c.feeds)
			}
			if !reflect.DeepEqual(anchors, c.anchors) {
				t.Errorf("feed anchors\n got %q\nwant %q", anchors, c.anchors)
			}
			for _, l := range append(p.Sections, p.Articles...) {
				if slices.Contains(anchors, l.URL) {
					t.Errorf("feed anchor %s is also listed as a page of the site", l.URL)
				}
			}
			all := strings.Join(append(feeds, anchors...), "\n")
			for _, u := range c.not {
				if strings.Contains(all, u) {
					t.Errorf("%s is taken for a feed", u)
				}
			}
		})
	}
}

// TestAnchorInNavigation: an anchor is in the page's navigation inside a
// <nav> anywhere, or in the page's own <header> or <footer>; the header
// and footer of a story card (inside <article>, <section>, <main>,
// <aside>) are not; stray and unclosed tags do not leak.
func TestAnchorInNavigation(t *testing.T) {
	body := `<header><a href="/logo">Logo</a><ul><li><a href="/menu">Menu</a></li></ul></header>
<main><article><header><h2><a href="/card-head">Card</a></h2></header><footer><a href="/card-foot">by X</a></footer>
<nav><a href="/toc">Contents</a></nav></article>
<section><header><a href="/section-head">Section</a></header></section><a href="/body">Body</a></main>
</footer></nav></article>
<aside><footer><a href="/aside-foot">aside</a></footer></aside>
<FOOTER><a href="/site-foot">Imprint</a><header><a href="/nested">Nested</a></header></FOOTER>
<a href="/after">After</a>`
	want := map[string]bool{
		"/logo": true, "/menu": true, "/card-head": false, "/card-foot": false, "/toc": true,
		"/section-head": false, "/body": false, "/aside-foot": false, "/site-foot": true,
		"/nested": true, "/after": false,
	}
	d := extract([]byte(body))
	if len(d.anchors) != len(want) {
		t.Fatalf("%d anchors, want %d", len(d.anchors), len(want))
	}
	// The page's footer is navigation too, and marked as its footer (a
	// header inside it included); a card's footer is neither.
	footer := map[string]bool{"/site-foot": true, "/nested": true}
	for _, a := range d.anchors {
		if a.nav != want[a.href] {
			t.Errorf("%s: in navigation %v, want %v", a.href, a.nav, want[a.href])
		}
		if a.footer != footer[a.href] {
			t.Errorf("%s: in the page's footer %v, want %v", a.href, a.footer, footer[a.href])
		}
	}
}

// sectionPaths classifies page as fetched from pageURL and returns its
// sections' URLs without scheme and host.
func sectionPaths(t *testing.T, pageURL, page string) []string {
	t.Helper()
	p, err := Classify(pageURL, []byte(page), "text/html")
	if err != nil {
		t.Fatal(err)
	}
	u, _ := url.Parse(pageURL)
	var got []string
	for _, s := range p.Sections {
		got = append(got, strings.TrimPrefix(s.URL, u.Scheme+"://"+u.Host))
	}
	return got
}

// TestServiceHostLinks: on a forum's host the page's links are no
// sections, as shape.URL judges each alone; a dated story stays one.
func TestServiceHostLinks(t *testing.T) {
	page := `<html><body><nav><a href="/politik/">Politik</a><a href="/sport/">Sport</a></nav>
<a href="/2026/11/30/ducks-win-the-cup/">Ducks win</a></body></html>`
	if got := sectionPaths(t, "https://forum.example.de/", page); len(got) != 0 {
		t.Errorf("sections on a forum's host: %v, want none", got)
	}
	p, err := Classify("https://forum.example.de/", []byte(page), "text/html")
	if err != nil {
		t.Fatal(err)
	}
	if len(p.Articles) != 1 {
		t.Errorf("articles %v, want the dated story", p.Articles)
	}
	if got := sectionPaths(t, "https://www.example.de/", page); len(got) != 2 {
		t.Errorf("sections on www: %v, want both", got)
	}
}

// TestFooterOnlyLinks: a bare word linked only from the page's footer,
// under no menu department, is the site's own page, not a section; the
// same word also in the menu, and the footer's repeat of a department,
// stay sections.
func TestFooterOnlyLinks(t *testing.T) {
	page := `<html><body><header><nav>
<a href="/politik/">Politik</a><a href="/sport/">Sport</a><a href="/kultur/">Kultur</a>
<a href="/wirtschaft/">Wirtschaft</a><a href="/lokales/">Lokales</a><a href="/leute/">Leute</a>
</nav></header><main><p>River</p></main>
<footer><a href="/sport/">Sport</a><a href="/sport/fussball/">Fußball</a><a href="/leute/">Leute</a>
<a href="/lesertreff">Lesertreff</a><a href="/bz-card">BZ-Card</a><a href="/video/">Video</a></footer>
</body></html>`
	got := sectionPaths(t, "https://www.example.de/", page)
	want := []string{"/politik/", "/sport/", "/kultur/", "/wirtschaft/", "/lokales/", "/leute/", "/sport/fussball/", "/video/"}
	if !slices.Equal(got, want) {
		t.Errorf("sections %v, want %v (/lesertreff and /bz-card: footer-only)", got, want)
	}
}

// TestRelTagLinks: a post's tags (rel=tag) are its labels, not sections;
// its categories (WordPress's rel="category tag") and the menu's
// listings stay sections.
func TestRelTagLinks(t *testing.T) {
	page := `<html><body><nav><a href="/thema/klima/">Klima</a></nav><article>
<h1>Hochwasser an der Elbe</h1><p>Text</p>
<footer><a href="/thema/hochwasser/" rel="tag">Hochwasser</a> <a href="/thema/klima/" rel="tag">Klima</a>
<a href="/rubrik/umwelt/" rel="category tag">Umwelt</a></footer></article></body></html>`
	got := sectionPaths(t, "https://www.example.de/2026/11/30/hochwasser-an-der-elbe/", page)
	want := []string{"/thema/klima/", "/rubrik/umwelt/"}
	if !slices.Equal(got, want) {
		t.Errorf("sections %v, want %v (/thema/hochwasser/: a post's tag)", got, want)
	}
}

// TestLinksPageItself: Links puts the page itself first, at place
// "page", once, judged by its URL and its own markup, never by the texts of
// its links to itself, which are its own controls (a skip link, a
// cookie-settings button on href="#"): an article by its URL stays one
// however those texts read; a story whose slug reads like a department
// (/rezepte/r/bienenstich-muffins) is an article when its markup says so
// (og:type=article); a static page that the theme marks og:type=article
// too stays what its URL says (/ueber-uns/, a service page), and so does
// the same story path without the markup.
func TestLinksPageItself(t *testing.T) {
	const story = "https://www.example.de/lokales/beuel/mural-an-der-stiftung_aid-99369101"
	controls := `<html><head>%s</head><body><header><a href="#inhalt">Zum Inhalt springen</a><nav>
<a href="/lokales/">Lokales</a><a href="/newsletter/">Newsletter</a></nav></header>
<main id="inhalt"><h1>Mural an der Stiftung</h1><p>Text</p></main>
<footer><a href="#" onclick="consent()">Cookie-Einstellungen</a></footer></body></html>`
	og := `<meta property="og:type" content="article">`
	for _, c := range []struct {
		url, head string
		want      shape.Verdict
	}{
		{story, "", shape.Verdict{Shape: shape.Article, Rule: "id-number"}},
		{"https://www.example.de/rezepte/r/bienenstich-muffins", og, shape.Verdict{Shape: shape.Article, Rule: "page-article"}},
		{"https://www.example.de/rezepte/r/bienenstich-muffins", "", shape.Verdict{Shape: shape.Section, Rule: "section"}},
		{"https://www.example.de/ueber-uns/", og, shape.Verdict{Shape: shape.Other, Rule: "blocked-segment"}},
	} {
		links, err := Links(c.url, []byte(fmt.Sprintf(controls, c.head)), "text/html; charset=utf-8")
		if err != nil {
			t.Fatal(err)
		}
		if len(links) == 0 || links[0].URL != c.url || links[0].Place != "page" || links[0].Verdict != c.want || links[0].Text != "" {
			t.Errorf("%s %s: first line %+v, want the page itself at place page, %v", c.url, c.head, links[0], c.want)
		}
		got := map[string]shape.Verdict{}
		for _, l := range links[1:] {
			if l.URL == c.url {
				t.Errorf("%s: the page itself listed again at %s", c.url, l.Place)
			}
			got[l.URL] = l.Verdict
		}
		if got["https://www.example.de/lokales/"].Shape != shape.Section || got["https://www.example.de/newsletter/"].Shape != shape.Other {
			t.Errorf("%s: links %v, want /lokales/ a section and /newsletter/ other", c.url, got)
		}
	}
}

// TestWordPressItems: a WordPress site's menus, page and category lists
// and tag cloud say in their classes what each link leads to
// (testdata/wordpress-menu.html, a club's site in a classic theme):
// categories are sections, static pages other whatever their slug, except
// the page the posts are shown on (Aktuelles), a menu's post an article,
// a tag cloud's tags other and a menu's tag a section. Without the
// classes the same links are judged by their paths.
func TestWordPressItems(t *testing.T) {
	pageURL, body, _ := readFixture(t, "wordpress-menu.html")
	const site = "https://www.rv-lahnstein.de"
	want := map[string]shape.Verdict{
		"/regatten/":                            {Shape: shape.Section, Rule: "cms-listing"},
		"/regatten/jugend/":                     {Shape: shape.Section, Rule: "cms-listing"},
		"/berichte-von-unseren-wanderfahrten/":  {Shape: shape.Section, Rule: "cms-listing"}, // rel="category tag"
		"/vereinsleben-und-feste/":              {Shape: shape.Section, Rule: "cms-listing"}, // a footer's category
		"/verein/":                              {Shape: shape.Other, Rule: "cms-page"},
		"/verein/trainer/":                      {Shape: shape.Other, Rule: "cms-page"},
		"/trainingszeiten/":                     {Shape: shape.Other, Rule: "cms-page"},
		"/chronik/":                             {Shape: shape.Other, Rule: "cms-page"}, // page_item
		"/aktuelles/":                           {Shape: shape.Section, Rule: "section"},
		"/anrudern/":                            {Shape: shape.Article, Rule: "cms-post"},
		"/tag/lahnmarathon/":                    {Shape: shape.Section, Rule: "menu-tag"},
		"/thema/wanderrudern/":                  {Shape: shape.Other, Rule: "cms-tag"}, // tag-link-13: a tag cloud before WordPress 4.8
		"/2024/05/12/silber-beim-lahnmarathon/": {Shape: shape.Article, Rule: "dated-path"},
		"/verein/geschichte-des-vereins-seit-der-gruendung-1921/": {Shape: shape.Other, Rule: "cms-page"},
	}
	check := func(body []byte, want map[string]shape.Verdict) {
		t.Helper()
		links, err := Links(pageURL, body, "text/html; charset=utf-8")
		if err != nil {
			t.Fatal(err)
		}
		seen := 0
		for _, l := range links {
			w, ok := want[strings.TrimPrefix(l.URL, site)]
			if !ok {
				continue
			}
			seen++
			if l.Verdict != w {
				t.Errorf("%s (%s) = %v, want %v", l.URL, l.Place, l.Verdict, w)
			}
		}
		if seen != len(want) {
			t.Errorf("%d of the %d links wanted are on the page", seen, len(want))
		}
	}
	check(body, want)
	// The same page with its classes renamed: the paths alone decide.
	plain := strings.NewReplacer("menu-item-", "x-", "page_item", "x", "cat-item", "x", "tag-cloud-link", "x", "tag-link-", "x-", `rel="category tag"`, "").Replace(string(body))
	check([]byte(plain), map[string]shape.Verdict{
		"/verein/trainer/":                     {Shape: shape.Section, Rule: "section"},
		"/chronik/":                            {Shape: shape.Section, Rule: "section"},
		"/anrudern/":                           {Shape: shape.Section, Rule: "section"},
		"/berichte-von-unseren-wanderfahrten/": {Shape: shape.Article, Rule: "slug"},
		"/thema/wanderrudern/":                 {Shape: shape.Section, Rule: "listing"},
	})
}

// TestHeldoutItems: every line of the shape package's held-out items file
// (what a saved WordPress page's markup says a link is, for
// shape.TestHeldoutCorpus) is what extract reads from that markup, so the
// figures measured with it are the page classifier's.
func TestHeldoutItems(t *testing.T) {
	data, err := os.ReadFile(filepath.Join("..", "shape", "testdata", "shapes", "heldout4-items.tsv"))
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i, line := range strings.Split(string(data), "\n") {
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		c := strings.Split(line, "\t")
		if len(c) != 4 {
			t.Fatalf("line %d: %d columns, want 4", i+1, len(c))
		}
		href, want, evidence := c[1], c[2], c[3]
		var markup string
		switch evidence {
		case "tag-cloud-link":
			markup = `<a class="tag-cloud-link tag-link-7" href="` + html.EscapeString(href) + `">x</a>`
		case "rel=category":
			markup = `<a rel="category tag" href="` + html.EscapeString(href) + `">x</a>`
		default:
			markup = `<ul><li class="` + html.EscapeString(evidence) + `"><a href="` + html.EscapeString(href) + `">x</a></li></ul>`
		}
		d := extract([]byte(markup))
		if len(d.anchors) != 1 {
			t.Fatalf("line %d: %d anchors in %s", i+1, len(d.anchors), markup)
		}
		if got := d.anchors[0].item.String(); got != want {
			t.Errorf("line %d: %q reads as %q, the file says %q", i+1, evidence, got, want)
		}
		n++
	}
	if n < 100 {
		t.Errorf("%d items checked, want the file's hundreds", n)
	}
}
