package sitemap

import (
	"slices"
	"testing"
)

func index(locs ...string) *Sitemap {
	sm := &Sitemap{Kind: KindIndex}
	for _, l := range locs {
		sm.Entries = append(sm.Entries, Entry{Loc: l})
	}
	return sm
}

func TestDepartments(t *testing.T) {
	cases := []struct {
		name string
		sm   *Sitemap
		want []string // nil: not departments
	}{
		{"asahi", index("https://www.asahi.com/sitemap_national.xml", "https://www.asahi.com/sitemap_business.xml"), []string{"national", "business"}},
		{"news prefix", index("https://e.com/news-sitemap-politics.xml", "https://e.com/news-sitemap-world.xml.gz"), []string{"politics", "world"}},
		{"folders", index("https://e.com/business/sitemap.xml", "https://e.com/sport/sitemap.xml"), []string{"business", "sport"}},
		{"query", index("https://e.com/sitemap.xml?section=business", "https://e.com/sitemap.xml?section=tech"), []string{"business", "tech"}},
		{"multiword", index("https://e.com/sitemap_tech_science.xml", "https://e.com/sitemap_life-style.xml"), []string{"tech-science", "life-style"}},
		{"japanese", index("https://e.jp/sitemap_経済.xml", "https://e.jp/sitemap_政治.xml"), []string{"経済", "政治"}},
		{"dates", index("https://e.com/sitemap-2026-10.xml", "https://e.com/sitemap-2026-11.xml"), nil},
		{"numbered", index("https://e.com/post-sitemap1.xml", "https://e.com/post-sitemap2.xml"), nil},
		{"wordpress types", index("https://e.com/post-sitemap.xml", "https://e.com/page-sitemap.xml"), nil},
		{"same name", index("https://a.com/sitemap_news.xml", "https://b.com/news/sitemap_news.xml"), nil},
		{"generic", index("https://e.com/sitemap.xml", "https://e.com/sitemap-news.xml"), nil},
		{"duplicate", index("https://e.com/sitemap_world.xml", "https://e.com/sitemap_world.xml.gz"), nil},
		{"one child", index("https://e.com/sitemap_world.xml"), nil},
		{"not an index", &Sitemap{Kind: KindURLSet, Entries: index("https://e.com/sitemap_a.xml", "https://e.com/sitemap_b.xml").Entries}, nil},
		{"nil", nil, nil},
	}
	for _, c := range cases {
		got, ok := Departments(c.sm)
		if ok != (c.want != nil) || !slices.Equal(got, c.want) {
			t.Errorf("%s: Departments = %q, %v; want %q", c.name, got, ok, c.want)
		}
	}
}

func TestRankChildren(t *testing.T) {
	in := index(
		"https://e.com/sitemaps/sitemap-2026-10.xml",
		"https://e.com/sitemaps/newsletter-archive.xml",
		"https://e.com/sitemaps/googlenewssitemap.xml",
		"https://e.com/sitemaps/sections.xml",
		"https://e.com/sitemap_latest.xml.gz",
		"https://e.com/news/sitemap.xml",
		"https://e.com/sitemap_today.xml",
	).Entries
	orig := slices.Clone(in)
	var got []string
	for _, e := range RankChildren(in) {
		got = append(got, e.Loc)
	}
	want := []string{
		"https://e.com/sitemaps/googlenewssitemap.xml",
		"https://e.com/sitemap_latest.xml.gz",
		"https://e.com/news/sitemap.xml",
		"https://e.com/sitemap_today.xml",
		"https://e.com/sitemaps/sitemap-2026-10.xml",
		"https://e.com/sitemaps/newsletter-archive.xml",
		"https://e.com/sitemaps/sections.xml",
	}
	if !slices.Equal(got, want) {
		t.Errorf("RankChildren =\n%q\nwant\n%q", got, want)
	}
	if !slices.Equal(in, orig) {
		t.Error("RankChildren modified its argument")
	}
	if RankChildren(nil) == nil && len(RankChildren(nil)) != 0 {
		t.Error("RankChildren(nil) not empty")
	}
}
