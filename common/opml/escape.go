package opml

import (
	"io"
	"unicode/utf8"
)

// escapeText writes s to w as encoding/xml's EscapeText writes it, byte for
// byte (escape_test.go compares them on a table and under fuzzing): the
// five markup characters as &#34; &#39; &amp; &lt; &gt;, tab, newline and
// carriage return as &#x9; &#xA; &#xD;, and each byte of invalid UTF-8 and
// each character outside XML's Char production (XML 1.0 section 2.2: C0
// controls, surrogates, U+FFFE, U+FFFF) as U+FFFD. A U+FFFD already in s
// stays as it is. It is a copy so that classify.wasm, which writes OPML but
// never reads it, does not link encoding/xml.
func escapeText(w io.Writer, s string) error {
	last := 0
	for i := 0; i < len(s); {
		r, width := utf8.DecodeRuneInString(s[i:])
		i += width
		var esc string
		switch r {
		case '"':
			esc = "&#34;"
		case '\'':
			esc = "&#39;"
		case '&':
			esc = "&amp;"
		case '<':
			esc = "&lt;"
		case '>':
			esc = "&gt;"
		case '\t':
			esc = "&#x9;"
		case '\n':
			esc = "&#xA;"
		case '\r':
			esc = "&#xD;"
		default:
			if !xmlChar(r) || (r == utf8.RuneError && width == 1) {
				esc = "\uFFFD"
				break
			}
			continue
		}
		if _, err := io.WriteString(w, s[last:i-width]); err != nil {
			return err
		}
		if _, err := io.WriteString(w, esc); err != nil {
			return err
		}
		last = i
	}
	_, err := io.WriteString(w, s[last:])
	return err
}

// xmlChar reports whether r is in XML 1.0's Char production (section
// 2.2): tab, newline, carriage return and U+0020 up, without the
// surrogates, U+FFFE and U+FFFF.
func xmlChar(r rune) bool {
	return r == 0x09 || r == 0x0A || r == 0x0D ||
		r >= 0x20 && r <= 0xD7FF ||
		r >= 0xE000 && r <= 0xFFFD ||
		r >= 0x10000 && r <= 0x10FFFF
}
