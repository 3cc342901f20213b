package main

import (
	"bytes"
	"encoding/json"
	"net/url"
	"reflect"
	"slices"
	"strconv"
	"strings"
	"testing"

	"feedscout/common/classify"
	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/common/shape"
)

func TestClassifyCall(t *testing.T) {
	// A Shift_JIS page as a browser hands it over: decoded text whose
	// <meta> still names Shift_JIS. It must be read as UTF-8.
	html := `<html><head><meta charset="Shift_JIS"><title>日本経済新聞</title>
<link rel="alternate" type="application/rss+xml" href="/rss/">
</head><body><a href="/article/DGXZQOUC026TI0S6A101C2000000/">スタートアップ</a></body></html>`
	out := classifyHTMLCall("https://www.nikkei.com/", []byte(html), true)
	want, err := classify.Classify("https://www.nikkei.com/", []byte(html), classify.TextContentType)
	if err != nil {
		t.Fatal(err)
	}
	wantJSON, _ := json.Marshal(want)
	if !bytes.Equal(out, wantJSON) {
		t.Errorf("classify_html call = %s\nwant %s", out, wantJSON)
	}
	if want.Title != "日本経済新聞" || want.Articles[0].Text != "スタートアップ" {
		t.Errorf("text was decoded again: title %q, article %q", want.Title, want.Articles[0].Text)
	}
}

func TestCallErrors(t *testing.T) {
	cases := []struct {
		name string
		fn   func([]byte) []byte
		in   string
		want string
	}{
		{"shape bad request", shapeCall, `{"urls":`, "shape: decode request: field 0: no length and colon at offset 0"},
		{"shape short field", shapeCall, "9:https://", "shape: decode request: field 0: 9 bytes, 8 left"},
		{"export kind", opmlExportCall, string(fields("", "", "", "", "", "podcast", "https://x/", "", "", "", "", "")), `opml: write: subscription 0: unknown kind "podcast"`},
		{"export field count", opmlExportCall, string(fields("t", "", "", "", "", "feed")), "opml_export: decode request: 6 fields, want 5 and 7 for each subscription"},
		{"export reader", opmlExportCall, string(fields("t", "liferea", "", "", "")), `opml: write: unknown reader "liferea" (want any, newsboat, freshrss or rss-bridge)`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var got struct{ Error string }
			out := c.fn([]byte(c.in))
			if err := json.Unmarshal(out, &got); err != nil {
				t.Fatalf("answer is not JSON: %s", out)
			}
			if got.Error != c.want {
				t.Errorf("error = %q, want %q", got.Error, c.want)
			}
		})
	}
}

// fields writes a request as encodeFields (extension/lib/classifier.js)
// does.
func fields(f ...string) []byte {
	var b []byte
	for _, s := range f {
		b = append(b, strconv.Itoa(len(s))+":"+s...)
	}
	return b
}

// exportRequest is opml_export's request for title, subs and o's reader,
// gateway, host, bridge and signatures (o.Sign for Atom), as
// classifier.js's opmlExport writes it.
func exportRequest(title string, subs []opml.Subscription, o opml.Options) []byte {
	f := []string{title, o.Reader, o.Gateway, o.Host, o.Bridge}
	for _, s := range subs {
		sig := ""
		if o.Sign != nil {
			sig = o.Sign(opml.FormatAtom, s.URL)
		}
		f = append(f, string(s.Kind), s.URL, s.Title, s.Site, s.Format, s.Added, sig)
	}
	return fields(f...)
}

func TestShapeCall(t *testing.T) {
	urls := []string{"https://www.nikkei.com/article/DGXZQOUC026TI0S6A101C2000000/", "/business/startups/", "https://x/search/", "http://[::1"}
	in := fields(urls...)
	var got []struct{ URL, Shape, Rule string }
	if err := json.Unmarshal(shapeCall(in), &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(urls) {
		t.Fatalf("got %d answers for %d urls", len(got), len(urls))
	}
	for i, u := range urls[:3] {
		pu, _ := url.Parse(u)
		v := shape.URL(pu)
		if got[i].URL != u || got[i].Shape != string(v.Shape) || got[i].Rule != v.Rule {
			t.Errorf("shape %q = %+v, want %+v", u, got[i], v)
		}
	}
	if got[3].Shape != "other" || got[3].Rule != "invalid-url" {
		t.Errorf("unparsable url: %+v", got[3])
	}
}

// TestOPMLExportCall: opml_export answers opml.WriteFor's document, hostile
// titles escaped. (Reading it back, opml_import, is newsmap.wasm's call:
// newsmapwasm/opml_test.go.)
func TestOPMLExportCall(t *testing.T) {
	subs := []opml.Subscription{
		{Kind: "feed", URL: "https://blog.example.com/feed/", Title: `<img src=x onerror=alert(1)>`, Site: "https://blog.example.com/", Format: "rss"},
		{Kind: "section", URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ & \"more\"", Site: "https://www.nikkei.com/", Added: "2026-11-30T09:00:00Z"},
	}
	in := exportRequest("mine", subs, opml.Options{})
	var doc struct{ OPML, Error string }
	if err := json.Unmarshal(opmlExportCall(in), &doc); err != nil || doc.Error != "" {
		t.Fatalf("export: %v %s", err, doc.Error)
	}
	var want bytes.Buffer
	if err := opml.WriteFor(&want, subs, opml.Options{Title: "mine"}); err != nil {
		t.Fatal(err)
	}
	if doc.OPML != want.String() {
		t.Errorf("export call differs from opml.WriteFor:\n%s", doc.OPML)
	}
	if !strings.Contains(doc.OPML, "&lt;img src=x") {
		t.Error("hostile title not escaped in the OPML")
	}
}

// TestClassifyHTMLCall: the popup's call answers json.Marshal of
// classify.Classify, invalid UTF-8 included, and without lists leaves out
// only sections and articles.
func TestClassifyHTMLCall(t *testing.T) {
	pages := []string{
		`<html><head><title>日本経済新聞</title><link rel="alternate" type="application/rss+xml" href="/rss/"></head>
<body><a href="/article/DGXZQOUC026TI0S6A101C2000000/">スタートアップ</a><a href="/business/">Business</a><a href="/feed">RSS</a></body></html>`,
		"<title>bad \xff\xfe bytes</title><a href=\"/news/2026/11/30/a-story-\xc3\x28-here\">\xe2\x82 x</a>",
	}
	for _, html := range pages {
		// Invalid UTF-8 is read as U+FFFD per bad byte, as a Go []rune
		// conversion (and JSON decoding) makes it.
		p, err := classify.Classify("https://www.nikkei.com/", []byte(string([]rune(html))), classify.TextContentType)
		if err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(p)
		if got := classifyHTMLCall("https://www.nikkei.com/", []byte(html), true); !bytes.Equal(got, want) {
			t.Errorf("classify_html = %s\nClassify = %s", got, want)
		}
		var full, short map[string]any
		json.Unmarshal(want, &full)
		if err := json.Unmarshal(classifyHTMLCall("https://www.nikkei.com/", []byte(html), false), &short); err != nil {
			t.Fatal(err)
		}
		delete(full, "sections")
		delete(full, "articles")
		if !reflect.DeepEqual(short, full) {
			t.Errorf("without lists = %v\nwant %v", short, full)
		}
	}
	if got := string(classifyHTMLCall("mailto:x@y", nil, true)); got != `{"error":"classify: page url \"mailto:x@y\": not an absolute http(s) url"}` {
		t.Errorf("bad url: %s", got)
	}
}

// TestOPMLExportFlavours: the export call passes reader, gateway and host
// through to opml.WriteFor, each flavour byte for byte.
func TestOPMLExportFlavours(t *testing.T) {
	subs := []opml.Subscription{
		{Kind: "news-sitemap", URL: "https://www.asahi.com/sitemap_national.xml?a=1&b=2", Title: "Asahi", Site: "https://www.asahi.com/"},
		{Kind: "section", URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ", Site: "https://www.nikkei.com/"},
		{Kind: "feed", URL: "https://b.example/feed.json", Title: "B", Site: "https://b.example/", Format: "json"},
	}
	for _, o := range []opml.Options{
		{Title: "t", Reader: "any", Gateway: "http://127.0.0.1:9999/base"},
		{Title: "t", Reader: "newsboat", Host: "/opt/feed's scout/feedscout-host"},
		{Title: "t", Reader: "freshrss"},
	} {
		var want bytes.Buffer
		if err := opml.WriteFor(&want, subs, o); err != nil {
			t.Fatal(err)
		}
		var got struct{ OPML, Error string }
		if err := json.Unmarshal(opmlExportCall(exportRequest(o.Title, subs, o)), &got); err != nil || got.OPML != want.String() {
			t.Errorf("%s: export call differs from opml.WriteFor (%v %s):\n%s\nwant\n%s", o.Reader, err, got.Error, got.OPML, want.String())
		}
	}
}

// TestOPMLWaysCall: opml_ways answers opml.Ways for the request
// opml_export takes, and a bad request with a sentence.
func TestOPMLWaysCall(t *testing.T) {
	subs := []opml.Subscription{
		{Kind: kind.Feed, URL: "https://a.example/feed.json", Format: "json"},
		{Kind: kind.Section, URL: "https://a.example/business/"},
	}
	sign := func(format, source string) string { return format + "-" + strconv.Itoa(len(source)) }
	for _, o := range []opml.Options{
		{Reader: opml.ReaderAny},
		{Reader: opml.ReaderAny, Gateway: "https://feeds.example.org", Sign: sign},
		{Reader: opml.ReaderNewsboat},
		{Reader: opml.ReaderNewsboat, Host: "/usr/bin/feedscout-host"},
		{Reader: opml.ReaderFreshRSS},
		{Reader: opml.ReaderRSSBridge, Bridge: "https://bridge.example"},
	} {
		want, err := opml.Ways(subs, o)
		if err != nil {
			t.Fatal(err)
		}
		wantURLs, _ := opml.Addresses(subs, o)
		var got struct{ Ways, URLs []string }
		if err := json.Unmarshal(opmlWaysCall(exportRequest("", subs, o)), &got); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(got.Ways, want) || !slices.Equal(got.URLs, wantURLs) {
			t.Errorf("%s: opml_ways %v %q, want %v %q", o.Reader, got.Ways, got.URLs, want, wantURLs)
		}
		if o.Reader == opml.ReaderNewsboat && o.Host == "" && got.URLs != nil {
			t.Errorf("newsboat without the host: urls %q", got.URLs)
		}
	}
	var bad struct{ Error string }
	if err := json.Unmarshal(opmlWaysCall(fields("t", "any")), &bad); err != nil || bad.Error != "opml_ways: decode request: 2 fields, want 5 and 7 for each subscription" {
		t.Errorf("bad request: %q, %v", bad.Error, err)
	}
}
