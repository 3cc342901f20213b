package shape

import "strings"

// Context: a path judged alone is sometimes a coin toss (/news/heat-wave/
// is a story on one site, /news/tech-and-science/ a department on another).
// Among its siblings (the other <loc>s of one sitemap, the other links of
// one page) the coin is loaded: 40 paths under /news/ with story slugs make
// a pattern, and the odd short one is a story too.

const (
	// siblingMin is the fewest decided siblings under one parent that make
	// a pattern.
	siblingMin = 5
	// siblingShare is the share of them that must agree.
	siblingShare = 0.8
	// tagCloudMin is the fewest navigation links under one tag directory
	// (/tag/, /schlagwort/) that make a tag cloud or a long tag list rather
	// than a menu: a menu promotes a handful of tags, a cloud lists dozens.
	tagCloudMin = 6
)

// weakRules are the verdicts a pattern of siblings may overturn: the ones
// that rest on the wording of the last segment, not on a date or an id.
var weakRules = map[string]bool{
	"section": true, "slug": true, "slug-number": true,
}

// InContext judges paths that appear together, such as the <loc>s of
// one sitemap or the same-host links of one page (each path as Path
// takes it: escaped path plus "?"+query when there is one). Every path gets
// Path's verdict, except that a verdict resting only on the wording of
// the last segment (rules section, slug, slug-number) follows its siblings:
// when at least siblingMin paths share its parent directory and at least
// 80 % of those judged article or section agree, it takes their shape with
// rule "sibling-articles" or "sibling-sections". Verdicts from dates, ids,
// the block list and the other structural rules never change. The result
// is parallel to paths.
func InContext(paths []string) []Verdict {
	out := make([]Verdict, len(paths))
	type tally struct{ articles, sections int }
	groups := make(map[string]*tally)
	parents := make([]string, len(paths))
	for i, p := range paths {
		out[i] = Path(p)
		parent, ok := parentDir(p)
		if !ok {
			continue
		}
		parents[i] = parent
		t := groups[parent]
		if t == nil {
			t = &tally{}
			groups[parent] = t
		}
		switch out[i].Shape {
		case Article:
			t.articles++
		case Section:
			t.sections++
		}
	}
	for i := range paths {
		if parents[i] == "" || !weakRules[out[i].Rule] {
			continue
		}
		t := groups[parents[i]]
		decided := t.articles + t.sections
		if decided < siblingMin {
			continue
		}
		switch {
		case out[i].Shape == Section && float64(t.articles) >= siblingShare*float64(decided):
			out[i] = Verdict{Article, "sibling-articles"}
		case out[i].Shape == Article && float64(t.sections) >= siblingShare*float64(decided):
			out[i] = Verdict{Section, "sibling-sections"}
		}
	}
	return out
}

// Locs judges the absolute URLs of one sitemap (its <loc>s) together:
// InContext's verdicts on their paths and queries, so that a short story
// slug among forty stories under /news/ is a story, then their hosts
// (OnHost: on a service host a loc is other). The result is parallel to
// locs. A loc that is not absolute is judged as a path.
//
// Past LocsMax locs each is judged alone (Loc): a sitemap that long lists
// stories, whose dates and ids decide without siblings, and judging 50,000
// paths together would cost the host megabytes for nothing.
func Locs(locs []string) []Verdict {
	if len(locs) > LocsMax {
		out := make([]Verdict, len(locs))
		for i, loc := range locs {
			out[i] = Loc(loc)
		}
		return out
	}
	paths := make([]string, len(locs))
	for i, loc := range locs {
		_, paths[i] = splitLoc(loc)
	}
	out := InContext(paths)
	for i, loc := range locs {
		if host, _ := splitLoc(loc); host != "" {
			out[i] = OnHost(hostname(host), out[i])
		}
	}
	return out
}

// LocsMax is the most locs Locs judges together.
const LocsMax = 10000

// Loc judges one absolute URL alone, as URL does, without parsing it:
// Path of what follows the authority, then OnHost. It allocates nothing.
func Loc(loc string) Verdict {
	authority, path := splitLoc(loc)
	v := Path(path)
	if authority == "" {
		return v
	}
	return OnHost(hostname(authority), v)
}

// splitLoc splits an absolute URL into its authority and what follows it
// (path, query and fragment; "/" when nothing does), without parsing or
// copying; a string without "://" is all path.
func splitLoc(loc string) (authority, path string) {
	i := strings.Index(loc, "://")
	if i < 0 {
		return "", loc
	}
	rest := loc[i+3:]
	j := strings.IndexAny(rest, "/?#")
	if j < 0 {
		return rest, "/"
	}
	return rest[:j], rest[j:]
}

// hostname is an authority's host without user information and port.
func hostname(authority string) string {
	if i := strings.LastIndexByte(authority, '@'); i >= 0 {
		authority = authority[i+1:]
	}
	if strings.HasPrefix(authority, "[") {
		return "" // an IPv6 literal: no service label
	}
	if i := strings.LastIndexByte(authority, ':'); i >= 0 {
		authority = authority[:i]
	}
	return authority
}

// parentDir is path's directory without its last segment, query and
// fragment (/news/heat-wave/ -> /news), a substring of path; false for the
// root and for top-level paths, whose siblings are the whole site and make
// no pattern.
func parentDir(path string) (string, bool) {
	if i := strings.IndexByte(path, '?'); i >= 0 {
		path = path[:i]
	}
	if i := strings.IndexByte(path, '#'); i >= 0 {
		path = path[:i]
	}
	for len(path) > 0 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	i := strings.LastIndexByte(path, '/')
	if i <= 0 {
		return "", false
	}
	return path[:i], true
}

// navMin is the fewest distinct menu links (in the page's navigation,
// outside its footer) that show a page marks up its navigation; below it,
// where a link sits says nothing.
const navMin = 5

// Link is one link of a page as InPage takes it: the path (as Path takes
// it), where this place of it sits, and its anchor's text. Nav: inside a
// <nav>, or the page's own <header> or <footer>; Footer: inside the page's
// footer (so Nav too). A path listed several times is in the menu when any
// of its places is Nav but not Footer, in the footer when any is Footer,
// and a service link when any of its texts names a service (ServiceText).
type Link struct {
	Path   string
	Nav    bool
	Footer bool
	Tag    bool // the anchor says it names a tag of the page (rel=tag)
	Text   string
	Item   Item // what the site's CMS says the link leads to, when it says
}

// Item is what a page's markup says a link leads to, where the site's CMS
// writes it: WordPress classes each item of a menu by what it links
// (wp_nav_menu: menu-item-object-category, menu-item-object-page, ...),
// each item of a page list (page_item) and of a category list (cat-item),
// and each link of a tag cloud (tag-cloud-link). ItemUnknown elsewhere.
type Item uint8

const (
	ItemUnknown Item = iota
	// ItemListing: a category or another taxonomy's archive, or a post
	// type's archive: a listing of posts.
	ItemListing
	// ItemTag: a post tag, from a menu (menu-item-object-post_tag) or a
	// tag cloud.
	ItemTag
	// ItemPage: a static page (menu-item-object-page, page_item) or one
	// item of another post type (a product, an event).
	ItemPage
	// ItemPost: one post.
	ItemPost
)

// String names an Item: "listing", "tag", "page", "post", or "" for
// ItemUnknown.
func (i Item) String() string {
	switch i {
	case ItemListing:
		return "listing"
	case ItemTag:
		return "tag"
	case ItemPage:
		return "page"
	case ItemPost:
		return "post"
	}
	return ""
}

// listingRules are the verdicts that rest on a listing word in the path
// (/thema/datenschutz, /tag/newsletter): a service word in the anchor's
// text names the topic there, not a service page.
var listingRules = map[string]bool{
	"listing": true, "listing-id": true, "query-listing": true, "tag-page": true,
}

// InPage judges the links of one page: InContext's verdicts, then the
// text and place of each link.
//
// Text: a link whose anchor text names a service page ("Impressum",
// "Contact us", "Newsletter", "Shop", "Forums": ServiceText) is other, rule
// "service-text", whatever its path looks like (/index-c.php?ID=235845,
// /civis/), unless the path names a listing (a topic page under /thema/).
//
// Stories' directory: a path under which storyParentMin or more of the
// page's stories lie is a listing; a short slug that Path took for a
// story (rules slug, slug-number: /the-spin-of-the-ball/) is a section
// then, rule "story-parent".
//
// A link outside the navigation whose text reads as a story's headline
// (Headline: six words or more, or a long run of Chinese or Japanese) is
// an article, rule "headline-text", when only the weak rule section made
// it a section: a short story slug (/streit-ums-feuerholz/,
// /news/heat-wave/) linked from a river with its headline. A department
// is named in a word or two (a menu's teaser of a story has a headline
// of eight words or more: navHeadlineWords), and a river's heading that names its
// department at length (/ratgeber/ "Ratgeber rund um Geld, Recht, ...")
// is the directory of the stories below it.
//
// A text that starts with "#" ("#Donald Trump"), or an anchor marked
// rel=tag, is a story's tag: outside the navigation such a link is other,
// rule "story-tag".
//
// Place: a section is a listing the site offers as navigation.
//   - A script page (Path's rule script-page: /news.php,
//     /retirement/index.aspx) linked from the menu is a section, rule
//     "menu-script".
//   - A tag page (Path's rule tag-page: /tag/ai/) linked from the
//     navigation is a section, rule "menu-tag": from the menu always (a
//     mega-menu lists a dozen), from the footer only when fewer than
//     tagCloudMin footer links share its tag directory (else a tag
//     cloud).
//   - On a page with at least navMin menu links, a bare word at depth 1
//     (Path's weak rule section) linked from the footer and never from
//     the menu, that no menu link starts with, and that names no video,
//     audio or photo front (mediaFronts), is other, rule "footer-only":
//     the footer's own links are the imprint, the jobs, the obituaries,
//     the tickets, named in any language (/redaksi, /kotak-pos, /trauer,
//     /placead); a footer's section list repeats the menu's departments
//     or their sub-sections (/sport/tennis under the menu's /sport).
//   - On a page whose menu lists pageTreeMin pages or more and whose body
//     links fewer than pageTreeStories stories, a bare word in the menu
//     (Path's weak rule section) is other, rule "page-tree", unless
//     stories of the page lie under it or it names the site's news
//     (newsFront): such a menu is an association's, a ministry's or a
//     firm's page tree (/naturschutz/standpunkte/klimawandel/,
//     /Aus-und-Fortbildung/Trainer), not a news site's departments.
//   - A bare word linked only outside the navigation stays a section:
//     rivers head their blocks with department links (/lokales/,
//     /ratgeber/) as often as cards carry story chips (/fortnite on The
//     Verge), and the place alone cannot tell them apart.
//
// Pages that do not mark up their navigation keep InContext's verdicts
// there. The result is parallel to links.
func InPage(links []Link) []Verdict {
	paths := make([]string, len(links))
	menu := make(map[string]bool)        // paths with a place in the menu
	footer := make(map[string]bool)      // paths with a place in the footer
	nav := make(map[string]bool)         // paths with a place in the navigation
	service := make(map[string]bool)     // paths with a service text
	headline := make(map[string]bool)    // paths with a headline for a text
	hashtag := make(map[string]bool)     // paths with a "#tag" for a text
	navHeadline := make(map[string]bool) // a headline long even for a menu's teaser
	navTags := make(map[string]int)      // navigation links per tag directory
	items := make(map[string]Item)       // what the CMS says a path is
	for i, l := range links {
		paths[i] = l.Path
		if l.Item != ItemUnknown && items[l.Path] == ItemUnknown {
			items[l.Path] = l.Item
		}
		if l.Nav && !l.Footer {
			menu[l.Path] = true
		}
		if l.Footer {
			footer[l.Path] = true
		}
		if l.Nav {
			nav[l.Path] = true
		}
		if l.Text != "" && ServiceText(l.Text) {
			service[l.Path] = true
		} else if words, ok := headlineWordsOf(l.Text); ok {
			headline[l.Path] = true
			navHeadline[l.Path] = words >= navHeadlineWords
		}
		if t := strings.TrimSpace(l.Text); (len(t) > 1 && t[0] == '#') || l.Tag {
			hashtag[l.Path] = true
		}
	}
	out := InContext(paths)
	// Directories of the page's stories: /ratgeber/ holds
	// /ratgeber/2026/11/28/so-sparen-sie/, so it is a listing.
	storyDirs := make(map[string]int)
	for i, p := range paths {
		if out[i].Shape != Article || out[i].Rule == "article-page" {
			continue
		}
		for d, ok := parentDir(p); ok; d, ok = parentDir(d) {
			storyDirs[d]++
		}
	}
	navSeen := make(map[string]bool)
	for i, l := range links {
		if l.Nav && out[i].Rule == "tag-page" && !navSeen[l.Path] {
			navSeen[l.Path] = true
			if parent, ok := parentDir(l.Path); ok && !menu[l.Path] {
				navTags[parent]++
			}
		}
	}
	for i, l := range links {
		if service[l.Path] && out[i].Shape != Other && !listingRules[out[i].Rule] {
			out[i] = Verdict{Other, "service-text"}
			continue
		}
		if v, ok := itemVerdict(items[l.Path], out[i], menu[l.Path], l.Path); ok {
			out[i] = v
			continue
		}
		if menu[l.Path] && out[i].Shape == Article && !headline[l.Path] && menuPage(l.Path, out[i].Rule) {
			out[i] = Verdict{Other, "menu-page"}
			continue
		}
		dir := storyDirs[dirOf(l.Path)]
		if out[i].Rule == "section" && dir == 0 && (headline[l.Path] && !nav[l.Path] || navHeadline[l.Path]) {
			out[i] = Verdict{Article, "headline-text"}
			continue
		}
		if (out[i].Rule == "slug" || out[i].Rule == "slug-number") && dir >= storyParentMin {
			out[i] = Verdict{Section, "story-parent"}
			continue
		}
		if menu[l.Path] && out[i].Rule == "article-dir" && !headline[l.Path] && blogName(l.Path) {
			// /blog/kausfiles/, /blog/threat-research.html in the menu: one
			// of the site's blogs, named in a word or two.
			out[i] = Verdict{Section, "menu-listing"}
			continue
		}
		if menu[l.Path] && out[i].Rule == "script-page" {
			// /news.php, /retirement/index.aspx in the menu: a listing
			// the site's navigation offers, whatever its extension.
			out[i] = Verdict{Section, "menu-script"}
			continue
		}
		if hashtag[l.Path] && !nav[l.Path] && out[i].Shape == Section {
			// "#Election 2016" on a card, rel=tag under a post: a story's
			// tag.
			out[i] = Verdict{Other, "story-tag"}
			continue
		}
		if out[i].Rule == "tag-page" && navSeen[l.Path] {
			if parent, ok := parentDir(l.Path); ok && navTags[parent] < tagCloudMin && !service[l.Path] {
				out[i] = Verdict{Section, "menu-tag"}
			}
		}
	}
	// A service page's own pages: /presse/pressematerial/ under the
	// page's /presse/ (service-page), /verein/vorstand/ under the static
	// page /verein/ (cms-page).
	servicePaths := make(map[string]bool)
	for i, l := range links {
		if serviceParentRules[out[i].Rule] {
			servicePaths[dirOf(l.Path)] = true
		}
	}
	if len(servicePaths) > 0 {
		for i, l := range links {
			if out[i].Rule != "section" && !weakArticleRules[out[i].Rule] {
				continue
			}
			for d, ok := parentDir(l.Path); ok; d, ok = parentDir(d) {
				if servicePaths[d] {
					out[i] = Verdict{Other, "service-parent"}
					break
				}
			}
		}
	}
	if len(menu) < navMin {
		return out
	}
	if len(menu) >= pageTreeMin {
		// The menu is the site's page tree, not its departments, when it
		// lists pageTreeMin pages or more and the page's body links fewer
		// than pageTreeStories stories.
		stories := make(map[string]bool)
		for i, l := range links {
			if out[i].Shape == Article && !nav[l.Path] {
				stories[l.Path] = true
			}
		}
		if len(stories) < pageTreeStories {
			for i, l := range links {
				if out[i].Rule == "section" && menu[l.Path] && storyDirs[dirOf(l.Path)] == 0 && !newsFront(l.Path) {
					out[i] = Verdict{Other, "page-tree"}
				}
			}
		}
	}
	menuFirst := make(map[string]bool)
	for p := range menu {
		if f, _ := firstSegment(p); f != "" {
			menuFirst[strings.ToLower(f)] = true
		}
	}
	for i, l := range links {
		if out[i].Rule != "section" || menu[l.Path] || !footer[l.Path] {
			continue
		}
		first, depth := firstSegment(l.Path)
		if depth == 1 && !menuFirst[strings.ToLower(first)] && !foldIn(mediaFronts, first) && !newsFront(l.Path) {
			out[i] = Verdict{Other, "footer-only"}
		}
	}
	return out
}

// itemVerdict is the verdict the CMS's own word on a link (Item) gives,
// where it overrules the path's; false where it does not.
//   - A static page (ItemPage) is other, rule "cms-page", whatever its path
//     looks like (/unternehmen/profil, /themen/, /ueber-die-stiftung/),
//     unless it names the site's news (/news/, /blog/, /aktuelles/): the
//     page a WordPress site shows its posts on is a page too.
//   - A category (ItemListing) is a section, rule "cms-listing", where
//     only a story slug's wording or the link's place made it something
//     else (/reisen-und-abenteuer/ read as a story, a category linked from
//     the footer alone).
//   - A tag (ItemTag) outside the menu is a story's tag, other, rule
//     "cms-tag" (a tag cloud); a menu's tag stays a section.
//   - A post (ItemPost) that the path's wording made a section is an
//     article, rule "cms-post".
func itemVerdict(item Item, v Verdict, inMenu bool, path string) (Verdict, bool) {
	switch item {
	case ItemPage:
		if v.Shape != Other && !newsFront(path) {
			return Verdict{Other, "cms-page"}, true
		}
	case ItemListing:
		if v.Rule == "section" || contextRules[v.Rule] || weakArticleRules[v.Rule] {
			return Verdict{Section, "cms-listing"}, true
		}
	case ItemTag:
		if !inMenu && v.Shape == Section {
			return Verdict{Other, "cms-tag"}, true
		}
	case ItemPost:
		if v.Shape == Section && weakRules[v.Rule] {
			return Verdict{Article, "cms-post"}, true
		}
	}
	return v, false
}

// serviceParentRules are the verdicts of other whose pages keep their
// own sub-pages: a link under such a path on the same page is other too,
// rule "service-parent", where only its wording made it a section or a
// story.
var serviceParentRules = map[string]bool{
	"service-page": true, "service-text": true, "utility-page": true,
	"blocked-segment": true, "cms-page": true,
}

// blogName reports whether path names one blog of a site's blogs: a name
// of at most three words without digits (kausfiles, threat-research.html),
// not a story's slug, right under /blog/ or /blogs/.
func blogName(path string) bool {
	dir := dirOf(path)
	i := strings.LastIndexByte(dir, '/')
	last, parent := dir[i+1:], dir[:max(i, 0)]
	parent = parent[strings.LastIndexByte(parent, '/')+1:]
	if !strings.EqualFold(parent, "blog") && !strings.EqualFold(parent, "blogs") {
		return false
	}
	if j := strings.IndexByte(last, '.'); j > 0 {
		last = last[:j]
	}
	st := slugStats(last)
	return st.tokens <= 3 && st.digitRun == 0 && !st.mixedID
}

// menuPage reports whether a path the rules took for a story (rule) is
// the address of one of the CMS's pages, which a menu links by its short
// name: Joomla's single articles (index.php?option=com_content
// &view=article&id=48, Joomla 1.0's task=view&id=48: Joomla's word for a
// page of content; its listings are view=category), Drupal's nodes (/node/152), and a page addressed
// by its number alone at the site's top (/12412.html, TYPO3's and others'
// page ids; /822,
// WordPress's ?page_id by permalink). A story in a menu is teased by its
// headline (Headline); these are named "Verein", "Teaching".
func menuPage(path, rule string) bool {
	if rule == "query-id" {
		return judgeQuery(path[strings.IndexByte(path, '?')+1:]).joomla
	}
	if rule == "node-id" {
		return true // Drupal's /node/152: a basic page, in a menu
	}
	if rule != "id-number" && rule != "post-number" {
		return false
	}
	first, depth := firstSegment(path)
	if depth != 1 {
		return false // /Articles/637395/, /blog/post/396176753: stories' numbers
	}
	if i := strings.IndexByte(first, '.'); i > 0 {
		first = first[:i]
	}
	return isDigits(first)
}

// weakArticleRules are the verdicts of article that rest on a slug's
// wording alone.
var weakArticleRules = map[string]bool{
	"slug": true, "slug-number": true, "sibling-articles": true,
}

// contextRules are the verdicts of other that a link's place or its
// siblings gave, not its words: a category's own mark outweighs them.
var contextRules = map[string]bool{
	"tag-page": true, "listing-index": true, "story-tag": true,
}

// newsFront reports whether the last segment of path names a site's news
// or blog in a word of its own (/news/, /unser-blog/, /aktuelles/).
func newsFront(path string) bool {
	last := dirOf(path)
	if i := strings.LastIndexByte(last, '/'); i >= 0 {
		last = last[i+1:]
	}
	for _, w := range strings.FieldsFunc(last, func(r rune) bool { return r == '-' || r == '_' || r == '.' }) {
		if foldIn(newsFronts, w) {
			return true
		}
	}
	return false
}

// newsFronts are the words that name a site's news or its blog.
var newsFronts = wordSet(`
	news blog blogs newsroom aktuelles aktuell nachrichten neuigkeiten
	actualites actualite actus noticias novedades notizie nieuws nyheter
	nyheder uutiset aktualnosci wiadomosci aktuality zpravy novosti
	articles artikel posts stories beitraege magazin magazine journal
`)

// mediaFronts are the fronts of a site's video, audio and photo sections,
// which many sites link from the footer alone: sections wherever they sit.
var mediaFronts = wordSet(`
	video videos audio podcast podcasts photo photos foto fotos galleries
	gallery bilder multimedia tv radio live
`)

// firstSegment is the first segment of path (/sport/tennis -> sport), past
// a leading language or edition code (/en/sport -> sport), without a page
// extension, and how many segments follow from it; "" for the root.
func firstSegment(path string) (string, int) {
	var p shapePath
	if !splitShapePath(path, &p) || p.n == 0 {
		return "", 0
	}
	segs := p.segs[:p.n]
	for len(segs) > 1 && (isLangCode(segs[0]) || hasRole(segs[0], rolePrefix) || isIndex(segs[0])) {
		segs = segs[1:]
	}
	return segs[0], len(segs)
}

// headlineWords is the fewest words of an anchor text that reads as a
// story's headline rather than a listing's name ("Politik", "Arts &
// Culture", "More from Business"); headlineRunes the fewest characters
// of one written without spaces (Chinese, Japanese, Thai).
const (
	headlineWords = 6
	headlineRunes = 12
	// navHeadlineWords is the fewest words of a headline that make a
	// menu's link a story: mega-menus tease stories, and a menu names a
	// listing in up to seven words ("Collaboration with Regional Research
	// Institutions").
	navHeadlineWords = 8
)

// headlineWordsOf counts the words of text (runs between spaces) and says
// whether it reads as a story's headline: six words or more, or twelve
// characters or more of a script written without spaces and no space
// between them.
func headlineWordsOf(text string) (words int, headline bool) {
	runes, wide, in := 0, false, false
	for _, r := range text {
		runes++
		if r >= 0x0E00 {
			wide = true
		}
		if r == ' ' || r == '\t' || r == '\n' || r == 0xa0 || r == 0x3000 {
			in = false
			continue
		}
		if !in {
			words++
			in = true
		}
	}
	return words, words >= headlineWords || wide && words == 1 && runes >= headlineRunes
}

// storyParentMin is the fewest stories of a page under one path that make
// the path their listing.
const storyParentMin = 2

// pageTreeMin is the fewest distinct menu links that make a menu the
// site's page tree when the page's body links fewer than pageTreeStories
// stories: an association's, a ministry's or a firm's mega-menu lists
// every page of the site (150 to 450 on heldout5's pages), a news site's
// lists its departments and their sub-sections (40 to 130), and its pages
// link their stories (a homepage's river, an article's related stories).
const (
	pageTreeMin     = 150
	pageTreeStories = 10
)

// dirOf is path without its query, fragment and trailing slashes
// (/ratgeber/?x=1 -> /ratgeber), as parentDir gives a directory.
func dirOf(path string) string {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	for len(path) > 1 && path[len(path)-1] == '/' {
		path = path[:len(path)-1]
	}
	return path
}
