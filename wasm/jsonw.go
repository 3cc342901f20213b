package main

import (
	"feedscout/wasm/classify"
	"feedscout/wasm/internal/abi"
)

// The answers of classify.wasm, written by hand with package abi's JSON
// writer (see there for why not encoding/json): byte for byte what
// json.Marshal gives for the same values; jsonw_test.go and the parity
// tests in tests/ hold them to that.

// appendPage writes a classify.Page with the field names, order and
// omitempty rules of its json tags.
func appendPage(b []byte, p *classify.Page) []byte { return writePage(b, p, true) }

// appendPageNoLists writes p as appendPage does but without its
// "sections" and "articles" members.
func appendPageNoLists(b []byte, p *classify.Page) []byte { return writePage(b, p, false) }

func writePage(b []byte, p *classify.Page, lists bool) []byte {
	o := abi.Object{B: b}
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
		o.B = abi.Array(o.B, len(p.Feeds), func(b []byte, i int) []byte { return appendFeed(b, &p.Feeds[i]) })
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

func appendFeed(b []byte, f *classify.Feed) []byte {
	o := abi.Object{B: b}
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

// appendLinks writes a []classify.Link; nil as null, like json.Marshal.
func appendLinks(b []byte, links []classify.Link) []byte {
	if links == nil {
		return append(b, "null"...)
	}
	return abi.Array(b, len(links), func(b []byte, i int) []byte {
		o := abi.Object{B: b}
		o.Str("url", links[i].URL)
		o.StrOmit("text", links[i].Text)
		o.StrOmit("name", links[i].Name)
		return o.Done()
	})
}
