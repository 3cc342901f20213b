package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"testing"
)

// escapeCases are the inputs whose escaping xml.EscapeText decides:
// markup, whitespace, characters outside XML's Char range, U+FFFD written
// and U+FFFD made of bad bytes, and text around them.
var escapeCases = []string{
	"",
	"plain text",
	`<img src=x onerror=alert(1)>`,
	`"double" & 'single' quotes`,
	"Tom & Jerry &amp; &lt;b&gt; ]]> <![CDATA[x]]>",
	"tab\tnew\nline\rreturn\r\n",
	"\x00\x01\x08\x0b\x0c\x1f\x7f",
	"日本経済新聞 – Ωmega 🙂 ÄÖÜ",
	"bad \xff\xfe bytes \xc3\x28 \xe2\x82 end\xe2",
	"\xed\xa0\x80 \xed\xbf\xbf",  // surrogates, UTF-8 encoded: invalid
	"\uFFFD kept, \uFFFE \uFFFF", // U+FFFD in range, U+FFFE and U+FFFF not
	"\u00a0\u2028\u2029\U0010FFFF\U00010000\ud7ff\ue000",
	"\xf4\x90\x80\x80", // beyond U+10FFFF
	"\xc0\x80",         // overlong NUL
	"&",
	"a\"b'c<d>e&f",
}

func TestEscapeTextMatchesEncodingXML(t *testing.T) {
	for _, s := range escapeCases {
		checkEscape(t, s)
	}
}

func FuzzEscapeTextMatchesEncodingXML(f *testing.F) {
	for _, s := range escapeCases {
		f.Add(s)
	}
	for _, s := range hostile {
		f.Add(s)
	}
	f.Fuzz(checkEscape)
}

func checkEscape(t *testing.T, s string) {
	t.Helper()
	var want, got bytes.Buffer
	if err := xml.EscapeText(&want, []byte(s)); err != nil {
		t.Fatal(err)
	}
	if err := escapeText(&got, s); err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got.Bytes(), want.Bytes()) {
		t.Errorf("escapeText(%q) = %q, xml.EscapeText gives %q", s, got.Bytes(), want.Bytes())
	}
}

// failWriter fails every write after n bytes.
type failWriter struct{ n int }

func (w *failWriter) Write(p []byte) (int, error) {
	if len(p) > w.n {
		return 0, errors.New("disk full")
	}
	w.n -= len(p)
	return len(p), nil
}

// TestEscapeTextWriteError: a failing writer's error comes back, at the
// text before an escape, the escape itself and the text after it.
func TestEscapeTextWriteError(t *testing.T) {
	for _, n := range []int{0, 2, 7} {
		if err := escapeText(&failWriter{n: n}, "ab&cd"); err == nil || err.Error() != "disk full" {
			t.Errorf("after %d bytes: error %v, want disk full", n, err)
		}
	}
}
