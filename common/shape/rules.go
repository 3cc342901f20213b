package shape

import "strings"

// maxShapeSegs bounds the segments a path is split into; deeper paths are
// other (no news site nests pages 24 deep). The array lives on the stack, so
// judging a path allocates nothing.
const maxShapeSegs = 24

// shapePath is one path split for judging: segments are substrings of the
// input (no copies), the last one without its page extension.
type shapePath struct {
	segs   [maxShapeSegs]string
	n      int
	query  string
	file   bool // the last segment ends in a non-page extension (.xml, .jpg)
	ext    bool // the last segment ended in a page extension (.html, .php)
	script bool // that extension names a script (.php, .aspx), not a document
}

// pageExts are the extensions of HTML pages, stripped from the last segment
// before it is judged: documents (.html) and scripts (.php). A section is
// a document or a directory; a script page is one only by its query or a
// listing word (/list/aipl.aspx), as the seed's "a dot only as .html" had it.
var pageExts = wordSet(`
	html htm shtml shtm xhtml cms ghtml stm
	ece bild
`)

var scriptExts = wordSet(`
	php php3 asp aspx jsp do cfm phtml
	nhn
`)

// fileExts are extensions of things that are not pages.
var fileExts = wordSet(`
	xml rss atom rdf json txt pdf jpg
	jpeg png gif webp svg ico css js
	mp3 mp4 zip gz csv doc docx xls
	xlsx woff woff2 m3u8
`)

// splitShapePath splits path (possibly with ?query and #fragment) into p.
// It reports false when the path has more than maxShapeSegs segments.
func splitShapePath(path string, p *shapePath) bool {
	if i := strings.IndexByte(path, '#'); i >= 0 {
		path = path[:i]
	}
	if i := strings.IndexByte(path, '?'); i >= 0 {
		p.query = path[i+1:]
		path = path[:i]
	}
	start := 0
	for i := 0; i <= len(path); i++ {
		if i < len(path) && path[i] != '/' {
			continue
		}
		if i > start {
			if p.n == maxShapeSegs {
				return false
			}
			p.segs[p.n] = path[start:i]
			p.n++
		}
		start = i + 1
	}
	if p.n == 0 {
		return true
	}
	// Strip page extensions from the last segment, repeatedly
	// (story.html.htm, slug-id.bild.html); a file extension marks a file.
	last := p.segs[p.n-1]
	for {
		dot := strings.LastIndexByte(last, '.')
		if dot <= 0 || dot == len(last)-1 {
			break
		}
		e := last[dot+1:]
		if foldIn(pageExts, e) || foldIn(scriptExts, e) {
			p.script = p.script || foldIn(scriptExts, e)
			last = last[:dot]
			p.ext = true
			continue
		}
		if foldIn(fileExts, e) {
			p.file = true
		}
		break
	}
	p.segs[p.n-1] = last
	return true
}

// refinedShape judges path with the rules of docs/url-shapes.md.
func refinedShape(path string) Verdict {
	var p shapePath
	if !splitShapePath(path, &p) {
		return Verdict{Other, "too-deep"}
	}
	q := judgeQuery(p.query)
	segs := p.segs[:p.n]

	// Look past wrappers and edition prefixes: /amp/..., /index.php/...,
	// /es/..., /pt-br/... The prefix alone is an edition root.
	lang := false
	for len(segs) > 1 {
		switch {
		case hasRole(segs[0], rolePrefix) || isIndex(segs[0]):
			segs = segs[1:]
			continue
		case isLangCode(segs[0]) && !lang:
			lang = true
			segs = segs[1:]
			continue
		}
		break
	}
	// A trailing index or default page is its directory:
	// /pages/world/africa/index.html is /pages/world/africa.
	for len(segs) > 0 && isIndex(segs[len(segs)-1]) && !p.file && (!p.script || len(segs) == 1) {
		segs = segs[:len(segs)-1]
	}
	if len(segs) == 1 && isLangCode(segs[0]) {
		return Verdict{Other, "edition-root"}
	}
	if len(segs) == 1 && hasRole(segs[0], rolePrefix) {
		return Verdict{Other, "edition-root"}
	}
	if len(segs) == 0 {
		switch q.kind {
		case queryID:
			return Verdict{Article, "query-id"}
		case querySection:
			return Verdict{Section, "query-listing"}
		}
		if lang {
			return Verdict{Other, "edition-root"}
		}
		return Verdict{Other, "root"}
	}
	if p.file {
		return Verdict{Other, "file-extension"}
	}
	for i, s := range segs {
		if i+3 == len(segs) && hasRole(segs[i+1], roleListing) && !hasRole(segs[i+2], roleBlocked) {
			// /search/label/Travel (Blogger's labels): its tags, reached
			// by search.
			if strings.EqualFold(segs[i+1], "label") {
				return Verdict{Other, "tag-page"}
			}
			continue
		}
		if i > 0 && i == len(segs)-1 && hasRole(segs[i-1], roleListing) && !hasRole(segs[i-1], roleBlocked) {
			// /category/legal/, /topics/privacy: a listing's topic that
			// happens to be a service's word.
			break
		}
		if hasRole(s, roleBlocked) || containsFold(s, "consent") || containsFold(s, "login") || isOurPage(s) ||
			(foldIn(eventWords, s) && listingAt(segs[:i+1]) < 0) {
			return Verdict{Other, "blocked-segment"}
		}
		if isDOIPrefix(s) {
			// /article/10.1007/s11926-017-0626-z: a journal's record.
			return Verdict{Other, "journal-record"}
		}
	}
	if q.kind == queryOther {
		return Verdict{Other, "query-utility"}
	}
	v := judgeSegs(segs)
	if v.Rule == "section" && p.script && q.kind == queryNone {
		v = Verdict{Other, "script-page"}
	}
	if q.kind == queryPage {
		if v.Shape == Article {
			return Verdict{Article, "article-page"}
		}
		return Verdict{Other, "query-pagination"}
	}
	if v.Shape != Article && v.Rule != "utility-page" {
		switch q.kind {
		case queryID:
			return Verdict{Article, "query-id"}
		case querySection:
			return Verdict{Section, "query-listing"}
		}
	}
	return v
}

// judgeSegs judges the segments of a path that has passed the block list.
func judgeSegs(segs []string) Verdict {
	n := len(segs)
	last := segs[n-1]

	// Profiles: /author/jane-doe, /by/jane, /people/123/jane, /@jane.
	if last[0] == '@' {
		return Verdict{Other, "author"}
	}
	st := slugStats(last)
	// A story filed under a people section keeps its id:
	// /people/real-life/horror-fund-instagram-star-62276.html.
	idSlug := st.digitRun >= 5 && st.words >= 2
	for i := 0; i < n-1; i++ {
		// /autor/jane-doe-17433 is a profile whatever its id; only under
		// people does a long slug with an id name a story.
		if hasRole(segs[i], roleAuthor) && n-i <= 3 && !(idSlug && isPeople(segs[i])) {
			return Verdict{Other, "author"}
		}
	}
	// A service page's sub-pages: /about-webmd-policies/about-privacy-policy,
	// /kontakt-und-service/leserbriefe.
	for i := 0; i < n-1; i++ {
		if ps := slugStats(segs[i]); ps.utility && ps.words <= 4 && !foldIn(tagWords, segs[i]) {
			return Verdict{Other, "utility-page"}
		}
	}

	// A CMS's static pages: /pages/impressum.html, /page/qui-sommes-nous
	// (Shopify's /pages/about-us among them); /page/2 is pagination.
	if n == 2 && (strings.EqualFold(segs[0], "page") || strings.EqualFold(segs[0], "pages")) && !isDigits(last) {
		return Verdict{Other, "static-page"}
	}
	// The site's apps page: /apps, /app/.
	if n == 1 && foldIn(serviceRoots, last) {
		return Verdict{Other, "service-page"}
	}
	// A sports site's data pages: /mlb/stats/, /nfl/scoreboard.
	if hasRole(last, roleSportsData) && listingAt(segs) < 0 {
		return Verdict{Other, "service-page"}
	}
	// A service directory's pages: /services/mobile, /service/experten/.
	for i := 0; i < n-1; i++ {
		if strings.EqualFold(segs[i], "service") || strings.EqualFold(segs[i], "services") {
			return Verdict{Other, "service-page"}
		}
	}

	// Shops: /product/hp-laserjet-pro/, /produkte/123-toner.
	for i := 0; i < n-1; i++ {
		if hasRole(segs[i], roleShopDir) {
			return Verdict{Other, "shop-page"}
		}
	}

	// Date archives: /2024/05/, /20240518/, /world/2024/may/18/all. A
	// story slug before the date is a story dated at its end
	// (/news/brad-haddin-slams-australias-fielding/2015-01-02; WordPress's
	// /%category%/%postname%/%year%/%monthnum%/%day%/:
	// /marketing/unternehmerinnen-tv-das-web-tv-format/2015/07/02/).
	if start, end, day := datedSpan(segs); end == n {
		if start >= 1 && (day || isDateSeg(last)) && slugStats(segs[start-1]).slug() {
			return Verdict{Article, "dated-path"}
		}
		return Verdict{Other, "date-archive"}
	} else if end > 0 && end == n-1 && hasRole(last, roleArchive) {
		return Verdict{Other, "date-archive"}
	}

	// An action on a story: /slug/email/, /2012/12/30/slug/trackback,
	// /slug/print: a form or a copy, not the story.
	if n >= 2 && foldIn(storyActions, last) {
		if v := judgeSegs(segs[:n-1]); v.Shape == Article {
			return Verdict{Other, "story-action"}
		}
	}
	// Drupal's own address of a node (/node/890): one story or page,
	// whatever its number, never a further page of a listing.
	if n >= 2 && strings.EqualFold(segs[n-2], "node") && isDigits(last) {
		return Verdict{Article, "node-id"}
	}
	// Pagination: /page/2, /sciences/2/, /seite-2, /p2. A further page of
	// an article is the article (/slug/seite-2, /20240518-OYT1T50123/2/).
	if tail := pageTail(segs); tail > 0 {
		rest := segs[:n-tail]
		if len(rest) > 0 {
			if v := judgeSegs(rest); v.Shape == Article {
				return Verdict{Article, "article-page"}
			}
		}
		return Verdict{Other, "pagination"}
	}
	if isDigits(last) && len(last) <= 4 {
		if listingAt(segs) >= 0 {
			return Verdict{Section, "listing-id"}
		}
		if n == 1 && len(last) >= 3 && !isYear(last) {
			// /822, /1927: a post addressed by its number at the site's
			// top (WordPress's permalinks by id, Hypotheses, Tumblr-like
			// blogs); a year is an archive, one or two digits a page.
			return Verdict{Article, "post-number"}
		}
		if len(last) <= 3 && n >= 2 {
			if v := judgeSegs(segs[:n-1]); v.Shape == Article {
				return Verdict{Article, "article-page"}
			}
			return Verdict{Other, "pagination"}
		}
	}

	// A date followed by anything is an article, however short the last
	// segment: /2014/07/24/world/africa/air-algerie-flight/, /news/2021/05/18/belo/.
	if end := datedEnd(segs); end > 0 && end < n {
		if hasRole(last, roleArchive) {
			return Verdict{Other, "date-archive"}
		}
		return Verdict{Article, "dated-path"}
	}
	// A year directory before a story slug: /2024/apple-and-the-ai-race/.
	if st.tokens >= 3 && yearDirAt(segs) {
		return Verdict{Article, "dated-path"}
	}

	// channel_25950, list_25462: a listing with a numeric id.
	if st.listingFirst && st.words == 1 && st.tokens >= 2 {
		return Verdict{Section, "listing-id"}
	}
	// /tag/fortnite/, /schlagwort/energiewende/: one of a site's hundreds
	// of story labels, reached from the tag list under a story or a
	// card's chip. Only a menu makes one a section (InPage, rule
	// menu-tag); a slug with a long number under it is a story.
	if n >= 2 && foldIn(tagWords, segs[n-2]) && !(st.digitRun >= 5 && st.words >= 1) {
		return Verdict{Other, "tag-page"}
	}
	li := listingAt(segs)
	di := articleDirAt(segs)
	if li >= 0 && di < li {
		// Under /tag/, /topics/, /rubric/: a section, unless the last segment
		// is a slug with a long number (a story filed under a listing).
		if st.digitRun >= 5 && st.words >= 1 {
			return Verdict{Article, "id-number"}
		}
		if n == 1 {
			return Verdict{Other, "listing-index"}
		}
		return Verdict{Section, "listing"}
	}
	if n == 1 && hasRole(last, roleListing) && li < 0 && !strings.EqualFold(last, "noticias") {
		// /tags/, /topics/: the index of a site's listings. /noticias is
		// a news front (a section), as /news is.
		return Verdict{Other, "listing-index"}
	}

	// Legal and service pages named in the last segment:
	// privacy-policy, datenschutz-spiegel, 115014893428-Privacy-policy.
	if st.utility && st.words <= 4 {
		return Verdict{Other, "utility-page"}
	}

	if st.dated {
		return Verdict{Article, "dated-slug"}
	}
	if st.digitRun >= 5 {
		return Verdict{Article, "id-number"}
	}
	if st.mixedID {
		return Verdict{Article, "id-token"}
	}
	for i := 0; i < n-1; i++ {
		ss := slugStats(segs[i])
		if ss.digitRun >= 6 || ss.mixedID {
			return Verdict{Article, "id-in-path"}
		}
		if i == n-2 && (len(segs[i]) == 4 || len(segs[i]) == 5) && isDigits(segs[i]) && !isYear(segs[i]) && st.words >= 2 {
			// /76839/human-spaceflight-briefs/: WordPress's
			// /%post_id%/%postname%/.
			return Verdict{Article, "id-in-path"}
		}
	}
	if di >= 0 {
		short := st.tokens <= 3 && st.digitRun == 0 && !st.mixedID
		if di == n-2 && short && (hasRole(segs[di], roleMediaDir) || li >= 0) {
			// /videos/digital/, /features/lists-and-guides/, and
			// /kategorie/blog/termine/ (a category of the blog): a short
			// name under a media directory, or under an item word
			// inside a listing, is a sub-listing.
			return Verdict{Section, "media-listing"}
		}
		return Verdict{Article, "article-dir"}
	}
	if st.slug() {
		return Verdict{Article, "slug"}
	}
	if st.bestList {
		// /best-chromebooks, /best-android-phones: a buyer's guide.
		return Verdict{Article, "best-list"}
	}
	if st.words >= 2 && st.trailingNum {
		return Verdict{Article, "slug-number"}
	}
	if strings.EqualFold(last, "archive") || strings.EqualFold(last, "archives") {
		return Verdict{Other, "archive"}
	}
	if n == 1 && hasRole(last, roleHome) {
		return Verdict{Other, "edition-root"}
	}
	if n > 4 {
		return Verdict{Other, "too-deep"}
	}
	if strings.EqualFold(last, "recent") || strings.EqualFold(last, "latest") {
		// /special/1607/recent/ (the sites of IID: a special's newest
		// stories), /category/5/latest/.
		return Verdict{Section, "latest-listing"}
	}
	for _, s := range segs {
		if isDigits(s) {
			// /special/2026/expo/overview/: departments are named by words;
			// a bare number outside a listing is an archive or a special.
			return Verdict{Other, "numbered-path"}
		}
	}
	return Verdict{Section, "section"}
}

// listingAt is the index of the last non-last segment naming a listing
// (/tag/, /category/, /rubric/), or -1.
func listingAt(segs []string) int {
	for i := len(segs) - 2; i >= 0; i-- {
		if hasRole(segs[i], roleListing) {
			return i
		}
	}
	return -1
}

// articleDirAt is the index of the last non-last segment naming a single
// item (/article/, /story/, /p/), or -1.
func articleDirAt(segs []string) int {
	for i := len(segs) - 2; i >= 0; i-- {
		if hasRole(segs[i], roleArticleDir) {
			return i
		}
	}
	return -1
}

// pageTail is how many trailing segments name a further page of a listing:
// 2 for /page/3, 1 for /page3, /p2, /seite-2, /P20; 0 otherwise.
func pageTail(segs []string) int {
	n := len(segs)
	last := segs[n-1]
	if n >= 2 && isDigits(last) && len(last) <= 4 && hasRole(segs[n-2], rolePage) {
		return 2
	}
	// A pagination word glued to its number.
	i := len(last)
	for i > 0 && last[i-1] >= '0' && last[i-1] <= '9' {
		i--
	}
	if i == len(last) || i == 0 || len(last)-i > 4 {
		return 0
	}
	word := last[:i]
	if c := word[len(word)-1]; c == '-' || c == '_' {
		word = word[:len(word)-1]
	}
	if hasRole(word, rolePage) {
		return 1
	}
	return 0
}

// isPeople: the author word that also names a department of stories about
// people (/people/real-life/...-62276.html), not a profile directory.
func isPeople(s string) bool { return strings.EqualFold(s, "people") }

// isIndex: a directory's index page (index, default, index.php).
func isIndex(s string) bool {
	return strings.EqualFold(s, "index") || strings.EqualFold(s, "default") ||
		strings.EqualFold(s, "index.php")
}

// isLangCode: a language or edition prefix: en, es, pt-br, zh-hans, en_us.
func isLangCode(s string) bool {
	if hasRole(s, roleLang) {
		return true
	}
	switch {
	case len(s) == 5:
		return isSep(s[2]) && hasRole(s[:2], roleLang) && isLetters(s[3:])
	case len(s) == 7 && isSep(s[2]) && strings.EqualFold(s[:2], "zh"):
		return strings.EqualFold(s[3:], "hans") || strings.EqualFold(s[3:], "hant")
	}
	return false
}

// isDOIPrefix: a DOI's registrant prefix as a path segment (10.1007,
// 10.7326): the page is a journal's record of a paper.
func isDOIPrefix(s string) bool {
	return len(s) >= 7 && len(s) <= 12 && s[0] == '1' && s[1] == '0' && s[2] == '.' && isDigits(s[3:])
}

// storyActions are the last segments that name an action on the story
// before them (its e-mail form, its print copy, its trackback).
var storyActions = wordSet(`
	email e-mail mail print printer share trackback attachment
	comments respond reply
`)
