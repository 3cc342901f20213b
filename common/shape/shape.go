package shape

import (
	"net/url"
	"strings"
)

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

// URL judges u by its path and query (Path(Input(u))) and then its host:
// on a service host (Host: forum.example.com, shop.example.com) anything
// but a dated story is other, rule "service-host" (OnHost).
func URL(u *url.URL) Verdict { return OnHost(u.Hostname(), Path(Input(u))) }

// OnHost is v, the verdict of a path on host, unless host is a service host
// (Host): then it is other, rule "service-host", except a story dated by
// its path (rules dated-path, dated-slug: a shop's or a help center's
// blog post, /2026/11/boots-that-last/).
func OnHost(host string, v Verdict) Verdict {
	if v.Rule == "dated-path" || v.Rule == "dated-slug" || !Host(host) {
		return v
	}
	return Verdict{Other, "service-host"}
}

// Host reports whether host is a site's service host: its first label
// names a forum, shop, job board, wiki, help desk, account or
// subscription service, classifieds, tickets, games, weather, obituary
// notices, advertising, an e-paper or machine service (forum.example.com,
// shop.example.de, jobs.example.com, abo.example.de, epaper.example.com,
// api.example.com). Nothing on such a host is a story or a section of
// stories. The label may carry a digit or a hyphenated suffix
// (shop2, forum-archiv); www, m, news and the like are no service.
func Host(host string) bool {
	dot := strings.IndexByte(host, '.')
	if dot <= 0 || strings.IndexByte(host[dot+1:], '.') < 0 {
		return false // a bare registrable name: example.com
	}
	label := host[:dot]
	if i := strings.IndexByte(label, '-'); i > 0 {
		label = label[:i]
	}
	for len(label) > 1 && label[len(label)-1] >= '0' && label[len(label)-1] <= '9' {
		label = label[:len(label)-1]
	}
	return foldIn(serviceHosts, label)
}
