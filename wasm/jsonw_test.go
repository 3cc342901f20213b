package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"feedscout/wasm/classify"
	"feedscout/wasm/opml"
)

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	cases := []string{
		"", "plain", `quote " backslash \ slash /`, "<script>&amp;</script>",
		"\x00\x01\x1f\x7f\b\f\n\r\t", "日本語 Ωmega 🙂", "\u2028\u2029",
		"bad \xff\xfe utf8 \xe6\x97", "\xed\xa0\x80 surrogate bytes",
	}
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("appendString(%q) = %s, want %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("<a href=\"x\">\u2028\xff</a>")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := appendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("appendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// TestAppendPageMatchesEncodingJSON holds the hand-written encoder to
// json.Marshal on every golden page of package classify and on pages with
// every optional field set and unset.
func TestAppendPageMatchesEncodingJSON(t *testing.T) {
	pages := []*classify.Page{
		{},
		{URL: "https://x/", Kind: "home", Feeds: []classify.Feed{}, FeedAnchors: []classify.Link{}, Sections: []classify.Link{}, Articles: []classify.Link{}},
		{URL: "https://x/<&>", Base: "b", Kind: "article", Generator: "g", CMS: "c", Title: "t\u2028",
			Feeds:       []classify.Feed{{URL: "u", Title: "", Type: "application/rss+xml", Format: "rss", Comments: true, Group: 12, Scope: "comments"}},
			FeedAnchors: []classify.Link{{URL: "a"}, {URL: "b", Text: "RSS"}},
			Sections:    []classify.Link{{URL: "s", Text: "S"}}, Articles: nil,
			LinksToArticles: true, SameHostLinks: 271, Truncated: true},
	}
	files, err := filepath.Glob(filepath.Join("classify", "testdata", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := classify.Classify("https://www.example.com/news/", body, "")
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	if len(files) == 0 {
		t.Error("no golden pages found in classify/testdata")
	}
	for i, p := range pages {
		want, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := appendPage(nil, p); !bytes.Equal(got, want) {
			t.Errorf("page %d: appendPage differs from json.Marshal:\n got %s\nwant %s", i, got, want)
		}
	}
}

func TestAppendSubsMatchesEncodingJSON(t *testing.T) {
	for _, subs := range [][]opml.Subscription{
		nil, {},
		{{Kind: "feed", URL: "u", Title: "<t>", Site: "s", Format: "rss", Added: "2026"}, {Kind: "section", URL: "v"}},
	} {
		want, _ := json.Marshal(subs)
		if got := appendSubs(nil, subs); !bytes.Equal(got, want) {
			t.Errorf("appendSubs = %s, want %s", got, want)
		}
	}
}
