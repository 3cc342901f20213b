package fixtureweb

import (
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"time"

	"feedscout/common/report"
)

// Sites that move the client around before it gets anything: http to
// https, bare to www and back, a homepage that redirects to a locale, and
// a homepage whose link tag is relative to <base href>.

// localNews is a small regional news site with a feed at feedPath.
func localNews(origin, name, seed, lang string) *newsroom {
	return &newsroom{
		origin: origin, name: name, lang: lang, seed: seed, count: 15, step: 2 * time.Hour,
		nav: links("/news/", "News", "/politics/", "Politics", "/business/", "Business", "/sport/", "Sport",
			"/culture/", "Culture", "/opinion/", "Opinion"),
		utility: links("/subscribe/", "Subscribe", "/login/", "Sign in"),
		footer:  stdFooter(),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return sec.Href + t.Format("2006/01/02/") + slug(title) + "/"
		},
	}
}

// withArticles adds the article pages of a localNews site.
func withArticles(n *newsroom, rt *router) *router {
	article := regexp.MustCompile(`^/[a-z]+/\d{4}/\d{2}/\d{2}/[a-z0-9-]+/$`)
	for _, l := range n.nav {
		rt.prefix(l.Href+"20", n.articleHandler(article.MatchString))
	}
	return rt
}

func httpToHTTPS() Site {
	const origin = "https://www.metro-ledger.com"
	const feed = origin + "/rss/news.xml"
	n := localNews(origin, "Metro Ledger", "metroledger", "en")
	n.head = []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: "Metro Ledger: News", Href: feed}}
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /admin/\n"))
	rt.handle("/rss/news.xml", n.rss(feed))
	return Site{
		Name: "http-to-https", Host: "www.metro-ledger.com", Start: "http://www.metro-ledger.com/", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 15, ArticleRequests: 4,
			Note: "discovery starts at http://; every plain-HTTP request is redirected (301) to https",
		},
	}
}

func bareToWWW() Site {
	const origin = "https://www.dailyledger.co.uk"
	const feed = origin + "/feeds/all.rss"
	n := localNews(origin, "The Daily Ledger", "dailyledger", "en-GB")
	n.head = []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: "The Daily Ledger", Href: feed}}
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /account/\n"))
	rt.handle("/feeds/all.rss", n.rss(feed))
	return Site{
		Name: "bare-to-www", Host: "dailyledger.co.uk", Handler: hostRedirect(http.StatusMovedPermanently, origin),
		Extra: []Host{{Name: "www.dailyledger.co.uk", Handler: gz(rt)}},
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 15, ArticleRequests: 4,
			Note: "dailyledger.co.uk redirects every URL to www.dailyledger.co.uk, which has a link tag",
		},
	}
}

func wwwToBare() Site {
	const origin = "https://tinyletter-press.org"
	const feed = origin + "/rss.xml"
	n := blog(origin, "Tinyletter Press", "tinyletter", "", 8)
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return "/letters/" + slug(title) + "/"
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nAllow: /\n"))
	rt.handle("/rss.xml", n.rss(feed))
	rt.prefix("/letters/", n.articleHandler(regexp.MustCompile(`^/letters/[a-z0-9-]+/$`).MatchString))
	return Site{
		Name: "www-to-bare", Host: "www.tinyletter-press.org", Handler: hostRedirect(http.StatusMovedPermanently, origin),
		Extra: []Host{{Name: "tinyletter-press.org", Handler: rt}},
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 8, ArticleRequests: 12,
			Note: "www.tinyletter-press.org redirects every URL to the bare name; no link tag, the feed is the fourth guess, /rss.xml: each request is two hops unless discovery re-roots after the first redirect",
		},
	}
}

func localeRedirect() Site {
	const origin = "https://www.wellenfunk.de"
	const feed = origin + "/de/rss/nachrichten.xml"
	n := &newsroom{
		origin: origin, name: "Wellenfunk", lang: "de", seed: "wellenfunk", count: 20, step: 47 * time.Minute,
		head: []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: "Wellenfunk Nachrichten", Href: feed}},
		nav: links("/de/politik/", "Politik", "/de/wirtschaft/", "Wirtschaft", "/de/kultur/", "Kultur",
			"/de/wissen/", "Wissen", "/de/sport/", "Sport"),
		footer: []footerGroup{{Heading: "Wellenfunk", Links: links("/de/impressum/", "Impressum", "/de/datenschutz/", "Datenschutz",
			"/en/", "English")}},
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("%sa-%d", sec.Href, 70120000+i*131+g.r.IntN(100))
		},
	}
	rt := n.router()
	rt.handle("/", redirect(http.StatusFound, "/de/"))
	rt.handle("/de/", n.homeHandler())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /de/suche/\n"))
	rt.handle("/de/rss/nachrichten.xml", n.rss(feed))
	for _, l := range n.nav {
		rt.prefix(l.Href+"a-", n.articleHandler(regexp.MustCompile(`^/de/[a-z]+/a-\d{8}$`).MatchString))
	}
	return Site{
		Name: "locale-redirect", Host: "www.wellenfunk.de", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 20, ArticleRequests: 3,
			Note: "the homepage redirects (302) to /de/, which has the link tag",
		},
	}
}

func baseHref() Site {
	const origin = "https://www.alpine-courier.ch"
	const feed = origin + "/de/feed.xml"
	n := localNews(origin, "Alpine Courier", "alpinecourier", "de-CH")
	n.base = origin + "/de/"
	// An old theme: upper-case tag and attributes, a rel token list, a type
	// in mixed case, an href relative to <base href>.
	n.rawHead = template.HTML(`<LINK REL="Alternate nofollow" TYPE="Application/RSS+XML" TITLE="Alpine Courier" HREF="feed.xml">` + "\n")
	// With <base href>, every relative link of the page is under /de/.
	n.nav = links("news/", "News", "politik/", "Politik", "sport/", "Sport")
	n.footer = []footerGroup{{Heading: "Alpine Courier", Links: links("impressum/", "Impressum", "datenschutz/", "Datenschutz")}}
	n.path = func(g *textGen, i int, t time.Time, title string, sec link) string {
		return "/de/" + sec.Href + t.Format("2006/01/02/") + slug(title) + "/"
	}
	rt := newRouter(n.notFound())
	rt.handle("/", n.homeHandler())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow:\n"))
	rt.handle("/de/feed.xml", n.rss(feed))
	for _, l := range n.nav {
		rt.handle("/de/"+l.Href, n.sectionHandler(l.Text))
		rt.prefix("/de/"+l.Href+"20", n.articleHandler(regexp.MustCompile(`^/de/[a-z]+/\d{4}/\d{2}/\d{2}/[a-z0-9-]+/$`).MatchString))
	}
	return Site{
		Name: "base-href", Host: "www.alpine-courier.ch", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 15, ArticleRequests: 2,
			Note: `<LINK REL="Alternate nofollow" TYPE="Application/RSS+XML" HREF="feed.xml"> under <base href="/de/">: /feed.xml (without the base) is a 404`,
		},
	}
}
