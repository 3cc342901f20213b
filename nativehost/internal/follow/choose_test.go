package follow

import (
	"reflect"
	"testing"

	"feedscout/common/opml"
	"feedscout/common/report"
	"feedscout/common/report/kind"
)

func TestFromReport(t *testing.T) {
	const site = "https://www.example.com/"
	sections := []report.Section{
		{URL: site + "old/", Name: "Old", Lastmod: "2026-11-20"},
		{URL: site + "undated/", Title: "Undated"},
		{URL: site + "new/", Name: "New", Lastmod: "2026-11-29T10:00:00Z"},
		{URL: site + "mid/", Lastmod: "2026-11-29T09:00+09:00"},
	}
	cases := []struct {
		name string
		r    report.Report
		max  int
		want []opml.Subscription
	}{
		{"feeds, broken and comments left out", report.Report{Site: site, Outcome: report.OutcomeFeed, Feeds: []report.Feed{
			{URL: site + "feed/", Title: "Main", Format: "rss"},
			{URL: site + "comments/feed/", Title: "Comments", Format: "rss", Comments: true},
			{URL: site + "broken.xml", Broken: true},
			{URL: site + "atom.xml", Title: "Atom", Format: "atom"},
		}, Sections: sections}, 10, []opml.Subscription{
			{Kind: kind.Feed, URL: site + "feed/", Title: "Main", Site: site, Format: "rss"},
			{Kind: kind.Feed, URL: site + "atom.xml", Title: "Atom", Site: site, Format: "atom"},
		}},
		{"only a comments feed", report.Report{Site: site, Outcome: report.OutcomeFeed, Feeds: []report.Feed{
			{URL: site + "comments/feed/", Format: "rss", Comments: true},
		}}, 10, []opml.Subscription{{Kind: kind.Feed, URL: site + "comments/feed/", Site: site, Format: "rss"}}},
		{"news sitemap departments", report.Report{Site: site, Outcome: report.OutcomeNewsSitemap, Sitemaps: []report.Sitemap{
			{URL: site + "sitemap.xml", Kind: report.SitemapNews, Departments: []report.Department{
				{URL: site + "sitemap_national.xml", Name: "national"}, {URL: site + "sitemap_business.xml", Name: "business"}}},
			{URL: site + "sitemap-articles.xml", Kind: report.SitemapArticle},
		}, Sections: sections}, 10, []opml.Subscription{
			{Kind: kind.NewsSitemap, URL: site + "sitemap_national.xml", Title: "national", Site: site},
			{Kind: kind.NewsSitemap, URL: site + "sitemap_business.xml", Title: "business", Site: site},
		}},
		{"one news sitemap", report.Report{Site: site, Outcome: report.OutcomeNewsSitemap, Sitemaps: []report.Sitemap{
			{URL: site + "sitemap-news.xml", Kind: report.SitemapNews}}}, 10,
			[]opml.Subscription{{Kind: kind.NewsSitemap, URL: site + "sitemap-news.xml", Site: site}}},
		{"article sitemap", report.Report{Site: site, Outcome: report.OutcomeArticleSitemap, Sitemaps: []report.Sitemap{
			{URL: site + "sections.xml", Kind: report.SitemapSections},
			{URL: site + "post-sitemap.xml", Kind: report.SitemapArticle}}}, 10,
			[]opml.Subscription{{Kind: kind.ArticleSitemap, URL: site + "post-sitemap.xml", Site: site}}},
		{"sections newest first", report.Report{Site: site, Outcome: report.OutcomeSections, Sitemaps: []report.Sitemap{
			{URL: site + "sections.xml", Kind: report.SitemapSections}}, Sections: sections}, 10, []opml.Subscription{
			{Kind: kind.Section, URL: site + "new/", Title: "New", Site: site},
			{Kind: kind.Section, URL: site + "mid/", Site: site},
			{Kind: kind.Section, URL: site + "old/", Title: "Old", Site: site},
			{Kind: kind.Section, URL: site + "undated/", Title: "Undated", Site: site},
		}},
		{"at most two sections", report.Report{Site: site, Outcome: report.OutcomeSections, Sections: sections}, 2, []opml.Subscription{
			{Kind: kind.Section, URL: site + "new/", Title: "New", Site: site},
			{Kind: kind.Section, URL: site + "mid/", Site: site},
		}},
		{"no sections asked", report.Report{Site: site, Outcome: report.OutcomeSections, Sections: sections}, 0, nil},
		{"refused", report.Report{Site: site, Outcome: report.OutcomeRefused}, 10, nil},
		{"none", report.Report{Site: site, Outcome: report.OutcomeNone, Feeds: []report.Feed{{URL: site + "feed", Broken: true}}}, 10, nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			if got := FromReport(&c.r, c.max); !reflect.DeepEqual(got, c.want) {
				t.Errorf("FromReport:\n got %#v\nwant %#v", got, c.want)
			}
		})
	}
}
