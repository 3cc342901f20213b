package classify

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"feedscout/common/shape"
)

// FuzzClassify feeds arbitrary pages, page URLs and content types to
// Classify and holds every answer to the Page invariants (checkInvariants:
// every URL absolute http(s) in normal form, no fragment, clean texts, ...)
// and to determinism: the same input, the same JSON.
func FuzzClassify(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.html"))
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		if len(body) > 64<<10 {
			continue // the big pages slow the fuzzer down without new shapes
		}
		f.Add("https://www.example.com/news/", body, "")
	}
	f.Add("http://x.example/a/b?c=d", []byte(`<base href="../q/"><a href="feed://h/p#f">RSS</a><link rel=alternate type=application/atom+xml href="//X.example:80/f">`), "text/html; charset=shift_jis")
	f.Add("https://x.example/", []byte("<a href='\x00javascript:1'>\xff</a><a href=\"http://[::1]:0/\">"), "text/html; charset=utf-16")
	f.Fuzz(func(t *testing.T, pageURL string, body []byte, contentType string) {
		p, err := Classify(pageURL, body, contentType)
		if err != nil {
			if p != nil {
				t.Fatal("a page together with an error")
			}
			return
		}
		checkInvariants(t, p)
		a, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		p2, err := Classify(pageURL, body, contentType)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(p2)
		if !bytes.Equal(a, b) {
			t.Fatalf("two runs differ:\n%s\n%s", a, b)
		}
		if got, _ := SectionArticles(pageURL, body, contentType); len(got) > len(p.Articles) {
			t.Fatalf("SectionArticles gave %d links from %d articles", len(got), len(p.Articles))
		}
	})
}

// FuzzResolveFast holds the resolver's fast path to net/url: whenever it
// answers, the slow path gives the same URL.
func FuzzResolveFast(f *testing.F) {
	for _, s := range []string{"/a/b.html", "/a/b?c=d&e", "https://x.example/p", "http://x.example?q=1", "/a/./b", "/a//b", "https://X.example/", "/a?", "/caf%C3%A9"} {
		f.Add("https://www.example.com:8443/base/page.html?x=1", s)
	}
	f.Fuzz(func(t *testing.T, base, href string) {
		bu, err := pageBase(base)
		if err != nil {
			return
		}
		r := newResolver(bu, 0)
		s := cleanHref(href)
		fast, ok := r.fast(s)
		if !ok {
			return
		}
		slow := r.slow(s)
		if slow.u == nil {
			t.Fatalf("fast resolved %q to %q; net/url rejects it", s, fast.s)
		}
		if fast.s != slow.s || fast.u.Path != slow.u.Path || fast.u.RawQuery != slow.u.RawQuery ||
			fast.u.Host != slow.u.Host || fast.u.Scheme != slow.u.Scheme ||
			fast.u.EscapedPath() != slow.u.EscapedPath() || shape.Input(fast.u) != shape.Input(slow.u) {
			t.Fatalf("href %q against %q: fast %q %#v, net/url %q %#v", s, base, fast.s, fast.u, slow.s, slow.u)
		}
	})
}
