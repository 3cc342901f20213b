package classify

import (
	"net/url"
	"strings"
)

// feedFormat maps an advertised MIME type to a feed format, or "" when the
// type does not name a feed. Parameters (; charset=utf-8) and case do not
// matter. RSS 1.0 is RDF, so application/rdf+xml counts as RSS; oEmbed
// (application/json+oembed, text/xml+oembed) does not count at all.
//
// An Atom entry document (application/atom+xml;type=entry, RFC 5023
// section 12.1.4) is one entry, not a feed (whatwg/html issue 7483).
func feedFormat(typ string) (mime, format string) {
	mime = strings.ToLower(strings.TrimSpace(typ))
	var args string
	if i := strings.IndexByte(mime, ';'); i >= 0 {
		mime, args = strings.TrimSpace(mime[:i]), mime[i+1:]
	}
	for _, a := range strings.Split(args, ";") {
		if k, v, _ := strings.Cut(a, "="); strings.TrimSpace(k) == "type" && strings.Trim(strings.TrimSpace(v), `"`) == "entry" {
			return mime, ""
		}
	}
	switch {
	case strings.Contains(mime, "oembed"):
		return mime, ""
	case strings.Contains(mime, "rss"), mime == "application/rdf+xml":
		return mime, "rss"
	case strings.Contains(mime, "atom"):
		return mime, "atom"
	case mime == "application/feed+json":
		return mime, "json"
	}
	return mime, ""
}

// genericType reports whether an alternate's type is plain XML or JSON: a
// feed only if its URL looks like one, so such links become feed anchors.
func genericType(mime string) bool {
	switch mime {
	case "text/xml", "application/xml", "application/json":
		return true
	}
	return false
}

// notFeed rejects URLs that are advertised with a feed-ish type but are
// APIs: WordPress's REST API (/wp-json/) and oEmbed endpoints.
func notFeed(u *url.URL) bool {
	p := strings.ToLower(u.Path)
	return strings.Contains(p, "/wp-json/") || strings.Contains(p, "oembed") ||
		hasParam(params(u.RawQuery), "rest_route")
}

// jsonFeedType is the type JSON Feed 1.0 advertises itself with
// (jsonfeed.org/version/1: "application/json"); version 1.1 moved to
// application/feed+json. The same type marks REST APIs (WordPress's
// <link rel="alternate" type="application/json" href="/wp-json/wp/v2/pages/2">),
// so a link of this type is a feed only when its URL or title says so.
const jsonFeedType = "application/json"

// jsonFeedLink reports whether an alternate of type application/json is a
// JSON Feed: not an API (notFeed), and a feed-like URL (feed.json,
// /feed/json, ?format=json ... : feedPath, feedQuery) or title ("JSON
// Feed", "Notes feed", "RSS").
func jsonFeedLink(u *url.URL, title string) bool {
	if notFeed(u) {
		return false
	}
	return feedPath(u.Path) || feedQuery(u) || jsonFeedPath(u.Path) ||
		hasFold(title, "feed") || hasFold(title, "rss")
}

// jsonFeedPath: a path ending in /json under a feed directory or named
// after one (/feed/json/, /notes/feed/json): JSON Feed plugins' address.
func jsonFeedPath(p string) bool {
	p = strings.TrimSuffix(strings.ToLower(p), "/")
	return strings.HasSuffix(p, "/feed/json") || strings.HasSuffix(p, "/feeds/json")
}

// advertised turns the page's <link rel=alternate> and <link rel=feed>
// elements into ranked, grouped feeds: those with an RSS, Atom or JSON Feed
// type, JSON Feed 1.0's application/json when jsonFeedLink (or rel=feed)
// says so, and rel=feed without a type (HTML: "The feed keyword": the
// link is a feed whatever else it says; its format is read from its URL
// until the host fetches it). A rel=feed link of another type is left to
// feedAnchors.
func advertised(r *resolver, alts []alternate) []Feed {
	feeds := []Feed{}
	seen := map[string]int{}
	var keys []string
	for _, a := range alts {
		mime, format := feedFormat(a.typ)
		untyped := a.relFeed && mime == ""
		if format == "" && mime != jsonFeedType && !untyped {
			continue
		}
		res := r.resolve(a.href)
		if res.u == nil || notFeed(res.u) {
			continue
		}
		if untyped {
			format = urlFormat(res.u.Path)
		} else if format == "" {
			// A rel=feed link of this type is a JSON Feed by the site's
			// own word.
			if !a.relFeed && !jsonFeedLink(res.u, a.title) {
				continue
			}
			format = "json"
		}
		if i, ok := seen[res.s]; ok {
			if feeds[i].Title == "" {
				feeds[i].Title = a.title
			}
			continue
		}
		seen[res.s] = len(feeds)
		scope := feedScope(res.u, a.title)
		feeds = append(feeds, Feed{
			URL: res.s, Title: a.title, Type: mime, Format: format,
			Comments: scope == "comments", Scope: scope,
		})
		keys = append(keys, groupKey(res.u))
	}
	return rank(feeds, keys)
}

// urlFormat is the format a feed's path names (.atom, /atom, .json), RSS
// when it names none.
func urlFormat(p string) string {
	switch l := strings.ToLower(p); {
	case strings.Contains(l, "atom"):
		return "atom"
	case strings.Contains(l, "json"):
		return "json"
	}
	return "rss"
}

// scopeRank orders scopes: the site's main feed first, comments last.
func scopeRank(scope string) int {
	switch scope {
	case "main":
		return 0
	case "comments":
		return 2
	}
	return 1
}

// rank orders feeds by scope (main, then category/tag/author/search, then
// comments), keeping the versions of one feed (same groupKey) together in
// the place of the first of them and otherwise document order, and numbers
// the groups from 1.
func rank(feeds []Feed, keys []string) []Feed {
	var order []string // group keys in document order
	seen := map[string]bool{}
	for _, k := range keys {
		if !seen[k] {
			seen[k] = true
			order = append(order, k)
		}
	}
	out := make([]Feed, 0, len(feeds))
	group := map[string]int{}
	for r := 0; r <= 2; r++ {
		for _, k := range order {
			for i, f := range feeds {
				if keys[i] != k || scopeRank(f.Scope) != r {
					continue
				}
				if _, ok := group[k]; !ok {
					group[k] = len(group) + 1
				}
				f.Group = group[k]
				out = append(out, f)
			}
		}
	}
	return out
}

// formatWords are path segments and query values that only pick a feed's
// format, so /feed/ and /feed/atom/, /rss.xml and /atom.xml, or
// /feeds/posts/default and its ?alt=rss are versions of one feed.
var formatWords = map[string]bool{
	"feed": true, "feeds": true, "rss": true, "rss2": true, "rss10": true,
	"rss20": true, "atom": true, "atom10": true, "rdf": true, "json": true,
	"index": true, "xml": true,
}

// formatParams are query keys that only pick a feed's format.
var formatParams = map[string]bool{"alt": true, "feed": true, "format": true, "type": true}

// groupKey is a feed URL with every format marker removed: path segments
// that only name a format (/feed/atom/, /rss/world.xml), file extensions
// (world.xml, feed.json) and format query parameters (?alt=rss).
func groupKey(u *url.URL) string {
	var kept []string
	for _, seg := range strings.FieldsFunc(strings.ToLower(u.Path), func(r rune) bool { return r == '/' }) {
		stem, ext, _ := strings.Cut(seg, ".")
		if ext != "" && !formatWords[ext] {
			stem = seg
		}
		if !formatWords[stem] {
			kept = append(kept, stem)
		}
	}
	key := u.Host + "/" + strings.Join(kept, "/") + "?"
	for _, p := range params(u.RawQuery) {
		if !formatParams[strings.ToLower(p.key)] || !formatWords[strings.ToLower(p.value)] {
			key += p.raw + "&"
		}
	}
	return key
}

// feedScope judges what part of a site a feed covers, from its path first
// (WordPress, Blogger, Drupal conventions) and its title second.
func feedScope(u *url.URL, title string) string {
	segs := strings.FieldsFunc(strings.ToLower(u.Path), func(r rune) bool { return r == '/' })
	for i, s := range segs {
		switch s {
		case "comments", "comment":
			return "comments"
		case "category", "categories":
			return "category"
		case "tag", "tags", "label", "labels":
			return "tag"
		case "-": // Blogger: /feeds/posts/default/-/Label
			if i > 0 {
				return "tag"
			}
		case "author", "authors":
			return "author"
		case "search":
			return "search"
		}
	}
	q := params(u.RawQuery)
	switch {
	case strings.Contains(strings.ToLower(paramValue(q, "feed")), "comments"):
		return "comments"
	case hasParam(q, "cat"):
		return "category"
	case hasParam(q, "tag"):
		return "tag"
	case hasParam(q, "author"):
		return "author"
	case hasParam(q, "s"):
		return "search"
	}
	t := strings.ToLower(title)
	for _, w := range commentWords {
		if strings.Contains(t, w) {
			return "comments"
		}
	}
	switch {
	case strings.Contains(t, "category feed"):
		return "category"
	case strings.Contains(t, "tag feed"):
		return "tag"
	}
	return "main"
}

// commentWords mark a comments feed in its title, in the languages of the
// seed's sites and the usual CMS translations.
var commentWords = []string{
	"comments", "kommentar", "commentaires", "comentarios", "commenti",
	"комментари", "コメント", "评论", "評論", "댓글",
}

// feedTextWords are whole anchor texts that announce a feed.
var feedTextWords = map[string]bool{"feed": true, "feeds": true, "web feed": true, "news feed": true}

// feedLike reports whether an anchor looks like a feed worth validating:
// an RSS/Atom type attribute, a feed: URL, a feed-ish path (/feed, /rss,
// *.rss, *.atom, *.rdf, rss.xml, feed.json, /rss/index.xml, ...), a
// ?feed=rss2-style query, a FeedBurner host, or short link text naming
// RSS, Atom or a feed.
func feedLike(u *url.URL, text, typ string, viaFeedScheme bool) bool {
	if _, f := feedFormat(typ); f != "" || viaFeedScheme {
		return true
	}
	switch u.Hostname() {
	case "feeds.feedburner.com", "feeds2.feedburner.com", "feedproxy.google.com":
		return true
	}
	if feedPath(u.Path) || feedQuery(u) {
		return true
	}
	return feedText(text)
}

func feedPath(p string) bool {
	l := strings.ToLower(p) // no copy for a path that is lower case already
	if !strings.Contains(l, "rss") && !strings.Contains(l, "atom") &&
		!strings.Contains(l, "feed") && !strings.Contains(l, "rdf") {
		return false // most links: no need to split the path
	}
	segs := strings.FieldsFunc(l, func(r rune) bool { return r == '/' })
	if len(segs) == 0 {
		return false
	}
	last := segs[len(segs)-1]
	switch last {
	case "feed", "rss", "atom", "rss2", "rdf":
		return true
	}
	stem, ext := last, ""
	if i := strings.LastIndexByte(last, '.'); i >= 0 {
		stem, ext = last[:i], last[i+1:]
	}
	switch ext {
	case "rss", "atom", "rdf":
		return true
	case "xml", "json":
		if strings.Contains(stem, "rss") || strings.Contains(stem, "atom") || strings.Contains(stem, "feed") {
			return true
		}
		for _, s := range segs[:len(segs)-1] {
			if s == "rss" || s == "feed" || s == "feeds" || s == "atom" {
				return true
			}
		}
	}
	return false
}

func feedQuery(u *url.URL) bool {
	for _, p := range params(u.RawQuery) {
		if !formatParams[strings.ToLower(p.key)] {
			continue
		}
		switch strings.ToLower(p.value) {
		case "rss", "rss2", "atom", "rdf", "comments-rss2", "feed":
			return true
		}
	}
	return false
}

// maxFeedText is the longest anchor text, in bytes, that can announce a
// feed; "Subscribe to our RSS feed" is 25.
const maxFeedText = 64

// feedText: short texts (at most five words) with the word RSS or Atom
// ("RSS", "RSS 2.0", "Subscribe via RSS", "RSSフィード"), or a text that
// is just "Feed".
func feedText(text string) bool {
	if text == "" || len(text) > maxFeedText || strings.Count(text, " ") > 4 {
		return false // texts are collapsed: five words have four spaces
	}
	if !hasFold(text, "rss") && !hasFold(text, "atom") && !hasFold(text, "feed") {
		return false // most short texts: no lower-case copy needed
	}
	t := strings.ToLower(text)
	if feedTextWords[strings.Trim(t, " .:!»›>")] {
		return true
	}
	if strings.Contains(t, "rss") {
		return true
	}
	for _, w := range strings.FieldsFunc(t, func(r rune) bool {
		return !('a' <= r && r <= 'z')
	}) {
		if w == "atom" {
			return true
		}
	}
	return false
}

// hasFold reports whether s contains the lower-case ASCII word w in any
// case, without copying s.
func hasFold(s, w string) bool {
	for i := 0; i+len(w) <= len(s); i++ {
		j := 0
		for ; j < len(w); j++ {
			c := s[i+j]
			if 'A' <= c && c <= 'Z' {
				c += 'a' - 'A'
			}
			if c != w[j] {
				break
			}
		}
		if j == len(w) {
			return true
		}
	}
	return false
}

// feedAnchors lists the feed-like links the page does not advertise: first
// alternates with a plain XML/JSON type and a feed-like URL, and rel=feed
// links of a type that is not a feed's (the site calls them feeds), then anchors
// (feedLike, or rel=feed), each once, in document order.
func feedAnchors(r *resolver, d *doc, feeds []Feed) []Link {
	out := []Link{}
	seen := map[string]bool{}
	for _, f := range feeds {
		seen[f.URL] = true
	}
	add := func(res resolved, text string) {
		if res.u == nil || seen[res.s] || notFeed(res.u) {
			return
		}
		seen[res.s] = true
		out = append(out, Link{URL: res.s, Text: text})
	}
	for _, a := range d.alternates {
		mime, format := feedFormat(a.typ)
		if format != "" || !genericType(mime) && !a.relFeed || a.relFeed && mime == "" {
			continue
		}
		res := r.resolve(a.href)
		if res.u != nil && (a.relFeed || feedPath(res.u.Path) || feedQuery(res.u) || res.feed) {
			add(res, a.title)
		}
	}
	for _, a := range d.anchors {
		res := r.resolve(a.href)
		if res.u != nil && (a.relFeed || feedLike(res.u, a.text, a.typ, res.feed)) {
			add(res, a.text)
		}
	}
	return out
}
