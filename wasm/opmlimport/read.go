// Package opmlimport reads OPML documents back into feedscout's
// subscriptions (opml.Subscription): the files package opml writes, in
// every flavour, and any reader's export. It is a package of its own
// because it is the one part of OPML that needs encoding/xml's decoder:
// classify.wasm, which only writes OPML, does not link it; newsmap.wasm,
// which answers the popup's opml_import, does. Its tests are round trips
// with the writer and live in package opml (read_test.go).
package opmlimport

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"

	"feedscout/common/opml"
	"feedscout/common/report/kind"
)

// MaxSize is the largest OPML document Read accepts, in bytes.
const MaxSize = 16 << 20

// Read reads an OPML document (at most MaxSize bytes) and returns its
// subscriptions in document order. It reads feedscout's own files in
// every flavour (and those of earlier versions, whose non-feeds were
// type="link" outlines) and any reader's export: folders nested to any
// depth are flattened, outlines carrying feedscout:kind are restored as
// they were written, other outlines with an xmlUrl are feeds whose Site is
// their htmlUrl, and FreshRSS's XPath outlines are sections and sitemaps
// (outlineAttrs.subscription). Other outlines (folders, plain links) give
// no subscription. Declared charsets other than UTF-8 and HTML entities
// (&nbsp;) are understood.
func Read(r io.Reader) ([]opml.Subscription, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("opml: read: %w", err)
	}
	return Parse(data)
}

// Parse is Read of a document already in memory, as newsmap.wasm's
// opml_import has it; calling it instead of Read keeps io.ReadAll and the
// readers it could be handed out of that module (7 KB).
func Parse(data []byte) ([]opml.Subscription, error) {
	if len(data) > MaxSize {
		return nil, fmt.Errorf("opml: read: document larger than %d bytes", MaxSize)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	dec.Entity = xml.HTMLEntity
	subs := []opml.Subscription{}
	var sites []string // the feedscout:site in force at each open outline
	root := false
	for {
		tok, err := dec.Token()
		// Token returns io.EOF itself, never wrapped; errors.Is would cost
		// newsmap.wasm 8 KB.
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, fmt.Errorf("opml: read: %w", err)
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if !root {
				if t.Name.Local != "opml" {
					return nil, fmt.Errorf("opml: read: root element is <%s>, not <opml>", t.Name.Local)
				}
				root = true
				continue
			}
			if t.Name.Local != "outline" {
				continue
			}
			site := ""
			if len(sites) > 0 {
				site = sites[len(sites)-1]
			}
			a := attrs(t)
			if s := a.ours("site"); s != "" {
				site = s
			}
			sites = append(sites, site)
			if sub, ok := a.subscription(site); ok {
				subs = append(subs, sub)
			}
		case xml.EndElement:
			if t.Name.Local == "outline" && len(sites) > 0 {
				sites = sites[:len(sites)-1]
			}
		}
	}
	if !root {
		return nil, errors.New("opml: read: no <opml> element")
	}
	return subs, nil
}

// outlineAttrs are one outline's attributes: OPML's own (no namespace) by
// name, and feedscout's and FreshRSS's by local name. A file that uses the
// feedscout: or frss: prefix without declaring it still counts.
type outlineAttrs struct {
	plain, own, frss map[string]string
}

func attrs(t xml.StartElement) outlineAttrs {
	a := outlineAttrs{plain: map[string]string{}, own: map[string]string{}, frss: map[string]string{}}
	for _, at := range t.Attr {
		switch at.Name.Space {
		case "":
			a.plain[at.Name.Local] = at.Value
		case opml.Namespace, opml.Prefix:
			a.own[at.Name.Local] = at.Value
		case opml.FreshRSSNamespace, opml.FreshRSSPrefix:
			a.frss[at.Name.Local] = at.Value
		}
	}
	return a
}

func (a outlineAttrs) ours(name string) string { return a.own[name] }

// subscription reads one outline as a subscription, if it is one. An
// outline with feedscout:kind is ours, whatever its type and flavour: the
// kind and feedscout:href (or OPML 2.0's url) say what it follows, the
// folder's feedscout:site whose it is (a feed's htmlUrl, as written). Any
// other outline is foreign: FreshRSS's XPath outlines (HTML+XPath: a
// section page; XML+XPath: a news sitemap when its items name news:news,
// else an article sitemap) follow their xmlUrl, and every other outline
// with an xmlUrl is a feed whose site is its htmlUrl.
func (a outlineAttrs) subscription(folderSite string) (opml.Subscription, bool) {
	s := opml.Subscription{Format: a.own["format"], Added: a.own["added"]}
	xmlURL := strings.TrimSpace(a.plain["xmlUrl"])
	k := kind.SourceKind(a.own["kind"])
	href := strings.TrimSpace(a.own["href"])
	switch {
	case k == kind.Feed && (href != "" || xmlURL != ""):
		s.Kind, s.URL = kind.Feed, href
		if s.URL == "" {
			s.URL = xmlURL
		}
		s.Site = a.plain["htmlUrl"]
		if s.Site == "" {
			s.Site = folderSite
		}
	case opml.KnownKind(k) && k != kind.Feed && (href != "" || strings.TrimSpace(a.plain["url"]) != ""):
		s.Kind, s.URL, s.Site = k, href, folderSite
		if s.URL == "" {
			s.URL = strings.TrimSpace(a.plain["url"])
		}
	case xmlURL != "" && strings.EqualFold(a.plain["type"], opml.TypeHTMLXPath):
		s.Kind, s.URL, s.Site = kind.Section, xmlURL, folderSite
	case xmlURL != "" && strings.EqualFold(a.plain["type"], opml.TypeXMLXPath):
		s.Kind, s.URL, s.Site = kind.ArticleSitemap, xmlURL, folderSite
		if strings.Contains(a.frss["xPathItem"], "news") {
			s.Kind = kind.NewsSitemap
		}
	case xmlURL != "":
		s.Kind, s.URL = kind.Feed, xmlURL
		s.Site = a.plain["htmlUrl"]
		if s.Site == "" {
			s.Site = folderSite
		}
		if s.Format == "" {
			s.Format = formatOf(a.plain["version"], a.plain["type"])
		}
	default:
		return opml.Subscription{}, false
	}
	if t, ok := a.plain["title"]; ok {
		s.Title = t
	} else if t := a.plain["text"]; t != s.URL {
		s.Title = t
	}
	return s, true
}

// formatOf guesses a feed's format from a foreign outline's version
// attribute ("RSS2", "RSS1", "atom") or a type of "atom" or FreshRSS's
// "JSONFeed". type="rss" says nothing: OPML uses it for every feed.
func formatOf(version, typ string) string {
	switch l := strings.ToLower(version); {
	case strings.HasPrefix(l, "rss"):
		return "rss"
	case strings.HasPrefix(l, "atom"):
		return "atom"
	}
	if strings.EqualFold(typ, "atom") {
		return "atom"
	}
	if strings.EqualFold(typ, opml.TypeJSONFeed) {
		return "json"
	}
	return ""
}
