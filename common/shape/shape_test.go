package shape

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
)

func TestPathShape(t *testing.T) {
	cases := []struct {
		path string
		want Shape
		rule string
	}{
		// The source article's examples.
		{"/coronavirus-2026", Section, "section"},
		{"/news/tech-and-science/", Section, "section"},
		{"/article/DGXZQOUC026TI0S6A101C2000000/", Article, "id-number"},
		{"/article/DGXZQOUCABCDEFGH1A2B/", Article, "id-token"},
		{"/business/startups/", Section, "section"},
		{"/national/20261129-OYT1T50001/", Article, "id-number"},
		{"/articles/ASV1234567.html", Article, "id-number"},
		{"/this-is-a-story", Article, "slug"},

		// Issue 8: dates with short or generic last segments.
		{"/2014/07/24/world/africa/air-algerie-flight/index.html", Article, "dated-path"},
		{"/news/2021/05/18/belo/", Article, "dated-path"},
		{"/2026/11/29/world/story.html", Article, "dated-path"},
		{"/world/2024/may/18/ukraine-kharkiv", Article, "dated-path"},
		{"/politik/deutschland/2024-05/haushalt", Article, "dated-path"},
		{"/politics/18/05/2024/66489abc9a7947123456789a", Article, "dated-path"},
		{"/world/europe/russia-captures-villages-2024-05-18/", Article, "dated-slug"},
		// IDs: 6-7 digits, in the query, in a parent.
		{"/doc/4816739", Article, "id-number"},
		{"/articles/-/3178894", Article, "id-number"},
		{"/US/story?id=77753720", Article, "query-id"},
		{"/?p=1234", Article, "query-id"},
		{"/politik/article251234567/Haushalt.html", Article, "id-in-path"},
		{"/news/articleView.html?idxno=317123", Article, "query-id"},
		// Sections that look like stories.
		{"/aktuell/wirtschaft/klima-energie-und-umwelt/", Section, "section"},
		{"/pages/world/africa/index.html", Section, "section"},
		{"/topics/election-2024/", Section, "listing"},
		{"/news/topics/c302m85q5ljt", Section, "listing"},
		{"/tag/video-games/", Other, "tag-page"},
		{"/schlagwort/energiewende/", Other, "tag-page"},
		{"/category/video-games/", Section, "listing"},
		{"/rubric/3", Section, "listing-id"},
		{"/search/label/Travel", Other, "tag-page"},
		{"/category/legal/", Section, "listing"},
		{"/topics/privacy", Section, "listing"},
		{"/noticias", Section, "section"},
		{"/topics/", Other, "listing-index"},
		{"/videos/digital/", Section, "media-listing"},
		{"/features/lists-and-guides/", Section, "media-listing"},
		{"/kategorie/blog/termine/", Section, "media-listing"},
		{"/termine/", Other, "blocked-segment"},
		{"/verband/publikationen", Other, "blocked-segment"},
		{"/category/events/", Section, "listing"},
		{"/unsere-werte", Other, "blocked-segment"},
		{"/our-band-only-sold-one-copy-of-our-album", Article, "slug"},
		{"/videos/ducks-win-the-civil-war/", Article, "article-dir"},
		{"/blog/routing-enhancements", Article, "article-dir"},
		{"/staff/rdhir/posts.html", Other, "author"},
		{"/labels/urheberrecht", Other, "tag-page"},
		{"/best-chromebooks", Article, "best-list"},
		{"/best-android-phones", Article, "best-list"},
		{"/best-of-2026/", Section, "section"},
		{"/76839/human-spaceflight-briefs/", Article, "id-in-path"},
		{"/about/advertisement/", Other, "blocked-segment"},
		{"/bios/Felix_Gillette.htm", Other, "author"},
		{"/u/sarah_k_burris", Other, "author"},
		{"/gear-reviews/2019-2020-line-outline?replytocom=341163", Other, "query-utility"},
		{"/klettern/mammut-nimmt-adam-ondra-unter-vertrag/?share=pocket", Other, "query-utility"},
		{"/themen/eu-taxonomie-atomkraft?rate=GMJT0101hwa9uXpRDOqvYvcjSHG9ZV4kLLvvCA44S1c", Other, "query-utility"},
		{"/post/?s=", Other, "query-utility"}, // WordPress's search form, nothing typed
		{"/mlb/standings/", Other, "service-page"},
		{"/economy/statistics/", Section, "section"},
		{"/nfl/scoreboard", Other, "service-page"},
		{"/category/standings/", Section, "listing"},
		{"/services/mobile", Other, "service-page"},
		{"/roundup/airpods-pro/", Article, "article-dir"},
		{"/dmca", Other, "blocked-segment"},
		{"/advertorial-ha/tagungen-konferenzen", Other, "utility-page"},
		{"/index.php?option=com_content&view=category&id=8", Section, "query-listing"},
		{"/sport/football/teams/arsenal", Section, "section"},
		{"/2024/apple-and-the-ai-race/", Article, "dated-path"},
		// Other: pagination, editions, archives, profiles, legal, feeds.
		{"/", Other, "root"},
		{"", Other, "root"},
		{"/page/2", Other, "pagination"},
		{"/sciences/2/", Other, "pagination"},
		{"/category/news/page/3/", Other, "pagination"},
		{"/world/?page=2", Other, "query-pagination"},
		{"/es/", Other, "edition-root"},
		{"/aktuell/", Other, "edition-root"},
		{"/2024/05/", Other, "date-archive"},
		{"/20240518/", Other, "date-archive"},
		{"/news/2024/05/18/", Other, "date-archive"},
		{"/die-besten-tipps-fuer-gruenderinnen/2024/05/", Other, "date-archive"}, // a month: no story's date
		{"/marketing/unternehmerinnen-tv-das-web-tv-format/2015/07/02/", Article, "dated-path"},
		{"/author/jane-doe/", Other, "author"},
		{"/@jdoe", Other, "author"},
		{"/privacy-policy/", Other, "blocked-segment"},
		{"/politique-de-confidentialite/", Other, "blocked-segment"},
		{"/confidentialite-lemonde/", Other, "utility-page"},
		{"/info-pages/privacy-statement/", Other, "blocked-segment"},
		{"/info-pages/privacy-information/", Other, "utility-page"},
		{"/v2/collectConsent?sessionId=1", Other, "blocked-segment"},
		{"/zustimmung?url=https%3A%2F%2Fwww.zeit.de%2F", Other, "blocked-segment"},
		{"/About/", Other, "blocked-segment"},
		{"/feed/", Other, "blocked-segment"},
		{"/rss/index.xml", Other, "file-extension"},
		{"/logo.png", Other, "file-extension"},
		{".php", Section, "section"}, // a bare extension is a name (found by fuzzing)
		{"/.html/", Section, "section"},
		{"/search?q=x", Other, "blocked-segment"},
		{"/xmlrpc.php?rsd", Other, "blocked-segment"},
		{"/archive/", Other, "archive"},
		// Nikkei's sections_sitemap.xml: 184 of 187 are sections, these not.
		{"/help/", Other, "blocked-segment"},
		{"/markets/worldindices/index.aspx", Other, "script-page"},
		{"/special/2026/expo/overview/", Other, "numbered-path"},
		// Issue 17, fourth round.
		{"/special/1607/recent/", Section, "latest-listing"},
		{"/node/890", Article, "node-id"},
		{"/t2/index.php?option=com_content&task=view&id=31&Itemid=74", Article, "query-id"},
		{"/index.php?task=blogcategory&id=4&option=com_content", Section, "query-listing"},
		{"/index.php?task=view&id=31", Other, "root"}, // not Joomla's
		{"/blog/2016/05/cucumber-yogurt-raita-salad/email/", Other, "story-action"},
		{"/2012/12/30/mobile-in-1998/trackback", Other, "story-action"},
		{"/politik/email/", Section, "section"},
		{"/forums/node/1103455", Other, "blocked-segment"},
		{"/pages/fritz_pieper.html", Other, "static-page"},
		{"/page/agence-courrier", Other, "static-page"},
		{"/pages/world/africa/index.html", Section, "section"},
		{"/page/2", Other, "pagination"},
		{"/leistungen", Other, "service-page"},
		{"/de/referenzen/", Other, "service-page"},
		{"/wirtschaft/projekte/", Section, "section"},
		{"/?page=2", Other, "root"},
		// Further pages of an article stay the article.
		{"/politik/2024-05/haushalt-streit/seite-2", Article, "article-page"},
		{"/national/20240518-OYT1T50123/2/", Article, "article-page"},
		{"/articles/-/3178894?page=2", Article, "article-page"},
		// A fragment never counts.
		{"/world/#top", Section, "section"},
		// Issue 17: forums, feeds lists, shops and product pages, service
		// pages, print versions and CMS pages with an id are other.
		{"/civis/threads/the-big-thread.1501234/", Other, "blocked-segment"},
		{"/forums/", Other, "blocked-segment"},
		{"/rss-feeds/", Other, "blocked-segment"},
		{"/de/flux-rss", Other, "utility-page"},
		{"/product/hp-laserjet-pro-m404dn/", Other, "shop-page"},
		{"/news/subtop/products/", Section, "listing"},
		{"/product-category/printers/laser/", Other, "blocked-segment"},
		{"/shop/toner-cartridges/", Other, "blocked-segment"},
		{"/apps", Other, "service-page"},
		{"/category/apps/", Section, "listing"},
		{"/kontaktformular.html", Other, "utility-page"},
		{"/redaktion-kontakt/", Other, "utility-page"},
		{"/ueber-uns/", Other, "blocked-segment"},
		{"/spenden", Other, "blocked-segment"},
		{"/news/news_lang_druck.php?ArtNr=335614", Other, "utility-page"},
		{"/news/news_lang.php?ArtNr=335614", Article, "query-id"},
		// The development set (dev.tsv): journal records, licences,
		// directories, policy pages' sub-pages, redirectors, SPIP's query
		// ids, stories under /people/, posts by number, print editions.
		{"/article/10.1007/s11926-017-0626-z", Other, "journal-record"},
		{"/doi/10.7326/M19-3075", Other, "blocked-segment"},
		{"/licenses/gpl-3.0.en.html", Other, "blocked-segment"},
		{"/celebrity-directory/", Other, "utility-page"},
		{"/www/about-webmd-policies/about-terms-and-conditions-of-use?ss=ftr", Other, "utility-page"},
		{"/click?url=http%3A//twitter.com/WebMD", Other, "query-utility"},
		{"/spip.php?article717", Article, "query-id"},
		{"/spip.php?rubrique12", Section, "query-listing"},
		{"/people/real-life/horror-fund-instagram-star-24-einbetoniert-62276.html", Article, "id-number"},
		{"/people/jane-doe", Other, "author"},
		{"/822", Article, "post-number"},
		{"/2024", Other, "date-archive"},
		{"/digitalprinteditions", Other, "blocked-segment"},
		// Story slugs that open with a service word stay stories.
		{"/app-store-fees-cut-for-small-developers/", Article, "slug"},
		{"/jobs-report-beats-forecasts-again/", Article, "slug"},
	}
	for _, c := range cases {
		got := Path(c.path)
		if got.Shape != c.want || got.Rule != c.rule {
			t.Errorf("Path(%q) = %v, want {%s %s}", c.path, got, c.want, c.rule)
		}
	}
}

func TestSeedPathShape(t *testing.T) {
	cases := []struct {
		path string
		want Shape
	}{
		{"/", Other},
		{"", Other},
		{"/coronavirus-2026", Section},
		{"/news/tech-and-science/", Section},
		{"/article/DGXZQOUC026TI0S6A101C2000000/", Article},
		{"/business/startups/", Section},
		{"/this-is-a-story", Article},
		{"/2026/11/29/world/story.html", Other},
		{"/2026/11/29/world/stories.html", Article},
		{"/news/2026/11/brief", Other},
		{"/news/2026/11/longer-slug", Article},
		{"/world/africa/", Section},
		{"/a/b/c/d/", Other},
		{"/search/", Other},
		{"/About/", Other},
		{"/logo.png", Other},
		{"/politics.html", Section},
		{"/politics.html.htm", Other},
		{"/news/story-123.html", Article},
		{"/national/20261129-OYT1T50001/", Article},
		{"/articles/ASV1234567.html", Article},
		{"/tech/", Section},
		{"/?page=2", Other},
		{"/tag/video-games/", Other},
	}
	for _, c := range cases {
		if got := Seed(c.path); got.Shape != c.want {
			t.Errorf("Seed(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

// blocked reports whether seg (one path segment, any case) is on the block
// list: search, account, subscription, legal, service, feed, admin and shop
// pages (words.go, rationale in docs/url-shapes.md).
func blocked(seg string) bool { return hasRole(seg, roleBlocked) }

func TestBlocked(t *testing.T) {
	for _, seg := range []string{"search", "Login", "IMPRESSUM", "privacy-policy", "wp-login.php", "feed"} {
		if !blocked(seg) {
			t.Errorf("blocked(%q) = false, want true", seg)
		}
	}
	for _, seg := range []string{"news", "tag", "politics", "startups", "", strings.Repeat("a", 100)} {
		if blocked(seg) {
			t.Errorf("blocked(%q) = true, want false", seg)
		}
	}
}

func TestShapeInput(t *testing.T) {
	for raw, want := range map[string]string{
		"https://abcnews.go.com/US/story?id=77753720":   "/US/story?id=77753720",
		"https://example.com/caf%C3%A9/":                "/caf%C3%A9/",
		"https://example.com/news/#top":                 "/news/",
		"https://example.com":                           "",
		"https://example.com/a%2Fb/c?x=1&y=2#frag-ment": "/a%2Fb/c?x=1&y=2",
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := Input(u); got != want {
			t.Errorf("Input(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestShapeInContext(t *testing.T) {
	// A page of a site whose stories sit under /news/, most with long slugs
	// or ids, two with short slugs.
	paths := []string{
		"/news/mayor-wins-a-second-term/", "/news/storm-closes-all-city-schools/",
		"/news/council-votes-on-new-budget/", "/news/train-strike-called-off-today/",
		"/news/bird-flu-found-on-dairy-farm/", "/news/river-floods-old-town-again/",
		"/news/museum-reopens-123456/", "/news/fire-station-789012/",
		"/news/heat-wave/", "/news/budget-vote/",
		"/news/2024/05/18/late-story/", // dated: an article in any company
		"/news/",                       // top level: no siblings to follow
		"/about/",                      // blocked: stays other
	}
	got := InContext(paths)
	for i, p := range paths[:8] {
		if got[i] != Path(p) || got[i].Shape != Article {
			t.Errorf("%s = %v, want Path's article verdict", p, got[i])
		}
	}
	for i, p := range paths[8:10] {
		if Path(p).Shape != Section {
			t.Fatalf("%s alone = %v; the test needs a path judged section alone", p, Path(p))
		}
		if got[8+i] != (Verdict{Article, "sibling-articles"}) {
			t.Errorf("%s among story siblings = %v, want article by sibling-articles", p, got[8+i])
		}
	}
	if got[10].Rule != "dated-path" || got[11].Shape != Section || got[12].Shape != Other {
		t.Errorf("structural verdicts changed in context: %v", got[10:])
	}

	// Departments listed together, one of them with a story-like slug.
	secs := []string{"/news/politics/", "/news/business/", "/news/science/", "/news/culture/",
		"/news/sport/", "/news/letters-to-the-editor/", "/news/2024/05/18/a-story/"}
	if Path(secs[5]).Shape != Article {
		t.Fatalf("%s alone = %v; the test needs a path judged article alone", secs[5], Path(secs[5]))
	}
	got = InContext(secs)
	if got[5] != (Verdict{Section, "sibling-sections"}) {
		t.Errorf("letters-to-the-editor among sections = %v, want section by sibling-sections", got[5])
	}
	if got[6].Shape != Article {
		t.Errorf("dated story among sections = %v, want article", got[6])
	}

	// Too few siblings: nothing changes.
	few := []string{"/news/heat-wave/", "/news/storm-warning/", "/news/x-y/"}
	for i, v := range InContext(few) {
		if v != Path(few[i]) {
			t.Errorf("%s with %d siblings = %v, want Path's %v", few[i], len(few), v, Path(few[i]))
		}
	}
	if len(InContext(nil)) != 0 {
		t.Error("InContext(nil) is not empty")
	}

	// Tag pages are other in any context (a sitemap's tags are hundreds of
	// story labels); categories stay sections however many.
	list := []string{"/tag/ai/", "/tag/video-games/", "/category/politics/", "/category/sport/",
		"/category/tech/", "/category/science/", "/category/music/", "/category/film/"}
	for i, v := range InContext(list) {
		if v != Path(list[i]) {
			t.Errorf("%s among categories = %v, want Path's verdict %v", list[i], v, Path(list[i]))
		}
	}
}

// TestURLHost: on a service host nothing but a dated story is an article
// or a section; www, m and news hosts, and bare registrable names, are no
// service hosts.
func TestURLHost(t *testing.T) {
	for in, want := range map[string]Verdict{
		"https://forum.example.com/t/ducks-win/123":           {Other, "service-host"},
		"https://shop.example.de/herren/schuhe/":              {Other, "service-host"},
		"https://jobs2.example.com/listing/4711":              {Other, "service-host"},
		"https://epaper-archiv.example.de/ausgabe/":           {Other, "service-host"},
		"https://shop.example.com/2026/11/boots-that-last/":   {Article, "dated-path"},
		"https://www.example.com/politik/":                    {Section, "section"},
		"https://news.example.com/politik/":                   {Section, "section"},
		"https://shop.com/politik/":                           {Section, "section"},
		"https://m.example.com/2026/11/30/ducks-win-the-cup/": {Article, "dated-path"},
	} {
		u, err := url.Parse(in)
		if err != nil {
			t.Fatal(err)
		}
		if got := URL(u); got != want {
			t.Errorf("URL(%s) = %v, want %v", in, got, want)
		}
	}
}

// TestLocs: a sitemap's locs are judged together, then by their hosts.
func TestLocs(t *testing.T) {
	locs := []string{"https://forum.example.com/t/ducks-win/123", "https://www.example.com/news/heat-wave/"}
	for i := 0; i < 8; i++ {
		locs = append(locs, fmt.Sprintf("https://www.example.com/news/story-number-%d-of-the-day/", i))
	}
	locs = append(locs, "/news/relative/", "https://user@www.example.com:8443/politik/", "https://[::1]:8080/sport/")
	got := Locs(locs)
	want := map[int]Verdict{
		0:  {Other, "service-host"},
		1:  {Article, "sibling-articles"},
		2:  {Article, "slug"},
		10: {Article, "sibling-articles"},
		11: {Section, "section"},
		12: {Section, "section"},
	}
	for i, w := range want {
		if got[i] != w {
			t.Errorf("Locs: %s = %v, want %v", locs[i], got[i], w)
		}
	}
	if len(Locs(nil)) != 0 {
		t.Error("Locs(nil) is not empty")
	}
	// Loc judges one alone, allocation-free; past LocsMax Locs does so too.
	for _, loc := range locs {
		u, err := url.Parse(loc)
		if err == nil && u.Host != "" {
			if v := Loc(loc); v != URL(u) {
				t.Errorf("Loc(%s) = %v, URL = %v", loc, v, URL(u))
			}
		}
		if a := testing.AllocsPerRun(3, func() { Loc(loc) }); a != 0 {
			t.Errorf("Loc(%s) allocates %.0f times", loc, a)
		}
	}
	long := make([]string, LocsMax+1)
	for i := range long {
		long[i] = locs[1] // /news/heat-wave/: a section alone, a story among stories
	}
	long[0] = "https://www.example.com/news/story-number-1-of-the-day/"
	if v := Locs(long)[1]; v != Loc(locs[1]) {
		t.Errorf("Locs of %d locs: %v, want each alone: %v", len(long), v, Loc(locs[1]))
	}
}

func TestInPage(t *testing.T) {
	// The Verge's home page: departments in the menu, tags as chips on
	// the river's cards. A tag page is a section only from the menu; the
	// bare-word chips (/fortnite, /tesla: issue 17) look like a river's
	// department headings and stay sections (a known miss).
	links := []Link{
		{Path: "/tech", Nav: true}, {Path: "/reviews", Nav: true}, {Path: "/science", Nav: true},
		{Path: "/entertainment", Nav: true}, {Path: "/policy", Nav: true}, {Path: "/about", Nav: true},
		{Path: "/tag/ai/", Nav: true}, // a tag the menu promotes
		{Path: "/fortnite"}, {Path: "/tesla"},
		{Path: "/2026/11/29/24312345/fortnite-chapter-six-launch"},
		{Path: "/tag/tesla/"}, // a tag chip
		{Path: "/tech"},       // a department also linked from a card
		{Path: "/category/gadgets/"},
	}
	want := []Verdict{
		{Section, "section"}, {Section, "section"}, {Section, "section"},
		{Section, "section"}, {Section, "section"}, {Other, "blocked-segment"},
		{Section, "menu-tag"},
		{Section, "section"}, {Section, "section"},
		{Article, "dated-path"},
		{Other, "tag-page"},
		{Section, "section"},
		{Section, "listing"}, // a category, not a tag: unchanged
	}
	checkInPage(t, links, want)
	// Reach's regional titles (Birmingham Mail, Manchester Evening News)
	// name their tags /all-about/: a section in the menu, a story's chip
	// in the body, never a service page for the "about" in it.
	reach := []Link{
		{Path: "/news/", Nav: true}, {Path: "/sport/", Nav: true}, {Path: "/whats-on/", Nav: true},
		{Path: "/all-about/birmingham", Nav: true}, {Path: "/all-about/aston-villa-fc", Nav: true},
		{Path: "/news/midlands-news/48-hour-order-walsall-after-28036293"},
		{Path: "/all-about/walsall"},
	}
	checkInPage(t, reach, []Verdict{
		{Section, "section"}, {Section, "section"}, {Section, "section"},
		{Section, "menu-tag"}, {Section, "menu-tag"},
		{Article, "id-number"},
		{Other, "tag-page"},
	})
	// A tag cloud in the navigation is no menu: its tags stay other.
	var cloud []Link
	for _, tag := range []string{"abortion", "dallas", "education", "guns", "taxes", "voting"} {
		cloud = append(cloud, Link{Path: "/tag/" + tag + "/", Nav: true, Footer: true})
	}
	for i, v := range InPage(cloud) {
		if v != (Verdict{Other, "tag-page"}) {
			t.Errorf("%s in a cloud of %d tags = %v, want other by tag-page", cloud[i].Path, len(cloud), v)
		}
	}
	// A mega-menu's dozen tags are its sections.
	var mega []Link
	for _, tag := range []string{"comics", "graphic-novels", "the-actors-side", "behind-the-lens", "production-value", "next-generation-tv"} {
		mega = append(mega, Link{Path: "/tag/" + tag + "/", Nav: true})
	}
	for i, v := range InPage(mega) {
		if v != (Verdict{Section, "menu-tag"}) {
			t.Errorf("%s in a menu of %d tags = %v, want section by menu-tag", mega[i].Path, len(mega), v)
		}
	}
	// The footer: a bare word only there, under no menu department, is the
	// site's own page (an Indonesian suggestion box, a reader card); the
	// footer's repeat of a department, a sub-section of one, or a
	// listing, stays a section.
	foot := []Link{
		{Path: "/news/", Nav: true}, {Path: "/sport/", Nav: true}, {Path: "/finance/", Nav: true},
		{Path: "/travel/", Nav: true}, {Path: "/en/food/", Nav: true},
		{Path: "/kotak-saran", Nav: true, Footer: true},
		{Path: "/bz-card", Nav: true, Footer: true},
		{Path: "/sport/", Nav: true, Footer: true},
		{Path: "/sport/tennis/", Nav: true, Footer: true},
		{Path: "/food/recipes/", Nav: true, Footer: true},
		{Path: "/category/gadgets/", Nav: true, Footer: true},
		{Path: "/lesertreff"}, // body only: unchanged
	}
	wantFoot := []Verdict{
		{Section, "section"}, {Section, "section"}, {Section, "section"},
		{Section, "section"}, {Section, "section"},
		{Other, "footer-only"}, {Other, "footer-only"},
		{Section, "section"}, {Section, "section"}, {Section, "section"},
		{Section, "listing"},
		{Section, "section"},
	}
	checkInPage(t, foot, wantFoot)
	// Texts and directories: a short slug linked from a river with its
	// headline is a story; a river's heading that names its department
	// at length is the directory of the stories below it, and so is a
	// slug-like path with stories under it; a menu's long label stays,
	// and only a headline of eight words or more makes a menu's link a
	// story.
	river := []Link{
		{Path: "/streit-ums-feuerholz/", Text: "Streit ums Feuerholz: Nachbarn ziehen vor Gericht"},
		{Path: "/news/heat-wave/", Text: "Heat wave grips the city for a third week"},
		{Path: "/shakai/", Text: "社会"},
		{Path: "/kishida/", Text: "岸田首相、衆院解散を表明する方針固める"},
		{Path: "/ratgeber/", Text: "Ratgeber rund um Geld, Recht, Gesundheit und Wohnen"},
		{Path: "/ratgeber/2026/11/28/so-sparen-sie-heizkosten/", Text: "So sparen Sie Heizkosten"},
		{Path: "/the-spin-of-the-ball/", Text: "The Spin of the Ball"},
		{Path: "/the-spin-of-the-ball/2026/11/28/ducks-win/", Text: "Ducks win"},
		{Path: "/the-spin-of-the-ball/2026/11/29/beavers-lose/", Text: "Beavers lose"},
		{Path: "/pacific-northwest-news/", Nav: true, Text: "All the news of the Pacific Northwest"},
		{Path: "/music/ckay-blew-up/", Nav: true, Text: "CKay's 'How I Blew Up' Story Takes Him From SoundCloud"},
	}
	wantRiver := []Verdict{
		{Article, "headline-text"}, {Article, "headline-text"}, {Section, "section"},
		{Article, "headline-text"},
		{Section, "section"}, {Article, "dated-path"},
		{Section, "story-parent"}, {Article, "dated-path"}, {Article, "dated-path"},
		{Section, "section"},
		{Article, "headline-text"}, // a mega-menu's teaser
	}
	checkInPage(t, river, wantRiver)
	// A script page in the menu is a listing; a "#tag" chip on a card is
	// no section.
	chips := []Link{
		{Path: "/news.php", Nav: true, Text: "News"},
		{Path: "/retirement/index.aspx", Nav: true, Text: "Retirement"},
		{Path: "/popular.php", Text: "Popular"},
		{Path: "/topic/election-2016/", Text: "#Election 2016"},
		{Path: "/topic/election-2024/", Nav: true, Text: "#Election 2024"},
		{Path: "/thema/hochwasser/", Tag: true, Text: "Hochwasser"},
		{Path: "/thema/verkehr/", Text: "Verkehr"},
	}
	wantChips := []Verdict{
		{Section, "menu-script"}, {Section, "menu-script"}, {Other, "script-page"},
		{Other, "story-tag"}, {Section, "listing"},
		{Other, "story-tag"}, {Section, "listing"},
	}
	checkInPage(t, chips, wantChips)
	// Too few menu links: the footer's place says nothing.
	if v := InPage([]Link{{Path: "/news/", Nav: true}, {Path: "/kotak-saran", Nav: true, Footer: true}})[1]; v != (Verdict{Section, "section"}) {
		t.Errorf("footer link on a page without a menu = %v, want section", v)
	}
	// Anchor texts: an imprint behind an id, a forum under a name, a
	// newsletter page; a topic page under /thema/ keeps its listing.
	texts := []Link{
		{Path: "/index-c.php?ID=235845", Nav: true, Text: "Impressum"},
		{Path: "/civis/", Nav: true, Text: "Forums"},
		{Path: "/daily-briefing", Text: "Newsletters"},
		{Path: "/thema/datenschutz-grundverordnung", Nav: true, Text: "Datenschutz"},
		{Path: "/politik/", Nav: true, Text: "Politik"},
		{Path: "/index-c.php?ID=235846", Text: "Regen in Nordhausen: Keller laufen voll"},
	}
	wantText := []Verdict{
		{Other, "service-text"}, {Other, "service-text"}, {Other, "service-text"},
		{Section, "listing"}, {Section, "section"}, {Article, "query-id"},
	}
	checkInPage(t, texts, wantText)
	// A page that does not mark up its navigation keeps InContext's verdicts.
	bare := []Link{{Path: "/tech"}, {Path: "/fortnite"}, {Path: "/tag/ai/"}}
	for i, v := range InPage(bare) {
		if v != Path(bare[i].Path) {
			t.Errorf("InPage %s without navigation = %v, want Path's %v", bare[i].Path, v, Path(bare[i].Path))
		}
	}
}

// TestPathShapeAllocs holds Path to zero allocations on every corpus
// path: it runs for every <loc> of a sitemap and every link of a page.
func TestPathShapeAllocs(t *testing.T) {
	for _, r := range loadCorpus(t, "corpus.tsv") {
		if a := testing.AllocsPerRun(3, func() { Path(r.path) }); a != 0 {
			t.Errorf("Path(%q) allocates %.0f times", r.path, a)
		}
	}
}

func BenchmarkPathShape(b *testing.B) {
	rows := loadCorpus(b, "corpus.tsv")
	for _, rs := range []struct {
		name  string
		judge func(string) Verdict
	}{{"seed", Seed}, {"new", Path}} {
		b.Run(rs.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				rs.judge(rows[i%len(rows)].path)
				i++
			}
		})
	}
}

func FuzzPathShape(f *testing.F) {
	for _, s := range []string{"/", "/news/2024/05/18/x/", "/a%2", "/%", "/?id=", "/a/b?page=2#x",
		"/tag/", "/2024/may/", "/index.php?view=article", "/é/ü-ß-ø-å/", "/24_maggio_18/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		v := Path(path)
		if v.Shape != Article && v.Shape != Section && v.Shape != Other {
			t.Fatalf("Path(%q) = %v: unknown shape", path, v)
		}
		if v.Rule == "" {
			t.Fatalf("Path(%q) = %v: no rule", path, v)
		}
		if !strings.Contains(path, "#") {
			if w := Path(path + "#frag"); w != v {
				t.Fatalf("Path(%q) = %v but with a fragment %v", path, v, w)
			}
		}
		if v.Shape == Section && strings.IndexByte(path, '/') >= 0 {
			seg := path
			if i := strings.IndexAny(seg, "?#"); i >= 0 {
				seg = seg[:i]
			}
			for _, s := range strings.Split(seg, "/") {
				if blocked(s) && !strings.Contains(seg, "/label/") && !listingBefore(seg, s) {
					t.Fatalf("Path(%q) = section with blocked segment %q", path, s)
				}
			}
		}
	})
}

// listingBefore reports whether blocked segment s is directly followed by a
// listing word in path (/search/label/Travel), the one place a section may
// hold a blocked segment.
func listingBefore(path, s string) bool {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] == s && hasRole(segs[i+1], roleListing) {
			return true
		}
	}
	return false
}

// checkInPage judges links as one page's and wants want, parallel to them.
func checkInPage(t *testing.T, links []Link, want []Verdict) {
	t.Helper()
	if len(links) != len(want) {
		t.Fatalf("%d links, %d verdicts wanted", len(links), len(want))
	}
	for i, v := range InPage(links) {
		if v != want[i] {
			l := links[i]
			t.Errorf("InPage %s (nav %v, footer %v, tag %v, text %q) = %v, want %v", l.Path, l.Nav, l.Footer, l.Tag, l.Text, v, want[i])
		}
	}
}

func TestHeadline(t *testing.T) {
	for text, want := range map[string]bool{
		"Politik": false, "Arts & Culture": false, "More from Business": false,
		"See all stories in Business":               false,
		"Heat wave grips the city for a third week": true,
		"社会": false,
		"岸田首相、衆院解散を表明する方針固める": true,
		"": false,
	} {
		if _, got := headlineWordsOf(text); got != want {
			t.Errorf("headlineWordsOf(%q) = %v, want %v", text, got, want)
		}
	}
}

func TestServiceText(t *testing.T) {
	for text, want := range map[string]bool{
		"Impressum": true, "» Kontakt": true, "Contact Us": true, "About TMZ.com": true,
		"Privacy Policy": true, "Terms & Conditions": true, "Mein Konto": true,
		"Newsletter": true, "Shop": true, "Forums": true, "Mentions légales": true,
		"Digital Print Edition": true, "Group Subscription Terms": true,
		"Subscribe to our other newsletters": false, // a sentence, not a label
		"Shopping":                           false, "Self-Help": false, "Politik": false, "Tech": false,
		"Help": true, "Jobs": true, "": false,
	} {
		if got := ServiceText(text); got != want {
			t.Errorf("ServiceText(%q) = %v, want %v", text, got, want)
		}
	}
}

// TestInPageItems: what a CMS's markup says a link is (Item) outweighs
// the wording of its path, never a service page's own word or a listing
// the path names.
func TestInPageItems(t *testing.T) {
	links := []Link{
		{Path: "/unternehmen/aufgaben", Nav: true, Text: "Aufgaben", Item: ItemPage},
		{Path: "/ueber-die-stiftung-und-ihre-ziele/", Nav: true, Text: "Stiftung", Item: ItemPage},
		{Path: "/blog/", Nav: true, Text: "Blog", Item: ItemPage},            // the posts page
		{Path: "/news-and-events/", Nav: true, Text: "News", Item: ItemPage}, // the posts page
		{Path: "/reisen-nach-suedamerika-und-asien/", Nav: true, Text: "Reisen", Item: ItemListing},
		{Path: "/impressum/", Nav: true, Footer: true, Text: "Impressum", Item: ItemListing},
		{Path: "/category/rezepte/", Text: "Rezepte", Item: ItemListing},
		{Path: "/berlin/", Text: "Berlin", Item: ItemTag},
		{Path: "/tag/lahn/", Nav: true, Text: "Lahn", Item: ItemTag},
		{Path: "/sommerfest/", Nav: true, Text: "Sommerfest 2024", Item: ItemPost},
		{Path: "/2024/05/12/sommerfest/", Text: "Sommerfest", Item: ItemPost},
		{Path: "/politik/", Nav: true, Text: "Politik"},
	}
	checkInPage(t, links, []Verdict{
		{Other, "cms-page"},
		{Other, "cms-page"},
		{Section, "section"},
		{Section, "section"},
		{Section, "cms-listing"},
		{Other, "blocked-segment"},
		{Section, "listing"},
		{Other, "cms-tag"},
		{Section, "menu-tag"},
		{Article, "cms-post"},
		{Article, "dated-path"},
		{Section, "section"},
	})
}

// TestInPageMenuPages: the fourth round's rules of place. A CMS's page
// linked from the menu by its number or as Joomla's single article is
// other (a story there has a headline); one of the site's blogs in the
// menu is a section; a service page's sub-pages are other; a footer's
// blog or news front stays a section.
func TestInPageMenuPages(t *testing.T) {
	links := []Link{
		{Path: "/politik/", Nav: true, Text: "Politik"},
		{Path: "/sport/", Nav: true, Text: "Sport"},
		{Path: "/kultur/", Nav: true, Text: "Kultur"},
		{Path: "/12412.html?&L=1", Nav: true, Text: "Teaching"},
		{Path: "/node/152", Nav: true, Text: "Über das Projekt"},
		{Path: "/index.php?option=com_content&view=article&id=48&Itemid=48", Nav: true, Text: "Verein"},
		{Path: "/index.php?option=com_content&view=category&id=8", Nav: true, Text: "Berichte"},
		{Path: "/12413.html", Nav: true, Text: "Uni feiert ihr 600. Jubiläum mit einem Fest für alle"},
		{Path: "/blog/kausfiles/", Nav: true, Text: "Kausfiles"},
		{Path: "/presse/", Nav: true, Text: "Presse"},
		{Path: "/presse/pressematerial/", Nav: true, Text: "Pressematerial"},
		{Path: "/blog/", Footer: true, Nav: true, Text: "Blog"},
		{Path: "/lesertreff", Footer: true, Nav: true, Text: "Lesertreff"},
		{Path: "/blog/kausfiles/", Text: "Kausfiles"},
	}
	checkInPage(t, links, []Verdict{
		{Section, "section"},
		{Section, "section"},
		{Section, "section"},
		{Other, "menu-page"},
		{Other, "menu-page"},
		{Other, "menu-page"},
		{Section, "query-listing"},
		{Article, "id-number"},
		{Section, "menu-listing"},
		{Other, "service-page"},
		{Other, "service-parent"},
		{Section, "section"},
		{Other, "footer-only"},
		{Section, "menu-listing"},
	})
}

// pageTreeLinks is a page whose menu lists n distinct pages under bare
// words, one of them the directory of two of the page's stories, one the
// site's news front, and whose body links stories more stories.
func pageTreeLinks(n, stories int) []Link {
	var links []Link
	for i := 0; len(links) < n-2; i++ {
		w := string(rune('a'+i%26)) + string(rune('a'+i/26%26)) + "bereich"
		links = append(links, Link{Path: "/verband/" + w, Nav: true, Text: "Bereich " + w})
	}
	links = append(links,
		Link{Path: "/aktuelles", Nav: true, Text: "Aktuelles"},
		Link{Path: "/ratgeber", Nav: true, Text: "Ratgeber"},
		Link{Path: "/ratgeber/2026/11/28/so-sparen-sie-strom/", Text: "So sparen Sie Strom"},
		Link{Path: "/ratgeber/2026/11/27/so-sparen-sie-wasser/", Text: "So sparen Sie Wasser"},
	)
	for i := 0; i < stories-2; i++ {
		links = append(links, Link{Path: fmt.Sprintf("/2026/11/%02d/meldung-des-tages/", i+1), Text: "Meldung"})
	}
	return links
}

func TestInPagePageTree(t *testing.T) {
	verdictOf := func(links []Link, path string) Verdict {
		out := InPage(links)
		for i, l := range links {
			if l.Path == path {
				return out[i]
			}
		}
		t.Fatalf("no link %s", path)
		return Verdict{}
	}
	tree := pageTreeLinks(pageTreeMin, pageTreeStories-1)
	for path, want := range map[string]Verdict{
		"/verband/aabereich": {Other, "page-tree"},
		"/aktuelles":         {Section, "section"},
		"/ratgeber":          {Section, "section"},
	} {
		if got := verdictOf(tree, path); got != want {
			t.Errorf("menu of %d pages, %d stories: %s = %v, want %v", pageTreeMin, pageTreeStories-1, path, got, want)
		}
	}
	// A news site's mega-menu: its pages link their stories.
	news := pageTreeLinks(pageTreeMin, pageTreeStories)
	if got := verdictOf(news, "/verband/aabereich"); got != (Verdict{Section, "section"}) {
		t.Errorf("menu of %d pages, %d stories: /verband/aabereich = %v, want a section", pageTreeMin, pageTreeStories, got)
	}
	// A smaller menu is the site's departments.
	small := pageTreeLinks(pageTreeMin-1, 0)
	if got := verdictOf(small, "/verband/aabereich"); got != (Verdict{Section, "section"}) {
		t.Errorf("menu of %d pages: /verband/aabereich = %v, want a section", pageTreeMin-1, got)
	}
}
