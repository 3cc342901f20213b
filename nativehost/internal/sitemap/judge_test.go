package sitemap

import (
	"testing"
	"time"

	"feedscout/common/report"
)

func TestJudge(t *testing.T) {
	now := goldenNow
	day := func(h int) time.Time { return now.Add(-time.Duration(h) * time.Hour) }
	urls := func(n int, path string, e Entry) []Entry {
		out := make([]Entry, n)
		for i := range out {
			out[i] = e
			out[i].Loc = "https://www.example.com" + path
		}
		return out
	}
	news := &News{Title: "t", PublicationDate: day(1)}
	old := &News{Title: "t", PublicationDate: day(72)}
	article := "/2026/11/29/the-council-votes-today"
	cases := []struct {
		name    string
		entries []Entry
		want    report.SitemapKind
		news    bool
		within  float64
	}{
		{"empty", nil, UsableNone, false, 0},
		{"sections", urls(10, "/business/startups/", Entry{}), report.SitemapSections, false, 0},
		{"sections even when dated news", urls(10, "/world/", Entry{News: news}), report.SitemapSections, true, 1},
		{"news", urls(10, article, Entry{News: news}), report.SitemapNews, true, 1},
		{"news, some old", append(urls(3, article, Entry{News: news}), urls(1, article, Entry{News: old})...), report.SitemapNews, true, 0.75},
		{"article dated", urls(10, article, Entry{Lastmod: day(5)}), report.SitemapArticle, false, 0},
		{"article undated", urls(10, article, Entry{}), UsableNone, false, 0},
		{"mixed", append(urls(5, article, Entry{Lastmod: day(1)}), urls(5, "/world/", Entry{})...), UsableNone, false, 0},
		{"other", urls(10, "/", Entry{Lastmod: day(1)}), UsableNone, false, 0},
	}
	for _, c := range cases {
		j := Judge(&Sitemap{Kind: KindURLSet, Entries: c.entries}, now)
		if j.Usable != c.want || j.News != c.news || j.URLs != len(c.entries) {
			t.Errorf("%s: %+v, want %q news=%v", c.name, j, c.want, c.news)
		}
		if c.news && (j.NewsFacts == nil || j.NewsFacts.Within48h != c.within) {
			t.Errorf("%s: news facts %+v, want within %v", c.name, j.NewsFacts, c.within)
		}
	}
	if j := Judge(nil, now); j.Usable != UsableNone || j.URLs != 0 {
		t.Errorf("Judge(nil) = %+v", j)
	}
}

func TestLocPath(t *testing.T) {
	for in, want := range map[string]string{
		"https://www.example.com/a/b/?q=1": "/a/b/?q=1",
		"https://www.example.com":          "/",
		"https://www.example.com?x":        "?x",
		"/relative/path":                   "/relative/path",
		"https://e.com/a?u=http://x/y":     "/a?u=http://x/y",
	} {
		if got := locPath(in); got != want {
			t.Errorf("locPath(%q) = %q, want %q", in, got, want)
		}
	}
}
