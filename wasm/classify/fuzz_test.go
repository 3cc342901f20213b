package classify

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
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
