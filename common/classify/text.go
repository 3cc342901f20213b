package classify

import (
	"unicode"
	"unicode/utf8"
)

// maxRunes bounds every text Classify returns (titles, anchor texts).
const maxRunes = 300

// collapse turns markup text into one line: runs of white space become one
// space, leading and trailing space go, invalid UTF-8 becomes U+FFFD, and
// the result stops after maxRunes characters.
func collapse(b []byte) string {
	if clean(b) {
		return string(b) // most texts: one copy, no rebuilding
	}
	out := make([]byte, 0, min(len(b), maxRunes*4))
	space, n := false, 0
	for len(b) > 0 && n < maxRunes {
		r, size := utf8.DecodeRune(b)
		b = b[size:]
		if unicode.IsSpace(r) {
			space = len(out) > 0
			continue
		}
		if space {
			out = append(out, ' ')
			n++
			space = false
			if n >= maxRunes {
				break
			}
		}
		out = utf8.AppendRune(out, r)
		n++
	}
	return string(out)
}

// clean reports whether collapse would return b unchanged: short ASCII
// without leading, trailing, doubled or non-space white space.
func clean(b []byte) bool {
	if len(b) == 0 || len(b) > maxRunes || b[0] == ' ' || b[len(b)-1] == ' ' {
		return len(b) == 0
	}
	for i, c := range b {
		if c >= utf8.RuneSelf || c < ' ' || (c == ' ' && b[i+1] == ' ') {
			return false
		}
	}
	return true
}
