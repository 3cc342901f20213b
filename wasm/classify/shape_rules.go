package classify

// maxShapeSegs bounds the segments a path is split into; deeper paths are
// other (no news site nests pages 24 deep). The array lives on the stack, so
// judging a path allocates nothing.
const maxShapeSegs = 24

// shapePath is one path split for judging: segments are substrings of the
// input (no copies), the last one without its page extension.
type shapePath struct {
	segs  [maxShapeSegs]string
	n     int
	query string
	file  bool // the last segment ends in a non-page extension (.xml, .jpg)
	ext   bool // the last segment ended in a page extension (.html, .php)
}

// pageExts are the extensions of HTML pages, stripped from the last segment
// before it is judged. Every other extension of 2-5 letters means a file.
var pageExts = map[string]bool{
	"html": true, "htm": true, "shtml": true, "shtm": true, "xhtml": true,
	"php": true, "php3": true, "asp": true, "aspx": true, "jsp": true,
	"cms": true, "ghtml": true, "stm": true, "ece": true, "do": true,
	"cfm": true, "phtml": true, "nhn": true, "bild": true,
}

// fileExts are extensions of things that are not pages.
var fileExts = map[string]bool{
	"xml": true, "rss": true, "atom": true, "rdf": true, "json": true,
	"txt": true, "pdf": true, "jpg": true, "jpeg": true, "png": true,
	"gif": true, "webp": true, "svg": true, "ico": true, "css": true,
	"js": true, "mp3": true, "mp4": true, "zip": true, "gz": true,
	"csv": true, "doc": true, "docx": true, "xls": true, "xlsx": true,
	"woff": true, "woff2": true, "m3u8": true,
}

// splitShapePath splits path (possibly with ?query and #fragment) into p.
// It reports false when the path has more than maxShapeSegs segments.
func splitShapePath(path string, p *shapePath) bool {
	if i := indexByte(path, '#'); i >= 0 {
		path = path[:i]
	}
	if i := indexByte(path, '?'); i >= 0 {
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
		dot := lastIndexByte(last, '.')
		if dot < 0 || dot == len(last)-1 {
			break
		}
		e := last[dot+1:]
		if foldIn(pageExts, e) {
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
		return Verdict{ShapeOther, "too-deep"}
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
	for len(segs) > 0 && isIndex(segs[len(segs)-1]) && !p.file {
		segs = segs[:len(segs)-1]
	}
	if len(segs) == 1 && isLangCode(segs[0]) {
		return Verdict{ShapeOther, "edition-root"}
	}
	if len(segs) == 1 && hasRole(segs[0], rolePrefix) {
		return Verdict{ShapeOther, "edition-root"}
	}
	if len(segs) == 0 {
		switch q.kind {
		case queryID:
			return Verdict{ShapeArticle, "query-id"}
		case querySection:
			return Verdict{ShapeSection, "query-listing"}
		}
		if lang {
			return Verdict{ShapeOther, "edition-root"}
		}
		return Verdict{ShapeOther, "root"}
	}
	if p.file {
		return Verdict{ShapeOther, "file-extension"}
	}
	for i, s := range segs {
		if i+3 == len(segs) && hasRole(segs[i+1], roleListing) && !hasRole(segs[i+2], roleBlocked) {
			// /search/label/Travel (Blogger): a listing reached by search.
			continue
		}
		if hasRole(s, roleBlocked) || containsFold(s, "consent") || containsFold(s, "login") {
			return Verdict{ShapeOther, "blocked-segment"}
		}
	}
	if q.kind == queryOther {
		return Verdict{ShapeOther, "query-utility"}
	}
	v := judgeSegs(segs)
	if q.kind == queryPage {
		if v.Shape == ShapeArticle {
			return Verdict{ShapeArticle, "article-page"}
		}
		return Verdict{ShapeOther, "query-pagination"}
	}
	if v.Shape != ShapeArticle {
		switch q.kind {
		case queryID:
			return Verdict{ShapeArticle, "query-id"}
		case querySection:
			return Verdict{ShapeSection, "query-listing"}
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
		return Verdict{ShapeOther, "author"}
	}
	for i := 0; i < n-1; i++ {
		if hasRole(segs[i], roleAuthor) && n-i <= 3 {
			return Verdict{ShapeOther, "author"}
		}
	}

	// Date archives: /2024/05/, /20240518/, /world/2024/may/18/all.
	if end := datedEnd(segs); end == n {
		return Verdict{ShapeOther, "date-archive"}
	} else if end == n-1 && hasRole(last, roleArchive) {
		return Verdict{ShapeOther, "date-archive"}
	}

	// Pagination: /page/2, /sciences/2/, /seite-2, /p2. A further page of
	// an article is the article (/slug/seite-2, /20240518-OYT1T50123/2/).
	if tail := pageTail(segs); tail > 0 {
		rest := segs[:n-tail]
		if len(rest) > 0 {
			if v := judgeSegs(rest); v.Shape == ShapeArticle {
				return Verdict{ShapeArticle, "article-page"}
			}
		}
		return Verdict{ShapeOther, "pagination"}
	}
	if isDigits(last) && len(last) <= 4 {
		if listingAt(segs) >= 0 {
			return Verdict{ShapeSection, "listing-id"}
		}
		if len(last) <= 3 && n >= 2 {
			if v := judgeSegs(segs[:n-1]); v.Shape == ShapeArticle {
				return Verdict{ShapeArticle, "article-page"}
			}
			return Verdict{ShapeOther, "pagination"}
		}
	}

	st := slugStats(last)

	// A date followed by anything is an article, however short the last
	// segment: /2014/07/24/world/africa/air-algerie-flight/, /news/2021/05/18/belo/.
	if end := datedEnd(segs); end > 0 && end < n {
		if hasRole(last, roleArchive) {
			return Verdict{ShapeOther, "date-archive"}
		}
		return Verdict{ShapeArticle, "dated-path"}
	}

	// channel_25950, list_25462: a listing with a numeric id.
	if st.listingFirst && st.words == 1 && st.tokens >= 2 {
		return Verdict{ShapeSection, "listing-id"}
	}
	li := listingAt(segs)
	di := articleDirAt(segs)
	if li >= 0 && di < li {
		// Under /tag/, /topics/, /rubric/: a section, unless the last segment
		// is a slug with a long number (a story filed under a listing).
		if st.digitRun >= 5 && st.words >= 1 {
			return Verdict{ShapeArticle, "id-number"}
		}
		if n == 1 {
			return Verdict{ShapeOther, "listing-index"}
		}
		return Verdict{ShapeSection, "listing"}
	}
	if n == 1 && hasRole(last, roleListing) && li < 0 {
		return Verdict{ShapeOther, "listing-index"}
	}

	// Legal and service pages named in the last segment:
	// privacy-policy, datenschutz-spiegel, 115014893428-Privacy-policy.
	if st.utility && st.words <= 4 {
		return Verdict{ShapeOther, "utility-page"}
	}

	if st.dated {
		return Verdict{ShapeArticle, "dated-slug"}
	}
	if st.digitRun >= 5 {
		return Verdict{ShapeArticle, "id-number"}
	}
	if st.mixedID {
		return Verdict{ShapeArticle, "id-token"}
	}
	for i := 0; i < n-1; i++ {
		ss := slugStats(segs[i])
		if ss.digitRun >= 6 || ss.mixedID {
			return Verdict{ShapeArticle, "id-in-path"}
		}
	}
	if di >= 0 {
		return Verdict{ShapeArticle, "article-dir"}
	}
	if st.slug() {
		return Verdict{ShapeArticle, "slug"}
	}
	if st.words >= 2 && st.trailingNum {
		return Verdict{ShapeArticle, "slug-number"}
	}
	if equalFoldASCII(last, "archive") || equalFoldASCII(last, "archives") {
		return Verdict{ShapeOther, "archive"}
	}
	if n == 1 && hasRole(last, roleHome) {
		return Verdict{ShapeOther, "edition-root"}
	}
	if n > 4 {
		return Verdict{ShapeOther, "too-deep"}
	}
	return Verdict{ShapeSection, "section"}
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

// datedEnd finds the first date in segs (/2024/05/18/, /2024/may/18/,
// /2024-05/, /20240518/, /18/05/2024/, /2405/18/, /24_maggio_18/) and returns
// the index just past it, or 0 when there is none.
func datedEnd(segs []string) int {
	n := len(segs)
	for i := 0; i < n; i++ {
		s := segs[i]
		if isDateSeg(s) {
			return i + 1
		}
		if isYear(s) {
			if i+1 < n && (isMonth(segs[i+1]) || isMMDD(segs[i+1])) {
				if i+2 < n && isDay(segs[i+2]) {
					return i + 3
				}
				return i + 2
			}
			if i+1 == n {
				return n // a bare year: /2024/
			}
			// /2024/gundem/slug/, /2024/apple-and-the-ai-race/: a year as
			// a directory dates what follows it.
			return i + 1
		}
		if len(s) == 4 && isDigits(s) && i+1 < n && isDay(segs[i+1]) && isMonthNum(s[2:]) {
			return i + 2 // yymm/dd (ITmedia)
		}
		if i+2 < n && isDay(s) && isMonth(segs[i+1]) && isYear(segs[i+2]) {
			return i + 3 // dd/mm/yyyy (RBC)
		}
	}
	return 0
}

// isDateSeg: one segment holding a whole date: 2024-05, 2024-05-18,
// 2024_05_18, 20240518, 24_maggio_18.
func isDateSeg(s string) bool {
	switch {
	case len(s) == 8 && isDigits(s):
		return isYear(s[:4]) && isMonthNum(s[4:6]) && isDayNum(s[6:])
	case len(s) == 7 && isYear(s[:4]) && isSep(s[4]):
		return isMonthNum(s[5:])
	case len(s) == 10 && isYear(s[:4]) && isSep(s[4]) && isSep(s[7]):
		return isMonthNum(s[5:7]) && isDayNum(s[8:])
	}
	// yy_month_dd (Corriere della Sera: 24_maggio_18).
	a := indexByte(s, '_')
	if a != 2 || !isDigits(s[:2]) {
		return false
	}
	b := lastIndexByte(s, '_')
	return b > a+2 && len(s)-b-1 <= 2 && len(s)-b-1 >= 1 && isDigits(s[b+1:]) && isLetters(s[a+1:b])
}

func isSep(c byte) bool { return c == '-' || c == '_' }

// isYear: 4 digits from 1990 to 2099.
func isYear(s string) bool {
	if len(s) != 4 || !isDigits(s) {
		return false
	}
	return (s[0] == '1' && s[1] == '9' && s[2] == '9') || (s[0] == '2' && s[1] == '0')
}

// isMonth: 1 to 12 in one or two digits, or an English month name or its
// three-letter abbreviation (The Guardian: /2024/may/18/).
func isMonth(s string) bool {
	if len(s) <= 2 && isDigits(s) {
		return isMonthNum(s)
	}
	return hasMonthName(s)
}

func isMonthNum(s string) bool {
	if len(s) == 0 || len(s) > 2 || !isDigits(s) {
		return false
	}
	m := atoiSmall(s)
	return m >= 1 && m <= 12
}

func isDayNum(s string) bool {
	if len(s) == 0 || len(s) > 2 || !isDigits(s) {
		return false
	}
	d := atoiSmall(s)
	return d >= 1 && d <= 31
}

func isDay(s string) bool { return isDayNum(s) }

// isMMDD: 4 digits month and day (People's Daily: /2024/0518/).
func isMMDD(s string) bool {
	return len(s) == 4 && isDigits(s) && isMonthNum(s[:2]) && isDayNum(s[2:])
}

var monthNames = map[string]bool{
	"jan": true, "feb": true, "mar": true, "apr": true, "may": true,
	"jun": true, "jul": true, "aug": true, "sep": true, "sept": true,
	"oct": true, "nov": true, "dec": true, "january": true, "february": true,
	"march": true, "april": true, "june": true, "july": true, "august": true,
	"september": true, "october": true, "november": true, "december": true,
}

func hasMonthName(s string) bool { return len(s) >= 3 && foldIn(monthNames, s) }

// isIndex: a directory's index page (index, default, index.php).
func isIndex(s string) bool {
	return equalFoldASCII(s, "index") || equalFoldASCII(s, "default") ||
		equalFoldASCII(s, "index.php")
}

// isLangCode: a language or edition prefix: en, es, pt-br, zh-hans, en_us.
func isLangCode(s string) bool {
	if hasRole(s, roleLang) {
		return true
	}
	switch {
	case len(s) == 5:
		return isSep(s[2]) && hasRole(s[:2], roleLang) && isLetters(s[3:])
	case len(s) == 7 && isSep(s[2]) && equalFoldASCII(s[:2], "zh"):
		return equalFoldASCII(s[3:], "hans") || equalFoldASCII(s[3:], "hant")
	}
	return false
}

// slugInfo describes the last segment of a path, split into tokens at
// - _ . , ~ ! + : ; = and spaces.
type slugInfo struct {
	tokens       int
	words        int  // tokens of letters (any script, or percent-encoded)
	conj         int  // conjunction tokens: and, und, et, y ...
	digitRun     int  // longest run of ASCII digits (percent escapes excluded)
	mixedID      bool // a token like DGXZQOUC026TI0S6A101C or 6a1b2c3d or x7kqz3n
	trailingNum  bool // the last token is a 2-4 digit number that is no year
	utility      bool // the first or last word is a legal or service word
	listingFirst bool // the first token names a listing (channel_25950)
	dated        bool // tokens yyyy-mm-dd or dd-mm-yyyy (slug-2024-05-18)
}

// slug reports whether s reads as a story's slug: four or more words, where
// a short "x-and-y" list names a department instead
// (klima-energie-und-umwelt, personal-finance-and-money-tips).
func (s slugInfo) slug() bool {
	if s.tokens < 4 || s.words < 3 {
		return false
	}
	if s.conj > 0 && s.tokens <= 5 {
		return false
	}
	return true
}

func isTokenSep(c byte) bool {
	switch c {
	case '-', '_', '.', ',', '~', '!', '+', ':', ';', '=', ' ':
		return true
	}
	return false
}

// slugStats computes slugInfo for seg without allocating.
func slugStats(seg string) slugInfo {
	var st slugInfo
	run := 0
	firstWord, lastWord := "", ""
	lastTok := ""
	var t1, t2 string // the two tokens before the current one
	for i := 0; i < len(seg); {
		for i < len(seg) && isTokenSep(seg[i]) {
			i++
			run = 0
		}
		if i >= len(seg) {
			break
		}
		start := i
		letters, digits, switches, pct := 0, 0, 0, false
		prev := byte(0) // 'a' letter, '0' digit
		for i < len(seg) && !isTokenSep(seg[i]) {
			c := seg[i]
			switch {
			case c == '%' && i+2 < len(seg):
				pct = true
				i += 3
				run = 0
				continue
			case c >= '0' && c <= '9':
				digits++
				run++
				if run > st.digitRun {
					st.digitRun = run
				}
				if prev == 'a' {
					switches++
				}
				prev = '0'
			default:
				letters++
				run = 0
				if prev == '0' {
					switches++
				}
				prev = 'a'
			}
			i++
		}
		tok := seg[start:i]
		if (isYear(t2) && len(t1) == 2 && isMonthNum(t1) && len(tok) == 2 && isDayNum(tok)) ||
			(len(t2) == 2 && isDayNum(t2) && len(t1) == 2 && isMonthNum(t1) && isYear(tok)) {
			st.dated = true
		}
		t2, t1 = t1, tok
		st.tokens++
		lastTok = tok
		if st.tokens == 1 && hasRole(tok, roleListing) {
			st.listingFirst = true
		}
		switch {
		case digits == 0 && (letters > 0 || pct):
			st.words++
			if firstWord == "" {
				firstWord = tok
			}
			lastWord = tok
			if hasRole(tok, roleConj) {
				st.conj++
			}
		case digits > 0 && letters > 0 && !pct:
			n := len(tok)
			if (n >= 8 && digits >= 2 && letters >= 2 && switches >= 2) ||
				(n >= 6 && digits >= 2 && letters >= 2 && switches >= 3) {
				st.mixedID = true
			}
		}
	}
	if n := len(lastTok); n >= 2 && n <= 4 && isDigits(lastTok) && !isYear(lastTok) {
		st.trailingNum = true
	}
	if firstWord != "" {
		st.utility = utilityWord(firstWord) || utilityWord(lastWord)
	}
	return st
}

// utilityWord: a word of roleUtilityToken, or one glued to "about"
// (aboutthebbc).
func utilityWord(w string) bool {
	if hasRole(w, roleUtilityToken) {
		return true
	}
	return len(w) > 5 && equalFoldASCII(w[:5], "about")
}

// Query judgement.

type queryKind uint8

const (
	queryNone    queryKind = iota
	queryID                // an article id: ?id=77753720, ?p=1234, ?idxno=317123
	querySection           // a listing: Joomla view=category
	queryPage              // a further page: ?page=2, ?PAGEN_1=2, ?start=10
	queryOther             // a feed, search or login: ?format=feed, ?s=x
)

type queryVerdict struct{ kind queryKind }

// idParams name article ids in query strings, with the fewest digits the
// value must have.
var idParams = map[string]int{
	"id": 4, "p": 3, "idxno": 3, "aid": 4, "articleid": 4, "article_id": 4,
	"newsid": 4, "news_id": 4, "storyid": 4, "story_id": 4, "contentid": 4,
	"cntn_cd": 4, "idx": 4, "no": 4, "nid": 4, "k": 6, "docid": 4, "artid": 4,
}

// viewWords are Joomla's view= values.
var viewWords = map[string]queryKind{
	"article": queryID, "category": querySection, "section": querySection,
	"featured": querySection, "categories": querySection,
	"login": queryOther, "registration": queryOther, "reset": queryOther,
	"remind": queryOther, "profile": queryOther,
}

var pageParams = map[string]bool{
	"page": true, "pg": true, "start": true, "offset": true,
	"updated-max": true, "max-results": true, "pagen_1": true, "pagen_2": true,
	"paged": true,
}

// judgeQuery reads a raw query string without allocating.
func judgeQuery(q string) queryVerdict {
	var v queryVerdict
	var buf [maxWordLen]byte
	for len(q) > 0 {
		pair := q
		if i := indexByte(q, '&'); i >= 0 {
			pair, q = q[:i], q[i+1:]
		} else {
			q = ""
		}
		key, val := pair, ""
		if i := indexByte(pair, '='); i >= 0 {
			key, val = pair[:i], pair[i+1:]
		}
		switch {
		case equalFoldASCII(key, "format") && equalFoldASCII(val, "feed"),
			equalFoldASCII(key, "feed"),
			(equalFoldASCII(key, "s") || equalFoldASCII(key, "q")) && val != "":
			return queryVerdict{queryOther}
		case equalFoldASCII(key, "view"):
			switch viewWords[string(foldKey(&buf, val))] {
			case queryID:
				v.kind = queryID
			case querySection:
				if v.kind == queryNone {
					v.kind = querySection
				}
			case queryOther:
				return queryVerdict{queryOther}
			}
		case foldIn(pageParams, key) && val != "" && val != "0":
			if v.kind != queryID {
				v.kind = queryPage
			}
		default:
			if min, ok := idParams[string(foldKey(&buf, key))]; ok && longestDigitRun(val) >= min {
				v.kind = queryID
			}
		}
	}
	return v
}

// Byte helpers: the package avoids strings.ToLower and friends on the hot
// path so that judging a path does not allocate.

func indexByte(s string, c byte) int {
	for i := 0; i < len(s); i++ {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func lastIndexByte(s string, c byte) int {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i] == c {
			return i
		}
	}
	return -1
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

func isLetters(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		c := s[i] | 0x20
		if c < 'a' || c > 'z' {
			return false
		}
	}
	return true
}

func atoiSmall(s string) int {
	n := 0
	for i := 0; i < len(s); i++ {
		n = n*10 + int(s[i]-'0')
	}
	return n
}

func longestDigitRun(s string) int {
	best, run := 0, 0
	for i := 0; i < len(s); i++ {
		if s[i] >= '0' && s[i] <= '9' {
			run++
			if run > best {
				best = run
			}
		} else {
			run = 0
		}
	}
	return best
}

func equalFoldASCII(a, b string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := 0; i < len(a); i++ {
		if lowerASCII(a[i]) != lowerASCII(b[i]) {
			return false
		}
	}
	return true
}

func containsFold(s, sub string) bool {
	for i := 0; i+len(sub) <= len(s); i++ {
		if equalFoldASCII(s[i:i+len(sub)], sub) {
			return true
		}
	}
	return false
}

func lowerASCII(c byte) byte {
	if c >= 'A' && c <= 'Z' {
		return c + 'a' - 'A'
	}
	return c
}

// maxWordLen bounds the words looked up in the word lists; longer segments
// are no list word.
const maxWordLen = 32

// foldKey lower-cases s (ASCII) into buf for a map lookup; a word longer
// than buf comes back empty, which no list holds. Indexing a map with
// string(foldKey(...)) does not allocate.
func foldKey(buf *[maxWordLen]byte, s string) []byte {
	if len(s) > maxWordLen {
		return nil
	}
	for i := 0; i < len(s); i++ {
		buf[i] = lowerASCII(s[i])
	}
	return buf[:len(s)]
}

// foldIn reports whether s, in any case, is a key of set.
func foldIn(set map[string]bool, s string) bool {
	var buf [maxWordLen]byte
	return set[string(foldKey(&buf, s))]
}

// hasRole reports whether word (any case) has role in shapeWords.
func hasRole(word string, role uint16) bool {
	if len(word) > maxWordLen || word == "" {
		return false
	}
	var buf [maxWordLen]byte
	return shapeWords[string(foldKey(&buf, word))]&role != 0
}
