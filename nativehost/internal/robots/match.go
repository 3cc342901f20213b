package robots

import (
	"strings"

	"github.com/temoto/robotstxt"
)

// marker goes before every pattern and path handed to temoto/robotstxt.
// The library compiles a pattern with "*" or "$" into a regexp and calls
// MatchString, which is unanchored: "/a*.php" would also match
// "/x/a.php". Paths reach the matcher escaped (no control bytes), so the
// only marker in a path is the one in front and a match can only start there.
const marker = "\x01"

// matcher tests paths against one Allow/Disallow pattern. temoto's rule
// type is private, so each pattern is compiled as the only rule of a
// one-group file; its Group.Test then answers false exactly when the
// pattern matches. temoto handles "*" (any run of characters), a final
// "$" (end of the path) and plain prefixes; a "$" inside a pattern is an
// anchor there too, so such a rule never matches (Google reads it as a
// literal "$": a divergence we accept for a pattern nobody writes).
type matcher struct{ g *robotstxt.Group }

// compile returns nil when temoto cannot compile pattern.
func compile(pattern string) *matcher {
	data, err := robotstxt.FromString("user-agent: *\ndisallow: " + marker + pattern + "\n")
	if err != nil || data == nil {
		return nil
	}
	return &matcher{g: data.FindGroup("*")}
}

// match reports whether the pattern matches path (normalised, as from
// normalisePath). temoto adds the "/" that the marker pushed off the front.
func (m *matcher) match(path string) bool { return !m.g.Test("/" + marker + path) }

// normalisePath turns a request target into the form rules are compared
// with: fragment dropped, "/" when empty, a leading "/" ensured, escapes
// in upper case and bytes that may never appear raw in a URL (controls,
// space, DEL) percent-encoded. Non-ASCII bytes are left to the caller.
func normalisePath(p string) string {
	if i := strings.IndexByte(p, '#'); i >= 0 {
		p = p[:i]
	}
	if !strings.HasPrefix(p, "/") {
		p = "/" + p
	}
	return escape(p, false)
}

// escape percent-encodes octets outside printable US-ASCII (RFC 9309 2.2.2:
// "MUST be percent-encoded ... prior to comparison") and upper-cases the hex
// digits of existing escapes (RFC 3986 6.2.2.1), so "/ツ", "/%e3%83%84" and
// "/%E3%83%84" compare equal. nonASCII false leaves bytes >= 0x80 alone.
func escape(s string, nonASCII bool) string {
	const hex = "0123456789ABCDEF"
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '%' && i+2 < len(s) && isHex(s[i+1]) && isHex(s[i+2]):
			b.WriteByte('%')
			b.WriteString(strings.ToUpper(s[i+1 : i+3]))
			i += 2
		case c <= ' ' || c == 0x7f || (c >= 0x80 && nonASCII):
			b.WriteByte('%')
			b.WriteByte(hex[c>>4])
			b.WriteByte(hex[c&15])
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

func isHex(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'f' || c >= 'A' && c <= 'F'
}
