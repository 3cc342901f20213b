//go:build wasip1

package opml

// The kinds of subscription: package report's words (KindFeed and the
// rest), written out because importing report would link encoding/json's
// initialisation (16 KB) into classify.wasm, which does not otherwise need
// it. TestWASIKindsAreReports (kinds_test.go) holds them to report's; the
// parity tests of the built module in tests/ export and import every kind.
const (
	KindFeed           = "feed"
	KindNewsSitemap    = "news-sitemap"
	KindArticleSitemap = "article-sitemap"
	KindSection        = "section"
)
