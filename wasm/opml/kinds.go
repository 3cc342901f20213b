//go:build !wasip1

package opml

import "feedscout/report"

// The kinds of subscription (the contract's words, package report). The
// WebAssembly build spells them out (kinds_wasip1.go): importing package
// report would link encoding/json's initialisation into classify.wasm.
const (
	KindFeed           = report.KindFeed
	KindNewsSitemap    = report.KindNewsSitemap
	KindArticleSitemap = report.KindArticleSitemap
	KindSection        = report.KindSection
)
