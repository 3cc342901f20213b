// Package kind holds the source kinds: what feedscout finds and a person
// follows, as the report, the extension's storage, OPML's feedscout:kind
// attribute and the follow state write it. It is a package of its own,
// with no imports, so that the WebAssembly modules can use the contract's
// words without linking package report (whose JSON methods bring
// encoding/json along). Package report names the type report.SourceKind.
package kind

// SourceKind is the kind of a source. Its JSON form is the word itself.
type SourceKind string

// The source kinds. Feed, NewsSitemap, ArticleSitemap and Section are what
// a person subscribes to; JSONFeed is a feed the host follows for readers
// that read only RSS and Atom.
const (
	Feed           SourceKind = "feed"
	NewsSitemap    SourceKind = "news-sitemap"
	ArticleSitemap SourceKind = "article-sitemap"
	Section        SourceKind = "section"
	JSONFeed       SourceKind = "json-feed"
)
