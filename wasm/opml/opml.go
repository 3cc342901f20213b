// Package opml writes feedscout's subscriptions as OPML 2.0 for a feed
// reader and reads them back, from feedscout's own files and from any
// reader's export.
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
// feedscout's namespace (feedscout:kind, feedscout:href), so Read restores
// the subscription whatever the flavour. (The address is not called
// feedscout:url: libxml2's xmlGetProp, which newsboat uses, matches a local
// name in any namespace.) All escaping is encoding/xml's.
package opml

// Namespace is the XML namespace of feedscout's own OPML attributes.
const Namespace = "https://feedscout.dev/ns/opml/1"

// prefix is the namespace prefix Write declares for Namespace.
const prefix = "feedscout"

// MaxSize is the largest OPML document Read accepts, in bytes.
const MaxSize = 16 << 20

// Subscription is one thing a person follows: a feed, a news or article
// sitemap, or a section page of a site.
type Subscription struct {
	// Kind is KindFeed, KindNewsSitemap, KindArticleSitemap or KindSection.
	Kind string `json:"kind"`
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

func knownKind(k string) bool {
	switch k {
	case KindFeed, KindNewsSitemap, KindArticleSitemap, KindSection:
		return true
	}
	return false
}
