package classify

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"golang.org/x/text/encoding/japanese"
)

// Fixtures too big or too binary to write by hand are generated here,
// deterministically (no clock, no randomness), and committed:
// TestGeneratedFixtures fails when a committed file differs from what its
// generator makes, and -update rewrites them (before the golden files).

// generated maps a testdata file name to its generator.
var generated = map[string]func() []byte{
	"publisher-home.html":  publisherHome,
	"nikkei-startups.html": nikkeiStartups,
	"itmedia-sjis.html":    itmediaShiftJIS,
}

func TestGeneratedFixtures(t *testing.T) {
	if *update {
		writeGenerated(t)
	}
	for name, gen := range generated {
		got, err := os.ReadFile(filepath.Join("testdata", name))
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, gen()) {
			t.Errorf("testdata/%s differs from its generator (go test -update to rewrite)", name)
		}
	}
}

func writeGenerated(t testing.TB) {
	t.Helper()
	for name, gen := range generated {
		if err := os.WriteFile(filepath.Join("testdata", name), gen(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}

// capitalize upper-cases the first letter of an ASCII word.
func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// pick returns a deterministic word from list for the numbers given.
func pick(list []string, n ...int) string {
	h := 7
	for _, x := range n {
		h = h*31 + x
	}
	if h < 0 {
		h = -h
	}
	return list[h%len(list)]
}

var (
	slugWords = []string{
		"council", "votes", "river", "budget", "storm", "hits", "coast", "talks", "stall",
		"over", "water", "rights", "election", "results", "delayed", "minister", "resigns",
		"after", "report", "markets", "rally", "as", "inflation", "cools", "team", "wins",
		"final", "in", "extra", "time", "new", "bridge", "opens", "to", "traffic", "study",
		"finds", "link", "between", "sleep", "and", "memory", "court", "blocks", "plan",
	}
	sectionTree = [][]string{
		{"world", "africa", "americas", "asia", "australia", "europe", "middleeast"},
		{"us", "politics", "elections", "supreme-court", "immigration"},
		{"business", "economy", "dealbook", "markets", "media", "energy-environment"},
		{"technology", "personal-tech", "artificial-intelligence", "cybersecurity"},
		{"science", "climate", "space", "health"},
		{"sports", "football", "baseball", "basketball", "soccer", "tennis", "golf"},
		{"arts", "music", "television", "books", "design", "dance", "theater"},
		{"style", "fashion", "weddings", "self-care"},
		{"food", "recipes", "restaurants", "wine"},
		{"travel", "destinations", "tips"},
		{"opinion", "columnists", "editorials", "letters"},
		{"realestate", "commercial", "mortgages"},
	}
	authors = []string{"ana-lima", "ben-okafor", "chen-wei", "dara-murphy", "eli-kahn", "fatima-zahra", "gus-berg", "hana-sato"}
)

// publisherHome is a big publisher's homepage of about 1 MB: head with a
// feed link, inline CSS, a preloaded state blob and an SVG sprite; nav
// menus with every section; a river of 420 story cards with pictures,
// bylines and summaries; a footer of legal, app and social links.
func publisherHome() []byte {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("<!-- url: https://www.example-times.com/ -->\n<!DOCTYPE html>\n<html lang=\"en\" class=\"story nytapp-vi-homepage\">\n<head>\n")
	w("<meta charset=\"utf-8\">\n<title>The Example Times - Breaking News, US News, World News and Videos</title>\n")
	w("<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n")
	w("<meta property=\"og:type\" content=\"website\">\n<meta property=\"og:title\" content=\"The Example Times\">\n")
	w("<link rel=\"canonical\" href=\"https://www.example-times.com/\">\n")
	w("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"RSS\" href=\"https://rss.example-times.com/services/xml/rss/ext/HomePage.xml\">\n")
	w("<link rel=\"alternate\" hreflang=\"es\" href=\"https://www.example-times.com/es/\">\n")
	for i := 0; i < 12; i++ {
		w("<link rel=\"preload\" href=\"https://static.example-times.com/vi-assets/static-assets/font-%d.woff2\" as=\"font\" crossorigin>\n", i)
	}
	w("<style>\n")
	for i := 0; i < 900; i++ {
		w(".css-%x{display:flex;margin:0 auto %dpx;padding:%dpx %dpx;font-family:ext-cheltenham,georgia,serif;color:#%06x}\n", 0x1a2b3c+i*7, i%40, i%12, i%20, (i*2654435761)&0xffffff)
	}
	w("</style>\n<script>window.__preloadedData = {\"initialState\":{")
	for i := 0; i < 1100; i++ {
		sec := sectionTree[i%len(sectionTree)]
		w("\"Article:%d\":{\"__typename\":\"Article\",\"url\":\"https://www.example-times.com/2026/11/%02d/%s/%s-%s-%s-%s.html\",\"headline\":{\"default\":\"%s %s\"},\"promotionalMedia\":{\"crops\":[{\"width\":600,\"height\":400}]}},",
			i, 1+i%29, sec[0], pick(slugWords, i, 1), pick(slugWords, i, 2), pick(slugWords, i, 3), pick(slugWords, i, 4), pick(slugWords, i, 5), pick(slugWords, i, 6))
	}
	w("\"ROOT_QUERY\":{}}};</script>\n</head>\n<body>\n")
	w("<svg xmlns=\"http://www.w3.org/2000/svg\" style=\"display:none\">\n")
	for i := 0; i < 60; i++ {
		w("<symbol id=\"icon-%d\" viewBox=\"0 0 24 24\"><path d=\"M%d %dl%d %d-%d %dz M3 3h18v18H3z\"/><title>icon %d</title></symbol>\n", i, i%24, (i*3)%24, i%7, i%5, i%3, i%9, i)
	}
	w("</svg>\n<header class=\"css-ahe4g0\">\n<a href=\"#site-content\" class=\"css-10m9xeu\">Skip to content</a>\n")
	w("<a href=\"https://www.example-times.com/\" aria-label=\"The Example Times\"><svg><use href=\"#icon-1\"/></svg></a>\n")
	w("<a href=\"https://myaccount.example-times.com/auth/login?response_type=cookie&amp;client_id=vi\">Log in</a>\n")
	w("<a href=\"/subscription?campaignId=8HHXJ\">Subscribe for $1/week</a>\n<a href=\"/search\">Search</a>\n")
	w("<nav aria-label=\"Main\" class=\"css-1d8a290\">\n<ul>\n")
	for _, sec := range sectionTree {
		w("<li class=\"css-1wnxi8n\"><a href=\"https://www.example-times.com/section/%s\" class=\"css-kz1pwz\">%s</a>\n<div class=\"css-menu\"><ul>\n", sec[0], capitalize(sec[0]))
		for _, sub := range sec[1:] {
			w("<li><a href=\"https://www.example-times.com/section/%s/%s\">%s</a></li>\n", sec[0], sub, strings.ReplaceAll(sub, "-", " "))
		}
		w("</ul></div></li>\n")
	}
	w("</ul>\n</nav>\n</header>\n<main id=\"site-content\">\n")
	for i := 0; i < 420; i++ {
		sec := sectionTree[i%len(sectionTree)]
		sub := sec[1+i%(len(sec)-1)]
		path := fmt.Sprintf("/2026/11/%02d/%s/%s/%s-%s-%s-%s.html", 1+(i*7)%29, sec[0], sub,
			pick(slugWords, i, 1), pick(slugWords, i, 2), pick(slugWords, i, 3), pick(slugWords, i, 4))
		head := fmt.Sprintf("%s %s %s %s %s", capitalize(pick(slugWords, i, 1)), pick(slugWords, i, 2), pick(slugWords, i, 3), pick(slugWords, i, 4), pick(slugWords, i, 7))
		author := authors[i%len(authors)]
		w("<section class=\"story-wrapper css-%x\" data-testid=\"block-%d\">\n", 0x5a0+i, i)
		w("<a class=\"css-9mylee\" href=\"https://www.example-times.com%s\" data-uri=\"nyt://article/%08x-%04x\">\n", path, i*2654435761&0xffffffff, i)
		w("<div class=\"css-79elbk\"><figure class=\"css-1cezixx\" aria-label=\"media\" role=\"group\"><div class=\"css-1xdhyk6\"><picture>\n")
		for _, size := range []string{"square320", "threeByTwoMediumAt2X", "videoLarge"} {
			w("<source media=\"(min-width: %dpx)\" srcset=\"https://static.example-times.com/images/2026/11/%02d/multimedia/%d-%s-%s/%d-%s-%s-%s.jpg?quality=75&amp;auto=webp\">\n",
				320+len(size)*10, 1+i%29, i, pick(slugWords, i, 8), size, i, pick(slugWords, i, 8), size, "v2")
		}
		w("<img alt=\"%s\" class=\"css-rq4mmj\" src=\"https://static.example-times.com/images/2026/11/%02d/multimedia/%d-%s/%d-%s-threeByTwoSmallAt2X.jpg?quality=75&amp;auto=webp\" width=\"600\" height=\"400\" decoding=\"async\" loading=\"lazy\">\n",
			head, 1+i%29, i, pick(slugWords, i, 8), i, pick(slugWords, i, 8))
		w("</picture></div><figcaption class=\"css-1e9kpsa\"><span class=\"css-cnj6d5\">Credit: Photo Desk for The Example Times</span></figcaption></figure></div></a>\n")
		w("<div class=\"css-xdandi\"><p class=\"indicate-hover css-91bpc3\"><a href=\"https://www.example-times.com%s\">%s</a></p>\n", path, head)
		w("<p class=\"summary-class css-1wrxpaj\">%s %s %s %s, %s %s %s %s %s.</p>\n",
			capitalize(pick(slugWords, i, 9)), pick(slugWords, i, 10), pick(slugWords, i, 11), pick(slugWords, i, 12), pick(slugWords, i, 13), pick(slugWords, i, 14), pick(slugWords, i, 15), pick(slugWords, i, 16), pick(slugWords, i, 17))
		w("<div class=\"css-1bdu3ax\"><span class=\"css-1n7hynb\">By <a href=\"https://www.example-times.com/by/%s\">%s</a></span>\n", author, strings.ReplaceAll(author, "-", " "))
		w("<time datetime=\"2026-11-%02dT%02d:%02d:00Z\" class=\"css-1hr6f0l\"><span class=\"css-1stvlmo\">%d min read</span></time></div>\n", 1+(i*7)%29, i%24, i%60, 2+i%11)
		if i%9 == 0 {
			w("<a href=\"https://www.example-times.com%s#commentsContainer\" class=\"css-ls8r8p\">Comments</a>\n", path)
		}
		w("</div></section>\n")
		if i%60 == 59 {
			sec := sectionTree[(i/60)%len(sectionTree)]
			w("<section class=\"css-more\"><h2><a href=\"https://www.example-times.com/section/%s\">More in %s &rsaquo;</a></h2></section>\n", sec[0], sec[0])
		}
	}
	w("</main>\n<footer class=\"css-1e1s8k7\">\n<nav aria-label=\"Site index\"><ul>\n")
	for _, sec := range sectionTree {
		w("<li><a href=\"https://www.example-times.com/section/%s\">%s</a></li>\n", sec[0], sec[0])
	}
	for _, p := range []string{"/interactive/2026/upshot/election-results-map.html", "/crosswords", "/games/wordle/index.html", "/puzzles/spelling-bee", "/video", "/podcasts/the-daily", "/section/todayspaper"} {
		w("<li><a href=\"https://www.example-times.com%s\">%s</a></li>\n", p, p)
	}
	w("</ul></nav>\n<ul class=\"css-legal\">\n")
	for _, p := range []string{"/content/help/rights/privacy/policy/privacy-policy.html", "/content/help/rights/terms/terms-of-service.html", "/content/help/site/ai-and-the-news.html", "/privacy/cookie-policy", "/accessibility", "/sitemap", "/content/help/front.html", "/rss"} {
		w("<li><a href=\"https://www.example-times.com%s\">%s</a></li>\n", p, strings.Trim(p[strings.LastIndex(strings.TrimSuffix(p, "/"), "/"):], "/"))
	}
	for _, p := range []string{"https://apps.apple.com/app/the-example-times/id284862083", "https://play.google.com/store/apps/details?id=com.exampletimes.android", "https://www.facebook.com/exampletimes", "https://x.com/exampletimes", "https://help.example-times.com/hc/en-us", "https://www.example-timesstore.com/"} {
		w("<li><a href=\"%s\" rel=\"noopener\">%s</a></li>\n", p, p)
	}
	w("</ul>\n<p>&copy; 2026 The Example Times Company</p>\n</footer>\n</body>\n</html>\n")
	return []byte(b.String())
}

// nikkeiCompanies is how many company data pages the Nikkei fixture links:
// the number that makes its distinct same-host links 271.
const nikkeiCompanies = 11

// nikkeiStartups is the shape of Nikkei's /business/startups/ as the seed
// measured it: 271 distinct same-host links, 20 of them /article/DGXZQ...
// articles, plus a few article-shaped links elsewhere on the site that the
// dominant-segment rule drops, and the menus, topic and tag pages, market
// data, login, search and paging that the shape test drops.
func nikkeiStartups() []byte {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	const host = "https://www.nikkei.com"
	w("<!-- url: https://www.nikkei.com/business/startups/ -->\n<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n<meta charset=\"utf-8\">\n")
	w("<title>スタートアップ - ビジネス：日本経済新聞</title>\n<link rel=\"canonical\" href=\"https://www.nikkei.com/business/startups/\">\n")
	w("<script src=\"https://assets.nikkei.jp/release/v3.4.72/parts/ds/js/main.js\" defer></script>\n</head>\n<body>\n")
	// Header: account, search, app and group links.
	w("<header class=\"k-header\">\n<a href=\"/\" class=\"k-header__logo\"><img src=\"/img/logo.svg\" alt=\"日本経済新聞\"></a>\n")
	for _, p := range []string{"/login", "/signup/", "/search", "/mypage/", "/mypage/follow/", "/help/", "/info/", "/promotion/", "/lounge/", "/paper/", "/paper/morning/", "/paper/evening/"} {
		w("<a href=\"%s\">%s</a>\n", p, p)
	}
	w("<a href=\"https://r.nikkei.com/\">日経電子版 for Android</a>\n<a href=\"https://asia.nikkei.com/\">Nikkei Asia</a>\n</header>\n")
	// Global navigation and sub-navigation.
	nav := []string{"news", "economy", "politics", "business", "financial", "markets", "technology", "international", "opinion", "sports", "society", "local", "culture", "lifestyle", "edu", "health", "travel", "food", "career", "esg"}
	w("<nav class=\"k-global-nav\"><ul>\n")
	for _, s := range nav {
		w("<li><a href=\"/%s/\">%s</a></li>\n", s, s)
	}
	w("</ul></nav>\n<nav class=\"k-sub-nav\"><ul>\n")
	biz := []string{"startups", "automobiles", "retail", "food-industry", "energy", "materials", "machinery", "electronics", "telecom", "media", "transport", "real-estate", "construction", "services", "pharma", "finance-industry", "trading-companies", "apparel", "airlines", "shipping", "steel", "chemicals", "semiconductors", "games"}
	for _, s := range biz {
		w("<li><a href=\"/business/%s/\">%s</a></li>\n", s, s)
	}
	w("</ul></nav>\n<main>\n<h1>スタートアップ</h1>\n")
	// The river: 20 articles, each linked from its image and its headline.
	heads := []string{"生成ＡＩ新興", "宇宙ベンチャー", "フィンテック", "農業テック", "医療スタートアップ", "物流ロボット", "量子計算", "電池材料", "脱炭素", "教育アプリ"}
	verbs := []string{"が資金調達", "が上場申請", "と大手が提携", "の評価額が急上昇", "に政府系ファンドが出資"}
	for i := 0; i < 20; i++ {
		id := fmt.Sprintf("DGXZQOUC%03d%cI0S%dA1%02dC2000000", 26-i%9, 'A'+rune(i), 6-i%3, 1+i%12)
		head := heads[i%len(heads)] + verbs[i%len(verbs)] + fmt.Sprintf("、%d億円規模", 10+i*7)
		w("<article class=\"m-miM09\">\n<a href=\"/article/%s/\"><img src=\"https://article-image-ix.nikkei.com/https%%3A%%2F%%2Fimgix-proxy.n8s.jp%%2FDSXZQO%d.jpg?w=300\" alt=\"\"></a>\n", id, 100+i)
		w("<h2 class=\"m-miM09_title\"><a href=\"/article/%s/\"><span>%s</span></a></h2>\n", id, head)
		w("<div class=\"m-miM09_keyword\"><a href=\"/theme/?dw=2%07d\">%s</a></div>\n", 1000+i, heads[i%len(heads)])
		if i%4 == 0 {
			w("<a href=\"/article/%s/?n_cid=NMAIL007\">続きを読む</a>\n<a href=\"/article/%s/#k-think\">Think!</a>\n", id, id)
		}
		w("</article>\n")
	}
	// Elsewhere on the site: a few article-shaped links outside /article/.
	for _, p := range []string{
		"/prime/gendai-business/startup-funding-winter-is-over-2026",
		"/prime/tech-foresight/quantum-startups-race-to-commercial-use",
		"/compass/content/PLAZMIN2026112900001/preview",
		"/nikkeiveritas/article/DGXZQOUC2611K0S6A121C2000000",
		"/special/startup-ranking-2026-top-100-companies",
	} {
		w("<a href=\"%s\">特集</a>\n", p)
	}
	// Topic and tag pages, series and rankings.
	topics := []string{"ai", "generative-ai", "semiconductors", "ev", "batteries", "space", "fintech", "healthcare", "biotech", "agritech", "edtech", "logistics", "quantum", "robotics", "carbon-neutral", "hydrogen", "web3", "cybersecurity", "gaming", "anime", "venture-capital", "ipo", "m-and-a", "unicorns", "university-startups", "cvc", "angel-investors", "crowdfunding", "sdgs", "diversity"}
	for _, t := range topics {
		w("<a href=\"/topic/%s/\">%s</a>\n", t, t)
	}
	for i := 0; i < 40; i++ {
		w("<a href=\"/theme/?dw=2%07d\">テーマ%d</a>\n", 1000+i, i)
	}
	for _, t := range []string{"startup", "vc", "ipo", "unicorn", "ai"} {
		w("<a href=\"/tag/%s/\">#%s</a>\n", t, t)
	}
	for i := 1; i <= 12; i++ {
		w("<a href=\"/business/startups/?page=%d\">%d</a>\n", i, i)
	}
	for _, p := range []string{"/access-ranking/", "/access-ranking/business/", "/series/startup-interview/", "/series/next-unicorn/", "/series/founders-voice/", "/opinion/column/", "/opinion/editorial/", "/video/", "/podcast/", "/newsletter/", "/event/", "/event/startup-summit/"} {
		w("<a href=\"%s\">%s</a>\n", p, p)
	}
	// Market data: indexes, currencies, company pages.
	for _, p := range []string{"/markets/kabu/", "/markets/kabu/nidxprice/", "/markets/kawase/", "/markets/bonds/", "/markets/commodities/", "/markets/funds/", "/markets/ranking/", "/markets/worldidx/", "/markets/kigyo/", "/markets/calendar/"} {
		w("<a href=\"%s\">%s</a>\n", p, p)
	}
	for i := 0; i < nikkeiCompanies; i++ {
		w("<a href=\"/nkd/company/?scode=%d\">銘柄%d</a>\n", 1300+i*131, i)
	}
	for i := 0; i < 25; i++ {
		w("<a href=\"/nkd/industry/?bcode=%d\">業種%d</a>\n", 10+i, i)
	}
	for i := 0; i < 25; i++ {
		w("<a href=\"/markets/chart/?code=%04d\">チャート%d</a>\n", 1300+i*7, i)
	}
	// Footer.
	for _, p := range []string{"/info/about/", "/info/privacy/", "/info/cookie/", "/info/terms/", "/info/contact/", "/info/ad/", "/info/recruit/", "/info/sitemap/", "/info/accessibility/", "/info/copyright/", "/info/link/", "/info/security/", "/info/policy/", "/info/faq/"} {
		w("<a href=\"%s%s\">%s</a>\n", host, p, p)
	}
	w("<a href=\"https://www.nikkei.co.jp/\">日本経済新聞社</a>\n<a href=\"https://www.facebook.com/nikkei\">Facebook</a>\n<a href=\"https://x.com/nikkei\">X</a>\n")
	w("</main>\n</body>\n</html>\n")
	return []byte(b.String())
}

// itmediaShiftJIS is a Japanese publisher page served in Shift_JIS (as
// ITmedia long was): the charset only in a <meta http-equiv>, its feed on
// another host, articles under /news/articles/YYMM/DD/.
func itmediaShiftJIS() []byte {
	var b strings.Builder
	w := func(format string, a ...any) { fmt.Fprintf(&b, format, a...) }
	w("<!-- url: https://www.itmedia.co.jp/news/ -->\n<!DOCTYPE html>\n<html lang=\"ja\">\n<head>\n")
	w("<meta http-equiv=\"Content-Type\" content=\"text/html; charset=Shift_JIS\">\n")
	w("<title>ITmedia NEWS　最新記事一覧</title>\n")
	w("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"ITmedia NEWS 最新記事一覧\" href=\"https://rss.itmedia.co.jp/rss/2.0/news_bursts.xml\">\n")
	w("<link rel=\"alternate\" type=\"application/rss+xml\" title=\"ITmedia 総合記事一覧\" href=\"https://rss.itmedia.co.jp/rss/2.0/itmedia_all.xml\">\n")
	w("</head>\n<body>\n<div id=\"masthead\"><a href=\"/\">ITmedia</a>\n")
	for _, s := range [][2]string{{"technology", "テクノロジー"}, {"products", "製品動向"}, {"business", "ビジネス"}, {"security", "セキュリティ"}, {"science", "科学"}, {"culture", "ネットの話題"}} {
		w("<a href=\"/news/subtop/%s/\">%s</a>\n", s[0], s[1])
	}
	w("</div>\n<div id=\"colBoxNewsList\">\n")
	titles := []string{"生成AIの新モデル、国内で提供開始", "スマホ新機種の価格が判明", "大規模障害の原因は設定ミス", "小惑星探査機が帰還", "半導体工場の建設が本格化", "電子書籍の売り上げが過去最高"}
	for i, t := range titles {
		w("<div class=\"colBoxIndex\"><a href=\"/news/articles/2611/%02d/news%03d.html\">%s</a>\n", 29-i, 40+i, t)
		w("<span class=\"colBoxUlTime\">（2026年11月%d日 %02d時%02d分）</span></div>\n", 29-i, 9+i, 10*i)
	}
	w("<a href=\"https://rss.itmedia.co.jp/rss/2.0/news_bursts.xml\">RSS</a>\n")
	w("<a href=\"/info/rule/\">利用規約</a>\n</div>\n</body>\n</html>\n")
	out, err := japanese.ShiftJIS.NewEncoder().Bytes([]byte(b.String()))
	if err != nil {
		panic("itmedia fixture: " + err.Error())
	}
	return out
}
