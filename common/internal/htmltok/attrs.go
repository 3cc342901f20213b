package htmltok

import (
	"bytes"

	"golang.org/x/net/html"
)

// maxAttrs is how many attributes of one tag the tokenizer compares by
// span to find duplicate names; beyond it, a map (n² comparisons).
const maxAttrs = 64

// Attrs reads the attributes of the tokenizer's current start tag as
// x/net/html's TagAttr would return them (key lowercased, value unescaped,
// first of duplicate names kept, same order), but as slices of the input
// instead of copies; only a value holding '&', NUL or CR (entities to
// decode, characters to replace) is copied. FuzzTokenizer holds attrs to
// TagAttr.
//
// One Attrs serves a whole page: its buffer is reused from tag to tag.
type Attrs struct {
	z   *Tokenizer
	i   int    // next attribute to return
	key []byte // the lowercased key last returned
}

// Reset prepares to read the attributes of z's current start tag.
func (a *Attrs) Reset(z *Tokenizer) {
	a.z, a.i = z, 0
}

// Next returns the next attribute as TagAttr would: key lowercased (ASCII),
// value unescaped. Both are valid only until the tokenizer moves on, and
// must not be modified.
func (a *Attrs) Next() (key, val []byte, more bool) {
	z := a.z
	if a.i >= len(z.attr) {
		return nil, nil, false
	}
	s := z.attr[a.i]
	a.i++
	more = a.i < len(z.attr)
	k, v := z.buf[s[0].start:s[0].end], z.buf[s[1].start:s[1].end]
	if bytes.IndexByte(k, 0) >= 0 {
		a.key = append(a.key[:0], bytes.ReplaceAll(k, nul, replacement)...)
	} else {
		a.key = append(a.key[:0], k...)
	}
	for j, c := range a.key {
		if 'A' <= c && c <= 'Z' {
			a.key[j] = c + 'a' - 'A'
		}
	}
	if needsDecoding(v) {
		v = decodeAttr(v)
	}
	return a.key, v, more
}

var (
	nul         = []byte("\x00")
	replacement = []byte("\ufffd")
)

// decodeAttr returns a copy of the attribute value v as TagAttr gives it:
// NUL made U+FFFD, CR LF and CR made LF, character references decoded as
// in an attribute value (unescapeAttrRef).
func decodeAttr(v []byte) []byte {
	v = convertNewlines(bytes.ReplaceAll(v, nul, replacement))
	i := bytes.IndexByte(v, '&')
	if i < 0 {
		return v
	}
	out := append(make([]byte, 0, len(v)), v[:i]...)
	for i < len(v) {
		// A reference ends before the next '&'.
		j := bytes.IndexByte(v[i+1:], '&')
		if j < 0 {
			j = len(v)
		} else {
			j += i + 1
		}
		out = unescapeAttrRef(out, v[i:j])
		i = j
	}
	return out
}

// unescapeAttrRef appends c, which starts with the only '&' in it, with
// its character reference decoded as x/net/html decodes one in an
// attribute value. That differs from text (html.UnescapeString) only for
// named references: a name without ';' followed by '=' stays as it is,
// and a name must match whole (in text "&notit;" is "¬it;"). Whether
// UnescapeString matched the whole name shows in what it leaves: a
// partial match leaves the rest of the name, ending in a letter or digit
// (and ';' if the name had one); no whole match decodes to that.
func unescapeAttrRef(out, c []byte) []byte {
	if len(c) < 2 || c[1] == '#' {
		return append(out, html.UnescapeString(string(c))...)
	}
	i := 1
	for i < len(c) && isAlnum(c[i]) {
		i++
	}
	semi := i < len(c) && c[i] == ';'
	if semi {
		i++
	}
	if i == 1 || !semi && i < len(c) && c[i] == '=' {
		return append(out, c...)
	}
	ref := string(c[:i])
	t := html.UnescapeString(ref)
	n := len(t)
	partial := n > 0 && isAlnum(t[n-1])
	if semi {
		partial = n > 1 && t[n-1] == ';' && isAlnum(t[n-2])
	}
	if t == ref || partial {
		return append(out, c...)
	}
	return append(append(out, t...), c[i:]...)
}

func isAlnum(c byte) bool {
	return 'a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9'
}

// needsDecoding reports whether TagAttr would change v: entities, NUL and
// CR.
func needsDecoding(v []byte) bool {
	for _, c := range v {
		if c == '&' || c == 0 || c == '\r' {
			return true
		}
	}
	return false
}

// equalFoldASCII compares a and b (of equal length) folding only A-Z.
func equalFoldASCII(a, b []byte) bool {
	for j := range a {
		x, y := a[j], b[j]
		if 'A' <= x && x <= 'Z' {
			x += 'a' - 'A'
		}
		if 'A' <= y && y <= 'Z' {
			y += 'a' - 'A'
		}
		if x != y {
			return false
		}
	}
	return true
}
