package fixtureweb

import (
	"fmt"
	"net/http"
	"regexp"
	"time"

	"feedscout/common/report"
)

// The three sites of the source article that announce their feed in a
// link tag: discovery ends after robots.txt and the homepage.

func theVerge() Site {
	const origin = "https://www.theverge.com"
	const feed = origin + "/rss/index.xml"
	n := &newsroom{
		origin: origin, name: "The Verge", lang: "en", seed: "theverge", count: 20, step: 41 * time.Minute,
		head: []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: "The Verge", Href: feed}},
		nav: links("/tech", "Tech", "/reviews", "Reviews", "/science", "Science", "/entertainment", "Entertainment",
			"/ai-artificial-intelligence", "AI", "/policy", "Policy", "/games", "Gaming"),
		utility: links("/search", "Search", "/newsletters", "Newsletters", "/subscribe", "Subscribe"),
		footer:  stdFooter(link{"/ethics-statement", "Ethics statement"}),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("%s/%d/%s", sec.Href, 612000+i*97+g.r.IntN(90), slug(title))
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /search
Disallow: /api/
Disallow: /preview/

User-agent: GPTBot
Disallow: /

Sitemap: https://www.theverge.com/sitemaps
Sitemap: https://www.theverge.com/sitemaps/google_news
`))
	// The Verge's link tag says RSS; the document is Atom.
	rt.handle("/rss/index.xml", n.atom(feed))
	article := regexp.MustCompile(`^/[a-z-]+/\d{6}/[a-z0-9-]+$`)
	for _, l := range n.nav {
		rt.prefix(l.Href+"/", n.articleHandler(article.MatchString))
	}
	return Site{
		Name: "theverge", Host: "www.theverge.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "atom", FeedItems: 20,
			SeedRequests: 2, ArticleRequests: 2,
			Note: "link tag in the homepage (type says RSS, the document is Atom)",
		},
	}
}

func techCrunch() Site {
	const origin = "https://techcrunch.com"
	const feed = origin + "/feed/"
	const comments = origin + "/comments/feed/"
	n := &newsroom{
		origin: origin, name: "TechCrunch", lang: "en-US", seed: "techcrunch", count: 20, step: 37 * time.Minute,
		generator: "WordPress 6.8.3",
		head: []headLink{
			{Rel: "alternate", Type: "application/rss+xml", Title: "TechCrunch » Feed", Href: feed},
			{Rel: "alternate", Type: "application/rss+xml", Title: "TechCrunch » Comments Feed", Href: comments},
			{Rel: "https://api.w.org/", Href: origin + "/wp-json/"},
			{Rel: "EditURI", Type: "application/rsd+xml", Title: "RSD", Href: origin + "/xmlrpc.php?rsd"},
		},
		nav: links("/latest/", "Latest", "/category/startups/", "Startups", "/category/venture/", "Venture",
			"/category/apple/", "Apple", "/category/security/", "Security", "/category/artificial-intelligence/", "AI",
			"/category/apps/", "Apps", "/events/", "Events"),
		utility: links("/newsletters/", "Newsletters", "/?s=", "Search"),
		footer:  stdFooter(link{"/staff/", "Staff"}),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return t.Format("/2006/01/02/") + slug(title) + "/"
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /wp-admin/
Allow: /wp-admin/admin-ajax.php

Sitemap: https://techcrunch.com/sitemap.xml
Sitemap: https://techcrunch.com/news-sitemap.xml
`))
	rt.handle("/feed", redirect(http.StatusMovedPermanently, feed))
	rt.handle("/feed/", n.rss(feed))
	rt.handle("/comments/feed/", doc(typeRSS, func(now time.Time) []byte {
		m := n.feedMeta(now, comments)
		m.Title = "Comments for TechCrunch"
		return rssFeed(m, n.stories(now, "comments", 5))
	}))
	article := regexp.MustCompile(`^/\d{4}/\d{2}/\d{2}/[a-z0-9-]+/$`)
	rt.prefix("/20", n.articleHandler(article.MatchString))
	return Site{
		Name: "techcrunch", Host: "techcrunch.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 20, Feeds: []string{feed, comments},
			SeedRequests: 2, ArticleRequests: 2,
			Note: "WordPress with the main feed and the comments feed in link tags",
		},
	}
}

func itmedia() Site {
	const origin = "https://www.itmedia.co.jp"
	const feed = "https://rss.itmedia.co.jp/rss/2.0/itmedia_all.xml"
	n := &newsroom{
		origin: origin, name: "ITmedia", lang: "ja", seed: "itmedia", count: 30, step: 29 * time.Minute,
		head: []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: "ITmedia 総合記事一覧", Href: feed}},
		nav: links("/news/", "NEWS", "/business/", "ビジネス", "/enterprise/", "エンタープライズ", "/mobile/", "Mobile",
			"/pcuser/", "PC USER", "/aiplus/", "AI+", "/smartjapan/", "スマートジャパン"),
		utility: links("/info/rss/", "RSS", "/info/mailmag/", "メールマガジン"),
		footer:  stdFooter(),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("%sarticles/%s/news%03d.html", sec.Href, t.Format("0601/02"), 100+i*7+g.r.IntN(7))
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /include/
Disallow: /cgi-bin/
Disallow: /ad/

Sitemap: https://www.itmedia.co.jp/sitemap_index.xml
`))
	article := regexp.MustCompile(`^/[a-z]+/articles/\d{4}/\d{2}/news\d{3}\.html$`)
	for _, l := range n.nav {
		rt.prefix(l.Href+"articles/", n.articleHandler(article.MatchString))
	}
	feedHost := newRouter(notFound("ITmedia RSS", "ja", nil))
	feedHost.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow:\n"))
	feedHost.handle("/rss/2.0/itmedia_all.xml", n.rss(feed))
	feedHost.handle("/", htmlPage(func(r *http.Request, now time.Time) page {
		return page{Lang: "ja", Title: "ITmedia RSS一覧", SiteName: "ITmedia",
			More: []link{{Href: "/rss/2.0/itmedia_all.xml", Text: "ITmedia 総合記事一覧 (RSS 2.0)"}}}
	}))
	return Site{
		Name: "itmedia", Host: "www.itmedia.co.jp", Handler: gz(rt),
		Extra: []Host{{Name: "rss.itmedia.co.jp", Handler: feedHost}},
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 30,
			SeedRequests: 2, ArticleRequests: 2,
			Note: "link tag to a feed on another host, rss.itmedia.co.jp (which has its own robots.txt)",
		},
	}
}
