package classify

import (
	"strings"

	"golang.org/x/net/html"

	"feedscout/common/internal/htmltok"
	"feedscout/common/shape"
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
	// canonical is the first <link rel=canonical>'s href; channelID the
	// first <meta itemprop=channelId> or itemprop=identifier that starts
	// with UC (YouTube's watch and channel pages).
	// The platform rules read both (platform.go).
	canonical, channelID string
	// alternates are <link> elements whose rel holds "alternate" (not as
	// "alternate stylesheet") or "feed".
	alternates []alternate
	anchors    []anchor
	// telltales are attribute values that may betray the CMS (src and
	// href of scripts, styles and images; <link rel> URLs), in order.
	telltales []string
	truncated bool
}

type alternate struct {
	href, typ, title string
	// relFeed: rel holds "feed", HTML's feed autodiscovery keyword: the
	// site says it is a feed whatever its type.
	relFeed bool
}

type anchor struct {
	href, typ, text, label string
	// weakText: text is a stand-in (aria-label, title, image alt) because
	// the anchor has no text of its own.
	weakText bool
	// nav: the anchor sits in the page's navigation: inside a <nav>, or
	// the page's own <header> or <footer> (navTracker; shape.Link's Nav).
	nav bool
	// footer: the anchor sits in the page's own <footer> (shape.Link's
	// Footer).
	footer bool
	// relFeed: rel holds "feed" (HTML's feed autodiscovery keyword).
	relFeed bool
	// relTag: rel holds "tag" and not "category": the link names a tag
	// of this page (HTML's rel=tag; WordPress writes rel="category tag"
	// for a post's categories, rel="tag" for its tags).
	relTag bool
	// item: what the site's CMS says the link leads to (shape.Item):
	// the class of the list item the anchor opens (WordPress's menus,
	// page and category lists) or the anchor's own (a tag cloud's).
	item shape.Item
}

// maxText bounds the bytes of text kept for one anchor or the title before
// whitespace is collapsed; anchors wrapping a whole teaser stop there.
const maxText = 2048

// maxImgs bounds how many <img> tags are read for a CMS telltale in their
// src; anchors read the alt of their images whatever the count.
const maxImgs = 64

// extract runs the tokenizer (common/internal/htmltok: x/net/html's, reading the
// page in place) over a UTF-8 page once. Tag names come from the raw token
// (tagOf) and attributes are read (htmltok.Attrs, without copies) only for the
// few tags that matter.
func extract(body []byte) *doc {
	d := &doc{}
	z := htmltok.New(body, maxToken)
	var (
		cur    *anchor    // the open <a>, nil outside one
		text   []byte     // text of the open <a>
		alt    string     // first image alt inside the open <a>
		rawTag tag        // the raw-text element whose content comes next
		item   shape.Item // what the open <li>'s class says its first link is
		imgs   int
		nav    navTracker    // inside the page's navigation or not
		at     htmltok.Attrs // attribute reader, reused from tag to tag
	)
	closeAnchor := func() {
		if cur == nil {
			return
		}
		cur.text = collapse(text)
		if cur.text == "" {
			switch {
			case cur.label != "":
				cur.text, cur.weakText = cur.label, true
			case alt != "":
				cur.text, cur.weakText = alt, true
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
			if rawTag != tagNone {
				if rawTag == tagTitle && !d.hasTitle {
					d.title, d.hasTitle = collapse(capBytes(z.Text())), true
				}
				rawTag = tagNone
				continue
			}
			if cur != nil && len(text) < maxText {
				text = append(text, capBytes(z.Text())...)
			}
		case html.StartTagToken, html.SelfClosingTagToken:
			rawTag = tagNone
			raw := z.Raw()
			t := tagOf(raw)
			switch t {
			case tagA:
				closeAnchor()
				at.Reset(z)
				cur = readAnchor(&at)
				cur.nav = nav.in()
				cur.footer = nav.inFooter()
				if cur.item == shape.ItemUnknown {
					cur.item = item
				}
				item = shape.ItemUnknown // only a list item's first link
			case tagLi:
				at.Reset(z)
				item = listItem(&at)
			case tagImg:
				wantAlt, wantSrc := cur != nil && alt == "", imgs < maxImgs
				if wantAlt || wantSrc {
					imgs++
					at.Reset(z)
					src, a := imgAttrs(&at, wantSrc, wantAlt)
					if wantAlt {
						alt = a
					}
					d.telltale(src)
				}
			case tagLink:
				at.Reset(z)
				d.readLink(&at)
			case tagBase:
				if !d.hasBase {
					at.Reset(z)
					d.base, d.hasBase = attr(&at, "href")
				}
			case tagMeta:
				at.Reset(z)
				d.readMeta(&at)
			case tagScript:
				at.Reset(z)
				d.readScript(&at)
				rawTag = t
			case tagTitle, tagRaw:
				rawTag = t
			case tagNav, tagBanner, tagFooter, tagSectioning:
				nav.start(t)
			}
			if cur != nil && t != tagA && t != tagPhrasing && len(text) < maxText {
				text = append(text, ' ')
			}
		case html.EndTagToken:
			rawTag = tagNone
			switch t := tagOf(z.Raw()); t {
			case tagA:
				closeAnchor()
			case tagLi:
				item = shape.ItemUnknown
				if cur != nil && len(text) < maxText {
					text = append(text, ' ')
				}
			case tagPhrasing:
			default:
				nav.end(t)
				if cur != nil && len(text) < maxText {
					text = append(text, ' ')
				}
			}
		default:
			rawTag = tagNone
		}
	}
}

// tag is the kind of element a tag token opens or closes, as far as
// extract cares.
type tag uint8

const (
	tagNone tag = iota
	tagOther
	tagA
	tagImg
	tagLink
	tagBase
	tagMeta
	tagScript // also iframe: a src, then raw text
	tagTitle
	tagRaw        // style, textarea, xmp, noembed, noframes, noscript, plaintext
	tagLi         // li: its class may say what its link is (shape.Item)
	tagNav        // nav
	tagBanner     // header: navigation unless inside tagSectioning
	tagFooter     // footer: the same, and the page's footer
	tagSectioning // article, aside, main, section
	// tagPhrasing are inline elements whose tags do not separate words:
	// text on both sides of them joins without a space, as rendered.
	tagPhrasing
)

// tagNames maps the element names extract cares about to their tag,
// sorted by name for a binary search: smaller in the WebAssembly module
// than a string switch, and about as fast.
var tagNames = [...]struct {
	name string
	tag  tag
}{
	{"a", tagA}, {"abbr", tagPhrasing}, {"article", tagSectioning},
	{"aside", tagSectioning}, {"b", tagPhrasing}, {"base", tagBase},
	{"bdi", tagPhrasing}, {"bdo", tagPhrasing}, {"cite", tagPhrasing},
	{"code", tagPhrasing}, {"data", tagPhrasing}, {"dfn", tagPhrasing},
	{"em", tagPhrasing}, {"font", tagPhrasing}, {"footer", tagFooter},
	{"header", tagBanner}, {"i", tagPhrasing},
	{"iframe", tagScript}, {"img", tagImg}, {"kbd", tagPhrasing},
	{"li", tagLi}, {"link", tagLink}, {"main", tagSectioning}, {"mark", tagPhrasing}, {"meta", tagMeta},
	{"nav", tagNav}, {"noembed", tagRaw}, {"noframes", tagRaw}, {"noscript", tagRaw},
	{"plaintext", tagRaw}, {"q", tagPhrasing}, {"rp", tagPhrasing},
	{"rt", tagPhrasing}, {"ruby", tagPhrasing}, {"s", tagPhrasing},
	{"samp", tagPhrasing}, {"script", tagScript}, {"section", tagSectioning},
	{"small", tagPhrasing},
	{"span", tagPhrasing}, {"strong", tagPhrasing}, {"style", tagRaw},
	{"sub", tagPhrasing}, {"sup", tagPhrasing}, {"textarea", tagRaw},
	{"title", tagTitle}, {"u", tagPhrasing}, {"var", tagPhrasing},
	{"wbr", tagPhrasing}, {"xmp", tagRaw},
}

// tagOf names the element of a raw start or end tag ("<DIV class=x>",
// "</a>") without allocating: the tokenizer's TagName copies.
func tagOf(raw []byte) tag {
	var buf [10]byte
	i := 1
	if i < len(raw) && raw[i] == '/' {
		i++
	}
	n := 0
	for ; i < len(raw); i++ {
		c := raw[i]
		if c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '/' || c == '>' {
			break
		}
		if n == len(buf) {
			return tagOther
		}
		if 'A' <= c && c <= 'Z' {
			c += 'a' - 'A'
		}
		buf[n] = c
		n++
	}
	name := string(buf[:n])
	lo, hi := 0, len(tagNames)
	for lo < hi {
		m := (lo + hi) / 2
		switch {
		case tagNames[m].name == name:
			return tagNames[m].tag
		case tagNames[m].name < name:
			lo = m + 1
		default:
			hi = m
		}
	}
	return tagOther
}

// capBytes cuts b to maxText bytes (collapse repairs a cut rune).
func capBytes(b []byte) []byte {
	if len(b) > maxText {
		return b[:maxText]
	}
	return b
}

// attr returns the value of one attribute of the current tag.
func attr(at *htmltok.Attrs, want string) (string, bool) {
	v, ok := attrBytes(at, want)
	return string(v), ok
}

func readAnchor(at *htmltok.Attrs) *anchor {
	a := &anchor{}
	var title, aria []byte
	for more := true; more; {
		var k, v []byte
		k, v, more = at.Next()
		switch string(k) {
		case "href":
			a.href = string(v)
		case "type":
			a.typ = string(v)
		case "rel":
			a.relFeed = hasToken(v, "feed")
			a.relTag = hasToken(v, "tag") && !hasToken(v, "category")
			if hasToken(v, "category") && a.item == shape.ItemUnknown {
				a.item = shape.ItemListing // WordPress's "category tag": a post's category
			}
		case "class":
			// A tag cloud's link: tag-cloud-link since WordPress 4.8,
			// tag-link-N alone before it.
			if hasToken(v, "tag-cloud-link") || hasTokenPrefix(v, "tag-link-") {
				a.item = shape.ItemTag
			}
		case "title":
			title = v
		case "aria-label":
			aria = v
		}
	}
	a.label = collapse(aria)
	if a.label == "" {
		a.label = collapse(title)
	}
	return a
}

// listItem reads what an <li>'s class says its link leads to, as
// WordPress writes it: wp_nav_menu's menu-item-type-* and
// menu-item-object-* (category, post_tag, page, post, a custom taxonomy
// or post type), wp_list_pages's page_item, wp_list_categories's
// cat-item. A custom link (menu-item-type-custom) and any other list item
// say nothing.
func listItem(at *htmltok.Attrs) shape.Item {
	class, ok := attrBytes(at, "class")
	if !ok {
		return shape.ItemUnknown
	}
	var typ, object string
	for t, rest := nextToken(class); len(t) > 0; t, rest = nextToken(rest) {
		tok := string(t)
		switch {
		case tok == "page_item":
			return shape.ItemPage
		case tok == "cat-item":
			return shape.ItemListing
		case strings.HasPrefix(tok, "menu-item-type-"):
			typ = tok[len("menu-item-type-"):]
		case strings.HasPrefix(tok, "menu-item-object-"):
			object = tok[len("menu-item-object-"):]
		}
	}
	switch typ {
	case "taxonomy":
		if object == "post_tag" {
			return shape.ItemTag
		}
		return shape.ItemListing
	case "post_type_archive":
		return shape.ItemListing
	case "post_type":
		if object == "post" {
			return shape.ItemPost
		}
		return shape.ItemPage
	}
	return shape.ItemUnknown
}

// attrBytes returns the value of one attribute of the current tag, without
// copying it (valid until the tokenizer moves on).
func attrBytes(at *htmltok.Attrs, want string) ([]byte, bool) {
	for more := true; more; {
		var k, v []byte
		k, v, more = at.Next()
		if string(k) == want {
			return v, true
		}
	}
	return nil, false
}

// hasTokenPrefix reports whether a token of the space-separated list v
// starts with prefix, in ASCII case.
func hasTokenPrefix(v []byte, prefix string) bool {
	for tok, rest := nextToken(v); len(tok) > 0; tok, rest = nextToken(rest) {
		if len(tok) >= len(prefix) && strings.EqualFold(string(tok[:len(prefix)]), prefix) {
			return true
		}
	}
	return false
}

// nextToken splits the first token off a space-separated list, past any
// leading spaces: an empty token when none is left.
func nextToken(v []byte) (tok, rest []byte) {
	for len(v) > 0 && isSpaceByte(v[0]) {
		v = v[1:]
	}
	i := 0
	for i < len(v) && !isSpaceByte(v[i]) {
		i++
	}
	return v[:i], v[i:]
}

// hasToken reports whether the space-separated token list v holds tok, in
// ASCII case (a rel attribute), without copying v.
func hasToken(v []byte, tok string) bool {
	for t, rest := nextToken(v); len(t) > 0; t, rest = nextToken(rest) {
		if strings.EqualFold(string(t), tok) {
			return true
		}
	}
	return false
}

// isSpaceByte is HTML's ASCII white space.
func isSpaceByte(c byte) bool {
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f'
}

// imgAttrs reads an image's src and alt, as far as wanted: it stops once it
// has them, since every attribute read costs copies (pictures carry long
// srcset lists).
func imgAttrs(at *htmltok.Attrs, wantSrc, wantAlt bool) (src, alt string) {
	for more := true; more && (wantSrc || wantAlt); {
		var k, v []byte
		k, v, more = at.Next()
		switch string(k) {
		case "src":
			if wantSrc {
				src, wantSrc = string(v), false
			}
		case "alt":
			if wantAlt {
				alt, wantAlt = collapse(v), false
			}
		}
	}
	return src, alt
}

func (d *doc) readLink(at *htmltok.Attrs) {
	var rel, href string
	var l alternate
	for more := true; more; {
		var k, v []byte
		k, v, more = at.Next()
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
	// (HTML: "The rel attribute"). "alternate stylesheet" is an alternative
	// style sheet, whatever type it claims; "feed" is HTML's feed
	// autodiscovery keyword.
	// "feed stylesheet" is still a feed (Firefox's feed_discovery.html).
	var alt, sheet bool
	for _, tok := range strings.Fields(rel) {
		switch {
		case strings.EqualFold(tok, "alternate"):
			alt = true
		case strings.EqualFold(tok, "feed"):
			l.relFeed = true
		case strings.EqualFold(tok, "stylesheet"):
			sheet = true
		case strings.EqualFold(tok, "canonical"):
			if d.canonical == "" {
				d.canonical = href
			}
		}
	}
	if alt && !sheet || l.relFeed {
		d.alternates = append(d.alternates, l)
		return
	}
	// Stylesheets and API roots name their CMS in their URL or rel.
	d.telltale(href)
	d.telltale(rel)
}

func (d *doc) readMeta(at *htmltok.Attrs) {
	var name, prop, content string
	var channel bool
	for more := true; more; {
		var k, v []byte
		k, v, more = at.Next()
		switch string(k) {
		case "itemprop":
			// channelId on a watch page, identifier on a channel page
			// (there the channel's id; on a watch page the video's, which
			// does not start with UC).
			channel = string(v) == "channelId" || string(v) == "identifier"
		case "name":
			name = strings.ToLower(strings.TrimSpace(string(v)))
		case "property":
			prop = strings.ToLower(strings.TrimSpace(string(v)))
		case "content":
			content = string(v)
		}
	}
	switch {
	case channel:
		if d.channelID == "" && strings.HasPrefix(content, "UC") {
			d.channelID = content
		}
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

func (d *doc) readScript(at *htmltok.Attrs) {
	for more := true; more; {
		var k, v []byte
		k, v, more = at.Next()
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
