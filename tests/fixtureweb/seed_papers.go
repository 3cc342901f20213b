package fixtureweb

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"feedscout/common/report"
)

// Asahi and Yomiuri: no feed; all nine guesses fail (asahi.com/rss with
// 403, the rest 404); robots.txt lists a general sitemap that is not usable
// before the news sitemaps: Asahi's is an index of department news
// sitemaps, Yomiuri's a single news sitemap.

const asahiOrigin = "https://www.asahi.com"

// asahiDepartments are the departments of Asahi's news sitemap index.
var asahiDepartments = []string{"national", "business", "politics", "international", "sports", "culture", "tech_science", "life"}

func asahi() Site {
	n := &newsroom{
		origin: asahiOrigin, name: "朝日新聞デジタル", lang: "ja", seed: "asahi", count: 24, step: 43 * time.Minute,
		nav: links("/news/", "ニュース", "/national/", "社会", "/politics/", "政治", "/business/", "経済",
			"/international/", "国際", "/sports/", "スポーツ", "/culture/", "文化", "/tech_science/", "科学・IT", "/life/", "暮らし"),
		utility: links("/login/", "ログイン", "/pr/", "有料会員登録", "/search/", "検索"),
		footer: []footerGroup{
			{Heading: "朝日新聞社", Links: links("/corporate/", "会社案内", "/shimbun/", "新聞購読", "/policy/", "サイトポリシー",
				"/privacy/", "個人情報", "/help/", "ヘルプ")},
		},
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			const abc = "ABCDEFGHJKLMNPQRSTUVWXYZ0123456789"
			var b strings.Builder
			for range 14 {
				b.WriteByte(abc[g.r.IntN(len(abc))])
			}
			return fmt.Sprintf("/articles/AST%s%d%s.html", strings.ToUpper(t.Format("Jan")[:2]), i%10, b.String())
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /api/
Disallow: /sp/
Disallow: /amp/
Disallow: /rensai/preview/

Sitemap: https://www.asahi.com/sitemap.xml
Sitemap: https://www.asahi.com/sitemap_news.xml
`))
	// Akamai answers /rss with 403; the other guesses are plain 404s.
	rt.handle("/rss", status(http.StatusForbidden, "Access Denied", "You don't have permission to access \"http://www.asahi.com/rss\" on this server."))
	rt.handle("/sitemap.xml", doc(typeXML, func(now time.Time) []byte { return miscSitemap(asahiOrigin, now) }))
	var children []string
	for _, d := range asahiDepartments {
		children = append(children, asahiOrigin+"/sitemap_"+d+".xml")
	}
	rt.handle("/sitemap_news.xml", doc(typeXML, func(now time.Time) []byte { return sitemapIndex(children, now.Add(-4*time.Minute)) }))
	for _, d := range asahiDepartments {
		rt.handle("/sitemap_"+d+".xml", doc(typeXML, func(now time.Time) []byte {
			return urlset(newsEntries(n.stories(now, "dept-"+d, 20), "朝日新聞デジタル", "ja"), true)
		}))
	}
	article := regexp.MustCompile(`^/articles/AST[A-Z]{2}\d[A-Z0-9]{14}\.html$`)
	rt.prefix("/articles/", n.articleHandler(article.MatchString))
	return Site{
		Name: "asahi", Host: "www.asahi.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeNewsSitemap, Sitemaps: children, SitemapURLs: 20,
			SeedRequests: 14, ArticleRequests: 14,
			Note: "/rss answers 403 and the other guesses 404; robots.txt lists an unusable sitemap, then an index of 8 department news sitemaps",
		},
	}
}

// miscSitemap is the kind of general sitemap big publishers list first:
// a few sections, a few articles, many pages that are neither (PDFs,
// corporate pages), so that neither share reaches 70 %.
func miscSitemap(origin string, now time.Time) []byte {
	paths := []string{
		"/special/olympics/", "/special/elections/", "/special/disaster/", "/special/climate/",
		"/opinion/", "/ranking/", "/photo/", "/video/", "/podcast/", "/shasetsu/",
		"/articles/ASTK1A2B3C4D5E6F7G.html", "/articles/ASTK1H8J9K0L1M2N3P.html", "/articles/ASTK1Q4R5S6T7U8V9W.html",
		"/corporate/", "/corporate/info/ir/report-2026.pdf", "/corporate/info/ir/report-2025.pdf",
		"/shimbun/price.html?from=sitemap", "/about/", "/privacy/", "/help/", "/pr/guide.pdf",
		"/information/service/app.pdf", "/ad/", "/login/", "/search/", "/sitemap/",
	}
	es := make([]smURL, len(paths))
	for i, p := range paths {
		es[i] = smURL{Loc: origin + p, Lastmod: now.Add(-time.Duration(3+i) * 24 * time.Hour).Truncate(time.Second)}
	}
	return urlset(es, false)
}

const yomiuriOrigin = "https://www.yomiuri.co.jp"

func yomiuri() Site {
	n := &newsroom{
		origin: yomiuriOrigin, name: "読売新聞オンライン", lang: "ja", seed: "yomiuri", count: 60, step: 37 * time.Minute,
		nav: links("/national/", "社会", "/politics/", "政治", "/economy/", "経済", "/world/", "国際",
			"/sports/", "スポーツ", "/culture/", "エンタメ・文化", "/science/", "科学・IT", "/local/", "地域"),
		utility: links("/member/", "読者会員", "/search/", "検索"),
		footer: []footerGroup{{Heading: "読売新聞", Links: links("/company/", "会社案内", "/policy/", "著作権",
			"/privacy/", "個人情報", "/adv/", "広告")}},
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return fmt.Sprintf("%s%s-OYT1T5%04d/", sec.Href, t.Format("20060102"), (i*53+g.r.IntN(50))%10000)
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /adv/
Disallow: /member/
Disallow: /pluralphoto/
Disallow: /search/

Sitemap: https://www.yomiuri.co.jp/sitemap.xml
Sitemap: https://www.yomiuri.co.jp/sitemap-news.xml
`))
	rt.handle("/sitemap.xml", doc(typeXML, func(now time.Time) []byte { return miscSitemap(yomiuriOrigin, now) }))
	rt.handle("/sitemap-news.xml", n.newsSitemap("読売新聞オンライン"))
	article := regexp.MustCompile(`^/[a-z]+/\d{8}-OYT1T5\d{4}/$`)
	for _, l := range n.nav {
		rt.prefix(l.Href+"20", n.articleHandler(article.MatchString))
	}
	return Site{
		Name: "yomiuri", Host: "www.yomiuri.co.jp", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeNewsSitemap, Sitemaps: []string{yomiuriOrigin + "/sitemap-news.xml"}, SitemapURLs: 60,
			SeedRequests: 13, ArticleRequests: 13,
			Note: "all nine guesses 404; robots.txt lists an unusable sitemap, then a news sitemap of 60 articles",
		},
	}
}

// AP and Reuters say no: AP's homepage (and everything else) answers 403;
// Reuters' robots.txt allows only named crawlers.

func apnews() Site {
	rt := newRouter(status(http.StatusForbidden, "403 Forbidden", "Access to this resource has been denied."))
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /search
Disallow: /hub/ap-top-news/amp

Sitemap: https://apnews.com/sitemap.xml
`))
	return Site{
		Name: "apnews", Host: "apnews.com", Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeRefused, Reason: "403", SeedRequests: 2, ArticleRequests: 2,
			Note: "robots.txt allows everything, then the homepage and every other URL answer 403",
		},
	}
}

func reuters() Site {
	n := &newsroom{
		origin: "https://www.reuters.com", name: "Reuters", lang: "en", seed: "reuters", count: 20, step: 23 * time.Minute,
		nav: links("/world/", "World", "/business/", "Business", "/markets/", "Markets", "/technology/", "Technology"),
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return sec.Href + slug(title) + t.Format("-2006-01-02") + "/"
		},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `# robots_allow.txt for www.reuters.com
User-agent: Googlebot
Allow: /
Disallow: /arc/outboundfeeds/

User-agent: Googlebot-News
Allow: /

User-agent: Bingbot
Allow: /

User-agent: Applebot
Allow: /

User-agent: DuckDuckBot
Allow: /

User-agent: *
Disallow: /

Sitemap: https://www.reuters.com/arc/outboundfeeds/sitemap-index/?outputType=xml
Sitemap: https://www.reuters.com/arc/outboundfeeds/news-sitemap-index/?outputType=xml
`))
	return Site{
		Name: "reuters", Host: "www.reuters.com", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeRefused, Reason: "robots.txt", SeedRequests: 1, ArticleRequests: 1,
			Note: "robots.txt names the crawlers it allows and disallows everyone else: stop after robots.txt",
		},
	}
}
