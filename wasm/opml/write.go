package opml

import (
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
)

// Write writes subs as an OPML 2.0 document titled title to w for any
// reader: WriteFor with ReaderAny and the default gateway.
func Write(w io.Writer, subs []Subscription, title string) error {
	return WriteFor(w, subs, Options{Title: title})
}

// WriteFor writes subs as an OPML 2.0 document to w, UTF-8, in the flavour
// o.Reader names (flavour.go). Each site (Subscription.Site) becomes one
// folder, in the order the sites first appear in subs, holding its
// subscriptions in their order; subscriptions without a Site sit at the
// top level after the folders. Read gives back exactly that order, from
// every flavour. Characters XML cannot carry (C0 controls other than tab,
// newline and carriage return) are written as U+FFFD.
func WriteFor(w io.Writer, subs []Subscription, o Options) error {
	f, err := newFlavour(o, subs)
	if err != nil {
		return err
	}
	var sites []string
	bySite := map[string][]Subscription{}
	for i, s := range subs {
		if !knownKind(s.Kind) {
			return fmt.Errorf("opml: write: subscription %d: unknown kind %q", i, s.Kind)
		}
		if s.URL == "" {
			return fmt.Errorf("opml: write: subscription %d: empty url", i)
		}
		if _, ok := bySite[s.Site]; !ok && s.Site != "" {
			sites = append(sites, s.Site)
		}
		bySite[s.Site] = append(bySite[s.Site], s)
	}
	e := &encoder{enc: xml.NewEncoder(w), flavour: f}
	e.enc.Indent("", "  ")
	e.token(xml.ProcInst{Target: "xml", Inst: []byte(`version="1.0" encoding="UTF-8"`)})
	e.token(xml.CharData("\n"))
	e.attr("version", "2.0")
	e.attr("xmlns:"+prefix, Namespace)
	if f.reader == ReaderFreshRSS {
		e.attr("xmlns:"+frssPrefix, FreshRSSNamespace)
	}
	e.start("opml")
	e.start("head")
	e.start("title")
	e.token(xml.CharData(o.Title))
	e.end("title")
	e.end("head")
	e.start("body")
	for _, site := range sites {
		label := siteLabel(site)
		e.attr("text", label)
		e.attr("title", label)
		e.attr(prefix+":site", site)
		e.start("outline")
		for _, s := range bySite[site] {
			e.outline(s)
		}
		e.end("outline")
	}
	for _, s := range bySite[""] {
		e.outline(s)
	}
	e.end("body")
	e.end("opml")
	if e.err == nil {
		e.err = e.enc.Close()
	}
	if e.err != nil {
		return fmt.Errorf("opml: write: %w", e.err)
	}
	_, err = io.WriteString(w, "\n")
	return err
}

// siteLabel names a site's folder: its hostname, or the Site as given when
// it does not parse as a URL with a host.
func siteLabel(site string) string {
	if u, err := url.Parse(site); err == nil && u.Hostname() != "" {
		return u.Hostname()
	}
	return site
}

// encoder writes tokens in one flavour and keeps the first error.
type encoder struct {
	enc     *xml.Encoder
	flavour flavour
	attrs   []xml.Attr // for the next start
	err     error
}

func (e *encoder) token(t xml.Token) {
	if e.err == nil {
		e.err = e.enc.EncodeToken(t)
	}
}

// attr adds an attribute to the element start writes next; an empty value
// is left out. A prefixed name is written as given: the prefix is declared
// on <opml>.
func (e *encoder) attr(name, value string) {
	if value != "" {
		e.attrs = append(e.attrs, xml.Attr{Name: xml.Name{Local: name}, Value: value})
	}
}

// start opens an element with the attributes attr added since the last
// start.
func (e *encoder) start(name string) {
	e.token(xml.StartElement{Name: xml.Name{Local: name}, Attr: e.attrs})
	e.attrs = nil
}

func (e *encoder) end(name string) { e.token(xml.EndElement{Name: xml.Name{Local: name}}) }

// outline writes one subscription. text is required by readers, so an
// untitled subscription shows its URL there and has no title attribute;
// Read turns that back into an empty title.
func (e *encoder) outline(s Subscription) { e.flavour.outline(e, s) }
