package fixtureweb

import (
	"fmt"
	"net/http"
	"regexp"
	"time"

	"feedscout/common/report"
)

// Blogs on the common CMSs whose theme forgot the link tag: the feed is
// only at the CMS's usual path, found by the nine guesses (or at once by
// an order that reads the generator meta). Plus a JSON Feed site and a
// site whose feed lives on a feed service's host.

// blog is a newsroom with a blog's defaults.
func blog(origin, name, seed, generator string, count int) *newsroom {
	return &newsroom{
		origin: origin, name: name, lang: "en", seed: seed, generator: generator, count: count, step: 26 * time.Hour,
		nav:    links("/", "Home", "/archive/", "Archive", "/projects/", "Projects", "/now/", "Now"),
		footer: []footerGroup{{Heading: name, Links: links("/about/", "About", "/contact/", "Contact", "/privacy/", "Privacy")}},
	}
}

func wordpressBlog() Site {
	const origin = "https://www.fieldnotes-garden.com"
	n := blog(origin, "Field Notes from the Garden", "wordpress", "WordPress 6.7.1", 10)
	n.head = []headLink{{Rel: "https://api.w.org/", Href: origin + "/wp-json/"}}
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return t.Format("/2006/01/02/") + slug(title) + "/"
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /wp-admin/
Allow: /wp-admin/admin-ajax.php

Sitemap: https://www.fieldnotes-garden.com/wp-sitemap.xml
`))
	// WordPress sends /feed to /feed/.
	rt.handle("/feed", redirect(http.StatusMovedPermanently, origin+"/feed/"))
	rt.handle("/feed/", n.rss(origin+"/feed/"))
	rt.handle("/comments/feed/", n.rss(origin+"/comments/feed/"))
	rt.prefix("/20", n.articleHandler(regexp.MustCompile(`^/\d{4}/\d{2}/\d{2}/[a-z0-9-]+/$`).MatchString))
	return Site{
		Name: "wordpress-nolink", Host: "www.fieldnotes-garden.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: origin + "/feed/", FeedFormat: "rss", FeedItems: 10, ArticleRequests: 4,
			Note: "WordPress (generator meta, wp-json link) without a feed link tag: /feed redirects to /feed/",
		},
	}
}

func bloggerBlog() Site {
	const origin = "https://kamerablog.blogspot.com"
	const feed = origin + "/feeds/posts/default"
	n := blog(origin, "Kamera Blog", "blogger", "blogger", 25)
	n.step = 50 * time.Hour
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return t.Format("/2006/01/") + slug(title) + ".html"
	}
	n.nav = links("/", "Home", "/search/label/film", "Film", "/search/label/lenses", "Lenses", "/p/about.html", "About")
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: Mediapartners-Google
Disallow:

User-agent: *
Disallow: /search
Allow: /

Sitemap: https://kamerablog.blogspot.com/sitemap.xml
`))
	rt.handle("/feeds/posts/default", doc("application/atom+xml; charset=UTF-8", func(now time.Time) []byte {
		m := n.feedMeta(now, feed)
		m.Generator = "Blogger"
		return atomFeed(m, n.stories(now, "", n.count))
	}))
	rt.prefix("/20", n.articleHandler(regexp.MustCompile(`^/\d{4}/\d{2}/[a-z0-9-]+\.html$`).MatchString))
	return Site{
		Name: "blogger-nolink", Host: "kamerablog.blogspot.com", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "atom", FeedItems: 25, ArticleRequests: 10,
			Note: "Blogger without a feed link tag: the Atom feed is only at /feeds/posts/default, the eighth guess",
		},
	}
}

func hugoBlog() Site {
	const origin = "http://quietcompiler.net"
	n := blog(origin, "Quiet Compiler", "hugo", "Hugo 0.139.3", 15)
	n.nav = links("/", "Home", "/posts/", "Posts", "/tags/", "Tags", "/about/", "About")
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return "/posts/" + slug(title) + "/"
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, "User-agent: *\n"))
	rt.handle("/index.xml", n.rss(origin+"/index.xml"))
	rt.prefix("/posts/", n.articleHandler(regexp.MustCompile(`^/posts/[a-z0-9-]+/$`).MatchString))
	return Site{
		Name: "hugo-nolink", Host: "quietcompiler.net", Scheme: "http", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: origin + "/index.xml", FeedFormat: "rss", FeedItems: 15, ArticleRequests: 9,
			Note: "Hugo on plain http only (no TLS service) without a feed link tag: /index.xml, the seventh guess",
		},
	}
}

func ghostBlog() Site {
	const origin = "https://www.sailing-ledger.com"
	n := blog(origin, "The Sailing Ledger", "ghost", "Ghost 5.101", 15)
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return "/" + slug(title) + "/"
	}
	n.nav = links("/", "Home", "/tag/passages/", "Passages", "/tag/boat-work/", "Boat work", "/about/", "About")
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Sitemap: https://www.sailing-ledger.com/sitemap.xml
Disallow: /ghost/
Disallow: /email/
Disallow: /members/api/comments/counts/
Disallow: /r/
Disallow: /webmentions/receive/
`))
	// Ghost serves its feed at /rss/ and sends /rss there.
	rt.handle("/rss", redirect(http.StatusMovedPermanently, origin+"/rss/"))
	rt.handle("/rss/", n.rss(origin+"/rss/"))
	article := regexp.MustCompile(`^/[a-z0-9]+(-[a-z0-9]+){3,}/$`)
	rt.prefix("/", n.articleHandler(article.MatchString))
	return Site{
		Name: "ghost-nolink", Host: "www.sailing-ledger.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: origin + "/rss/", FeedFormat: "rss", FeedItems: 15, ArticleRequests: 6,
			Note: "Ghost without a feed link tag: /rss redirects to /rss/, the third guess",
		},
	}
}

func jsonFeedSite() Site {
	const origin = "https://www.lindqvist.blog"
	const feed = origin + "/feed.json"
	n := blog(origin, "Lindqvist", "jsonfeed", "", 12)
	n.step = 9 * time.Hour
	n.head = []headLink{{Rel: "alternate", Type: "application/feed+json", Title: "Lindqvist (JSON Feed)", Href: "/feed.json"}}
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return t.Format("/2006/01/02/") + slug(title)
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /drafts/\n"))
	rt.handle("/feed.json", doc(typeJSON, func(now time.Time) []byte {
		return jsonFeed(n.feedMeta(now, feed), n.stories(now, "", n.count))
	}))
	rt.prefix("/20", n.articleHandler(regexp.MustCompile(`^/\d{4}/\d{2}/\d{2}/[a-z0-9-]+$`).MatchString))
	return Site{
		Name: "jsonfeed", Host: "www.lindqvist.blog", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "json", FeedItems: 12, ArticleRequests: 2,
			Note: "a JSON Feed (application/feed+json) in a link tag with a relative href, and no RSS or Atom anywhere",
		},
	}
}

func feedburnerSite() Site {
	const origin = "https://www.harbourtimes.co.nz"
	const feed = "https://feeds.feedburner.com/HarbourTimes"
	n := &newsroom{
		origin: origin, name: "Harbour Times", lang: "en-NZ", seed: "harbourtimes", count: 15, step: 3 * time.Hour,
		head:   []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: "Harbour Times", Href: feed}},
		nav:    links("/news/", "News", "/sport/", "Sport", "/business/", "Business", "/community/", "Community"),
		footer: stdFooter(),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("%s%d/%s/", sec.Href, 130000+i*17, slug(title))
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /admin/\n"))
	for _, l := range n.nav {
		rt.prefix(l.Href+"1", n.articleHandler(regexp.MustCompile(`^/[a-z]+/\d{6}/[a-z0-9-]+/$`).MatchString))
	}
	fb := newRouter(notFound("FeedBurner", "en", nil))
	fb.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /~\n"))
	fb.handle("/HarbourTimes", n.rss(feed))
	return Site{
		Name: "feed-elsewhere", Host: "www.harbourtimes.co.nz", Handler: gz(rt),
		Extra: []Host{{Name: "feeds.feedburner.com", Handler: fb}},
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 15, ArticleRequests: 2,
			Note: "link tag to a feed on a feed service's host (another registrable domain)",
		},
	}
}
