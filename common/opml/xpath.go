package opml

import (
	"strings"

	"feedscout/common/report/kind"
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

// The FreshRSS outline types feedscout writes besides "rss".
const (
	TypeXMLXPath  = "XML+XPath"
	TypeHTMLXPath = "HTML+XPath"
	// TypeJSONFeed marks a JSON Feed, which FreshRSS otherwise reads as
	// RSS and fails.
	TypeJSONFeed = "JSONFeed"
)

// Sitemap expressions. Sitemap elements are namespaced (sitemaps.org,
// Google's news namespace), and XPath 1.0 without a namespace binding only
// reaches them by local-name().
const (
	xpURL     = "*[local-name()='url']"
	xpLoc     = "*[local-name()='loc']"
	xpNews    = "*[local-name()='news']"
	xpLastmod = "*[local-name()='lastmod']"
)

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
// only adds a query or a #fragment to another link of the page. Each link is listed once:
// the first anchor of it with text of its own, or, when no anchor of it
// has text, the first one. The title is the anchor's text, else its
// aria-label or title attribute, else the alt text of an image in it. Not
// expressible: the dominant-segment rule (XPath 1.0 cannot compare one
// link's first segment with another's), the sibling context of the shape
// rules, links written relative to the page (article/x, ../x) or a
// <base href>.
func XPathFor(s Subscription) XPath {
	switch s.Kind {
	case kind.NewsSitemap:
		return XPath{TypeXMLXPath, "//" + xpURL + "[" + xpNews + "]", xpNews + "/*[local-name()='title']",
			xpLoc, xpNews + "/*[local-name()='publication_date']", xpLoc}
	case kind.ArticleSitemap:
		return XPath{TypeXMLXPath, "//" + xpURL + "[" + xpLastmod + "]", xpLoc, xpLoc, xpLastmod, xpLoc}
	case kind.Section:
		return XPath{TypeHTMLXPath, sectionItems(s.URL),
			"(.|@aria-label|@title|descendant::img/@alt)[normalize-space()!=''][1]", "@href", "", "@href"}
	}
	return XPath{}
}

// sectionItems is the item expression for the section page at page. It
// is sectionTemplate with its parts put in, outermost first (a table of
// strings, not code: the module's size budget is tight).
func sectionItems(page string) string { return sectionItemsFor(page, true) }

// hostAndSelf splits a section page's URL into its host and its path
// (query and fragment cut), without net/url (the page is a
// subscription's URL, already checked).
func hostAndSelf(page string) (host, self string) {
	rest := page
	if i := strings.Index(page, "//"); i >= 0 {
		rest = page[i+2:]
	}
	host, self = rest, "/"
	if k := strings.IndexAny(rest, "/?#"); k >= 0 {
		host = rest[:k]
		if rest[k] == '/' {
			self = rest[k:]
			if q := strings.IndexAny(self, "?#"); q >= 0 {
				self = self[:q]
			}
		}
	}
	return host, self
}

// sectionSelf is the path of the section page at page.
func sectionSelf(page string) string {
	_, self := hostAndSelf(page)
	return self
}

// sectionItemsFor is sectionItems, with or without the predicate that
// leaves the page itself out (RSS-Bridge cannot take every path in it:
// bridge.go).
func sectionItemsFor(page string, withSelf bool) string {
	host, self := hostAndSelf(page)
	s := sectionTemplate
	if !withSelf {
		s = strings.Replace(s, sectionSelfTest, "", 1)
	}
	for _, p := range sectionParts {
		s = strings.ReplaceAll(s, p[0], p[1])
	}
	for _, p := range [...][2]string{{"{//host/}", "//" + host + "/"}, {"{//host}", "//" + host},
		{"{https}", "https://" + host + "/"}, {"{http}", "http://" + host + "/"}, {"{self}", self}} {
		// XPath 1.0 literals have no escapes; a host has no quote, and a
		// quote in the page's own path (only compared to leave the page
		// out) is percent-encoded, as browsers write it.
		s = strings.ReplaceAll(s, p[0], "'"+strings.ReplaceAll(p[1], "'", "%27")+"'")
	}
	return s
}

// sectionSelfTest is sectionTemplate's predicate that leaves the page
// itself out.
const sectionSelfTest = "[{q}!={self}]"

// sectionTemplate selects the section rule's links (XPathFor); sectionParts
// fills it in.
const sectionTemplate = "//a[@href][{same}][{article}]" + sectionSelfTest +
	"[not(contains(@href,'?') and substring-before(@href,'?')=//a/@href)]" +
	"[not(contains(@href,'#') and substring-before(@href,'#')=//a/@href)][{once}]"

var sectionParts = [...][2]string{
	// Of the page's own host: root-relative, or absolute on the host.
	{"{same}", "{rel} or starts-with(@href,{https}) or starts-with(@href,{http}) or starts-with(@href,{//host/})"},
	// Article-shaped: a date, an id or a slug.
	{"{article}", "contains(concat({digits},'/'),'/0000/00/') or contains({digits},'00000') or " +
		"string-length({q})-string-length(translate({q},'-',''))>=3"},
	// Once: the first anchor of the link with text, or the first of all
	// when none has text.
	{"{once}", "(normalize-space(.)!='' and not(@href=preceding::a[normalize-space(.)!='']/@href)) or " +
		"(normalize-space(.)='' and not(@href=//a[normalize-space(.)!='']/@href) and not(@href=preceding::a/@href))"},
	{"{digits}", "translate({q},'0123456789','0000000000')"},
	// The path, query and fragment cut.
	{"{q}", "substring-before(concat(substring-before(concat({p},'#'),'#'),'?'),'?')"},
	// The path: the href itself when root-relative, else what follows
	// //host (the other one is cut to nothing by substring(s, 1, 0)).
	{"{p}", "concat(substring(@href,1,number({rel})*string-length(@href))," +
		"substring(substring-after(@href,{//host}),1,number(not({rel}))*string-length(@href)))"},
	{"{rel}", "(starts-with(@href,'/') and not(starts-with(@href,'//')))"},
}
