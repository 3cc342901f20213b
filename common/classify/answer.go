package classify

import (
	"unicode/utf8"

	"feedscout/common/jsonw"
)

// The popup's answer, classify_html (wasm/doc.go), for each program that
// gives it: classify.wasm in the popup and `feedscout-host classify` on the
// command line. ClassifyText reads a page as the popup hands it over;
// AppendJSON writes the Page by hand with package abi's JSON writer (see
// there for why not encoding/json), byte for byte what json.Marshal gives
// for the same value. answer_test.go and the parity tests in tests/ hold
// both programs to that.

// ClassifyText classifies html, a page's text as a browser holds it
// (UTF-8: the bytes TextEncoder gives), fetched from pageURL. The text is
// already decoded, so it is read as UTF-8 whatever its <meta> says; invalid
// UTF-8 is replaced by U+FFFD first, as a JavaScript string would hold it.
func ClassifyText(pageURL string, html []byte) (*Page, error) {
	if !utf8.Valid(html) {
		html = []byte(string([]rune(string(html))))
	}
	return Classify(pageURL, html, TextContentType)
}

// AppendJSON appends p as JSON, with the field names, order and omitempty
// rules of its json tags. With lists false it leaves out the "sections"
// and "articles" members (the popup shows neither), which on a big
// homepage are most of its bytes.
func (p *Page) AppendJSON(b []byte, lists bool) []byte {
	o := jsonw.Object{B: b}
	o.Str("url", p.URL)
	o.StrOmit("base", p.Base)
	o.Str("kind", p.Kind)
	o.StrOmit("generator", p.Generator)
	o.StrOmit("cms", p.CMS)
	o.StrOmit("title", p.Title)
	o.Key("feeds")
	if p.Feeds == nil {
		o.B = append(o.B, "null"...)
	} else {
		o.B = jsonw.Array(o.B, len(p.Feeds), func(b []byte, i int) []byte { return appendFeed(b, &p.Feeds[i]) })
	}
	o.Key("feed_anchors")
	o.B = appendLinks(o.B, p.FeedAnchors)
	if lists {
		o.Key("sections")
		o.B = appendLinks(o.B, p.Sections)
		o.Key("articles")
		o.B = appendLinks(o.B, p.Articles)
	}
	o.Boolean("links_to_articles", p.LinksToArticles)
	o.Integer("same_host_links", p.SameHostLinks)
	if p.Truncated {
		o.Boolean("truncated", true)
	}
	return o.Done()
}

func appendFeed(b []byte, f *Feed) []byte {
	o := jsonw.Object{B: b}
	o.Str("url", f.URL)
	o.StrOmit("title", f.Title)
	o.Str("type", f.Type)
	o.Str("format", f.Format)
	o.Boolean("comments", f.Comments)
	o.Integer("group", f.Group)
	o.Str("scope", f.Scope)
	o.StrOmit("rule", f.Rule)
	return o.Done()
}

// appendLinks writes a []Link; nil as null, like json.Marshal.
func appendLinks(b []byte, links []Link) []byte {
	if links == nil {
		return append(b, "null"...)
	}
	return jsonw.Array(b, len(links), func(b []byte, i int) []byte {
		o := jsonw.Object{B: b}
		o.Str("url", links[i].URL)
		o.StrOmit("text", links[i].Text)
		o.StrOmit("name", links[i].Name)
		return o.Done()
	})
}
