package shape

import "net/url"

// Shape is what a URL path looks like: an article, a section page, or
// neither. It is judged from the path alone; see Path.
type Shape string

// The three shapes.
const (
	Article Shape = "article"
	Section Shape = "section"
	Other   Shape = "other"
)

// Verdict is a Shape together with the name of the rule that decided it, so
// a wrong verdict can be reported precisely (`feedscout-host shape`).
type Verdict struct {
	Shape Shape  `json:"shape"`
	Rule  string `json:"rule"`
}

// Blocked reports whether seg (one path segment, any case) is on the block
// list: search, account, subscription, legal, service, feed, admin and shop
// pages (shape_words.go, rationale in docs/url-shapes.md). A path with a
// blocked segment is neither an article nor a section.
func Blocked(seg string) bool { return hasRole(seg, roleBlocked) }

// Path judges what the page at a URL is from its path and query alone:
// an article, a section page, or other (home and edition fronts, pagination,
// archives, profiles, account, legal and utility pages, feeds and files),
// with the name of the deciding rule. docs/url-shapes.md has the rules, the
// block list and the figures on the labelled corpus.
//
// path is what follows the host: pass u.EscapedPath(), plus "?"+u.RawQuery
// when the query is not empty (Input does this), so that ids in the
// query (/story?id=77753720) and pagination (?page=2) count. A decoded path
// (u.Path) works too, minus the query rules. A #fragment is ignored.
//
// It is pure, allocates nothing and judges a path in under a
// microsecond. Seed keeps the source article's rules.
func Path(path string) Verdict { return refinedShape(path) }

// Input is the string Path expects for u: its escaped path, plus
// "?" and the raw query when there is one.
func Input(u *url.URL) string {
	if u.RawQuery == "" {
		return u.EscapedPath()
	}
	return u.EscapedPath() + "?" + u.RawQuery
}

// URL judges u by its path and query: Path(Input(u)).
func URL(u *url.URL) Verdict { return Path(Input(u)) }
