package sitemap

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"strings"

	"golang.org/x/net/html/charset"
)

// Namespaces of the Google extensions. An undeclared prefix reaches us as
// the prefix itself ("news"), which is accepted too.
const (
	nsNews  = "http://www.google.com/schemas/sitemap-news/0.9"
	nsImage = "http://www.google.com/schemas/sitemap-image/1.1"
)

// field is the entry field whose text is being collected.
type field uint8

const (
	fieldNone field = iota
	fieldLoc
	fieldLastmod
	fieldNewsTitle
	fieldNewsName
	fieldNewsLanguage
	fieldNewsDate
)

// xmlReader is the state of one streaming pass over a urlset or index.
type xmlReader struct {
	sm      *Sitemap
	item    string // "url" or "sitemap": the element that makes an entry
	depth   int    // of the element last opened; the root is 1
	inEntry bool
	entry   Entry
	news    News
	newsAt  int // depth of the open <news:news>, 0 outside
	field   field
	fieldAt int
	text    []byte
	long    bool // text went past maxField
}

func parseXML(src *source) (*Sitemap, error) {
	d := xml.NewDecoder(src)
	d.Strict = false          // unescaped &, unquoted attributes, stray end tags
	d.Entity = xml.HTMLEntity // &nbsp; &eacute; in titles
	d.CharsetReader = charset.NewReaderLabel
	x := &xmlReader{text: make([]byte, 0, 256)}
	for {
		tok, err := d.Token()
		src.setMark()
		if err == io.EOF {
			if x.sm == nil {
				return nil, fmt.Errorf("%w: no root element", ErrNotSitemap)
			}
			return x.sm, nil
		}
		if err != nil {
			return nil, err
		}
		done, err := x.token(tok)
		if err != nil || done {
			return x.sm, err
		}
	}
}

// token handles one token; done means the entry cap was hit.
func (x *xmlReader) token(tok xml.Token) (done bool, err error) {
	switch t := tok.(type) {
	case xml.StartElement:
		x.depth++
		x.start(t)
		if x.depth == 1 {
			return false, x.root(t)
		}
	case xml.CharData:
		if x.field != fieldNone && !x.long {
			if len(x.text)+len(t) > maxField {
				x.long = true
			} else {
				x.text = append(x.text, t...)
			}
		}
	case xml.EndElement:
		done = x.end()
		x.depth--
	case xml.Directive:
		return false, directiveError(t)
	}
	return done, nil
}

// directiveError explains a <!...> declaration: an HTML doctype means an
// HTML page; anything else is DTD machinery, refused.
func directiveError(t xml.Directive) error {
	f := strings.Fields(strings.ToLower(string(t)))
	if len(f) >= 2 && f[0] == "doctype" && strings.TrimSuffix(f[1], ">") == "html" {
		return fmt.Errorf("%w: an HTML page", ErrNotSitemap)
	}
	return fmt.Errorf("%w: <!%.40s>", ErrDoctype, bytes.TrimSpace(t))
}

func (x *xmlReader) root(t xml.StartElement) error {
	if x.sm != nil {
		return nil // a second root after the first closed: ignored
	}
	switch t.Name.Local {
	case "urlset":
		x.sm, x.item = &Sitemap{Kind: KindURLSet}, "url"
	case "sitemapindex":
		x.sm, x.item = &Sitemap{Kind: KindIndex}, "sitemap"
	default:
		return fmt.Errorf("%w: root element <%.40s>", ErrNotSitemap, t.Name.Local)
	}
	x.sm.Entries = make([]Entry, 0, 64)
	x.declares(t)
	return nil
}

// declares notes a Google News namespace declaration on any element.
func (x *xmlReader) declares(t xml.StartElement) {
	for _, a := range t.Attr {
		if a.Value == nsNews && (a.Name.Space == "xmlns" || a.Name.Local == "xmlns") {
			x.sm.DeclaresNews = true
		}
	}
}

func (x *xmlReader) start(t xml.StartElement) {
	if x.sm == nil || x.depth == 1 {
		return
	}
	if len(t.Attr) > 0 {
		x.declares(t)
	}
	if x.depth == 2 {
		if t.Name.Local == x.item {
			x.inEntry = true
			x.entry, x.news, x.newsAt = Entry{}, News{}, 0
		}
		return
	}
	if !x.inEntry || x.field != fieldNone {
		return
	}
	f := fieldNone
	switch {
	case x.depth == 3 && t.Name.Local == "loc":
		f = fieldLoc
	case x.depth == 3 && t.Name.Local == "lastmod":
		f = fieldLastmod
	case isNS(t.Name.Space, nsNews, "news"):
		switch t.Name.Local {
		case "news":
			if x.newsAt == 0 {
				x.newsAt = x.depth
				x.entry.News = &x.news
			}
		case "title":
			f = fieldNewsTitle
		case "name":
			f = fieldNewsName
		case "language":
			f = fieldNewsLanguage
		case "publication_date":
			f = fieldNewsDate
		}
		if f != fieldNone && x.newsAt == 0 {
			f = fieldNone // a news field outside <news:news>
		}
	case t.Name.Local == "image" && isNS(t.Name.Space, nsImage, "image"):
		x.entry.Images++
	}
	if f != fieldNone {
		x.field, x.fieldAt = f, x.depth
		x.text, x.long = x.text[:0], false
	}
}

func isNS(space, uri, prefix string) bool { return space == uri || space == prefix }

// end closes the element at x.depth; done means the entry cap was hit.
func (x *xmlReader) end() (done bool) {
	if x.field != fieldNone && x.depth == x.fieldAt {
		x.commit()
		x.field = fieldNone
	}
	if x.depth == x.newsAt {
		x.newsAt = 0
	}
	if x.depth != 2 || !x.inEntry {
		return false
	}
	x.inEntry = false
	if x.entry.Loc == "" {
		return false
	}
	if len(x.sm.Entries) == MaxEntries {
		x.sm.Truncated = true
		return true
	}
	if x.entry.News != nil {
		n := x.news
		x.entry.News = &n
	}
	x.sm.Entries = append(x.sm.Entries, x.entry)
	return false
}

func (x *xmlReader) commit() {
	if x.long {
		return // over maxField: a URL that long is not one we can use
	}
	text := bytes.TrimSpace(x.text)
	switch x.field {
	case fieldLoc:
		x.entry.Loc = string(text)
	case fieldLastmod:
		x.entry.Lastmod, _ = parseDate(string(text))
	case fieldNewsTitle:
		x.news.Title = string(text)
	case fieldNewsName:
		x.news.PublicationName = string(text)
	case fieldNewsLanguage:
		x.news.Language = string(text)
	case fieldNewsDate:
		x.news.PublicationDate, _ = parseDate(string(text))
	}
}
