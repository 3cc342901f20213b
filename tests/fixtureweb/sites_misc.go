package fixtureweb

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"net/http"
	"regexp"
	"time"

	"feedscout/common/report"
)

// Sites without a feed link tag that end on a sitemap or on sections, and
// sites that say no in other ways.

// soft404 answers every unknown URL with 200 and the site's "not found"
// page, as many CMS themes do.
func soft404(n *newsroom) http.Handler {
	return htmlPage(func(r *http.Request, now time.Time) page {
		p := n.frame("Page not found | "+n.name, "")
		p.Paragraphs = []string{"Sorry, we couldn't find that page. Here is the latest news instead."}
		p.Rivers = []river{{Heading: "Latest", Stories: n.stories(now, "", 6)}}
		return p
	})
}

func soft404News() Site {
	const origin = "https://www.kolkata-courier.in"
	n := localNews(origin, "Kolkata Courier", "kolkatacourier", "en-IN")
	n.count = 40
	n.step = 50 * time.Minute
	rt := withArticles(n, n.router())
	rt.fallback = soft404(n)
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /wp-admin/

Sitemap: https://www.kolkata-courier.in/sitemap-news.xml
`))
	rt.handle("/sitemap-news.xml", n.newsSitemap("Kolkata Courier"))
	return Site{
		Name: "soft404-news", Host: "www.kolkata-courier.in", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeNewsSitemap, Sitemaps: []string{origin + "/sitemap-news.xml"}, SitemapURLs: 40, ArticleRequests: 12,
			Note: "every unknown URL answers 200 with an HTML page (soft 404): all nine guesses are HTML, not feeds; robots.txt lists a news sitemap",
		},
	}
}

func soft404All() Site {
	const origin = "https://www.bigcity-tribune.com"
	n := localNews(origin, "Bigcity Tribune", "bigcitytribune", "en")
	n.nav = links("/news/", "News", "/politics/", "Politics", "/business/", "Business", "/sport/", "Sport",
		"/culture/", "Culture", "/opinion/", "Opinion", "/news/local/", "Local", "/news/world/", "World")
	rt := withArticles(n, n.router())
	// Even robots.txt is the soft-404 page: HTML, status 200, no rules.
	rt.fallback = soft404(n)
	return Site{
		Name: "soft404-all", Host: "www.bigcity-tribune.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeSections, Sections: 9, ArticleRequests: 11,
			Note: "every URL, robots.txt included, answers 200 with HTML; the homepage's 8 sections plus the homepage itself (it links to articles)",
		},
	}
}

// gzipped serves the gzip file of what f makes (a .gz sitemap: the file
// is gzip, not a Content-Encoding).
func gzipped(f func(now time.Time) []byte) http.Handler {
	return doc(typeGzip, func(now time.Time) []byte {
		var b bytes.Buffer
		zw := gzip.NewWriter(&b)
		_, _ = zw.Write(f(now))
		_ = zw.Close()
		return b.Bytes()
	})
}

func gzipNewsSitemap() Site {
	const origin = "https://www.prairie-gazette.com"
	n := localNews(origin, "Prairie Gazette", "prairiegazette", "en-US")
	n.count = 30
	n.step = 90 * time.Minute // 30 stories within the news sitemap's two days
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /cgi-bin/

Sitemap: https://www.prairie-gazette.com/sitemaps/news-sitemap.xml.gz
`))
	rt.handle("/sitemaps/news-sitemap.xml.gz", gzipped(func(now time.Time) []byte {
		return urlset(newsEntries(n.stories(now, "", n.count), "Prairie Gazette", "en"), true)
	}))
	return Site{
		Name: "gzip-news-sitemap", Host: "www.prairie-gazette.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeNewsSitemap, Sitemaps: []string{origin + "/sitemaps/news-sitemap.xml.gz"}, SitemapURLs: 30, ArticleRequests: 12,
			Note: "the news sitemap is a .xml.gz file (application/x-gzip, no Content-Encoding); pages are served with Content-Encoding: gzip",
		},
	}
}

func wordpressNoFeed() Site {
	const origin = "https://www.harbor-dispatch.com"
	n := localNews(origin, "Harbor Dispatch", "harbordispatch", "en-US")
	n.generator = "WordPress 6.6.2"
	n.count = 25
	n.step = 5 * time.Hour
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /wp-admin/
Allow: /wp-admin/admin-ajax.php

Sitemap: https://www.harbor-dispatch.com/sitemap_index.xml
`))
	// A "disable feeds" plugin sends the feed URLs to the homepage.
	rt.handle("/feed", redirect(http.StatusMovedPermanently, origin+"/"))
	rt.handle("/feed/", redirect(http.StatusMovedPermanently, origin+"/"))
	rt.handle("/sitemap_index.xml", doc(typeXML, func(now time.Time) []byte {
		return sitemapIndex([]string{origin + "/page-sitemap.xml", origin + "/post-sitemap.xml.gz", origin + "/category-sitemap.xml"}, now)
	}))
	rt.handle("/page-sitemap.xml", doc(typeXML, func(now time.Time) []byte {
		var es []smURL
		for _, p := range []string{"/", "/about/", "/contact/", "/privacy/", "/advertise/", "/subscribe/", "/terms/"} {
			es = append(es, smURL{Loc: origin + p, Lastmod: now.Add(-90 * 24 * time.Hour).Truncate(time.Second)})
		}
		return urlset(es, false)
	}))
	rt.handle("/post-sitemap.xml.gz", gzipped(func(now time.Time) []byte { return urlset(datedEntries(n.stories(now, "", n.count)), false) }))
	rt.handle("/category-sitemap.xml", doc(typeXML, func(now time.Time) []byte {
		var es []smURL
		for _, l := range n.nav {
			es = append(es, smURL{Loc: origin + l.Href, Lastmod: now.Add(-time.Hour).Truncate(time.Second)})
		}
		return urlset(es, false)
	}))
	return Site{
		Name: "wordpress-nofeed", Host: "www.harbor-dispatch.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeArticleSitemap, Sitemaps: []string{origin + "/post-sitemap.xml.gz"}, SitemapURLs: 25, ArticleRequests: 16,
			Note: "WordPress with feeds disabled: /feed and /feed/ redirect to the homepage (HTML, not a feed); a Yoast-style sitemap index whose second child, a .gz, lists dated posts",
		},
	}
}

func articleSitemap() Site {
	const origin = "https://www.recipebox-weekly.com"
	n := &newsroom{
		origin: origin, name: "Recipebox Weekly", lang: "en", seed: "recipebox", count: 30, step: 11 * time.Hour,
		nav:    links("/recipes/", "Recipes", "/techniques/", "Techniques", "/seasonal/", "Seasonal"),
		footer: stdFooter(),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return "/recipes/" + slug(title) + "/"
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /account/\n\nSitemap: https://www.recipebox-weekly.com/sitemap.xml\n"))
	rt.handle("/sitemap.xml", doc(typeXML, func(now time.Time) []byte { return urlset(datedEntries(n.stories(now, "", n.count)), false) }))
	rt.prefix("/recipes/", n.articleHandler(regexp.MustCompile(`^/recipes/[a-z0-9-]+/$`).MatchString))
	return Site{
		Name: "article-sitemap", Host: "www.recipebox-weekly.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeArticleSitemap, Sitemaps: []string{origin + "/sitemap.xml"}, SitemapURLs: 30, ArticleRequests: 12,
			Note: "no feed; robots.txt lists one plain sitemap of dated articles (no news namespace)",
		},
	}
}

func nothingUsable() Site {
	home := text(typeHTML, `<!DOCTYPE html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>Brightline Dental — Family dentistry in Millbrook</title>
<meta name="description" content="Gentle family dentistry. Book online.">
<link rel="stylesheet" href="/styles.css">
</head>
<body>
<header><a href="/"><img src="/logo.png" alt="Brightline Dental"></a>
<nav><a href="/#services">Services</a> <a href="/#team">Our team</a> <a href="/about/">About</a> <a href="/contact/">Contact</a></nav>
</header>
<main>
<h1>Healthy smiles for the whole family</h1>
<p>Check-ups, cleanings, fillings and braces in the heart of Millbrook.</p>
<p><a href="/book-online.php">Book an appointment</a> or call <a href="tel:+15550100200">555 0100 200</a>.</p>
<section id="services"><h2>Services</h2><ul><li>Check-ups</li><li>Cleaning</li><li>Braces</li></ul></section>
<section id="team"><h2>Our team</h2><p>Dr. Ana Ruiz and Dr. Tom Hale.</p></section>
</main>
<footer><a href="/privacy/">Privacy</a> · <a href="/terms/">Terms</a> · <a href="mailto:hello@brightline-dental.com">hello@brightline-dental.com</a> · <a href="https://maps.example/brightline">Map</a></footer>
</body>
</html>
`)
	rt := newRouter(notFound("Brightline Dental", "en", nil))
	rt.handle("/", home)
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /book-online.php\n"))
	return Site{
		Name: "nothing", Host: "www.brightline-dental.com", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeNone, ArticleRequests: 11,
			Note: "a one-page business site: no feed, no sitemap, no section or article links (only /about/, /contact/, /privacy/, /terms/, fragments, a .php)",
		},
	}
}

func anchorFeed() Site {
	const origin = "https://www.riverside-chronicle.org"
	const feed = origin + "/rss.xml"
	n := localNews(origin, "Riverside Chronicle", "riverside", "en")
	n.footer = append(stdFooter(), footerGroup{Heading: "Follow us", Links: links("/rss.xml", "RSS feed", "/newsletter/", "Newsletter")})
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /admin/\n"))
	rt.handle("/rss.xml", n.rss(feed))
	return Site{
		Name: "anchor-feed", Host: "www.riverside-chronicle.org", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "rss", FeedItems: 15, ArticleRequests: 6,
			Note: `no link tag, but an <a href="/rss.xml">RSS feed</a> in the footer; the fourth guess finds it too`,
		},
	}
}

func robotsDisallowsFeeds() Site {
	const origin = "https://www.cedar-valley-news.com"
	const feed = origin + "/atom.xml"
	n := localNews(origin, "Cedar Valley News", "cedarvalley", "en")
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /feed
Disallow: /print/
`))
	// The disallowed paths exist: fetching them would be a real violation.
	rt.handle("/feed", n.rss(origin+"/feed"))
	rt.handle("/feed/", n.rss(origin+"/feed/"))
	rt.handle("/feed.xml", n.rss(origin+"/feed.xml"))
	rt.handle("/atom.xml", n.atom(feed))
	return Site{
		Name: "robots-disallows-feeds", Host: "www.cedar-valley-news.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: feed, FeedFormat: "atom", FeedItems: 15, ArticleRequests: 5,
			Note: "robots.txt disallows /feed (so /feed, /feed/ and /feed.xml, which all serve feeds, must not be fetched); /atom.xml is allowed",
		},
	}
}

func blocksFeedscout() Site {
	n := localNews("https://www.quiet-harbor.net", "Quiet Harbor", "quietharbor", "en")
	n.head = []headLink{{Rel: "alternate", Type: "application/rss+xml", Href: "/rss.xml"}}
	rt := withArticles(n, n.router())
	rt.handle("/robots.txt", text(typeText, `User-agent: feedscout
Disallow: /

User-agent: *
Allow: /
`))
	rt.handle("/rss.xml", n.rss("https://www.quiet-harbor.net/rss.xml"))
	return Site{
		Name: "blocks-feedscout", Host: "www.quiet-harbor.net", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeRefused, Reason: "robots.txt", ArticleRequests: 1,
			Note: `robots.txt disallows everything for the product token "feedscout" and allows everyone else`,
		},
	}
}

func homeTooMany() Site {
	rt := newRouter(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "3600")
		status(http.StatusTooManyRequests, "Too Many Requests", "Slow down.").ServeHTTP(w, r)
	}))
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n"))
	return Site{
		Name: "home-429", Host: "www.busy-signal.com", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeRefused, Reason: "429", ArticleRequests: 2,
			Note: "robots.txt is fine; the homepage and everything else answer 429 with Retry-After: 3600",
		},
	}
}

func homeUnauthorized() Site {
	rt := newRouter(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("WWW-Authenticate", `Basic realm="Staff news"`)
		status(http.StatusUnauthorized, "401 Unauthorized", "Sign in to read staff news.").ServeHTTP(w, r)
	}))
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow:\n"))
	return Site{
		Name: "home-401", Host: "news.northwind-staff.com", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeRefused, Reason: "401", ArticleRequests: 2,
			Note: "robots.txt is fine; the homepage asks for Basic authentication",
		},
	}
}

func wafAfterHome() Site {
	shell := text(typeHTML, `<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>Shielded Times</title>
<script src="/_app/immutable/entry/start.js" type="module"></script></head>
<body><div id="app">Loading…</div><noscript>Please enable JavaScript.</noscript></body></html>
`)
	rt := newRouter(status(http.StatusForbidden, "Attention Required! | Shielded Times", "Sorry, you have been blocked."))
	rt.handle("/", shell)
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /_app/\n"))
	return Site{
		Name: "waf-403", Host: "www.shielded-times.com", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeRefused, ArticleOutcome: report.OutcomeNone, Reason: "403", ArticleRequests: 11,
			Note: "the homepage is an empty app shell; every later URL answers 403 (a firewall): an order that stops at the first site-wide 403 says refused after 3 requests, the article's order spends 11 and finds nothing",
		},
	}
}

func russianSections() Site {
	const origin = "https://www.gazeta-vostok.ru"
	n := &newsroom{
		origin: origin, name: "Газета Восток", lang: "ru", seed: "vostok", count: 24, step: 35 * time.Minute,
		nav: links("/politika/", "Политика", "/ekonomika/", "Экономика", "/obshchestvo/", "Общество",
			"/proisshestviya/", "Происшествия", "/sport/", "Спорт", "/kultura/", "Культура", "/nauka/", "Наука"),
		more: links("/ekonomika/finansy/", "Финансы", "/ekonomika/nedvizhimost/", "Недвижимость",
			"/sport/futbol/", "Футбол", "/sport/hokkey/", "Хоккей", "/author/ivan-petrov/", "Иван Петров"),
		utility: links("/search/", "Поиск", "/login/", "Войти"),
		footer: []footerGroup{{Heading: "Редакция", Links: links("/about/", "О нас", "/contact/", "Контакты",
			"/advertising/", "Реклама", "/privacy/", "Конфиденциальность")}},
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("/news/%s/%d-%s", t.Format("2006/01/02"), 48210+i*7, []string{"vlast", "rynok", "gorod", "mir"}[i%4])
		},
	}
	rt := n.router()
	for _, l := range n.more {
		rt.handle(l.Href, n.sectionHandler(l.Text))
	}
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /search/\nDisallow: /login/\n\nUser-agent: Yandex\nDisallow: /search/\nClean-param: utm_source&utm_medium\n"))
	rt.prefix("/news/", n.articleHandler(regexp.MustCompile(`^/news/\d{4}/\d{2}/\d{2}/\d{5}-[a-z]+$`).MatchString))
	return Site{
		Name: "sections-home", Host: "www.gazeta-vostok.ru", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeSections, Sections: 12, ArticleRequests: 11,
			Note: "no feed, no sitemap: 11 sections from the homepage's anchors (7 in the menu, 4 more; an author page is not a section) plus the homepage, which links to /news/2026/11/29/48210-vlast-style articles",
		},
	}
}
