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
	// tagCloudMin is the fewest links under one tag directory (/tag/,
	// /schlagwort/) that make a tag cloud or a long tag list rather than a
	// menu: a menu promotes a handful of tags, a cloud lists dozens.
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
// the block list and the other structural rules never change. Tag pages
// are sections only as navigation: when at least tagCloudMin listing
// verdicts share one tag directory (/tag/a, /tag/b, ...: a tag cloud or a
// long tag list, not a menu), they are other, rule "tag-cloud". The result
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
	tagged := make(map[string]int)
	for i := range paths {
		if out[i].Rule == "listing" && parents[i] != "" && tagDir(parents[i]) {
			tagged[parents[i]]++
		}
	}
	for i := range paths {
		if out[i].Rule == "listing" && tagged[parents[i]] >= tagCloudMin {
			out[i] = Verdict{Other, "tag-cloud"}
			continue
		}
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

// tagDir reports whether the last segment of dir names tags (tagWords).
func tagDir(dir string) bool {
	return foldIn(tagWords, dir[strings.LastIndexByte(dir, '/')+1:])
}

// navMin is the fewest distinct navigation links that show a page marks
// up its navigation; below it, where a link sits says nothing.
const navMin = 5

// Link is one link of a page as InPage takes it: the path (as Path takes
// it), whether this place of it is in the page's navigation (inside a
// <nav>, <header> or <footer> element), and its anchor's text. A path listed
// several times counts as navigation when any of its places is, and as a
// service link when any of its texts names a service (ServiceText).
type Link struct {
	Path string
	Nav  bool
	Text string
}

// listingRules are the verdicts that rest on a listing word in the path
// (/thema/datenschutz, /tag/newsletter): a service word in the anchor's
// text names the topic there, not a service page.
var listingRules = map[string]bool{
	"listing": true, "listing-id": true, "query-listing": true,
}

// InPage judges the links of one page: InContext's verdicts, then the
// text and place of each link.
//
// Text: a link whose anchor text names a service page ("Impressum",
// "Contact us", "Newsletter", "Shop", "Forums": ServiceText) is other, rule
// "service-text", whatever its path looks like (/index-c.php?ID=235845,
// /civis/), unless the path names a listing (a topic page under /thema/).
//
// Place: a section is a listing the site offers as navigation; a tag
// reached only as a story's label (the tag list under an article, the chips
// on a card) is not. So on a page with at least navMin navigation links, a
// link outside the navigation whose section verdict rests on a tag
// directory (rule listing under /tag/, /schlagwort/) is other, rule
// "off-navigation". A bare word at depth 1 outside the navigation stays a
// section: rivers head their blocks with department links (/lokales/,
// /ratgeber/) as often as cards carry story chips (/fortnite on The
// Verge), and the place alone cannot tell them apart. Pages that do not
// mark up their navigation keep InContext's verdicts there. The result is
// parallel to links.
func InPage(links []Link) []Verdict {
	paths := make([]string, len(links))
	navPaths := make(map[string]bool)
	service := make(map[string]bool)
	for i, l := range links {
		paths[i] = l.Path
		if l.Nav {
			navPaths[l.Path] = true
		}
		if l.Text != "" && ServiceText(l.Text) {
			service[l.Path] = true
		}
	}
	out := InContext(paths)
	for i, l := range links {
		if service[l.Path] && out[i].Shape != Other && !listingRules[out[i].Rule] {
			out[i] = Verdict{Other, "service-text"}
		}
	}
	if len(navPaths) < navMin {
		return out
	}
	for i, l := range links {
		if navPaths[l.Path] || out[i].Shape != Section {
			continue
		}
		if parent, deep := parentDir(l.Path); out[i].Rule == "listing" && deep && tagDir(parent) {
			out[i] = Verdict{Other, "off-navigation"}
		}
	}
	return out
}
