package htmltok

import (
	"bytes"
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"golang.org/x/net/html"
)

// attrSeeds are tags where the tokenizer's attribute rules are easy to get
// wrong: leading '=', '/' between attributes, duplicates in other case,
// unquoted values ending at '>', entities with and without ';', NUL, CR.
var attrSeeds = []string{
	`<a href=/x title='t' aria-label="l">`,
	`<A HREF="/x" href="/y" Href=/z>`,
	`<a =href=1 ==x =>`,
	`<a href=/x/>`,
	`<a/href=/x/title=y>`,
	`<a href = "x" / title= y >`,
	`<a href=?a=1&amp;b=2&copy=3&copy;&#38;&#x26;&notit;&noti>`,
	`<a a="&not" b="&notin" c="&notin;" d="&notit;" e="&noti" f="&fjlig;" g="&semi;" h="&amp" i="&ampx" j="&AMP;x" k="&;" l="&" m="&&" n="&#0;&#;&#x;&#xD800;" o="&hellip" p="&hellip;" q="&lt=" r="&lt;=" s="&ltx" t="&NotNestedGreaterGreater;" u="&nbsp;&nbsp" v="&acE;" w="&amp;&amp&ampx&">`,
	"<a h\x00ref=\"a\x00b\" t=\"a\r\nb\rc\">",
	`<a href="x>y" title='a"b'>`,
	`<a href=x title>`,
	`<a href=>`,
	`<a href="unterminated`,
	`<meta name=generator content="WordPress 6.5"><link rel=alternate type=application/rss+xml href=/feed/><base href=/b/>`,
	"<img\tsrc=a.png\falt=\"x y\"\n>",
	`<script src=/wp-includes/x.js data-ghost></script><iframe src=//x>`,
}

// FuzzTokenizer holds the tokenizer and attrs to x/net/html's Tokenizer
// on any input and token size limit: the same tokens with the same raw
// bytes, the same text, the same attributes (TagAttr) in the same order,
// the same final error; and the input left unmodified.
func FuzzTokenizer(f *testing.F) {
	for _, s := range attrSeeds {
		f.Add([]byte(s), uint16(0))
	}
	f.Add([]byte("<title>a&amp;b\r\n\x00</title><script>x<!--<script></script>--></script><textarea>&lt;</TEXTAREA x>"), uint16(0))
	f.Add([]byte("<!DOCTYPE html><!-- c --!><?x?></><//x><![CDATA[y]]><plaintext>&amp;"), uint16(0))
	f.Add([]byte(`<a href="/x" title="long title">text</a>`), uint16(12))
	files, _ := filepath.Glob(filepath.Join(pagesDir, "*.html"))
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(body) <= 64<<10 {
			f.Add(body, uint16(0))
		}
	}
	f.Fuzz(func(t *testing.T, body []byte, maxBuf uint16) {
		checkTokenizer(t, body, int(maxBuf))
	})
}

// TestTokenizerPages runs the seeds of FuzzTokenizer and every page of
// testdata (also the big ones) through checkTokenizer.
func TestTokenizerPages(t *testing.T) {
	for _, s := range attrSeeds {
		checkTokenizer(t, []byte(s), 0)
	}
	files, _ := filepath.Glob(filepath.Join(pagesDir, "*.html"))
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		checkTokenizer(t, body, 0)
		checkTokenizer(t, body, 512)
	}
}

// checkTokenizer tokenizes body with both tokenizers in step and compares
// every token.
func checkTokenizer(t *testing.T, body []byte, maxBuf int) {
	t.Helper()
	orig := bytes.Clone(body)
	z := New(body, maxBuf)
	ref := html.NewTokenizer(bytes.NewReader(body))
	ref.SetMaxBuf(maxBuf)
	var at Attrs
	for n := 0; ; n++ {
		tt, rt := z.Next(), ref.Next()
		if tt != rt || !bytes.Equal(z.Raw(), ref.Raw()) {
			t.Fatalf("token %d: %v %q, x/net/html %v %q", n, tt, z.Raw(), rt, ref.Raw())
		}
		switch tt {
		case html.ErrorToken:
			if z.Err() != ref.Err() {
				t.Fatalf("error %v, x/net/html %v", z.Err(), ref.Err())
			}
			if !bytes.Equal(body, orig) {
				t.Fatal("input modified")
			}
			return
		case html.TextToken:
			if a, b := z.Text(), ref.Text(); !bytes.Equal(a, b) {
				t.Fatalf("token %d: text %q, x/net/html %q", n, a, b)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			at.Reset(z)
			for i := 0; ; i++ {
				k, v, more := at.Next()
				rk, rv, rmore := ref.TagAttr()
				if !bytes.Equal(k, rk) || !bytes.Equal(v, rv) || more != rmore {
					t.Fatalf("tag %q, attribute %d: %q=%q more=%v, TagAttr %q=%q more=%v",
						z.Raw(), i, k, v, more, rk, rv, rmore)
				}
				if !more {
					break
				}
			}
		}
	}
}

// TestTokenizerManyAttrs checks duplicate names past maxAttrs, where the
// tokenizer switches to a map.
func TestTokenizerManyAttrs(t *testing.T) {
	var b bytes.Buffer
	b.WriteString("<a")
	for i := range 3 * maxAttrs {
		fmt.Fprintf(&b, " A%d=%d a%d=x", i%100, i, i%90)
	}
	b.WriteString(" HREF=/y href=/x>t</a>")
	checkTokenizer(t, b.Bytes(), 0)
}

// pagesDir holds common/classify's real-page fixtures, the pages the
// tokenizer reads in use.
const pagesDir = "../../classify/testdata"
