// Package robots reads robots.txt files the way RFC 9309 and Google's
// reference parser do, for feedscout's polite fetcher.
//
// The line syntax, the grouping by user-agent and the precedence between
// rules live here (parse.go); each rule's pattern is compiled and matched by
// github.com/temoto/robotstxt (match.go). Used on its own, that library
// returns nil for some files, ignores the disallow-all it builds for 5xx,
// lets the first of two equally long rules win instead of Allow, ranks
// wildcard rules by the length of their regexp and matches agents by prefix;
// this package does not depend on any of that.
package robots

import (
	"slices"
	"strings"
	"time"
)

// MaxSize is how much of a robots.txt file is parsed: RFC 9309 2.5 asks
// crawlers to parse at least 500 KiB. Parse ignores what follows, and the
// incomplete line the cut lands in.
const MaxSize = 500 << 10

type verdict int

const (
	parsed verdict = iota
	allowAll
	disallowAll
)

// Rules is what one robots.txt answer says. A *Rules is never nil when it
// comes from this package, and it is safe for concurrent use.
type Rules struct {
	status   int
	verdict  verdict
	groups   []group
	sitemaps []string
}

type group struct {
	agents   []string // lowercase product tokens; "*" is the global group
	rules    []rule
	delay    time.Duration
	hasDelay bool
}

type rule struct {
	allow  bool
	length int // precedence: octets in the normalised pattern (RFC 9309 2.2.2)
	m      *matcher
}

// Parse applies RFC 9309's status policy to a robots.txt answer and never
// returns nil:
//
//   - 2xx: the body is parsed (at most MaxSize bytes of it).
//   - 3xx: only reaches Parse when the fetcher gave up on the redirects;
//     RFC 9309 2.3.1.2 lets a crawler then treat the file as unavailable,
//     which 2.3.1.3 answers with allow all.
//   - 4xx except 429: RFC 9309 2.3.1.3 "the crawler MAY access any
//     resources on the server": allow all.
//   - 429 and 5xx: RFC 9309 2.3.1.4 "the crawler MUST assume complete
//     disallow"; Google's documentation counts 429 with the server errors.
//   - anything else (0, 1xx, nonsense): treated as unreachable, disallow all.
func Parse(status int, body []byte) *Rules {
	switch {
	case status >= 200 && status < 300:
		return parse(status, body)
	case status >= 300 && status < 400:
		return &Rules{status: status, verdict: allowAll}
	case status >= 400 && status < 500 && status != 429:
		return &Rules{status: status, verdict: allowAll}
	default:
		return &Rules{status: status, verdict: disallowAll}
	}
}

// Unreachable is the answer for a robots.txt that could not be fetched
// (timeout, DNS, TLS, refused connection): RFC 9309 2.3.1.4 disallow all.
// Its Status is 0.
func Unreachable() *Rules { return &Rules{verdict: disallowAll} }

// Status is the HTTP status the rules were built from, 0 for Unreachable.
func (r *Rules) Status() int { return r.status }

// Allowed reports whether agent (a product token such as "feedscout",
// matched exactly and case-insensitively) may fetch pathAndQuery.
//
// pathAndQuery is the request target as sent on the wire, percent-encoded
// the way url.URL.RequestURI gives it; like Google's matcher, Allowed does
// not encode it for the caller (a raw "/ツ" does not match a rule for
// "/ツ", whose pattern is normalised to "/%E3%83%84"). Escapes are compared
// case-insensitively and a fragment is ignored.
func (r *Rules) Allowed(agent, pathAndQuery string) bool {
	switch r.verdict {
	case allowAll:
		return true
	case disallowAll:
		return false
	}
	path := normalisePath(pathAndQuery)
	best, allow := -1, true
	for _, g := range r.groupsFor(agent) {
		for _, ru := range g.rules {
			if ru.length < best || (ru.length == best && !ru.allow) {
				continue // cannot change the outcome
			}
			if !ru.m.match(path) {
				continue
			}
			// RFC 9309 2.2.2: the longest match wins; on a tie between
			// Allow and Disallow, "the crawler SHOULD use allow".
			best, allow = ru.length, ru.allow
		}
	}
	return allow
}

// DisallowsRoot reports whether agent may not fetch "/": the site asked
// crawlers like it to stay away.
func (r *Rules) DisallowsRoot(agent string) bool { return !r.Allowed(agent, "/") }

// OnlyNamedAgents reports whether the file disallows "/" to every crawler
// it does not name while some named crawler may fetch "/": it lists the
// crawlers it welcomes and turns away everyone else.
func (r *Rules) OnlyNamedAgents() bool {
	if r.verdict != parsed {
		return false
	}
	global, named := false, false
	for _, g := range r.groups {
		for _, a := range g.agents {
			if a == "*" {
				global = true
			} else if a != "" && r.Allowed(a, "/") {
				named = true
			}
		}
	}
	// Allowed("*", ...) answers for a crawler the file does not name.
	return global && named && !r.Allowed("*", "/")
}

// CrawlDelay is the Crawl-delay of agent's group (or the global group's
// when the file names no group for agent), 0 when there is none. It is the
// value as written, capped at 24 hours; how much of it to honour is the
// fetcher's decision.
func (r *Rules) CrawlDelay(agent string) time.Duration {
	for _, g := range r.groupsFor(agent) {
		if g.hasDelay {
			return g.delay
		}
	}
	return 0
}

// Sitemaps lists the absolute http(s) URLs of the file's Sitemap: (or
// Site-map:) lines, in file order without duplicates. Relative or non-http
// values are left out: the sitemaps protocol requires a full URL.
func (r *Rules) Sitemaps() []string { return slices.Clone(r.sitemaps) }

// groupsFor returns the groups that apply to agent: every group naming it
// (RFC 9309 2.2.1: groups for the same agent are combined), otherwise every
// global group, otherwise none (everything allowed).
func (r *Rules) groupsFor(agent string) []group {
	agent = strings.ToLower(strings.TrimSpace(agent))
	var specific, global []group
	for _, g := range r.groups {
		if agent != "" && agent != "*" && slices.Contains(g.agents, agent) {
			specific = append(specific, g)
		}
		if slices.Contains(g.agents, "*") {
			global = append(global, g)
		}
	}
	if len(specific) > 0 {
		return specific
	}
	return global
}
