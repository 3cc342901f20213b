// Package opml writes feedscout's subscriptions as OPML 2.0 for a feed
// reader; package opmlimport (wasm/opmlimport) reads them back, from
// feedscout's own files and from any reader's export.
//
// Layout written (one folder level, because many readers handle no more):
//
//	<opml version="2.0" xmlns:feedscout="https://feedscout.dev/ns/opml/1">
//	  <head><title>...</title></head>
//	  <body>
//	    <outline text="www.example.com" title="www.example.com" feedscout:site="https://www.example.com/">
//	      <outline type="rss" text="T" title="T" xmlUrl="..." htmlUrl="https://www.example.com/" feedscout:kind="feed" feedscout:href="..." feedscout:format="rss"/>
//	      <outline type="rss" text="T" title="T" xmlUrl="http://127.0.0.1:8765/feed?url=..." htmlUrl="..." feedscout:kind="news-sitemap" feedscout:href="..."/>
//	    </outline>
//	  </body>
//	</opml>
//
// Feeds are ordinary OPML feed outlines. News sitemaps, article sitemaps
// and sections, which no reader reads by itself, are written in one of
// three flavours (WriteFor, Options.Reader): for any reader, through
// feedscout's loopback gateway; for newsboat, as a command that runs
// `feedscout-host feed`; for FreshRSS, as XPath outlines it scrapes itself
// (flavour.go, xpath.go; docs/readers.md says which reader takes which).
// Every outline, in every flavour, carries its kind and address in
// feedscout's namespace (feedscout:kind, feedscout:href), so
// opmlimport.Read restores the subscription whatever the flavour. (The
// address is not called feedscout:url: libxml2's xmlGetProp, which
// newsboat uses, matches a local name in any namespace.) Text and attribute values are escaped as
// encoding/xml's EscapeText escapes them, by a copy of its rules
// (escape.go) that keeps encoding/xml out of classify.wasm.
package opml

import "feedscout/common/report/kind"

// Namespace is the XML namespace of feedscout's own OPML attributes.
const Namespace = "https://feedscout.dev/ns/opml/1"

// Prefix is the namespace prefix Write declares for Namespace.
const Prefix = "feedscout"

// Subscription is one thing a person follows: a feed, a news or article
// sitemap, or a section page of a site.
type Subscription struct {
	// Kind is kind.Feed, kind.NewsSitemap, kind.ArticleSitemap or kind.Section.
	Kind kind.SourceKind `json:"kind"`
	// URL is what is followed: the feed, the sitemap, the section page.
	URL   string `json:"url"`
	Title string `json:"title"`
	// Site is the site's homepage URL; subscriptions are grouped by it.
	Site string `json:"site"`
	// Format is the feed format ("rss", "atom", "json") when known.
	Format string `json:"format,omitempty"`
	// Added is when the subscription was made (RFC 3339), kept as given.
	Added string `json:"added,omitempty"`
}

// KnownKind reports whether k is one of the four subscription kinds
// (package kind; a JSON Feed is a feed here), the only ones Write writes
// and opmlimport.Read restores.
func KnownKind(k kind.SourceKind) bool {
	switch k {
	case kind.Feed, kind.NewsSitemap, kind.ArticleSitemap, kind.Section:
		return true
	}
	return false
}
