package report

import (
	"strings"

	"feedscout/common/report/catalog"
)

// Reason codes: Report.ReasonCode, and the reason_code of a native
// messaging error. docs/reasons.md lists each with its arguments and its
// English sentence; the list is append-only (a code is never renamed,
// reused or removed).
const (
	// A feed.
	ReasonFeedAdvertised          = "feed-advertised"           // host, where, items
	ReasonFeedAdvertisedUnchecked = "feed-advertised-unchecked" // host, where, preview
	ReasonFeedAnchor              = "feed-anchor"               // host, items
	ReasonFeedGuess               = "feed-guess"                // host, path, items
	ReasonFeed                    = "feed"                      // host
	ReasonFeedDerived             = "feed-derived"              // host, rule, items
	// No feed, but something to follow.
	ReasonNewsSitemap            = "news-sitemap"             // host, urls
	ReasonNewsSitemapDepartments = "news-sitemap-departments" // host, departments
	ReasonArticleSitemap         = "article-sitemap"          // host, urls
	ReasonSections               = "sections"                 // host, sections
	// The site turned feedscout away.
	ReasonRefusedRobotsUnreachable = "refused-robots-unreachable" // host, word
	ReasonRefusedRobotsStatus      = "refused-robots-status"      // host, status
	ReasonRefusedRobotsNamed       = "refused-robots-named"       // host
	ReasonRefusedRobots            = "refused-robots"             // host
	ReasonRefusedHome              = "refused-home"               // host, status
	ReasonRefusedTooMany           = "refused-429"                // path
	ReasonRefusedFirstGuess        = "refused-first-guess"        // status, path
	ReasonRefusedFirstRequest      = "refused-first-request"      // status, path
	// Nothing found.
	ReasonNone = "none" // host, home, guessed, sitemaps, sitemap
	// Why a discovery stopped early, said after the outcome's sentence
	// (the "then" argument).
	ReasonStoppedBudget   = "stopped-budget"   // budget
	ReasonStoppedDeadline = "stopped-deadline" // seconds
	ReasonStoppedCanceled = "stopped-canceled" // (none)
	ReasonStoppedTimeout  = "stopped-timeout"  // path
	// A section page (the section request).
	ReasonSectionStatus     = "section-status"     // status
	ReasonSectionDisallowed = "section-disallowed" // (none)
	ReasonSectionBudget     = "section-budget"     // budget
	ReasonSectionFailed     = "section-failed"     // page_problem
	ReasonSectionUnreadable = "section-unreadable" // (none)
)

// Values of the "where" argument: where the site announces its feed.
const (
	WhereHomepage = "homepage" // in its homepage
	WherePages    = "pages"    // in a page of it other than the homepage
)

// Values of the "preview" argument of feed-advertised-unchecked: why the
// announced feed has no item count.
const (
	PreviewListed  = "listed"  // the article order lists advertised feeds without fetching them
	PreviewOther   = "other"   // only the main feed is previewed
	PreviewFailed  = "failed"  // fetching it failed; the "feed_problem" argument says how
	PreviewStopped = "stopped" // discovery stopped before it was fetched
	PreviewDTD     = "dtd"     // it declares a DOCTYPE or ENTITY, which feedscout does not read
)

// Values of the "home" argument of none: what the homepage showed.
const (
	HomeNoFeed      = "no-feed"      // it announces no feed
	HomeBrokenFeeds = "broken-feeds" // the feeds it announces are broken
	HomeFailed      = "failed"       // it could not be read; "home_problem" says why
)

// Values of the "sitemaps" argument of none.
const (
	SitemapsUnlisted = "unlisted" // robots.txt lists no sitemap
	SitemapsUnusable = "unusable" // they list neither news nor dated articles
	SitemapsFailed   = "failed"   // one could not be used; "sitemap" and "sitemap_problem" say which and why
)

// Problem words beyond the status words (StatusTimeout...), in a
// "problem" argument: what went wrong with one fetched thing. They are
// untyped, so that Problem.Word holds them beside the status words.
const (
	ProblemStatus          = "status"            // it answered an HTTP error status ("status" argument)
	ProblemUnfetched       = "unfetched"         // it could not be fetched, nothing more known
	ProblemUnreadable      = "unreadable"        // the page could not be read
	ProblemTruncated       = "truncated"         // a sitemap cut off
	ProblemSitemapTooLarge = "sitemap-too-large" // a sitemap with more than the reader takes
	ProblemDoctype         = "doctype"           // a sitemap declaring a DOCTYPE
	ProblemNotSitemap      = "not-sitemap"       // the answer is not a sitemap
)

// Problem is what went wrong with one fetched thing, as reason arguments
// carry it: a problem word and, for ProblemStatus, the HTTP status. The
// limits a too-large or too-many-redirects problem names travel with it.
type Problem struct {
	Word   StatusWord `json:"problem"` // a status word or a Problem word
	Status int        `json:"status,omitempty"`
	// LimitMiB is the body cap of a too-large problem; Hops the most
	// redirects followed, for too-many-redirects.
	LimitMiB int `json:"limit_mib,omitempty"`
	Hops     int `json:"hops,omitempty"`
}

// Args is p as a reason argument value.
func (p Problem) Args() map[string]any {
	m := map[string]any{"problem": string(p.Word)}
	if p.Status != 0 {
		m["status"] = p.Status
	}
	if p.LimitMiB != 0 {
		m["limit_mib"] = p.LimitMiB
	}
	if p.Hops != 0 {
		m["hops"] = p.Hops
	}
	return m
}

// Sentence says a reason code with its arguments in English: the
// reason's template of the message catalogue (common/report/catalog, key
// ReasonKey), the sentence the popup says in the user's language, with
// the "then" argument (why a discovery stopped early) said after it.
// Arguments may come straight from Go or back from JSON (numbers as
// float64). A code the catalogue does not know is said as a sentence
// that names it.
func Sentence(code string, args map[string]any) string { return SentenceIn("en", code, args) }

// SentenceIn is Sentence in one of the catalogue's languages.
func SentenceIn(lang, code string, args map[string]any) string {
	s := mainSentence(lang, code, args)
	if then, ok := args["then"].(map[string]any); ok {
		c, _ := then["code"].(string)
		ta, _ := then["args"].(map[string]any)
		s = catalog.Say(lang, "sentence_join", map[string]any{"a": s, "b": mainSentence(lang, c, ta)})
	}
	return s
}

// ReasonKey is the catalogue's key of a reason code's template:
// "reason_" and the code with "_" for "-".
func ReasonKey(code string) string { return "reason_" + strings.ReplaceAll(code, "-", "_") }

func mainSentence(lang, code string, args map[string]any) string {
	key := ReasonKey(code)
	if !catalog.Has(key) {
		return catalog.Say(lang, "reason_unknown", map[string]any{"code": code})
	}
	return catalog.Say(lang, key, args)
}

// Reason is a reason code with its arguments.
type Reason struct {
	Code string
	Args map[string]any
}

// Sentence renders r in English (Sentence).
func (r Reason) Sentence() string { return Sentence(r.Code, r.Args) }

// Preview codes beyond those a reason names: why a feed fetched to preview
// it is broken (Feed.Preview).
const (
	PreviewBrokenStatus  = "broken-status"  // it answered an error status ("status")
	PreviewBrokenInvalid = "broken-invalid" // the feed is cut off or invalid
	PreviewNotFeed       = "not-feed"       // the answer is not a feed
)

// PreviewArgs are the arguments of a feed's preview code
// (Feed.PreviewArgs): for PreviewFailed the problem as "feed_problem",
// for PreviewBrokenStatus the problem's "status"; nil when the code's
// phrase names nothing.
func PreviewArgs(code string, p *Problem) map[string]any {
	switch {
	case p == nil:
		return nil
	case code == PreviewFailed:
		return map[string]any{"feed_problem": p.Args()}
	case code == PreviewBrokenStatus:
		return map[string]any{"status": p.Status}
	}
	return nil
}

// PreviewSentence renders a feed's preview code with its arguments
// (Feed.PreviewCode, Feed.PreviewArgs) in English: why the feed has no
// preview, as Feed.Preview and the feed-advertised-unchecked sentence say
// it. Arguments may come back from JSON, as for Sentence.
func PreviewSentence(code string, args map[string]any) string {
	a := map[string]any{"preview": code}
	for k, v := range args {
		if k != "preview" {
			a[k] = v
		}
	}
	return catalog.English("feed_preview", a)
}
