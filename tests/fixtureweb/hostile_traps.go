package fixtureweb

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"feedscout/common/report"
)

// Hostile sites, continued: redirect traps, robots.txt at its worst and a
// sitemap of 50,000 URLs.

func hostileRedirectLoop() Site {
	_, rt := hostileNews("loop", false)
	a, b := redirectLoop("/", "/index.html")
	rt.handle("/", a)
	rt.handle("/index.html", b)
	rt.handle("/feed", redirect(http.StatusMovedPermanently, "/feed"))
	return Site{Name: "redirect-loop", Host: hostileHost("loop"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone, Problem: "redirect loop",
		Note: "/ redirects to /index.html and back; /feed redirects to itself; every request of a loop counts against the 25",
	}}
}

func hostileRedirectChain() Site {
	n, rt := hostileNews("chain", true)
	rt.handle("/", redirect(http.StatusMovedPermanently, "/r/1"))
	for i := 1; i <= 7; i++ {
		next := fmt.Sprintf("/r/%d", i+1)
		if i == 7 {
			next = "/home/"
		}
		rt.handle(fmt.Sprintf("/r/%d", i), redirect(http.StatusFound, next))
	}
	rt.handle("/home/", n.homeHandler())
	return Site{Name: "redirect-chain", Host: hostileHost("chain"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeFeed, FeedURL: feedOf("chain"), FeedFormat: "rss", FeedItems: 10, Problem: "too many redirects",
		Note: "the homepage is 8 redirects away (/ -> /r/1 -> ... -> /r/7 -> /home/, which has a feed link): a chain longer than 5 must end, and the report says so; the feed is still found at /feed.xml, one of the nine usual paths",
	}}
}

func hostileRedirectScheme() Site {
	_, rt := hostileNews("scheme", false)
	rt.handle("/", redirect(http.StatusFound, "ftp://files.scheme.hostile.test/pub/index.html"))
	rt.handle("/feed", redirect(http.StatusFound, "file:///etc/passwd"))
	rt.handle("/feed/", redirect(http.StatusFound, "javascript:alert(document.cookie)"))
	rt.handle("/rss", redirect(http.StatusFound, "data:text/html,<script>alert(1)</script>"))
	return Site{Name: "redirect-scheme", Host: hostileHost("scheme"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone, Problem: "redirect to a non-http(s) URL",
		Note: "the homepage redirects to ftp:, /feed to file:, /feed/ to javascript:, /rss to data:; none may be followed",
	}}
}

func hostileRedirectOffsite() Site {
	const landing = "www.offsite-landing.test"
	_, rt := hostileNews("offsite", false)
	rt.handle("/", redirect(http.StatusMovedPermanently, "https://"+landing+"/"))
	ln, lrt := hostileNews("offsite-landing", true)
	ln.origin = "https://" + landing
	ln.head = []headLink{{Rel: "alternate", Type: "application/rss+xml", Href: "https://" + landing + "/feed.xml"}}
	lrt.handle("/feed.xml", ln.rss("https://"+landing+"/feed.xml"))
	return Site{Name: "redirect-offsite", Host: hostileHost("offsite"), Handler: rt,
		Extra: []Host{{Name: landing, Handler: lrt}},
		Expect: Expect{
			Outcome: report.OutcomeFeed, Acceptable: []report.Outcome{report.OutcomeNone}, FeedURL: "https://" + landing + "/feed.xml", FeedFormat: "rss",
			Problem: "the homepage redirects to another site: each hop paced, counted and logged; the other host's robots.txt applies there",
		}}
}

func hostileRedirectPrivate() Site {
	_, rt := hostileNews("private", false)
	rt.handle("/", redirect(http.StatusFound, "http://169.254.169.254/latest/meta-data/"))
	rt.handle("/feed", redirect(http.StatusFound, "http://127.0.0.1/"))
	rt.handle("/feed/", redirect(http.StatusFound, "http://10.0.0.7/admin/"))
	rt.handle("/rss", redirect(http.StatusFound, "http://[::1]:8080/"))
	rt.handle("/rss.xml", redirect(http.StatusFound, "http://localhost/rss.xml"))
	return Site{Name: "redirect-private", Host: hostileHost("private"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone,
		Problem: "redirects to link-local, private and loopback addresses and to localhost: the link-local and private ones reach the trusted proxy (which answers 502 and records them: Hits(\"169.254.169.254\")); Go's environment proxy never proxies loopback or localhost, so the product dials those itself and its dialer check must refuse them",
	}}
}

func hostileRobots5xx() Site {
	_, rt := hostileNews("robots-5xx", true)
	rt.handle("/robots.txt", status(http.StatusServiceUnavailable, "503 Service Unavailable", "Back soon."))
	return Site{Name: "robots-5xx", Host: hostileHost("robots-5xx"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeRefused, Reason: "robots.txt", ArticleRequests: 1,
		Note: "robots.txt answers 503: complete disallow (RFC 9309 2.3.1.4), though the homepage would answer",
	}}
}

func hostileRobotsTimeout() Site {
	_, rt := hostileNews("robots-timeout", true)
	rt.handle("/robots.txt", silent())
	return Site{Name: "robots-timeout", Host: hostileHost("robots-timeout"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeRefused, Problem: "timeout", Within: 30 * time.Second,
		Note: "robots.txt is never answered: unreachable means complete disallow (RFC 9309 2.3.1.4); the homepage would answer at once",
	}}
}

func hostileRobots429() Site {
	_, rt := hostileNews("robots-429", true)
	tooMany := http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Retry-After", "120")
		status(http.StatusTooManyRequests, "429 Too Many Requests", "Rate limited.").ServeHTTP(w, r)
	})
	rt.handle("/robots.txt", tooMany)
	rt.handle("/", tooMany)
	rt.fallback = tooMany
	return Site{Name: "robots-429", Host: hostileHost("robots-429"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeRefused, Reason: "429", ArticleRequests: 2,
		Note: "every URL, robots.txt included, answers 429: RFC 9309 counts it as 4xx (allow all), then the homepage's 429 stops the site; a product that treats robots.txt 429 as disallow stops after 1",
	}}
}

func hostileRobotsHTML() Site {
	_, rt := hostileNews("robots-html", true)
	rt.handle("/robots.txt", text(typeHTML, "<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>\n<p>User-agent: this is a page, not a robots.txt.</p>\n<p>Disallow: nothing here either</p>\n</body></html>\n"))
	return Site{Name: "robots-html", Host: hostileHost("robots-html"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeFeed, FeedURL: feedOf("robots-html"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
		Note: "robots.txt is an HTML page served with 200: no valid rule in it, so everything is allowed",
	}}
}

func hostileRobotsPreamble() Site {
	_, rt := hostileNews("robots-preamble", true)
	rt.handle("/robots.txt", text(typeText, `# Rules before the first User-agent line belong to no group.
Disallow: /
Allow: /private/

User-agent: *
Disallow: /private/
`))
	return Site{Name: "robots-preamble", Host: hostileHost("robots-preamble"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeFeed, FeedURL: feedOf("robots-preamble"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
		Note: "robots.txt starts with Disallow: / before any User-agent line: those rules belong to no group and are ignored (RFC 9309 2.1), so the site is allowed",
	}}
}

func hostileRobotsHuge() Site {
	_, rt := hostileNews("robots-huge", true)
	rt.handle("/robots.txt", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveDoc(w, r, typeText, bigRobots(), time.Time{})
	}))
	return Site{Name: "robots-huge", Host: hostileHost("robots-huge"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeFeed, FeedURL: feedOf("robots-huge"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
		Note: "robots.txt is 5 MiB of rules; the ones that matter are in the first lines (RFC 9309 2.5: parse at least 500 KiB)",
	}}
}

func hostileRobotsNonASCII() Site {
	host := hostileHost("robots-nonascii")
	n := &newsroom{
		origin: "https://" + host, name: "東西タイムズ", lang: "ja", seed: "nonascii", count: 12, step: time.Hour,
		nav: links("/ニュース/", "ニュース", "/特集/", "特集", "/経済/", "経済", "/スポーツ/", "スポーツ"),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("/keizai/%s/story-%05d", t.Format("2006/01/02"), 10000+i*7)
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /ニュース/
Disallow: /%E7%89%B9%E9%9B%86/
Disallow: /private/
`))
	rt.prefix("/keizai/", n.articleHandler(regexp.MustCompile(`^/keizai/\d{4}/\d{2}/\d{2}/story-\d{5}$`).MatchString))
	return Site{Name: "robots-nonascii", Host: host, Handler: rt, Expect: Expect{
		Outcome: report.OutcomeSections, ArticleRequests: 11,
		Note: "robots.txt disallows /ニュース/ written raw and /特集/ percent-encoded; the homepage links to both (percent-encoded, lower-case hex) and to /経済/ and /スポーツ/: neither disallowed section may be fetched in either spelling, and both are left out of the report (its sections are 経済, スポーツ and the homepage)",
	}}
}

func hostileSitemap50k() Site {
	host := hostileHost("sitemap-50k")
	_, rt := hostileNews("sitemap-50k", false)
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n\nSitemap: https://"+host+"/sitemap.xml\n"))
	rt.handle("/sitemap.xml", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := Clock(r)
		w.Header().Set("Content-Type", typeXML)
		w.WriteHeader(http.StatusOK)
		if r.Method == http.MethodHead {
			return
		}
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" + `<urlset xmlns="` + nsSitemap + `">` + "\n")
		for i := 0; i < 50000; i++ {
			t := now.Add(-time.Duration(i) * time.Minute).UTC()
			fmt.Fprintf(&b, "<url><loc>https://%s/news/%s/story-number-%05d-of-the-day/</loc><lastmod>%s</lastmod></url>\n",
				host, t.Format("2006/01/02"), i, t.Format(time.RFC3339))
			if b.Len() > 64<<10 {
				if _, err := w.Write([]byte(b.String())); err != nil {
					return
				}
				b.Reset()
			}
		}
		b.WriteString("</urlset>\n")
		_, _ = w.Write([]byte(b.String()))
	}))
	return Site{Name: "sitemap-50k", Host: host, Handler: rt, Expect: Expect{
		Outcome: report.OutcomeArticleSitemap, Sitemaps: []string{"https://" + host + "/sitemap.xml"}, SitemapURLs: 50000, ArticleRequests: 12,
		Note: "robots.txt lists one sitemap of 50,000 dated article URLs (about 6 MiB, the protocol's maximum count, under the 8 MiB cap)",
	}}
}
