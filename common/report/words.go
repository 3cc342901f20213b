package report

import "feedscout/common/report/kind"

// SourceKind is the kind of a source: a feed, a news sitemap, an article
// sitemap, a section page or a JSON Feed (package kind declares the words:
// kind.Feed and the rest).
type SourceKind = kind.SourceKind

// Outcome is what a discovery found, best first (Report.Outcome). Its JSON
// form is the word itself.
type Outcome string

// Outcomes of a discovery, best first. The first three name the kind of
// the best source found, in the source kind's word.
const (
	OutcomeFeed                   = Outcome(kind.Feed)
	OutcomeNewsSitemap            = Outcome(kind.NewsSitemap)
	OutcomeArticleSitemap         = Outcome(kind.ArticleSitemap)
	OutcomeSections       Outcome = "sections"
	OutcomeRefused        Outcome = "refused"
	OutcomeNone           Outcome = "none"
)

// Step is the step of discovery or following a log row belongs to
// (Row.Step). Its JSON form is the word itself.
type Step string

// Steps, as a log row names them.
const (
	StepRobots  Step = "robots"  // robots.txt
	StepHome    Step = "home"    // the homepage
	StepGuess   Step = "guess"   // one of the usual feed paths
	StepSitemap Step = "sitemap" // a sitemap robots.txt lists, or a child of one
	StepSection Step = "section" // a section page
	StepFeed    Step = "feed"    // a feed, fetched to preview or follow it
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

// SitemapKind is what a sitemap of the report offers (Sitemap.Kind). Its
// JSON form is the word itself, shorter than the source kind's.
type SitemapKind string

// Sitemap kinds.
const (
	SitemapNews     SitemapKind = "news"     // a news sitemap: Source gives kind.NewsSitemap
	SitemapArticle  SitemapKind = "article"  // dated article URLs: Source gives kind.ArticleSitemap
	SitemapSections SitemapKind = "sections" // section URLs only: followed as sections
)

// Source is the kind of source a sitemap of kind k is followed as: a news
// or article sitemap, or "" for one that offers sections only.
func (k SitemapKind) Source() SourceKind {
	switch k {
	case SitemapNews:
		return kind.NewsSitemap
	case SitemapArticle:
		return kind.ArticleSitemap
	}
	return ""
}
