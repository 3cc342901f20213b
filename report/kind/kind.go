// Package kind holds the subscription kinds: what a person follows, as the
// extension stores it and OPML's feedscout:kind attribute writes it. It is
// a package of its own, with no imports, so that the WebAssembly modules
// can use the contract's words without linking package report (whose JSON
// methods bring encoding/json along). Package report re-exports them as
// report.KindFeed and the rest.
package kind

// The subscription kinds.
const (
	Feed           = "feed"
	NewsSitemap    = "news-sitemap"
	ArticleSitemap = "article-sitemap"
	Section        = "section"
)
