package report

import (
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
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

// Sentence renders the English sentence of a reason code with its
// arguments: the one table of feedscout's reason sentences. Arguments may
// come straight from Go or back from JSON (numbers as float64). A code it
// does not know renders as a sentence that names it.
func Sentence(code string, args map[string]any) string {
	a := argReader(args)
	s := mainSentence(code, a)
	if then, ok := args["then"].(map[string]any); ok {
		c, _ := then["code"].(string)
		ta, _ := then["args"].(map[string]any)
		s += " " + capital(mainSentence(c, argReader(ta)))
	}
	return s
}

func mainSentence(code string, a argReader) string {
	host, path := a.str("host"), a.str("path")
	switch code {
	case ReasonFeedAdvertised:
		return fmt.Sprintf("%s announces its feed in %s; it has %d items.%s", host, where(a.str("where")), a.int("items"), homeAfter(a))
	case ReasonFeedAdvertisedUnchecked:
		return fmt.Sprintf("%s announces its feed in %s (%s).%s", host, where(a.str("where")), preview(a), homeAfter(a))
	case ReasonFeedAnchor:
		return fmt.Sprintf("%s links to its feed from the homepage without announcing it; it has %d items.%s", host, a.int("items"), homeAfter(a))
	case ReasonFeedGuess:
		return fmt.Sprintf("%s does not announce a feed, but one answers at the usual address %s (%d items).%s", host, path, a.int("items"), homeAfter(a))
	case ReasonFeed:
		return host + " has a feed." + homeAfter(a)
	case ReasonFeedDerived:
		return fmt.Sprintf("%s does not announce this feed, but the platform serves it at an address its pages follow (rule %s); it has %d items.%s", host, a.str("rule"), a.int("items"), homeAfter(a))
	case ReasonNewsSitemap:
		return fmt.Sprintf("%s has no feed, but its news sitemap lists the latest articles with titles and times (%d URLs); subscribe to it like a feed.%s", host, a.int("urls"), homeAfter(a))
	case ReasonNewsSitemapDepartments:
		return fmt.Sprintf("%s has no feed, but it splits its news sitemaps into %d departments; subscribe to the ones you want.%s", host, a.int("departments"), homeAfter(a))
	case ReasonArticleSitemap:
		return fmt.Sprintf("%s has no feed or news sitemap, but a sitemap lists %d dated articles; a reader can watch it for new ones.%s", host, a.int("urls"), homeAfter(a))
	case ReasonSections:
		return fmt.Sprintf("%s has no feed or news sitemap; follow some of its %d section pages to see new articles.%s", host, a.int("sections"), homeAfter(a))
	case ReasonRefusedRobotsUnreachable:
		if w := a.str("word"); w != "" {
			return fmt.Sprintf("robots.txt of %s could not be fetched (%s), which means stay away (RFC 9309); check the address or try again later.", host, w)
		}
		return fmt.Sprintf("robots.txt of %s could not be fetched, which means stay away (RFC 9309); check the address or try again later.", host)
	case ReasonRefusedRobotsStatus:
		return fmt.Sprintf("robots.txt of %s answered %d, which means stay away until the site recovers (RFC 9309); try again later.", host, a.int("status"))
	case ReasonRefusedRobotsNamed:
		return fmt.Sprintf("robots.txt of %s allows only named crawlers, so feedscout stopped.", host)
	case ReasonRefusedRobots:
		return fmt.Sprintf("robots.txt of %s disallows the whole site for crawlers like feedscout, so it stopped.", host)
	case ReasonRefusedHome:
		return fmt.Sprintf("The homepage of %s answered %d, so feedscout stopped: the site does not want automated visitors.", host, a.int("status"))
	case ReasonRefusedTooMany:
		return fmt.Sprintf("The server answered 429 (too many requests) to %s, so feedscout stopped; try again later.", path)
	case ReasonRefusedFirstGuess:
		return fmt.Sprintf("The site answered %d to %s, the first feed address tried, as a site that turns automated visitors away does; feedscout stopped.", a.int("status"), path)
	case ReasonRefusedFirstRequest:
		return fmt.Sprintf("The site answered %d to %s, so feedscout stopped: it does not want automated visitors.", a.int("status"), path)
	case ReasonNone:
		return fmt.Sprintf("Nothing to subscribe to on %s: %s; ask the site for a feed.", host, strings.Join(noneWhy(a), ", "))
	case ReasonStoppedBudget:
		return fmt.Sprintf("feedscout stopped after %d requests, the limit for one site.", a.int("budget"))
	case ReasonStoppedDeadline:
		return fmt.Sprintf("feedscout stopped after %s s, the time limit for one site.", strconv.FormatFloat(a.float("seconds"), 'f', -1, 64))
	case ReasonStoppedCanceled:
		return "the discovery was canceled before it finished."
	case ReasonStoppedTimeout:
		return fmt.Sprintf("The site did not answer %s in time (timeout), so feedscout stopped; try again later.", path)
	case ReasonSectionStatus:
		return fmt.Sprintf("The section page answered %d; open it in the browser to check it still exists.", a.int("status"))
	case ReasonSectionDisallowed:
		return "robots.txt of the site disallows this page, so feedscout did not fetch it."
	case ReasonSectionBudget:
		return fmt.Sprintf("feedscout already made %d requests to this site; try again later.", a.int("budget"))
	case ReasonSectionFailed:
		return fmt.Sprintf("The section page could not be fetched: %s.", problemPhrase(a.sub("page_problem")))
	case ReasonSectionUnreadable:
		return "The section page could not be read as HTML."
	}
	return fmt.Sprintf("feedscout ended with reason %q.", code)
}

// homeAfter is the sentence on a homepage that could not be read, said
// after an outcome that is not none.
func homeAfter(a argReader) string {
	hp := a.sub("home_problem")
	if hp == nil {
		return ""
	}
	return " " + capital(homePhrase(hp)) + "."
}

// homePhrase says what went wrong with the homepage.
func homePhrase(p argReader) string {
	switch p.str("problem") {
	case ProblemStatus:
		return fmt.Sprintf("the homepage answered %d", p.int("status"))
	case ProblemUnreadable:
		return "the homepage could not be read"
	case ProblemUnfetched:
		return "the homepage could not be fetched"
	}
	return "the homepage could not be fetched: " + problemPhrase(p)
}

func noneWhy(a argReader) []string {
	var why []string
	switch a.str("home") {
	case HomeFailed:
		why = append(why, homePhrase(a.sub("home_problem")))
	case HomeBrokenFeeds:
		why = append(why, "the feeds it announces are broken")
	default:
		why = append(why, "it announces no feed")
	}
	if a.bool("guessed") {
		why = append(why, "no usual feed address answered with a feed")
	}
	switch a.str("sitemaps") {
	case SitemapsFailed:
		why = append(why, fmt.Sprintf("the sitemap %s could not be used: %s", a.str("sitemap"), problemPhrase(a.sub("sitemap_problem"))))
	case SitemapsUnusable:
		why = append(why, "its sitemaps list neither news nor dated articles")
	default:
		why = append(why, "robots.txt lists no sitemap")
	}
	return why
}

func where(w string) string {
	if w == WhereHomepage {
		return "its homepage"
	}
	return "its pages"
}

func preview(a argReader) string {
	switch a.str("preview") {
	case PreviewListed:
		return "not fetched: the article order lists advertised feeds without fetching them"
	case PreviewOther:
		return "not fetched: only the main feed is previewed, to save the site requests"
	case PreviewStopped:
		return "not fetched: discovery stopped first"
	case PreviewDTD:
		return "not previewed: it declares a DOCTYPE or ENTITY, which feedscout does not read"
	}
	return "not fetched: " + problemPhrase(a.sub("feed_problem"))
}

// ProblemPhrase says what went wrong with one fetched thing, for a
// sentence: "it did not answer in time (timeout)". The word itself stays
// in it so that it can be searched for.
func ProblemPhrase(p Problem) string { return problemPhrase(argReader(p.Args())) }

func problemPhrase(p argReader) string {
	// A problem word is a status word or one of the Problem words, which
	// are untyped so that both kinds of case compare with w.
	switch w := StatusWord(p.str("problem")); w {
	case StatusTimeout:
		return "it did not answer in time (timeout)"
	case StatusTooLarge:
		return fmt.Sprintf("it is larger than %d MiB (too-large)", p.int("limit_mib"))
	case StatusRedirectLoop:
		return "it leads into a redirect loop (redirect-loop)"
	case StatusTooManyRedirects:
		return fmt.Sprintf("it is more than %d redirects away (too many redirects)", p.int("hops"))
	case StatusBadRedirect:
		return "it answers with a redirect to a non-http(s) URL, which feedscout does not follow (bad-redirect)"
	case StatusRefusedAddress:
		return "it leads to a private or local network address, which feedscout does not visit (refused-address)"
	case StatusRobotsDisallow:
		return "robots.txt disallows it (robots-disallow)"
	case StatusBadEncoding:
		return "its compressed body does not decode (bad-encoding)"
	case StatusDNS:
		return "the host name does not resolve (dns)"
	case StatusTLS:
		return "the secure connection failed (tls)"
	case ProblemStatus:
		return fmt.Sprintf("it answered %d", p.int("status"))
	case ProblemTruncated:
		return "it is cut off (truncated)"
	case ProblemSitemapTooLarge:
		return "it is too large to read (too-large)"
	case ProblemDoctype:
		return "it declares a DOCTYPE, which feedscout refuses"
	case ProblemNotSitemap:
		return "it is not a sitemap"
	case ProblemUnreadable:
		return "it could not be read"
	case ProblemUnfetched, "":
		return "it could not be fetched"
	default:
		return "the request failed (" + string(w) + ")"
	}
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// argReader reads reason arguments whether they were built in Go or
// decoded from JSON.
type argReader map[string]any

// str reads a word or text argument: a string, or one of the contract's
// typed words as Go code may pass it.
func (a argReader) str(k string) string {
	switch v := a[k].(type) {
	case string:
		return v
	case StatusWord:
		return string(v)
	case Outcome:
		return string(v)
	case Step:
		return string(v)
	case SitemapKind:
		return string(v)
	case SourceKind:
		return string(v)
	}
	return ""
}

func (a argReader) bool(k string) bool {
	b, _ := a[k].(bool)
	return b
}

func (a argReader) int(k string) int {
	switch v := a[k].(type) {
	case int:
		return v
	case int64:
		return int(v)
	case float64:
		return int(v)
	case json.Number:
		n, _ := strconv.Atoi(v.String())
		return n
	}
	return 0
}

func (a argReader) float(k string) float64 {
	switch v := a[k].(type) {
	case float64:
		return v
	case int:
		return float64(v)
	case json.Number:
		f, _ := v.Float64()
		return f
	}
	return 0
}

func (a argReader) sub(k string) argReader {
	m, _ := a[k].(map[string]any)
	return argReader(m)
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
	a := argReader(args)
	switch code {
	case PreviewBrokenStatus:
		return fmt.Sprintf("broken: it answered %d", a.int("status"))
	case PreviewBrokenInvalid:
		return "broken: the feed is cut off or invalid"
	case PreviewNotFeed:
		return "broken: the answer is not a feed"
	}
	b := argReader{"preview": code}
	for k, v := range a {
		b[k] = v
	}
	return preview(b)
}

// PreviewPhrase is PreviewSentence of a code and its problem (the
// problem of PreviewFailed, which carries the status of
// PreviewBrokenStatus).
func PreviewPhrase(code string, p *Problem) string {
	return PreviewSentence(code, PreviewArgs(code, p))
}
