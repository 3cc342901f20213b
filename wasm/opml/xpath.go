package opml

import (
	"net/url"
	"strings"
)

// XPath is how FreshRSS scrapes one source that is not a feed: the
// outline's type and its frss: attributes (XPath 1.0). Item is evaluated
// against the whole document; the others relative to each item node, each
// wrapped in normalize-space() by FreshRSS. An empty expression is left
// out of the outline.
type XPath struct {
	// Type is "XML+XPath" (sitemaps) or "HTML+XPath" (section pages).
	Type      string
	Item      string
	Title     string
	URI       string
	Timestamp string
	UID       string
}

// The FreshRSS outline types.
const (
	TypeXMLXPath  = "XML+XPath"
	TypeHTMLXPath = "HTML+XPath"
)

// el matches an element by local name: sitemap elements are namespaced
// (sitemaps.org, Google's news namespace), and XPath 1.0 without a
// namespace binding only reaches them through local-name().
func el(name string) string { return "*[local-name()='" + name + "']" }

// XPathFor gives the XPath outline of a news sitemap, an article sitemap or
// a section page (and the zero XPath for a feed).
//
// A news sitemap gives one item per <url> that has a <news:news>: title
// news:title, link and id <loc>, time news:publication_date, as `feed`
// makes its entries. An article sitemap gives one item per <url> with a
// <lastmod>: link, id and title <loc> (a sitemap has no titles), time
// <lastmod>; FreshRSS keeps them all, where `feed` keeps the 100 newest.
//
// A section page gives what feedscout's section rule keeps, as far as
// XPath 1.0 can say it (docs/readers.md lists the differences): links of
// the page's own host, written root-relative (/path) or absolute
// (https://host/path, http://, //host/), whose path (query and fragment
// cut) looks like an article: a four-digit segment followed by a two-digit
// one (/2026/11/), a run of five digits or more (an id), or at least three
// hyphens (a slug). The page itself is left out, and so is a link that
// only adds a query to another link of the page. Each link is listed once:
// the first anchor of it with text of its own, or, when no anchor of it
// has text, the first one. The title is the anchor's text, else its
// aria-label or title attribute, else the alt text of an image in it. Not
// expressible: the dominant-segment rule (XPath 1.0 cannot compare one
// link's first segment with another's), the sibling context of the shape
// rules, links written relative to the page (article/x, ../x) or a
// <base href>.
func XPathFor(s Subscription) XPath {
	loc := el("loc")
	switch s.Kind {
	case KindNewsSitemap:
		news := el("news")
		return XPath{
			Type:      TypeXMLXPath,
			Item:      "//" + el("url") + "[" + news + "]",
			Title:     news + "/" + el("title"),
			URI:       loc,
			Timestamp: news + "/" + el("publication_date"),
			UID:       loc,
		}
	case KindArticleSitemap:
		return XPath{
			Type:      TypeXMLXPath,
			Item:      "//" + el("url") + "[" + el("lastmod") + "]",
			Title:     loc,
			URI:       loc,
			Timestamp: el("lastmod"),
			UID:       loc,
		}
	case KindSection:
		return XPath{
			Type:  TypeHTMLXPath,
			Item:  sectionItems(s.URL),
			Title: "(.|@aria-label|@title|descendant::img/@alt)[normalize-space()!=''][1]",
			URI:   "@href",
			UID:   "@href",
		}
	}
	return XPath{}
}

// sectionItems is the item expression for the section page at page.
func sectionItems(page string) string {
	host, self := "", "/"
	if u, err := url.Parse(page); err == nil {
		host = u.Host
		if p := u.EscapedPath(); p != "" {
			self = p
		}
	}
	const href = "@href"
	n := "string-length(" + href + ")"
	rel := "(starts-with(" + href + ",'/') and not(starts-with(" + href + ",'//')))"
	// The path: the href itself when root-relative, else what follows
	// //host (the other case is cut to nothing with substring(s, 1, 0)).
	p := "concat(substring(" + href + ",1,number(" + rel + ")*" + n + "),substring(substring-after(" + href + "," +
		literal("//"+host) + "),1,number(not(" + rel + "))*" + n + "))"
	q := "substring-before(concat(substring-before(concat(" + p + ",'#'),'#'),'?'),'?')"
	digits := "translate(" + q + ",'0123456789','0000000000')"
	same := rel + " or starts-with(" + href + "," + literal("https://"+host+"/") + ") or starts-with(" + href + "," +
		literal("http://"+host+"/") + ") or starts-with(" + href + "," + literal("//"+host+"/") + ")"
	article := "contains(concat(" + digits + ",'/'),'/0000/00/') or contains(" + digits + ",'00000') or string-length(" +
		q + ")-string-length(translate(" + q + ",'-',''))>=3"
	text := "normalize-space(.)!=''"
	once := "(" + text + " and not(@href=preceding::a[" + text + "]/@href)) or (normalize-space(.)='' and not(@href=//a[" +
		text + "]/@href) and not(@href=preceding::a/@href))"
	return "//a[@href][" + same + "][" + article + "][" + q + "!=" + literal(self) + "]" +
		"[not(contains(@href,'?') and substring-before(@href,'?')=//a/@href)][" + once + "]"
}

// literal writes s as an XPath 1.0 string literal. XPath has no escapes:
// a string with both quote characters is a concat() of pieces.
func literal(s string) string {
	if !strings.Contains(s, "'") {
		return "'" + s + "'"
	}
	if !strings.Contains(s, `"`) {
		return `"` + s + `"`
	}
	parts := strings.Split(s, "'")
	var b strings.Builder
	b.WriteString("concat(")
	for i, p := range parts {
		if i > 0 {
			b.WriteString(`,"'",`)
		}
		b.WriteString("'" + p + "'")
	}
	b.WriteString(")")
	return b.String()
}
