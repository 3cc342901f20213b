package robots

import (
	"bytes"
	"math"
	"slices"
	"strconv"
	"strings"
	"time"

	"feedscout/common/report"
)

// maxLine is the longest line kept, as in Google's parser (2083 * 8 - 1
// octets); the rest of a longer line is ignored.
const maxLine = 2083*8 - 1

// maxDelay caps a Crawl-delay so that absurd values cannot overflow.
const maxDelay = 24 * time.Hour

// keys maps the directive names we honour, with the misspellings Google's
// parser accepts, to their canonical name.
var keys = map[string]string{
	"user-agent": "user-agent", "useragent": "user-agent", "user agent": "user-agent",
	"allow":    "allow",
	"disallow": "disallow", "dissallow": "disallow", "dissalow": "disallow",
	"disalow": "disallow", "diasllow": "disallow", "disallaw": "disallow",
	"sitemap": "sitemap", "site-map": "sitemap",
	"crawl-delay": "crawl-delay", "crawldelay": "crawl-delay",
}

// parse reads a 2xx body. Lines that would make temoto's FromBytes fail
// (a rule before the first user-agent, a bad Crawl-delay) are simply
// skipped, as RFC 9309 2.1 does with rules outside a group.
func parse(status int, body []byte) *Rules {
	r := &Rules{status: status, verdict: parsed}
	compiled := map[string]*matcher{}
	cur := -1        // index of the group being read, -1 before the first user-agent
	inRules := false // a rule was seen since the last user-agent line
	for _, line := range lines(clip(body)) {
		key, val, ok := split(line)
		if !ok {
			continue
		}
		switch key {
		case "user-agent":
			// Consecutive user-agent lines share one group; a user-agent
			// after rules starts the next (RFC 9309 2.1).
			if cur < 0 || inRules {
				r.groups = append(r.groups, group{})
				cur, inRules = len(r.groups)-1, false
			}
			r.groups[cur].agents = append(r.groups[cur].agents, agentToken(val))
		case "allow", "disallow":
			if cur < 0 {
				continue
			}
			inRules = true
			g := &r.groups[cur]
			g.rules = appendRule(g.rules, compiled, key == "allow", val)
			// Google: an allowed ".../index.htm*" also allows ".../".
			if key == "allow" {
				if i := strings.LastIndexByte(val, '/'); i >= 0 && strings.HasPrefix(val[i:], "/index.htm") {
					g.rules = appendRule(g.rules, compiled, true, val[:i+1]+"$")
				}
			}
		case "crawl-delay":
			if cur < 0 {
				continue
			}
			inRules = true
			if d, ok := parseDelay(val); ok && !r.groups[cur].hasDelay {
				r.groups[cur].delay, r.groups[cur].hasDelay = d, true
			}
		case "sitemap":
			if report.WebURL(val) && !slices.Contains(r.sitemaps, val) {
				r.sitemaps = append(r.sitemaps, val)
			}
		}
	}
	return r
}

// clip cuts body to MaxSize, dropping the line the cut falls in.
func clip(body []byte) []byte {
	if len(body) <= MaxSize {
		return body
	}
	body = body[:MaxSize]
	if i := bytes.LastIndexAny(body, "\r\n"); i >= 0 {
		return body[:i]
	}
	return nil
}

// lines splits body at LF, CRLF or CR (RFC 9309 2.2), after dropping a
// UTF-8 byte order mark or any leading part of one, and cuts long lines.
func lines(body []byte) []string {
	for _, bom := range []string{"\xEF\xBB\xBF", "\xEF\xBB", "\xEF"} {
		if bytes.HasPrefix(body, []byte(bom)) {
			body = body[len(bom):]
			break
		}
	}
	var out []string
	for len(body) > 0 {
		line := body
		body = nil
		if i := bytes.IndexAny(line, "\r\n"); i >= 0 {
			sep := line[i]
			line, body = line[:i], line[i+1:]
			if sep == '\r' && len(body) > 0 && body[0] == '\n' {
				body = body[1:]
			}
		}
		if len(line) > maxLine {
			line = line[:maxLine]
		}
		out = append(out, string(line))
	}
	return out
}

// split cuts a line into its lowercase directive name and its value, with
// the comment and surrounding white space removed. Like Google's parser it
// accepts white space instead of the colon ("disallow /") when the line has
// exactly two words. ok is false for blank lines and unknown directives.
func split(line string) (key, val string, ok bool) {
	if i := strings.IndexByte(line, '#'); i >= 0 {
		line = line[:i] // RFC 9309 2.2: "#" starts a comment
	}
	line = strings.TrimSpace(line)
	if i := strings.IndexByte(line, ':'); i >= 0 {
		key, val = line[:i], line[i+1:]
	} else if f := strings.Fields(line); len(f) == 2 {
		key, val = f[0], f[1]
	} else {
		return "", "", false
	}
	key, ok = keys[strings.ToLower(strings.TrimSpace(key))]
	return key, strings.TrimSpace(val), ok
}

// agentToken is the product token a user-agent line names, lowercase:
// "*" for the global group, else its leading [A-Za-z_-] characters, so that
// "Googlebot/2.1" and "Foo Bar" name "googlebot" and "foo" (Google's rule).
func agentToken(val string) string {
	if val == "*" || strings.HasPrefix(val, "* ") || strings.HasPrefix(val, "*\t") {
		return "*"
	}
	end := strings.IndexFunc(val, func(c rune) bool {
		return !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == '_' || c == '-')
	})
	if end < 0 {
		end = len(val)
	}
	return strings.ToLower(val[:end])
}

// parseDelay reads a Crawl-delay in seconds; negative, NaN or unreadable
// values are ignored, huge ones capped at maxDelay.
func parseDelay(val string) (time.Duration, bool) {
	f, err := strconv.ParseFloat(val, 64)
	if err != nil || math.IsNaN(f) || f < 0 {
		return 0, false
	}
	if f >= maxDelay.Seconds() {
		return maxDelay, true
	}
	return time.Duration(f * float64(time.Second)), true
}

// appendRule adds an Allow or Disallow rule for pattern; empty patterns
// match nothing (RFC 9309 2.2.2) and are left out.
func appendRule(rules []rule, compiled map[string]*matcher, allow bool, pattern string) []rule {
	pattern = escape(pattern, true)
	if pattern == "" {
		return rules
	}
	m, seen := compiled[pattern]
	if !seen {
		m = compile(pattern)
		compiled[pattern] = m
	}
	if m == nil {
		return rules
	}
	return append(rules, rule{allow: allow, length: len(pattern), m: m})
}
