package fixtureweb

import (
	"bytes"
	"fmt"
	"html/template"
	"net/http"
	"strings"
	"time"

	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"

	"feedscout/common/report"
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
// addresses names resolve to (the proxy dials). redirect-private redirects
// to 169.254.169.254, 10.0.0.7, 127.0.0.1, [::1] and localhost. Requests
// that reach the proxy for hosts outside the web get 502 and are recorded,
// so Hits("169.254.169.254") shows whether the product asked. But Go's
// proxy-from-environment never proxies localhost or loopback addresses:
// a product using it dials 127.0.0.1, [::1] and localhost itself, which is
// exactly where its dialer check must refuse them (and whatever listens on
// the machine's port 80 or 8080 would otherwise answer).
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
		Outcome: report.OutcomeNone, Problem: "timeout", Within: 75 * time.Second,
		Note: "robots.txt answers; every other request is read and never answered (no status line, no byte)",
	}}
}

func hostileSilentTLS() Site {
	return Site{Name: "silent-tls", Host: hostileHost("silent-tls"), Handler: silentTLS{}, Expect: Expect{
		Outcome: report.OutcomeRefused, Acceptable: []report.Outcome{report.OutcomeNone}, Problem: "timeout", Within: 30 * time.Second,
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
		Outcome: report.OutcomeNone, Problem: "timeout", Within: 75 * time.Second,
		Note: "robots.txt answers; every other response, status line included, comes one byte a second",
	}}
}

func hostileHang() Site {
	_, rt := hostileNews("hang", false)
	rt.fallback = hangAfterHeaders()
	rt.handle("/", hangAfterHeaders())
	return Site{Name: "hang-after-headers", Host: hostileHost("hang"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone, Problem: "timeout", Within: 75 * time.Second,
		Note: "robots.txt answers; every other request gets 200 and headers promising 100000 bytes, then nothing",
	}}
}

func hostileBombSitemap() Site {
	_, rt := hostileNews("bomb-sitemap", false)
	host := hostileHost("bomb-sitemap")
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n\nSitemap: https://"+host+"/sitemap.xml.gz\n"))
	rt.handle("/sitemap.xml.gz", gzipBombFile())
	return Site{Name: "gzip-bomb-sitemap", Host: host, Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone, Problem: "too-large", ArticleRequests: 12,
		Note: "robots.txt lists sitemap.xml.gz: about 1 MiB of gzip that expands to an XML prefix and 1 GiB of spaces",
	}}
}

func hostileBombPage() Site {
	_, rt := hostileNews("bomb-page", false)
	rt.handle("/", gzipBombPage())
	return Site{Name: "gzip-bomb-home", Host: hostileHost("bomb-page"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone, Problem: "too-large", ArticleRequests: 11,
		Note: "the homepage comes with Content-Encoding: gzip, about 1 MiB expanding to 1 GiB, whatever Accept-Encoding said",
	}}
}

func hostileHuge() Site {
	_, rt := hostileNews("huge", false)
	rt.handle("/", hugePage(20<<20))
	return Site{Name: "huge-home", Host: hostileHost("huge"), Handler: rt, Expect: Expect{
		Outcome: report.OutcomeNone, Problem: "too-large", ArticleRequests: 11,
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
		Outcome: report.OutcomeFeed, FeedURL: feedOf("deep"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
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
		Outcome: report.OutcomeFeed, FeedURL: feedOf("bad-utf8"), FeedFormat: "rss", FeedItems: 10, ArticleRequests: 2,
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
		Outcome: report.OutcomeFeed, FeedURL: origin + "/rss.xml", FeedFormat: "rss", FeedTitle: title, FeedItems: len(headlines), ArticleRequests: 2,
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
		Outcome: report.OutcomeNone, ArticleRequests: 12,
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
		Outcome: report.OutcomeFeed, Acceptable: []report.Outcome{report.OutcomeNone}, FeedURL: feedOf("entities"), FeedFormat: "rss", ArticleRequests: 2,
		Problem: "the advertised feed declares a billion-laughs DOCTYPE, an external entity on file:///etc/passwd and one on /private/dtd (disallowed): nothing may be expanded or fetched",
	}}
}
