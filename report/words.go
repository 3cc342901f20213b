package report

import "feedscout/report/kind"

// Outcomes of a discovery, best first (Report.Outcome).
const (
	OutcomeFeed           = "feed"
	OutcomeNewsSitemap    = "news-sitemap"
	OutcomeArticleSitemap = "article-sitemap"
	OutcomeSections       = "sections"
	OutcomeRefused        = "refused"
	OutcomeNone           = "none"
)

// Steps of discovery, as a log row names them (Row.Step).
const (
	StepRobots  = "robots"  // robots.txt
	StepHome    = "home"    // the homepage
	StepGuess   = "guess"   // one of the usual feed paths
	StepSitemap = "sitemap" // a sitemap robots.txt lists, or a child of one
	StepSection = "section" // a section page
	StepFeed    = "feed"    // an advertised or linked feed, fetched to preview it
)

// Orders of discovery (Report.Order).
const (
	// OrderSmart (the default) uses what is known before each request to
	// skip the ones that cannot change the outcome.
	OrderSmart = "smart"
	// OrderArticle is the source article's order, kept as the baseline:
	// link tags, all nine usual paths, the sitemaps robots.txt lists, then
	// sections.
	OrderArticle = "article"
)

// Stop reasons: why a discovery ended early (Report.Stopped).
const (
	StopRefused  = "refused"  // the site turned feedscout away
	StopBudget   = "budget"   // the site's request budget was used up
	StopDeadline = "deadline" // the time limit of one discovery passed
	StopCanceled = "canceled" // the caller gave up (popup closed, host stopping)
	StopTimeout  = "timeout"  // requests of the site kept timing out
)

// Ways a feed was found (Feed.Via).
const (
	ViaLink   = "link"   // advertised in a <link rel="alternate">
	ViaAnchor = "anchor" // a feed-like link on the page
	ViaGuess  = "guess"  // answered at a usual path
	// ViaDerived: a feed the platform serves, derived from the page's URL
	// by a platform rule (Feed.Rule) with no request.
	ViaDerived = "derived"
)

// Sitemap kinds (Sitemap.Kind).
const (
	SitemapNews     = "news"
	SitemapArticle  = "article"
	SitemapSections = "sections"
)

// Subscription kinds: what a person follows (the extension's storage and
// OPML's feedscout:kind attribute); defined in package kind, which the
// WebAssembly modules import without the rest of report.
const (
	KindFeed           = kind.Feed
	KindNewsSitemap    = kind.NewsSitemap
	KindArticleSitemap = kind.ArticleSitemap
	KindSection        = kind.Section
)
