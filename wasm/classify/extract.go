package classify

import (
	"bytes"
	"strings"

	"golang.org/x/net/html"
)

// doc is what one pass of the tokenizer pulls out of a page, before any
// URL is resolved (a <base href> later in the page still applies to links
// before it, as in a browser).
type doc struct {
	base      string
	hasBase   bool
	title     string
	hasTitle  bool
	generator []string
	ogArticle bool // <meta property=og:type content=article>
	published bool // <meta property=article:published_time>
	// alternates are <link> elements whose rel holds "alternate".
	alternates []alternate
	anchors    []anchor
	// telltales are attribute values that may betray the CMS (src and
	// href of scripts, styles and images; <link rel> URLs), in order.
	telltales []string
	truncated bool
}

type alternate struct {
	href, typ, title string
}

type anchor struct {
	href, typ, text, label string
}

// maxText bounds the bytes of text kept for one anchor or the title before
// whitespace is collapsed; anchors wrapping a whole teaser stop there.
const maxText = 2048

// phrasing are inline elements whose tags do not separate words: text on
// both sides of them joins without a space, as in the rendered page.
var phrasing = map[string]bool{
	"a": true, "abbr": true, "b": true, "bdi": true, "bdo": true,
	"cite": true, "code": true, "data": true, "dfn": true, "em": true,
	"font": true, "i": true, "kbd": true, "mark": true, "q": true,
	"rp": true, "rt": true, "ruby": true, "s": true, "samp": true,
	"small": true, "span": true, "strong": true, "sub": true, "sup": true,
	"u": true, "var": true, "wbr": true,
}

// extract runs the tokenizer over a UTF-8 page once.
func extract(body []byte) *doc {
	d := &doc{}
	z := html.NewTokenizer(bytes.NewReader(body))
	z.SetMaxBuf(maxToken)
	var (
		cur    *anchor // the open <a>, nil outside one
		text   []byte  // text of the open <a>
		alt    string  // first image alt inside the open <a>
		rawTag string  // the raw-text element whose content comes next
	)
	closeAnchor := func() {
		if cur == nil {
			return
		}
		cur.text = collapse(text)
		if cur.text == "" {
			switch {
			case cur.label != "":
				cur.text = cur.label
			case alt != "":
				cur.text = alt
			}
		}
		cur.label = ""
		d.anchors = append(d.anchors, *cur)
		cur, text, alt = nil, text[:0], ""
	}
	for {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			// io.EOF ends the page; ErrBufferExceeded (maxToken) ends
			// what we can read of it.
			if z.Err() == html.ErrBufferExceeded {
				d.truncated = true
			}
			closeAnchor()
			return d
		case html.TextToken:
			if rawTag != "" {
				if rawTag == "title" && !d.hasTitle {
					d.title, d.hasTitle = collapse(capBytes(z.Text())), true
				}
				rawTag = ""
				continue
			}
			if cur != nil && len(text) < maxText {
				text = append(text, capBytes(z.Text())...)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			rawTag = ""
			name, hasAttr := z.TagName()
			switch string(name) {
			case "a":
				closeAnchor()
				cur = readAnchor(z, hasAttr)
			case "img":
				src, a := imgAttrs(z, hasAttr)
				if cur != nil && alt == "" {
					alt = a
				}
				d.telltale(src)
			case "link":
				d.readLink(z, hasAttr)
			case "base":
				if href, ok := attr(z, hasAttr, "href"); ok && !d.hasBase {
					d.base, d.hasBase = href, true
				}
			case "meta":
				d.readMeta(z, hasAttr)
			case "script", "iframe":
				d.readScript(z, hasAttr)
				rawTag = string(name)
			case "title", "style", "textarea", "xmp", "noembed", "noframes", "noscript", "plaintext":
				rawTag = string(name)
			}
			if cur != nil && !phrasing[string(name)] && len(text) < maxText {
				text = append(text, ' ')
			}
		case html.EndTagToken:
			rawTag = ""
			name, _ := z.TagName()
			if string(name) == "a" {
				closeAnchor()
			} else if cur != nil && !phrasing[string(name)] && len(text) < maxText {
				text = append(text, ' ')
			}
		default:
			rawTag = ""
		}
	}
}

// capBytes cuts b to maxText bytes (collapse repairs a cut rune).
func capBytes(b []byte) []byte {
	if len(b) > maxText {
		return b[:maxText]
	}
	return b
}

// attr returns the value of one attribute of the current tag.
func attr(z *html.Tokenizer, more bool, want string) (string, bool) {
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		if string(k) == want {
			return string(v), true
		}
	}
	return "", false
}

func readAnchor(z *html.Tokenizer, more bool) *anchor {
	a := &anchor{}
	var title, aria string
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "href":
			a.href = string(v)
		case "type":
			a.typ = string(v)
		case "title":
			title = string(v)
		case "aria-label":
			aria = string(v)
		}
	}
	a.label = collapse([]byte(aria))
	if a.label == "" {
		a.label = collapse([]byte(title))
	}
	return a
}

func imgAttrs(z *html.Tokenizer, more bool) (src, alt string) {
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "src":
			src = string(v)
		case "alt":
			alt = collapse(v)
		}
	}
	return src, alt
}

func (d *doc) readLink(z *html.Tokenizer, more bool) {
	var rel, href string
	var l alternate
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "rel":
			rel = string(v)
		case "href":
			href = string(v)
		case "type":
			l.typ = string(v)
		case "title":
			l.title = collapse(v)
		}
	}
	l.href = href
	// rel is a set of space-separated tokens, ASCII case-insensitive
	// (HTML: "The rel attribute").
	for _, tok := range strings.Fields(rel) {
		if strings.EqualFold(tok, "alternate") {
			d.alternates = append(d.alternates, l)
			return
		}
	}
	// Stylesheets and API roots name their CMS in their URL or rel.
	d.telltale(href)
	d.telltale(rel)
}

func (d *doc) readMeta(z *html.Tokenizer, more bool) {
	var name, prop, content string
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "name":
			name = strings.ToLower(strings.TrimSpace(string(v)))
		case "property":
			prop = strings.ToLower(strings.TrimSpace(string(v)))
		case "content":
			content = string(v)
		}
	}
	switch {
	case name == "generator":
		if g := collapse([]byte(content)); g != "" {
			d.generator = append(d.generator, g)
		}
	case prop == "og:type" || name == "og:type":
		d.ogArticle = strings.EqualFold(strings.TrimSpace(content), "article")
	case prop == "article:published_time" || name == "article:published_time":
		d.published = strings.TrimSpace(content) != ""
	}
}

func (d *doc) readScript(z *html.Tokenizer, more bool) {
	for more {
		var k, v []byte
		k, v, more = z.TagAttr()
		switch string(k) {
		case "src":
			d.telltale(string(v))
		case "data-ghost":
			d.telltale("data-ghost")
		case "data-drupal-selector":
			d.telltale("data-drupal-selector")
		}
	}
}

// telltale keeps s if it could betray a CMS (see cms.go); most values
// cannot, and keeping them all would cost memory on big pages.
func (d *doc) telltale(s string) {
	if s != "" && len(d.telltales) < 64 && cmsTelltale(s) != "" {
		d.telltales = append(d.telltales, s)
	}
}
