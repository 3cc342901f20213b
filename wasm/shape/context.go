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
