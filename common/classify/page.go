package classify

import (
	"fmt"
	"net/url"
	"strings"

	"feedscout/common/shape"
)

// MaxBody is the most of a page Classify reads: the host's body cap. Bytes
// past it are ignored and Page.Truncated is set; links are still useful when
// the tail of a page is missing, unlike a feed that stops mid-element.
const MaxBody = 8 << 20

// maxToken bounds the tokenizer's buffer (html.Tokenizer.SetMaxBuf): the
// longest single token, typically an inline script, it will hold. A page with
// a longer token is read up to that token and marked Truncated.
const maxToken = 4 << 20

// TextContentType is the content type to pass with HTML that is already
// text, such as a page's HTML read in the browser (a JS string): a charset
// the page itself names (<meta charset=Shift_JIS>) no longer applies to it.
const TextContentType = "text/html; charset=utf-8"

// minArticleLinks is how many distinct same-host article links a page needs
// before it counts as linking to articles (Page.LinksToArticles): enough that
// a few long-slug legal pages in a footer do not qualify a homepage.
const minArticleLinks = 5

// Page is what one HTML page says about itself and its site. It serialises
// to JSON as is; list fields are never null. Every URL in it is absolute
// http(s), with its fragment dropped, host lowercased and default port
// removed. The same input always gives the same Page.
type Page struct {
	// URL is the page's own URL, normalised like every other URL here.
	URL string `json:"url"`
	// Base is the effective <base href> when the page has one.
	Base string `json:"base,omitempty"`
	// Kind is the page's own kind: "home", "section", "article" or "other".
	Kind string `json:"kind"`
	// Generator is the <meta name=generator> content: the one that named
	// the CMS when several do, else the first.
	Generator string `json:"generator,omitempty"`
	// CMS names the publishing system when the generator or an unmistakable
	// telltale shows it: "wordpress", "blogger", "ghost", "hugo", "drupal",
	// "joomla", "substack", "medium", ... (see cms.go). GuessPaths takes it.
	CMS string `json:"cms,omitempty"`
	// Title is the document's <title>, whitespace collapsed.
	Title string `json:"title,omitempty"`
	// Feeds are the advertised feeds (<link rel=alternate> with an RSS,
	// Atom or JSON Feed type, rel=feed with one or none, or JSON Feed 1.0's
	// application/json on a feed-like URL or title; never "alternate
	// stylesheet", an Atom entry or a REST API such as /wp-json/), ranked:
	// main feed first, comments last; then the feeds the platform rules
	// derive from the page's URL (Feed.Rule), each not advertised already.
	Feeds []Feed `json:"feeds"`
	// FeedAnchors are feed-like links that the page does not advertise
	// with a feed type (rel=feed links without one among them), in
	// document order, for the host to validate by fetching them.
	FeedAnchors []Link `json:"feed_anchors"`
	// Sections are same-host links of section shape, deduplicated, in
	// document order.
	Sections []Link `json:"sections"`
	// Articles are same-host links of article shape, deduplicated, in
	// document order.
	Articles []Link `json:"articles"`
	// LinksToArticles reports whether the page links to at least five
	// distinct same-host articles: the check that lets a homepage count as
	// a section.
	LinksToArticles bool `json:"links_to_articles"`
	// SameHostLinks counts the distinct same-host http(s) links on the page
	// (anchors, fragments dropped), the base of "kept 20 of 271".
	SameHostLinks int `json:"same_host_links"`
	// Truncated is set when only part of the page was read (MaxBody, or a
	// single token longer than the tokenizer's 4 MiB buffer).
	Truncated bool `json:"truncated,omitempty"`
}

// Feed is one advertised feed.
type Feed struct {
	// URL is the feed's address, resolved against <base href> and the page;
	// it may be on another host (rss.itmedia.co.jp): the site announced it.
	URL string `json:"url"`
	// Title is the <link>'s title attribute, whitespace collapsed.
	Title string `json:"title,omitempty"`
	// Type is the advertised MIME type, lowercased, without parameters.
	Type string `json:"type"`
	// Format is "rss", "atom" or "json".
	Format string `json:"format"`
	// Comments flags a comments feed (site-wide or one post's).
	Comments bool `json:"comments"`
	// Group numbers the feeds from 1 in ranked order; the RSS and Atom (and
	// JSON) versions of one feed share a group.
	Group int `json:"group"`
	// Scope is "main", "comments", "category", "tag", "author" or
	// "search", judged from the feed's path and title.
	Scope string `json:"scope"`
	// Rule names the platform rule that derived the feed from the page's
	// URL (platform.go: "youtube-channel", "github-releases", ...); empty
	// for a feed the page advertises. Derived feeds come after the
	// advertised ones.
	Rule string `json:"rule,omitempty"`
}

// Link is one anchor: its absolute URL and its text (the anchor's text,
// else its aria-label, title or image alt; whitespace collapsed).
type Link struct {
	URL  string `json:"url"`
	Text string `json:"text,omitempty"`
	// Name is set on sections: the site's own words for the section, the
	// best text of the anchors that point at it (a label in the page's
	// navigation before a river heading, either before a "More business"
	// link, an anchor's own text before an image alt or aria-label; texts
	// that only say "more" or "see all", or show a URL, never), decoration such as "»"
	// trimmed, at most 80 characters. Empty when no anchor names it.
	Name string `json:"name,omitempty"`
}

// Classify reads one HTML page fetched from pageURL (absolute http or
// https). body may be in any charset: the charset parameter of contentType
// (may be ""), a BOM or a <meta> in the first 1024 bytes decide, as in a
// browser; a page that declares nothing and is valid UTF-8 is read as UTF-8.
// In the WebAssembly build (GOOS=wasip1) body is always read as UTF-8: there
// it is text the browser has already decoded (see charset_wasip1.go).
// Only the first MaxBody bytes are read. The error is only about pageURL.
func Classify(pageURL string, body []byte, contentType string) (*Page, error) {
	pu, d, truncated, err := read(pageURL, body, contentType)
	if err != nil {
		return nil, err
	}
	p := build(pu, d)
	p.Truncated = truncated || d.truncated
	return p, nil
}

// read parses the page URL and extracts the page: Classify's and Links'
// first step. truncated: body was longer than MaxBody.
func read(pageURL string, body []byte, contentType string) (pu *url.URL, d *doc, truncated bool, err error) {
	pu, err = pageBase(pageURL)
	if err != nil {
		return nil, nil, false, fmt.Errorf("classify: %w", err)
	}
	if len(body) > MaxBody {
		body, truncated = body[:MaxBody], true
	}
	return pu, extract(decode(body, contentType)), truncated, nil
}

// resolverFor is the resolver of a page's links: against its URL, or its
// <base href> when it has one (the base's resolved form, or "").
func resolverFor(pu *url.URL, d *doc) (r *resolver, base string) {
	r = newResolver(pu, len(d.anchors)+len(d.alternates))
	if d.hasBase {
		if b, ok := r.setBase(d.base); ok {
			base = b
		}
	}
	return r, base
}

// pageBase parses and normalises the page URL, which must be absolute
// http(s).
func pageBase(pageURL string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimSpace(pageURL))
	if err != nil {
		return nil, fmt.Errorf("page url: %w", err)
	}
	if !normalize(u) {
		return nil, fmt.Errorf("page url %q: not an absolute http(s) url", pageURL)
	}
	return u, nil
}

// build turns the raw extraction into a Page.
func build(pu *url.URL, d *doc) *Page {
	p := &Page{
		URL:         pu.String(),
		Title:       d.title,
		Feeds:       []Feed{},
		FeedAnchors: []Link{},
		Sections:    []Link{},
		Articles:    []Link{},
	}
	r, base := resolverFor(pu, d)
	p.Base = base
	p.Generator, p.CMS = detectCMS(pu, d)
	p.Feeds = withPlatform(advertised(r, d.alternates), platformFeeds(pu, p.CMS, pageAliases(r, pu, d)))
	p.FeedAnchors = feedAnchors(r, d, p.Feeds)
	pageLinks(p, pu, r, d.anchors)
	p.Kind = pageKind(pu, d)
	return p
}

// homeFiles are last path segments that still mean the site's root.
var homeFiles = map[string]bool{
	"index.html": true, "index.htm": true, "index.php": true,
	"index.shtml": true, "index.asp": true, "index.aspx": true,
	"default.asp": true, "default.aspx": true, "index.jsp": true,
}

// pageKind judges the page from its own path: the root (or an index file at
// the root) is "home"; otherwise pageVerdict decides.
func pageKind(pu *url.URL, d *doc) string {
	segs := strings.FieldsFunc(pu.Path, func(r rune) bool { return r == '/' })
	if len(segs) == 0 || (len(segs) == 1 && homeFiles[strings.ToLower(segs[0])]) {
		return "home"
	}
	return string(pageVerdict(pu, d).Shape)
}

// pageVerdict judges the page itself. A page whose markup says it is one
// story (og:type=article, or an article:published_time) is an article
// where its URL alone reads as a section (/rezepte/r/bienenstich-muffins,
// /yoga/energy-rising: story slugs that look like departments); any other
// verdict of its URL stands, since themes mark every static page
// og:type=article too (/about-us/ stays other, / the root). The page's
// own markup is the one thing the classifier knows of a page that it
// cannot know of a link's target.
func pageVerdict(pu *url.URL, d *doc) shape.Verdict {
	v := shape.URL(pu)
	if v.Shape == shape.Section && (d.ogArticle || d.published) {
		return shape.Verdict{Shape: shape.Article, Rule: "page-article"}
	}
	return v
}
