package main

import (
	"strconv"
	"unicode/utf8"

	"feedscout/wasm/classify"
	"feedscout/wasm/opml"
)

// The module writes its JSON by hand, without encoding/json: that package
// (with the reflection it needs) adds 0.6 MB to the module, which would
// take it past its 3.6 MB budget. The output is byte for byte what
// json.Marshal gives for the same values; jsonw_test.go and the parity test
// in tests/ hold it to that.

// object appends the members of one JSON object.
type object struct {
	b []byte
	n int
}

func (o *object) key(k string) {
	if o.n == 0 {
		o.b = append(o.b, '{')
	} else {
		o.b = append(o.b, ',')
	}
	o.n++
	o.b = appendString(o.b, k)
	o.b = append(o.b, ':')
}

func (o *object) str(k, v string) {
	o.key(k)
	o.b = appendString(o.b, v)
}

// strOmit writes a member tagged omitempty.
func (o *object) strOmit(k, v string) {
	if v != "" {
		o.str(k, v)
	}
}

func (o *object) boolean(k string, v bool) {
	o.key(k)
	o.b = strconv.AppendBool(o.b, v)
}

func (o *object) integer(k string, v int) {
	o.key(k)
	o.b = strconv.AppendInt(o.b, int64(v), 10)
}

func (o *object) done() []byte {
	if o.n == 0 {
		return append(o.b, '{', '}')
	}
	return append(o.b, '}')
}

// array appends a JSON array of n elements written by each.
func array(b []byte, n int, each func(b []byte, i int) []byte) []byte {
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, i)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// appendString appends s as a JSON string the way encoding/json does with
// HTML escaping on (its default): ", \ and control bytes escaped, <, > and
// & as \u003c \u003e \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as
// \ufffd.
func appendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}

// appendPage writes a classify.Page with the field names, order and
// omitempty rules of its json tags.
func appendPage(b []byte, p *classify.Page) []byte { return writePage(b, p, true) }

// appendPageNoLists writes p as appendPage does but without its
// "sections" and "articles" members.
func appendPageNoLists(b []byte, p *classify.Page) []byte { return writePage(b, p, false) }

func writePage(b []byte, p *classify.Page, lists bool) []byte {
	o := object{b: b}
	o.str("url", p.URL)
	o.strOmit("base", p.Base)
	o.str("kind", p.Kind)
	o.strOmit("generator", p.Generator)
	o.strOmit("cms", p.CMS)
	o.strOmit("title", p.Title)
	o.key("feeds")
	if p.Feeds == nil {
		o.b = append(o.b, "null"...)
	} else {
		o.b = array(o.b, len(p.Feeds), func(b []byte, i int) []byte { return appendFeed(b, &p.Feeds[i]) })
	}
	o.key("feed_anchors")
	o.b = appendLinks(o.b, p.FeedAnchors)
	if lists {
		o.key("sections")
		o.b = appendLinks(o.b, p.Sections)
		o.key("articles")
		o.b = appendLinks(o.b, p.Articles)
	}
	o.boolean("links_to_articles", p.LinksToArticles)
	o.integer("same_host_links", p.SameHostLinks)
	if p.Truncated {
		o.boolean("truncated", true)
	}
	return o.done()
}

func appendFeed(b []byte, f *classify.Feed) []byte {
	o := object{b: b}
	o.str("url", f.URL)
	o.strOmit("title", f.Title)
	o.str("type", f.Type)
	o.str("format", f.Format)
	o.boolean("comments", f.Comments)
	o.integer("group", f.Group)
	o.str("scope", f.Scope)
	return o.done()
}

// appendLinks writes a []classify.Link; nil as null, like json.Marshal.
func appendLinks(b []byte, links []classify.Link) []byte {
	if links == nil {
		return append(b, "null"...)
	}
	return array(b, len(links), func(b []byte, i int) []byte {
		o := object{b: b}
		o.str("url", links[i].URL)
		o.strOmit("text", links[i].Text)
		o.strOmit("name", links[i].Name)
		return o.done()
	})
}

// appendSubs writes a []opml.Subscription; nil as null.
func appendSubs(b []byte, subs []opml.Subscription) []byte {
	if subs == nil {
		return append(b, "null"...)
	}
	return array(b, len(subs), func(b []byte, i int) []byte {
		s := &subs[i]
		o := object{b: b}
		o.str("kind", s.Kind)
		o.str("url", s.URL)
		o.str("title", s.Title)
		o.str("site", s.Site)
		o.strOmit("format", s.Format)
		o.strOmit("added", s.Added)
		return o.done()
	})
}
