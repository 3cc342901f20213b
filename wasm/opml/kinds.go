package opml

import "feedscout/report/kind"

// The kinds of subscription: the contract's words (package report/kind,
// which report re-exports; the WebAssembly build imports kind alone, so
// that classify.wasm does not link report's encoding/json).
const (
	KindFeed           = kind.Feed
	KindNewsSitemap    = kind.NewsSitemap
	KindArticleSitemap = kind.ArticleSitemap
	KindSection        = kind.Section
)
