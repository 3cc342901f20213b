package fixtureweb

import (
	"bytes"
	"strings"
)

// robotsRules is a parsed robots.txt, matched the way RFC 9309 says. It is
// this package's own small matcher, independent of the product's, so that
// politeness checks do not grade the product with its own code.
type robotsRules struct {
	// allowAll and disallowAll short-cut the status policy (RFC 9309
	// 2.3.1.3: 4xx allows everything; 2.3.1.4: 5xx or unreachable disallows
	// everything).
	allowAll, disallowAll bool
	groups                []robotsGroup
}

type robotsGroup struct {
	agents []string // lowercased product tokens, or "*"
	rules  []robotsRule
}

type robotsRule struct {
	allow   bool
	pattern string // canonical form (see canonPath)
}

// parseRobots parses a robots.txt body (RFC 9309 2.2): groups start with
// one or more user-agent lines (blank lines and other lines between them
// do not split a group); allow and disallow lines before the first
// user-agent line belong to no group and are ignored; unknown keys are
// ignored; an empty disallow value matches nothing.
func parseRobots(body []byte) *robotsRules {
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	rr := &robotsRules{}
	var cur *robotsGroup
	lastWasAgent := false
	for _, line := range strings.FieldsFunc(string(body), func(r rune) bool { return r == '\n' || r == '\r' }) {
		if i := strings.IndexByte(line, '#'); i >= 0 {
			line = line[:i]
		}
		key, val, ok := strings.Cut(line, ":")
		if !ok {
			continue
		}
		key = strings.ToLower(strings.TrimSpace(key))
		val = strings.TrimSpace(val)
		switch key {
		case "user-agent":
			if cur == nil || !lastWasAgent {
				rr.groups = append(rr.groups, robotsGroup{})
				cur = &rr.groups[len(rr.groups)-1]
			}
			cur.agents = append(cur.agents, agentToken(val))
			lastWasAgent = true
		case "allow", "disallow":
			lastWasAgent = false
			if cur == nil || val == "" {
				continue
			}
			cur.rules = append(cur.rules, robotsRule{allow: key == "allow", pattern: canonPath(val)})
		}
	}
	return rr
}

// agentToken is the product token of a user-agent value: "*", or the
// leading run of letters, digits, '-' and '_' ("FeedScout/1.0" ->
// "feedscout"), lowercased.
func agentToken(v string) string {
	if strings.HasPrefix(v, "*") {
		return "*"
	}
	end := 0
	for end < len(v) {
		c := v[end]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_') {
			break
		}
		end++
	}
	return strings.ToLower(v[:end])
}

// allowed reports whether agent (a product token) may fetch target (path
// and query). The groups naming agent apply, merged; else the "*" groups;
// else everything is allowed. The longest matching pattern wins, allow on
// a tie (RFC 9309 2.2.2). /robots.txt is always allowed.
func (rr *robotsRules) allowed(agent, target string) bool {
	if target == "/robots.txt" || rr.allowAll {
		return true
	}
	if rr.disallowAll {
		return false
	}
	agent = strings.ToLower(agent)
	var rules []robotsRule
	for _, g := range rr.groups {
		for _, a := range g.agents {
			if a == agent {
				rules = append(rules, g.rules...)
				break
			}
		}
	}
	if rules == nil {
		for _, g := range rr.groups {
			for _, a := range g.agents {
				if a == "*" {
					rules = append(rules, g.rules...)
					break
				}
			}
		}
	}
	path := canonPath(target)
	best, allow := -1, true
	for _, r := range rules {
		if !patternMatch(r.pattern, path) {
			continue
		}
		if n := len(r.pattern); n > best || n == best && r.allow {
			best, allow = n, r.allow
		}
	}
	return allow
}

// patternMatch matches a robots.txt pattern ("*" any run, "$" at the end
// anchors) against the start of path.
func patternMatch(pattern, path string) bool {
	anchored := strings.HasSuffix(pattern, "$")
	if anchored {
		pattern = pattern[:len(pattern)-1]
	}
	parts := strings.Split(pattern, "*")
	if !strings.HasPrefix(path, parts[0]) {
		return false
	}
	pos := len(parts[0])
	for i, p := range parts[1:] {
		last := i == len(parts)-2
		if last && anchored {
			return len(path)-pos >= len(p) && strings.HasSuffix(path, p)
		}
		j := strings.Index(path[pos:], p)
		if j < 0 {
			return false
		}
		pos += j + len(p)
	}
	return !anchored || pos == len(path)
}

// canonPath puts a path (or pattern) in one spelling for comparison (RFC
// 9309 2.2.2): octets outside printable ASCII are percent-encoded,
// percent-escapes use upper-case hex, and escapes of unreserved characters
// are decoded. "*" and "$" are kept.
func canonPath(s string) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			v := unhex(s[i+1])<<4 | unhex(s[i+2])
			if isUnreserved(v) {
				b.WriteByte(v)
			} else {
				b.WriteByte('%')
				b.WriteByte(hex[v>>4])
				b.WriteByte(hex[v&15])
			}
			i += 2
		case c <= ' ' || c >= 0x7f:
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool { return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F' }

func unhex(c byte) byte {
	switch {
	case c >= '0' && c <= '9':
		return c - '0'
	case c >= 'a' && c <= 'f':
		return c - 'a' + 10
	}
	return c - 'A' + 10
}

func isUnreserved(c byte) bool {
	return c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '.' || c == '_' || c == '~'
}
