package classify

import (
	"regexp"
	"sort"
	"strings"
)

// PlatformPatterns are the platform rules' URL patterns as RE2 regular
// expressions over a whole URL (no fragment), one per rule row with hosts
// and a path, in rule order: the page URLs Chromium's declarativeContent
// matches (PageStateMatcher pageUrl.urlMatches) to change the toolbar icon
// before any click, with no permission to read the page. A row's not
// words are written into its pattern; hosts known only by the page's CMS
// are left out (a URL cannot show them). The extension carries them as
// extension/lib/platforms.js, written from this function by
// TestPlatformPatternsFile (go test -update); the WebAssembly module does
// not call it.
func PlatformPatterns() []string {
	var out []string
	for i := range platformRules {
		r := &platformRules[i]
		if r.host == "" || r.path == "" {
			continue
		}
		var hosts []string
		for _, h := range strings.Fields(r.host) {
			switch {
			case strings.HasPrefix(h, "cms:"):
			case strings.HasPrefix(h, "*."):
				hosts = append(hosts, `[a-z0-9-]+\.`+regexp.QuoteMeta(h[2:]))
			default:
				hosts = append(hosts, regexp.QuoteMeta(h))
			}
		}
		if len(hosts) == 0 {
			continue
		}
		out = append(out, `^https?://(?:`+strings.Join(hosts, "|")+`)`+pathPattern(r.path, r.not)+`$`)
	}
	return out
}

// pathPattern is a rule's path pattern (see platformRule) as a regular
// expression: the path, then the query the rule needs or any.
func pathPattern(pattern, not string) string {
	pattern, key, _ := strings.Cut(pattern, "?")
	var b strings.Builder
	first := true
	rest := `(?:[/?][^#]*)?`
	for _, tok := range strings.FieldsFunc(pattern, func(r rune) bool { return r == '/' }) {
		switch {
		case tok == "**":
			continue
		case tok == "*" && first && not != "":
			b.WriteString("/" + notIn(strings.Fields(strings.ToLower(not))))
		case tok == "*":
			b.WriteString(`/[^/?#]+`)
		case tok == "#":
			b.WriteString(`/[0-9]+`)
		case strings.HasSuffix(tok, "*"):
			b.WriteString("/" + regexp.QuoteMeta(tok[:len(tok)-1]) + `[^/?#]+`)
		default:
			b.WriteString(`/(?i:` + regexp.QuoteMeta(tok) + `)`)
		}
		if tok == "*" || tok == "#" || strings.HasSuffix(tok, "*") {
			first = false
		}
	}
	if !strings.HasSuffix(pattern, "**") {
		rest = `/?(?:\?[^#]*)?`
	}
	if key != "" {
		return b.String() + `/?\?(?:[^#]*&)?` + regexp.QuoteMeta(key) + `=[A-Za-z0-9_-]+(?:&[^#]*)?`
	}
	return b.String() + rest
}

// notIn is a regular expression for one path segment that is none of
// words (lower case), in any case: RE2 has no look-ahead, so the
// complement of the words is spelled out on their trie.
func notIn(words []string) string {
	type node struct {
		next map[byte]*node
		end  bool
	}
	root := &node{next: map[byte]*node{}}
	for _, w := range words {
		n := root
		for i := 0; i < len(w); i++ {
			c := w[i]
			if n.next[c] == nil {
				n.next[c] = &node{next: map[byte]*node{}}
			}
			n = n.next[c]
		}
		n.end = true
	}
	var walk func(n *node, top bool) string
	walk = func(n *node, top bool) string {
		var cs []byte
		for c := range n.next {
			cs = append(cs, c)
		}
		sort.Slice(cs, func(i, j int) bool { return cs[i] < cs[j] })
		var alts []string
		if !n.end && !top {
			alts = append(alts, "")
		}
		other := `/?#`
		for _, c := range cs {
			other += caseClass(c)
		}
		alts = append(alts, `[^`+other+`][^/?#]*`)
		for _, c := range cs {
			alts = append(alts, `[`+caseClass(c)+`]`+walk(n.next[c], false))
		}
		return `(?:` + strings.Join(alts, "|") + `)`
	}
	return walk(root, true)
}

// caseClass is a byte in both cases for a character class, escaped where
// a class needs it.
func caseClass(c byte) string {
	switch {
	case 'a' <= c && c <= 'z':
		return string(c) + string(c-'a'+'A')
	case c == '-' || c == ']' || c == '\\' || c == '^':
		return `\` + string(c)
	}
	return string(c)
}
