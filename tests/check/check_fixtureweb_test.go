package check

// `check` over every feed and sitemap the default fixture web's
// discoveries report: the table in docs/checking.md.

import (
	"fmt"
	"sort"
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// fixtureWebChecks are the findings expected of each feed and sitemap of
// the default fixture web, by URL (docs/checking.md, "The fixture web").
var fixtureWebChecks = map[string]string{
	"https://www.riverside-chronicle.org/rss.xml":                  "note no-hub",                  // anchor-feed
	"https://www.recipebox-weekly.com/sitemap.xml":                 "note not-news",                // article-sitemap
	"https://www.asahi.com/sitemap_news.xml":                       "note sitemap-index",           // asahi
	"https://www.asahi.com/sitemap_national.xml":                   "",                             // asahi
	"https://www.asahi.com/sitemap_business.xml":                   "",                             // asahi
	"https://www.asahi.com/sitemap_politics.xml":                   "",                             // asahi
	"https://www.asahi.com/sitemap_international.xml":              "",                             // asahi
	"https://www.asahi.com/sitemap_sports.xml":                     "",                             // asahi
	"https://www.asahi.com/sitemap_culture.xml":                    "",                             // asahi
	"https://www.asahi.com/sitemap_tech_science.xml":               "",                             // asahi
	"https://www.asahi.com/sitemap_life.xml":                       "",                             // asahi
	"https://www.dailyledger.co.uk/feeds/all.rss":                  "note no-hub",                  // bare-to-www
	"https://www.alpine-courier.ch/de/feed.xml":                    "note no-hub",                  // base-href
	"https://kamerablog.blogspot.com/feeds/posts/default":          "note no-hub, warning no-gzip", // blogger-nolink
	"https://feeds.feedburner.com/HarbourTimes":                    "note no-hub, warning no-gzip", // feed-elsewhere
	"https://www.sailing-ledger.com/rss/":                          "note no-hub",                  // ghost-nolink
	"https://www.prairie-gazette.com/sitemaps/news-sitemap.xml.gz": "",                             // gzip-news-sitemap
	"https://www.metro-ledger.com/rss/news.xml":                    "note no-hub",                  // http-to-https
	"http://quietcompiler.net/index.xml":                           "note no-hub, warning no-gzip", // hugo-nolink
	"https://rss.itmedia.co.jp/rss/2.0/itmedia_all.xml":            "note no-hub, warning no-gzip", // itmedia
	"https://www.lindqvist.blog/feed.json":                         "note no-hub",                  // jsonfeed
	"https://www.wellenfunk.de/de/rss/nachrichten.xml":             "note no-hub",                  // locale-redirect
	"https://www.nikkei.com/sections_sitemap.xml":                  "note not-news",                // nikkei
	"https://www.cedar-valley-news.com/atom.xml":                   "note no-hub",                  // robots-disallows-feeds
	"https://www.kolkata-courier.in/sitemap-news.xml":              "",                             // soft404-news
	"https://techcrunch.com/feed/":                                 "note no-hub",                  // techcrunch
	"https://techcrunch.com/comments/feed/":                        "note no-hub",                  // techcrunch
	"https://www.theverge.com/rss/index.xml":                       "note no-hub",                  // theverge
	"https://www.harbor-dispatch.com/post-sitemap.xml.gz":          "note not-news",                // wordpress-nofeed
	"https://www.fieldnotes-garden.com/feed/":                      "note no-hub",                  // wordpress-nolink
	"https://tinyletter-press.org/rss.xml":                         "note no-hub, warning no-gzip", // www-to-bare
	"https://www.yomiuri.co.jp/sitemap-news.xml":                   "",                             // yomiuri
}

func TestCheckFixtureWeb(t *testing.T) {
	sites := fixtureweb.DefaultSites()
	w := harness.StartWeb(t, sites)
	reps := harness.DiscoverAll(t, harness.FastEnv(w), "smart", sites)
	seen := map[string]bool{}
	var urls []string
	site := map[string]string{}
	add := func(name, u string) {
		if !seen[u] {
			seen[u] = true
			urls = append(urls, u)
			site[u] = name
		}
	}
	var names []string
	for name := range reps {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		r := reps[name]
		for _, f := range r.Feeds {
			add(name, f.URL)
		}
		for _, s := range r.Sitemaps {
			add(name, s.URL)
			for _, d := range s.Departments {
				add(name, d.URL)
			}
		}
	}
	w.Reset()
	got, _, errOut := checkAll(t, harness.FastEnv(w), urls...)
	var table []string
	for _, u := range urls {
		r := got[u]
		codes := r.codes()
		table = append(table, fmt.Sprintf("| %s | %s | %s | %s | %s |", site[u], u, r.Kind, orNone(codes), orDash(r.verdicts())))
		if want, ok := fixtureWebChecks[u]; ok && want != codes {
			t.Errorf("%s: findings %q, want %q\n%s", u, codes, want, texts(r))
		}
		if !seenExpect(u) {
			t.Errorf("%s (%s): no expectation; findings %q\n%s", u, site[u], codes, texts(r))
		}
	}
	t.Logf("check of %d feeds and sitemaps:\n%s\n%s", len(urls), strings.Join(table, "\n"), errOut)
}

func seenExpect(u string) bool { _, ok := fixtureWebChecks[u]; return ok }

func orNone(s string) string {
	if s == "" {
		return "none"
	}
	return s
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
