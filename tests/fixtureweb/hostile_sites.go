package fixtureweb

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"regexp"
	"strings"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// HostileSites returns the hostile web of issue 7: slow and silent
// servers, bombs and oversized bodies, broken and exotic encodings,
// redirect traps, robots.txt at its worst and a 50,000-URL sitemap. Each
// host is NAME.hostile.test (offsite-landing.test for the redirect
// target). Serve them with DefaultSites or alone; every call returns fresh
// values.
//
// Timing: the slow servers wait for the client (or Close), so a product
// with a 15 s request timeout and a 60 s discovery deadline ends them;
// Expect.Within gives the bound a test should allow.
//
// Private addresses: behind the trusted proxy, the product cannot see the
// addresses names resolve to (the proxy dials). redirect-private's
// redirects to 169.254.169.254, 127.0.0.1, 10.0.0.7 and [::1] reach the
// proxy as requests for hosts outside the web: the proxy answers 502 and
// records them, so Hits("169.254.169.254") shows whether the product asked.
// Checking the addresses the product's own dialer connects to needs a test
// without the proxy (dialing Addr directly).
func HostileSites() []Site {
	return []Site{
		hostileSilent(), hostileSilentTLS(), hostileTrickle(), hostileHang(),
		hostileBombSitemap(), hostileBombPage(), hostileHuge(), hostileDeep(), hostileBadUTF8(),
		hostileShiftJIS(), hostileCP1251(), hostileTruncated(), hostileEntities(),
		hostileRedirectLoop(), hostileRedirectChain(), hostileRedirectScheme(), hostileRedirectOffsite(), hostileRedirectPrivate(),
		hostileRobots5xx(), hostileRobotsTimeout(), hostileRobots429(), hostileRobotsHTML(), hostileRobotsPreamble(),
		hostileRobotsHuge(), hostileRobotsNonASCII(), hostileSitemap50k(),
	}
}

// hostileHost is the host name of a hostile site.
func hostileHost(name string) string { return name + ".hostile.test" }

// plainRobots is the robots.txt of a hostile site whose robots.txt is not
// the point.
const plainRobots = "User-agent: *\nDisallow: /private/\n"

// hostileNews is a small, well-behaved site for a hostile host to build
// on: a homepage with a link tag to /feed.xml when withFeed, else nothing
// to find; /feed.xml; 404 for the rest.
func hostileNews(name string, withFeed bool) (*newsroom, *router) {
	origin := "https://" + hostileHost(name)
	n := &newsroom{
		origin: origin, name: "Hostile " + name, lang: "en", seed: "hostile-" + name, count: 10, step: time.Hour,
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return "/stories/" + slug(title) + "/"
		},
	}
	if withFeed {
		n.head = []headLink{{Rel: "alternate", Type: "application/rss+xml", Title: n.name, Href: origin + "/feed.xml"}}
	}
	rt := newRouter(n.notFound())
	rt.handle("/robots.txt", text(typeText, plainRobots))
	if withFeed {
		rt.handle("/", n.homeHandler())
		rt.handle("/feed.xml", n.rss(origin+"/feed.xml"))
	} else {
		rt.handle("/", text(typeHTML, "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>"+n.name+
			"</title></head><body><h1>"+n.name+"</h1><p>Nothing to see here.</p></body></html>\n"))
	}
	return n, rt
}

// feedOf is the feed URL of a hostileNews site.
func feedOf(name string) string { return "https://" + hostileHost(name) + "/feed.xml" }

func hostileSilent() Site {
	_, rt := hostileNews("silent", false)
	rt.fallback = silent()
	rt.handle("/", silent())
	return Site{Name: "silent", Host: hostileHost("silent"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "timeout", Within: 75 * time.Second,
		Note: "robots.txt answers; every other request is read and never answered (no status line, no byte)",
	}}
}

func hostileSilentTLS() Site {
	return Site{Name: "silent-tls", Host: hostileHost("silent-tls"), Handler: silentTLS{}, Expect: Expect{
		Outcome: OutcomeRefused, Acceptable: []string{OutcomeNone}, Problem: "timeout", Within: 30 * time.Second,
		Note: "the TLS handshake is never answered (the tunnel opens, no ServerHello), robots.txt included: unreachable robots.txt means complete disallow (RFC 9309 2.3.1.4)",
	}}
}

func hostileTrickle() Site {
	n, rt := hostileNews("trickle", true)
	body := render(n.home(time.Date(2026, 11, 29, 9, 0, 0, 0, time.UTC)))
	rt.fallback = trickle(time.Second, body)
	rt.handle("/", trickle(time.Second, body))
	rt.handle("/feed.xml", trickle(time.Second, body))
	return Site{Name: "trickle", Host: hostileHost("trickle"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "timeout", Within: 75 * time.Second,
		Note: "robots.txt answers; every other response, status line included, comes one byte a second",
	}}
}

func hostileHang() Site {
	_, rt := hostileNews("hang", false)
	rt.fallback = hangAfterHeaders()
	rt.handle("/", hangAfterHeaders())
	return Site{Name: "hang-after-headers", Host: hostileHost("hang"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "timeout", Within: 75 * time.Second,
		Note: "robots.txt answers; every other request gets 200 and headers promising 100000 bytes, then nothing",
	}}
}

func hostileBombSitemap() Site {
	_, rt := hostileNews("bomb-sitemap", false)
	host := hostileHost("bomb-sitemap")
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n\nSitemap: https://"+host+"/sitemap.xml.gz\n"))
	rt.handle("/sitemap.xml.gz", gzipBombFile())
	return Site{Name: "gzip-bomb-sitemap", Host: host, Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "too-large", ArticleRequests: 12,
		Note: "robots.txt lists sitemap.xml.gz: about 1 MiB of gzip that expands to an XML prefix and 1 GiB of spaces",
	}}
}

func hostileBombPage() Site {
	_, rt := hostileNews("bomb-page", false)
	rt.handle("/", gzipBombPage())
	return Site{Name: "gzip-bomb-home", Host: hostileHost("bomb-page"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "too-large", ArticleRequests: 11,
		Note: "the homepage comes with Content-Encoding: gzip, about 1 MiB expanding to 1 GiB, whatever Accept-Encoding said",
	}}
}

func hostileHuge() Site {
	_, rt := hostileNews("huge", false)
	rt.handle("/", hugePage(20<<20))
	return Site{Name: "huge-home", Host: hostileHost("huge"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "too-large", ArticleRequests: 11,
		Note: "the homepage is 20 MiB of HTML (Content-Length set, streamed)",
	}}
}

func hostileDeep() Site {
	n, rt := hostileNews("deep", true)
	rt.handle("/", htmlPage(func(r *http.Request, now time.Time) page {
		p := n.home(now)
		var b strings.Builder
		b.WriteString(`<div class="wrap">`)
		for i := 0; i < 10000; i++ {
			b.WriteString("<div>")
		}
		b.WriteString(`<a href="/stories/the-deepest-link-on-the-web/">The deepest link on the web</a>`)
		for i := 0; i < 10000; i++ {
			b.WriteString("</div>")
		}
		b.WriteString("</div>\n")
		p.RawBody = template.HTML(b.String())
		return p
	}))
	return Site{Name: "deep-html", Host: hostileHost("deep"), Handler: rt, Expect: Expect{
		Outcome: OutcomeFeed, FeedURL: feedOf("deep"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
		Note: "the homepage nests 10,000 <div>s around one link; its head has an ordinary feed link tag",
	}}
}

func hostileBadUTF8() Site {
	n, rt := hostileNews("bad-utf8", true)
	bad := "Caf\xe9 \xff\xfe news \xc3\x28 and \xed\xa0\x80 surrogates"
	rt.handle("/", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := string(render(n.home(Clock(r))))
		body = strings.Replace(body, "<title>", "<title>"+bad+" ", 1)
		body = strings.Replace(body, `title="Hostile bad-utf8"`, `title="`+bad+`"`, 1)
		serveDoc(w, r, typeHTML, []byte(body), time.Time{})
	}))
	rt.handle("/feed.xml", doc(typeRSS, func(now time.Time) []byte {
		items := n.stories(now, "", n.count)
		for i := range items {
			if i%2 == 0 {
				items[i].Title += " BADBYTES"
			}
		}
		// The XML writer would replace invalid bytes with U+FFFD: put
		// them in afterwards.
		return bytes.ReplaceAll(rssFeed(n.feedMeta(now, feedOf("bad-utf8")), items), []byte("BADBYTES"), []byte("\xff"+bad))
	}))
	return Site{Name: "invalid-utf8", Host: hostileHost("bad-utf8"), Handler: rt, Expect: Expect{
		Outcome: OutcomeFeed, FeedURL: feedOf("bad-utf8"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
		Problem: "invalid UTF-8 in the page title, the link tag's title and half the feed's item titles: the report must still be valid JSON",
	}}
}

// encodedFeed serves a feed whose bytes are in another encoding, declared
// in the XML declaration (and in the Content-Type when ctypeCharset).
func encodedFeed(name, encName string, enc func(string) (string, error), title string, headlines []string, ctypeCharset bool) Site {
	host := hostileHost(name)
	origin := "https://" + host
	rss := func(now time.Time) []byte {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="` + encName + `"?>` + "\n<rss version=\"2.0\">\n<channel>\n")
		b.WriteString("<title>" + xesc(title) + "</title>\n<link>" + origin + "/</link>\n<description>" + xesc(title) + "</description>\n")
		for i, h := range headlines {
			t := now.Add(-time.Duration(i+1) * time.Hour).UTC()
			fmt.Fprintf(&b, "<item><title>%s</title><link>%s/news/%s/item-%04d.html</link><pubDate>%s</pubDate></item>\n",
				xesc(h), origin, t.Format("2006/01/02"), i+1, t.Format(time.RFC1123Z))
		}
		b.WriteString("</channel>\n</rss>\n")
		s, err := enc(b.String())
		if err != nil {
			panic("fixtureweb: encode feed: " + err.Error())
		}
		return []byte(s)
	}
	home := fmt.Sprintf("<!DOCTYPE html>\n<html><head><meta charset=\"%s\"><title>%s</title>\n"+
		"<link rel=\"alternate\" type=\"application/rss+xml\" title=\"%s\" href=\"/rss.xml\">\n</head><body><h1>%s</h1></body></html>\n",
		encName, htmlEscape(title), htmlEscape(title), htmlEscape(title))
	homeEnc, err := enc(home)
	if err != nil {
		panic("fixtureweb: encode page: " + err.Error())
	}
	ctype := "application/rss+xml"
	if ctypeCharset {
		ctype += "; charset=" + encName
	}
	rt := newRouter(notFound(title, "", nil))
	rt.handle("/robots.txt", text(typeText, plainRobots))
	rt.handle("/", text("text/html; charset="+encName, homeEnc))
	rt.handle("/rss.xml", doc(ctype, rss))
	return Site{Name: name, Host: host, Handler: rt, Expect: Expect{
		Outcome: OutcomeFeed, FeedURL: origin + "/rss.xml", FeedFormat: "rss", FeedTitle: title, FeedItems: len(headlines), ArticleRequests: 2,
		Note: "the homepage and its feed are in " + encName + ", declared in the page's meta charset and the feed's XML declaration",
	}}
}

func hostileShiftJIS() Site {
	enc := japanese.ShiftJIS.NewEncoder()
	return encodedFeed("shift-jis", "Shift_JIS", enc.String, "東西経済ニュース 速報",
		[]string{"日銀、追加利上げを検討", "東京都、新たな支援策を発表", "半導体各社が工場新設へ", "円相場、一時１５０円台に"}, false)
}

func hostileCP1251() Site {
	enc := charmap.Windows1251.NewEncoder()
	return encodedFeed("windows-1251", "windows-1251", enc.String, "Вечерний Курьер — Новости",
		[]string{"Правительство обсуждает новый бюджет", "Центробанк сохранил ставку", "В Москве открыли новую станцию метро"}, true)
}

func hostileTruncated() Site {
	n, rt := hostileNews("truncated", false)
	host := hostileHost("truncated")
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n\nSitemap: https://"+host+"/sitemap.xml\n"))
	rt.handle("/feed", doc(typeRSS, func(now time.Time) []byte {
		full := rssFeed(n.feedMeta(now, "https://"+host+"/feed"), n.stories(now, "", n.count))
		return full[:len(full)*2/3]
	}))
	rt.handle("/sitemap.xml", doc(typeXML, func(now time.Time) []byte {
		full := urlset(datedEntries(n.stories(now, "", n.count)), false)
		return full[:len(full)/2]
	}))
	return Site{Name: "truncated-xml", Host: host, Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, ArticleRequests: 12,
		Problem: "the first guess (/feed) is an RSS document cut off two thirds in, and the only sitemap is cut off halfway: neither may count",
	}}
}

func hostileEntities() Site {
	host := hostileHost("entities")
	n, rt := hostileNews("entities", true)
	rt.handle("/feed.xml", doc(typeRSS, func(now time.Time) []byte {
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<!DOCTYPE rss [\n")
		b.WriteString(`<!ENTITY lol "lol">` + "\n")
		prev := "lol"
		for i := 1; i <= 9; i++ {
			cur := fmt.Sprintf("lol%d", i)
			b.WriteString(`<!ENTITY ` + cur + ` "` + strings.Repeat("&"+prev+";", 10) + `">` + "\n")
			prev = cur
		}
		b.WriteString(`<!ENTITY xxe SYSTEM "file:///etc/passwd">` + "\n")
		b.WriteString(`<!ENTITY remote SYSTEM "https://` + host + `/private/dtd">` + "\n]>\n")
		b.WriteString("<rss version=\"2.0\">\n<channel>\n<title>Entities &lol9;</title>\n<link>https://" + host + "/</link>\n<description>&xxe;</description>\n")
		for i, s := range n.stories(now, "", n.count) {
			title := s.Title
			if i == 0 {
				title = "&remote; " + xesc(title)
			} else {
				title = xesc(title)
			}
			fmt.Fprintf(&b, "<item><title>%s</title><link>%s</link><pubDate>%s</pubDate></item>\n", title, xesc(s.URL), s.Time.UTC().Format(time.RFC1123Z))
		}
		b.WriteString("</channel>\n</rss>\n")
		return []byte(b.String())
	}))
	return Site{Name: "xml-entities", Host: host, Handler: rt, Expect: Expect{
		Outcome: OutcomeFeed, Acceptable: []string{OutcomeNone}, FeedURL: feedOf("entities"), FeedFormat: "rss", ArticleRequests: 2,
		Problem: "the advertised feed declares a billion-laughs DOCTYPE, an external entity on file:///etc/passwd and one on /private/dtd (disallowed): nothing may be expanded or fetched",
	}}
}

func hostileRedirectLoop() Site {
	_, rt := hostileNews("loop", false)
	a, b := redirectLoop("/", "/index.html")
	rt.handle("/", a)
	rt.handle("/index.html", b)
	rt.handle("/feed", redirect(http.StatusMovedPermanently, "/feed"))
	return Site{Name: "redirect-loop", Host: hostileHost("loop"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "redirect loop",
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
		Outcome: OutcomeNone, Problem: "too many redirects",
		Note: "the homepage is 8 redirects away (/ -> /r/1 -> ... -> /r/7 -> /home/, which has a feed link): a chain longer than 5 must end",
	}}
}

func hostileRedirectScheme() Site {
	_, rt := hostileNews("scheme", false)
	rt.handle("/", redirect(http.StatusFound, "ftp://files.scheme.hostile.test/pub/index.html"))
	rt.handle("/feed", redirect(http.StatusFound, "file:///etc/passwd"))
	rt.handle("/feed/", redirect(http.StatusFound, "javascript:alert(document.cookie)"))
	rt.handle("/rss", redirect(http.StatusFound, "data:text/html,<script>alert(1)</script>"))
	return Site{Name: "redirect-scheme", Host: hostileHost("scheme"), Handler: rt, Expect: Expect{
		Outcome: OutcomeNone, Problem: "redirect to a non-http(s) URL",
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
			Outcome: OutcomeFeed, Acceptable: []string{OutcomeNone}, FeedURL: "https://" + landing + "/feed.xml", FeedFormat: "rss",
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
		Outcome: OutcomeNone,
		Problem: "redirects to link-local, loopback and private addresses and to localhost; behind the trusted proxy they reach the proxy, which answers 502 and records them (Hits(\"169.254.169.254\")); a product that rejects such literal targets itself leaves no hit there",
	}}
}

func hostileRobots5xx() Site {
	_, rt := hostileNews("robots-5xx", true)
	rt.handle("/robots.txt", status(http.StatusServiceUnavailable, "503 Service Unavailable", "Back soon."))
	return Site{Name: "robots-5xx", Host: hostileHost("robots-5xx"), Handler: rt, Expect: Expect{
		Outcome: OutcomeRefused, Reason: "robots.txt", ArticleRequests: 1,
		Note: "robots.txt answers 503: complete disallow (RFC 9309 2.3.1.4), though the homepage would answer",
	}}
}

func hostileRobotsTimeout() Site {
	_, rt := hostileNews("robots-timeout", true)
	rt.handle("/robots.txt", silent())
	return Site{Name: "robots-timeout", Host: hostileHost("robots-timeout"), Handler: rt, Expect: Expect{
		Outcome: OutcomeRefused, Problem: "timeout", Within: 30 * time.Second,
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
		Outcome: OutcomeRefused, Reason: "429", ArticleRequests: 2,
		Note: "every URL, robots.txt included, answers 429: RFC 9309 counts it as 4xx (allow all), then the homepage's 429 stops the site; a product that treats robots.txt 429 as disallow stops after 1",
	}}
}

func hostileRobotsHTML() Site {
	_, rt := hostileNews("robots-html", true)
	rt.handle("/robots.txt", text(typeHTML, "<!DOCTYPE html>\n<html><head><title>Welcome</title></head><body>\n<p>User-agent: this is a page, not a robots.txt.</p>\n<p>Disallow: nothing here either</p>\n</body></html>\n"))
	return Site{Name: "robots-html", Host: hostileHost("robots-html"), Handler: rt, Expect: Expect{
		Outcome: OutcomeFeed, FeedURL: feedOf("robots-html"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
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
		Outcome: OutcomeFeed, FeedURL: feedOf("robots-preamble"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
		Note: "robots.txt starts with Disallow: / before any User-agent line: those rules belong to no group and are ignored (RFC 9309 2.1), so the site is allowed",
	}}
}

func hostileRobotsHuge() Site {
	_, rt := hostileNews("robots-huge", true)
	rt.handle("/robots.txt", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveDoc(w, r, typeText, bigRobots(), time.Time{})
	}))
	return Site{Name: "robots-huge", Host: hostileHost("robots-huge"), Handler: rt, Expect: Expect{
		Outcome: OutcomeFeed, FeedURL: feedOf("robots-huge"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
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
		Outcome: OutcomeSections, ArticleRequests: 11,
		Note: "robots.txt disallows /ニュース/ written raw and /特集/ percent-encoded; the homepage links to both (percent-encoded, lower-case hex) and to /経済/ and /スポーツ/: neither disallowed section may be fetched in either spelling",
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
		Outcome: OutcomeArticleSitemap, Sitemaps: []string{"https://" + host + "/sitemap.xml"}, SitemapURLs: 50000, ArticleRequests: 12,
		Note: "robots.txt lists one sitemap of 50,000 dated article URLs (about 6 MiB, the protocol's maximum count, under the 8 MiB cap)",
	}}
}
