package classify

import (
	"net/url"
	"strings"
)

// HeaderLink is one link of an HTTP Link header (RFC 8288 section 3):
// its target, resolved against the response's URL, its rel tokens (lower
// case) and its type and title parameters.
type HeaderLink struct {
	URL   string
	Rels  []string
	Type  string
	Title string
}

// ParseLinkHeader reads the values of a response's Link headers (RFC 8288:
// comma-separated link-values, each "<URI-Reference>" and ";"-separated
// parameters, quoted or not; rel a space-separated list, case-insensitive)
// against base, the response's URL. Links whose target does not resolve to
// an http(s) URL are left out. The host reads it; the browser never sees
// a page's headers.
func ParseLinkHeader(base string, values []string) []HeaderLink {
	bu, err := url.Parse(base)
	if err != nil {
		return nil
	}
	var out []HeaderLink
	for _, v := range values {
		for v != "" {
			v = strings.TrimLeft(v, " \t,")
			if !strings.HasPrefix(v, "<") {
				break
			}
			end := strings.IndexByte(v, '>')
			if end < 0 {
				break
			}
			target := v[1:end]
			v = v[end+1:]
			var l HeaderLink
			v = linkParams(v, &l)
			u, err := bu.Parse(strings.TrimSpace(target))
			if err != nil || !normalize(u) {
				continue
			}
			l.URL = u.String()
			out = append(out, l)
		}
	}
	return out
}

// linkParams reads one link-value's parameters from s (after its target)
// into l, up to the comma that ends it, and returns the rest. The first
// occurrence of rel, type and title counts (RFC 8288 section 3.3).
func linkParams(s string, l *HeaderLink) string {
	var hasRel, hasType, hasTitle bool
	for {
		s = strings.TrimLeft(s, " \t")
		if s == "" || s[0] == ',' {
			return s
		}
		if s[0] != ';' {
			// Not a parameter: skip to the next link-value.
			i := strings.IndexByte(s, ',')
			if i < 0 {
				return ""
			}
			return s[i:]
		}
		s = strings.TrimLeft(s[1:], " \t")
		i := strings.IndexAny(s, "=;,")
		if i < 0 {
			i = len(s)
		}
		name := strings.ToLower(strings.TrimSpace(s[:i]))
		s = s[i:]
		val := ""
		if strings.HasPrefix(s, "=") {
			s = strings.TrimLeft(s[1:], " \t")
			val, s = paramValueOf(s)
		}
		switch {
		case name == "rel" && !hasRel:
			hasRel = true
			l.Rels = strings.Fields(strings.ToLower(val))
		case name == "type" && !hasType:
			hasType, l.Type = true, val
		case name == "title" && !hasTitle:
			hasTitle, l.Title = true, val
		}
	}
}

// paramValueOf reads a parameter's value, a quoted-string (with its
// backslash escapes) or a token, and returns it and the rest.
func paramValueOf(s string) (val, rest string) {
	if !strings.HasPrefix(s, `"`) {
		i := strings.IndexAny(s, ";,")
		if i < 0 {
			return strings.TrimSpace(s), ""
		}
		return strings.TrimSpace(s[:i]), s[i:]
	}
	var b []byte
	for i := 1; i < len(s); i++ {
		switch c := s[i]; {
		case c == '\\' && i+1 < len(s):
			i++
			b = append(b, s[i])
		case c == '"':
			return string(b), s[i+1:]
		default:
			b = append(b, c)
		}
	}
	return string(b), ""
}

// HasRel reports whether the link's rel holds tok (lower case).
func (l HeaderLink) HasRel(tok string) bool {
	for _, r := range l.Rels {
		if r == tok {
			return true
		}
	}
	return false
}

// HeaderFeeds are the feeds a response's Link headers advertise, read as
// the page's <link> elements are: rel alternate with an RSS, Atom or JSON
// Feed type, or rel feed with one or none (advertised), ranked the same
// way. base is the response's URL.
func HeaderFeeds(base string, values []string) []Feed {
	bu, err := pageBase(base)
	if err != nil {
		return nil
	}
	var alts []alternate
	for _, l := range ParseLinkHeader(base, values) {
		feed, alt := l.HasRel("feed"), l.HasRel("alternate") && !l.HasRel("stylesheet")
		if feed || alt {
			alts = append(alts, alternate{href: l.URL, typ: l.Type, title: l.Title, relFeed: feed})
		}
	}
	if len(alts) == 0 {
		return nil
	}
	return advertised(newResolver(bu, len(alts)), alts)
}

// HeaderHub is the WebSub hub a feed's response names in its Link
// headers (rel=hub, W3C WebSub section 4), "" when none.
func HeaderHub(base string, values []string) string {
	for _, l := range ParseLinkHeader(base, values) {
		if l.HasRel("hub") {
			return l.URL
		}
	}
	return ""
}
