package fixtureweb

import (
	"fmt"
	"net/http"
	"regexp"
	"strings"
	"time"

	"feedscout/common/report"
)

// Nikkei: no feed anywhere; robots.txt lists a company-data sitemap (not
// usable) and sections_sitemap.xml, which declares the news namespace but
// lists 184 sections among its 187 URLs; 157 of the 187 changed within
// 24 h. Every section page has 271 distinct same-host links, of which the
// shape test keeps 26 and the dominant-segment rule 20 (/article/...).

const nikkeiOrigin = "https://www.nikkei.com"

// nikkeiTops are the 16 top-level sections with their names.
var nikkeiTops = []link{
	{"/economy/", "経済"}, {"/politics/", "政治"}, {"/business/", "ビジネス"}, {"/markets/", "マーケット"},
	{"/technology/", "テクノロジー"}, {"/international/", "国際"}, {"/opinion/", "オピニオン"}, {"/sports/", "スポーツ"},
	{"/society/", "社会"}, {"/local/", "地域"}, {"/culture/", "文化"}, {"/life/", "ライフ"},
	{"/science/", "科学"}, {"/health/", "健康"}, {"/career/", "キャリア"}, {"/education/", "教育"},
}

// nikkeiSubs are the second- and third-level sections under each top.
var nikkeiSubs = map[string][]string{
	"economy": {"policy", "monetary-policy", "fiscal-policy", "statistics", "trade", "energy", "employment", "prices",
		"housing", "regional-economy", "asia-economy", "us-economy",
		"energy/nuclear", "energy/renewables", "energy/lng", "energy/oil"},
	"politics": {"cabinet", "diet", "elections", "defense", "diplomacy", "local-politics", "political-parties",
		"constitution", "administration"},
	"business": {"startups", "automobiles", "electronics", "retail", "food-industry", "pharmaceuticals", "construction",
		"real-estate", "logistics", "airlines", "telecom", "finance", "insurance", "shipping", "chemicals", "steel",
		"textiles", "entertainment", "media", "agriculture", "materials", "machinery", "services", "esg",
		"automobiles/electric", "automobiles/autonomous", "automobiles/suppliers"},
	"markets": {"kabu", "bonds", "forex", "commodities", "funds", "ipo", "earnings", "derivatives", "crypto",
		"global-markets", "market-news", "screener",
		"kabu/overseas", "kabu/domestic", "kabu/indexes", "kabu/dividends", "kabu/analyst", "kabu/smallcap"},
	"technology": {"ai", "semiconductors", "cybersecurity", "internet", "mobile", "space", "quantum", "robotics",
		"software", "hardware", "biotech", "cleantech", "ai/chips", "ai/models", "ai/regulation", "ai/agents"},
	"international": {"asia", "china", "korea", "north-america", "europe", "middle-east", "africa", "latin-america",
		"oceania", "russia", "india", "southeast-asia", "china/economy", "china/politics", "china/taiwan", "china/hongkong"},
	"opinion":   {"editorials", "columns", "analysis", "commentary", "letters", "interviews"},
	"sports":    {"baseball", "soccer", "sumo", "golf", "tennis", "olympics", "basketball", "rugby", "motorsports", "figure-skating", "baseball/npb", "baseball/mlb", "baseball/highschool"},
	"society":   {"crime", "courts", "disasters", "transportation", "welfare", "accidents", "obituaries", "population"},
	"local":     {"hokkaido", "tohoku", "kanto", "chubu", "kansai", "chugoku", "shikoku", "kyushu", "okinawa", "hokuriku"},
	"culture":   {"books", "movies", "music", "art", "theater", "travel", "food", "fashion"},
	"life":      {"family", "money", "housing-life", "work-style", "retirement", "consumer"},
	"science":   {"climate", "environment", "research", "nobel"},
	"health":    {"medicine", "covid", "aging", "nursing"},
	"career":    {"management", "leadership", "skills", "women-leaders"},
	"education": {"universities", "schools", "exams"},
}

// nikkeiSections are the 184 section paths of sections_sitemap.xml, in
// sitemap order: each top followed by its subsections.
func nikkeiSections() []string {
	var out []string
	for _, t := range nikkeiTops {
		out = append(out, t.Href)
		top := strings.Trim(t.Href, "/")
		for _, s := range nikkeiSubs[top] {
			out = append(out, "/"+top+"/"+s+"/")
		}
	}
	return out
}

// nikkeiNotSections are the three URLs of sections_sitemap.xml that are
// not sections: a blocked segment, a file, a path four segments deep.
var nikkeiNotSections = []string{"/help/", "/markets/worldindices/index.aspx", "/special/2026/expo/overview/"}

// nikkeiChrome are the same-host links of every Nikkei page besides
// sections and articles: the logo's "/", account and search links,
// market data, themes and corporate pages. None has the shape of an
// article or is one of the sitemap's sections.
var nikkeiChrome = []link{
	{"/", "日本経済新聞"}, {"/login", "ログイン"}, {"/signup", "会員登録"}, {"/search", "検索"},
	{"/mypage/", "マイページ"}, {"/help/", "ヘルプ"}, {"/help/contact/", "お問い合わせ"}, {"/subscription/", "購読"},
	{"/newsletter/", "ニュースレター"}, {"/app/", "アプリ"}, {"/paper/", "紙面ビューアー"}, {"/paper/morning/", "朝刊"},
	{"/paper/evening/", "夕刊"}, {"/ranking/", "ランキング"}, {"/ranking/weekly/", "週間ランキング"},
	{"/video/", "動画"}, {"/podcast/", "ポッドキャスト"}, {"/photo/", "写真"}, {"/graphics/", "グラフィックス"},
	{"/special/", "特集"}, {"/prime/", "日経プライム"}, {"/theme/", "テーマ一覧"},
	{"/markets/data/nikkei-average/", "日経平均"}, {"/markets/data/topix/", "TOPIX"},
	{"/markets/data/forex/", "為替"}, {"/markets/data/bonds/", "長期金利"}, {"/markets/worldindices/", "世界の株価"},
	{"/markets/ranking/page/index.aspx", "株価ランキング"}, {"/nkd/", "日経会社情報"}, {"/nkd/industry/", "業界"},
	{"/nkd/company/", "企業検索"}, {"/nkd/calendar/", "決算カレンダー"},
	{"/theme/generative-ai/", "生成AI"}, {"/theme/ev-battery/", "EV電池"}, {"/theme/interest-rates/", "金利"},
	{"/theme/us-election/", "米大統領選"}, {"/theme/yen/", "円相場"}, {"/theme/tariffs/", "関税"},
	{"/theme/semiconductor-policy/", "半導体政策"}, {"/theme/housing-market/", "住宅市場"},
	{"/theme/labor-shortage/", "人手不足"}, {"/theme/osaka-expo/", "大阪万博"}, {"/theme/rice-prices/", "コメ価格"},
	{"/theme/inbound-tourism/", "訪日客"}, {"/theme/pension-reform/", "年金改革"}, {"/theme/climate-policy/", "気候政策"},
	{"/theme/space-business/", "宇宙ビジネス"}, {"/theme/startup-funding/", "スタートアップ資金"},
	{"/company/", "会社案内"}, {"/company/history/", "沿革"}, {"/company/recruit/", "採用情報"},
	{"/privacy/", "プライバシー"}, {"/terms/", "利用規約"}, {"/cookies/", "クッキー"}, {"/ads/", "広告掲載"},
	{"/sitemap/", "サイトマップ"}, {"/accessibility/", "アクセシビリティ"}, {"/media-kit/", "媒体資料"},
	{"/events/", "イベント"}, {"/books/", "日経の本"}, {"/english/", "English"},
}

// nikkeiID is an article id like DGXZQOUC026TI0S6A101C2000000; i keeps the
// ids of one list distinct.
func nikkeiID(g *textGen, i int) string {
	a := []string{"UC", "UA", "GN", "FL", "LR", "CB"}
	b := []string{"TI", "B0", "A2", "CN", "OG"}
	return fmt.Sprintf("DGXZQO%s%03d%s0S6A%03dC2000000", g.pick(a), i*41+g.r.IntN(41), g.pick(b), g.r.IntN(1000))
}

func nikkei() Site {
	sections := nikkeiSections()
	n := &newsroom{
		origin: nikkeiOrigin, name: "日本経済新聞", lang: "ja", seed: "nikkei", count: 20, step: 31 * time.Minute,
		nav:     nikkeiTops,
		utility: nikkeiChrome[1:6],
		path: func(g *textGen, i int, t time.Time, title string, sec link) string {
			return "/article/" + nikkeiID(g, i) + "/"
		},
	}
	names := map[string]string{}
	for _, t := range nikkeiTops {
		names[t.Href] = t.Text
	}
	menu := make([]link, len(sections))
	for i, s := range sections {
		name := names[s]
		if name == "" {
			name = strings.ReplaceAll(strings.Trim(s[strings.Index(s[1:], "/")+1:], "/"), "/", " · ")
		}
		menu[i] = link{s, name}
	}
	n.footer = []footerGroup{
		{Heading: "セクション一覧", Links: menu},
		{Heading: "日経について", Links: nikkeiChrome[6:]},
		{Heading: "関連サイト", Links: links("https://asia.nikkei.com/", "Nikkei Asia", "https://www.nikkei.co.jp/", "日本経済新聞社")},
	}
	rt := n.router()
	rt.handle("/robots.txt", text(typeText, `User-agent: *
Disallow: /search
Disallow: /login
Disallow: /async/
Disallow: /nkd/company/history/
Disallow: /markets/ichiba/csv/

User-agent: GPTBot
Disallow: /

Sitemap: https://www.nikkei.com/sitemap_nkd.xml
Sitemap: https://www.nikkei.com/sections_sitemap.xml
`))
	rt.handle("/sitemap_nkd.xml", doc(typeXML, nikkeiCompanySitemap))
	rt.handle("/sections_sitemap.xml", doc(typeXML, func(now time.Time) []byte { return nikkeiSectionsSitemap(now, sections) }))
	for _, s := range sections {
		rt.handle(s, htmlPage(func(r *http.Request, now time.Time) page { return nikkeiSection(n, now, r.URL.Path) }))
	}
	for _, c := range nikkeiChrome[1:] {
		rt.handle(c.Href, htmlPage(func(r *http.Request, now time.Time) page {
			p := n.frame(c.Text+" | 日本経済新聞", nikkeiOrigin+c.Href)
			p.Paragraphs = []string{newText("nikkei"+c.Href, "ja").paragraph(3)}
			return p
		}))
	}
	for _, x := range nikkeiNotSections[1:] {
		rt.handle(x, htmlPage(func(r *http.Request, now time.Time) page {
			return n.frame("日本経済新聞", nikkeiOrigin+r.URL.Path)
		}))
	}
	article := regexp.MustCompile(`^/article/DGXZQO[A-Z0-9]{22}/$`)
	rt.prefix("/article/", n.articleHandler(article.MatchString))
	prime := regexp.MustCompile(`^/prime/[a-z-]+/DGXZQO[A-Z0-9]{22}/$`)
	rt.prefix("/prime/", n.articleHandler(prime.MatchString))
	special := regexp.MustCompile(`^/special/\d{4}/\d{2}/[a-z-]+/$`)
	rt.prefix("/special/", n.articleHandler(special.MatchString))
	return Site{
		Name: "nikkei", Host: "www.nikkei.com", Handler: gz(rt),
		Expect: Expect{
			Outcome:     report.OutcomeSections,
			Sitemaps:    []string{nikkeiOrigin + "/sections_sitemap.xml"},
			SitemapURLs: 187, Sections: 185, Fresh: 157,
			Follow:       []Follow{{URL: nikkeiOrigin + "/business/startups/", Links: 271, Shaped: 26, Articles: 20, Segment: "article"}},
			SeedRequests: 13, ArticleRequests: 13,
			Note: "sections_sitemap.xml declares the news namespace but 184 of its 187 URLs are sections; all nine guesses 404",
		},
	}
}

// nikkeiSectionsSitemap lists the 184 sections and the 3 other URLs: 157
// of the 187 with lastmod within 24 h of now, the rest 2 to 21 days old.
// The 27 stale sections are every sixth from the sixth on; the 3 others
// are stale too.
func nikkeiSectionsSitemap(now time.Time, sections []string) []byte {
	var es []smURL
	stale := 0
	for i, s := range sections {
		lm := now.Add(-time.Duration(5+(i*37)%1380) * time.Minute)
		if i%6 == 5 && stale < 27 {
			stale++
			lm = now.Add(-time.Duration(2+i%20) * 24 * time.Hour)
		}
		es = append(es, smURL{Loc: nikkeiOrigin + s, Lastmod: lm.Truncate(time.Second)})
		if i == 59 || i == 119 {
			es = append(es, smURL{Loc: nikkeiOrigin + nikkeiNotSections[i/60], Lastmod: now.Add(-30 * 24 * time.Hour).Truncate(time.Second)})
		}
	}
	es = append(es, smURL{Loc: nikkeiOrigin + nikkeiNotSections[2], Lastmod: now.Add(-45 * 24 * time.Hour).Truncate(time.Second)})
	return urlset(es, true)
}

// nikkeiCompanySitemap lists investor-relations files: 40 URLs, none an
// article or a section, so the sitemap is not usable.
func nikkeiCompanySitemap(now time.Time) []byte {
	codes := []int{7203, 6758, 9984, 6861, 8306, 9432, 6098, 4063, 8035, 6501}
	var es []smURL
	for _, c := range codes {
		for _, f := range []string{"report.pdf", "results.pdf", "guidance.pdf", "dividends.csv"} {
			es = append(es, smURL{Loc: fmt.Sprintf("%s/nkd/company/ir/%d/%s", nikkeiOrigin, c, f), Lastmod: now.Add(-72 * time.Hour).Truncate(time.Second)})
		}
	}
	return urlset(es, false)
}

// nikkeiSection is a section page: the 184-section menu, the chrome, 20
// articles under /article/ (each linked from its picture and its title),
// 3 Prime articles and 3 features of article shape in other first
// segments. 184 + 61 + 20 + 6 = 271 distinct same-host links.
func nikkeiSection(n *newsroom, now time.Time, path string) page {
	name := path
	for _, l := range n.footer[0].Links {
		if l.Href == path {
			name = l.Text
		}
	}
	p := n.frame(name+" | 日本経済新聞", nikkeiOrigin+path)
	g := newText("nikkei-extra|"+path, "ja")
	var prime, special []story
	primeTopics := []string{"tech-foresight", "gx", "health-care"}
	for i, topic := range primeTopics {
		prime = append(prime, story{URL: nikkeiOrigin + "/prime/" + topic + "/" + nikkeiID(g, i) + "/", Title: g.headline(), Time: now.Add(-time.Duration(i+2) * time.Hour).Truncate(time.Second)})
	}
	for i, s := range []string{"ai-chip-supply-chain", "osaka-bay-redevelopment", "rice-price-explainer"} {
		t := now.Add(-time.Duration(i+1) * 24 * time.Hour)
		special = append(special, story{URL: nikkeiOrigin + t.Format("/special/2006/01/") + s + "/", Title: g.headline(), Time: t.Truncate(time.Second)})
	}
	p.Rivers = []river{
		{Heading: name, Href: path, Stories: n.stories(now, path, 20)},
		{Heading: "日経プライム", Stories: prime},
		{Heading: "特集", Stories: special},
	}
	return p
}
