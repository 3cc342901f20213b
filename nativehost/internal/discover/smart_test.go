package discover

import (
	"fmt"
	"net/url"
	"slices"
	"testing"

	"feedscout/common/report"
)

func TestNewsOrSections(t *testing.T) {
	for _, c := range []struct {
		url  string
		want bool
	}{
		{"https://www.nikkei.com/sections_sitemap.xml", true},
		{"https://www.asahi.com/sitemap_news.xml", true},
		{"https://www.prairie-gazette.com/sitemaps/news-sitemap.xml.gz", true},
		{"https://example.com/category-sitemap.xml", true},
		{"https://www.asahi.com/sitemap.xml", false},
		{"https://www.nikkei.com/sitemap_nkd.xml", false},
		{"https://news.example.com/sitemap.xml", false}, // the host says news, the file does not
		{"https://example.com/news/sitemap.xml", false},
		{"::not a url", false},
	} {
		if got := newsOrSections(c.url); got != c.want {
			t.Errorf("newsOrSections(%q) = %v, want %v", c.url, got, c.want)
		}
	}
}

func TestSmartGuesses(t *testing.T) {
	if g := smartGuesses(""); len(g) != 8 || slices.Contains(g, bloggerPath) || g[0] != "/feed" {
		t.Errorf("no CMS: %v", g)
	}
	if g := smartGuesses("blogger"); len(g) != 9 || g[0] != bloggerPath {
		t.Errorf("blogger: %v", g)
	}
	if g := smartGuesses("hugo"); g[0] != "/index.xml" || slices.Contains(g, bloggerPath) {
		t.Errorf("hugo: %v", g)
	}
}

func TestReroot(t *testing.T) {
	for _, c := range []struct{ root, to, want string }{
		{"http://www.metro-ledger.com/", "https://www.metro-ledger.com/", "https://www.metro-ledger.com/"},
		{"https://dailyledger.co.uk/", "https://www.dailyledger.co.uk/", "https://www.dailyledger.co.uk/"},
		{"https://www.tinyletter-press.org/", "https://tinyletter-press.org/robots.txt", "https://tinyletter-press.org/"},
		{"https://www.wellenfunk.de/", "https://www.wellenfunk.de/de/", "https://www.wellenfunk.de/"},
		{"https://offsite.hostile.test/", "https://www.offsite-landing.test/", "https://offsite.hostile.test/"},
		{"https://a.example/", "ftp://a.example/", "https://a.example/"},
		{"https://a.example/", "https://www.a.example.evil.test/", "https://a.example/"},
	} {
		root, _ := url.Parse(c.root)
		r := &run{root: root}
		r.reroot(c.to)
		if got := r.root.String(); got != c.want {
			t.Errorf("reroot(%s -> %s) = %s, want %s", c.root, c.to, got, c.want)
		}
	}
}

func TestReportShrink(t *testing.T) {
	r := &report.Report{Requests: make([]report.Row, 3)}
	for i := range 100 {
		r.Sections = append(r.Sections, report.Section{URL: fmt.Sprintf("https://a.example/s%d/", i)})
	}
	r.Sitemaps = []report.Sitemap{{URL: "https://a.example/news.xml", Departments: make([]report.Department, 8)}}
	for r.Shrink() {
	}
	if len(r.Sections) != 1 || r.Omitted["sections"] != 99 || len(r.Sitemaps[0].Departments) != 1 || r.Omitted["departments"] != 7 {
		t.Errorf("after shrinking: %d sections, %d departments, omitted %v", len(r.Sections), len(r.Sitemaps[0].Departments), r.Omitted)
	}
	if len(r.Requests) != 1 || r.Omitted["requests"] != 2 {
		t.Errorf("requests are cut last: %d left, omitted %v", len(r.Requests), r.Omitted)
	}
}

func TestSlashTwin(t *testing.T) {
	for in, want := range map[string]string{"/feed": "/feed/", "/feed/": "/feed", "/rss.xml": "/rss.xml/", "/": ""} {
		if got := slashTwin(in); got != want {
			t.Errorf("slashTwin(%q) = %q, want %q", in, got, want)
		}
	}
}
