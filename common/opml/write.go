package opml

import (
	"fmt"
	"io"
	"net/url"
	"strings"
)

// WriteFor writes subs as an OPML 2.0 document to w, UTF-8, in the flavour
// o.Reader names (flavour.go). Each site (Subscription.Site) becomes one
// folder, in the order the sites first appear in subs, holding its
// subscriptions in their order; subscriptions without a Site sit at the
// top level after the folders. opmlimport.Read gives back exactly that
// order, from every flavour. Characters XML cannot carry (C0 controls other than tab,
// newline and carriage return) are written as U+FFFD.
func WriteFor(w io.Writer, subs []Subscription, o Options) error {
	f, err := newFlavour(o, subs)
	if err != nil {
		return err
	}
	var sites []string
	bySite := map[string][]Subscription{}
	for i, s := range subs {
		if !KnownKind(s.Kind) {
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
	e := &encoder{w: w, flavour: f}
	e.raw(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	e.attr("version", "2.0")
	e.attr("xmlns:"+Prefix, Namespace)
	if f.reader == ReaderFreshRSS {
		e.attr("xmlns:"+FreshRSSPrefix, FreshRSSNamespace)
	}
	e.start("opml")
	e.start("head")
	e.start("title")
	e.text(o.Title)
	e.end("title")
	e.end("head")
	e.start("body")
	for _, site := range sites {
		label := siteLabel(site)
		e.attr("text", label)
		e.attr("title", label)
		e.attr(Prefix+":site", site)
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

// encoder writes the document as xml.Encoder with Indent("", "  ") writes
// the same tokens (write_test.go holds it to that), escaping as
// encoding/xml's EscapeText does (escape.go), and keeps the first error.
// It is not xml.Encoder because that brings its namespace and token
// machinery into classify.wasm (32 KB) for a document whose shape is fixed
// here.
type encoder struct {
	w       io.Writer
	flavour flavour
	attrs   []string // name, value, name, value... for the next start
	depth   int
	opened  bool // the last thing written is a start tag
	started bool // anything was indented (the first start gets no newline)
	err     error
}

// raw writes s as it is.
func (e *encoder) raw(s string) {
	if e.err == nil {
		_, e.err = io.WriteString(e.w, s)
	}
}

// escaped writes s escaped for an attribute value: what xml.Encoder
// writes for one (newlines and tabs as character references).
func (e *encoder) escaped(s string) {
	if e.err == nil {
		e.err = escapeText(e.w, s)
	}
}

// text writes s as character data, as xml.Encoder writes xml.CharData:
// escaped, but newlines as they are.
func (e *encoder) text(s string) {
	for {
		i := strings.IndexByte(s, '\n')
		if i < 0 {
			e.escaped(s)
			return
		}
		e.escaped(s[:i])
		e.raw("\n")
		s = s[i+1:]
	}
}

// indent starts a line for a start (delta 1) or an end (delta -1) tag as
// xml.Encoder's Indent does: an end right after its start stays on the
// start's line.
func (e *encoder) indent(delta int) {
	if delta < 0 {
		e.depth--
		if e.opened {
			e.opened = false
			return
		}
	}
	e.opened = false
	if e.started {
		e.raw("\n")
	}
	e.started = true
	for i := 0; i < e.depth; i++ {
		e.raw("  ")
	}
	if delta > 0 {
		e.depth++
		e.opened = true
	}
}

// attr adds an attribute to the element start writes next; an empty value
// is left out. A prefixed name is written as given: the prefix is declared
// on <opml>.
func (e *encoder) attr(name, value string) {
	if value != "" {
		e.attrs = append(e.attrs, name, value)
	}
}

// start opens an element with the attributes attr added since the last
// start.
func (e *encoder) start(name string) {
	e.indent(1)
	e.raw("<" + name)
	for i := 0; i < len(e.attrs); i += 2 {
		e.raw(" " + e.attrs[i] + `="`)
		e.escaped(e.attrs[i+1])
		e.raw(`"`)
	}
	e.raw(">")
	e.attrs = e.attrs[:0]
}

// end closes the element start opened last.
func (e *encoder) end(name string) {
	e.indent(-1)
	e.raw("</" + name + ">")
}

// outline writes one subscription. text is required by readers, so an
// untitled subscription shows its URL there and has no title attribute;
// opmlimport.Read turns that back into an empty title.
func (e *encoder) outline(s Subscription) { e.flavour.outline(e, s) }
