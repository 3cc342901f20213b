package opml

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// Read reads an OPML document (at most MaxSize bytes) and returns its
// subscriptions in document order. It reads feedscout's own files in
// every flavour (and those of earlier versions, whose non-feeds were
// type="link" outlines) and any reader's export: folders nested to any
// depth are flattened, outlines carrying feedscout:kind are restored as
// they were written, other outlines with an xmlUrl are feeds whose Site is
// their htmlUrl, and FreshRSS's XPath outlines are sections and sitemaps
// (outlineAttrs.subscription). Other outlines (folders, plain links) give
// no subscription. Declared charsets
// other than UTF-8 and HTML entities (&nbsp;) are understood.
func Read(r io.Reader) ([]Subscription, error) {
	data, err := io.ReadAll(io.LimitReader(r, MaxSize+1))
	if err != nil {
		return nil, fmt.Errorf("opml: read: %w", err)
	}
	if len(data) > MaxSize {
		return nil, fmt.Errorf("opml: read: document larger than %d bytes", MaxSize)
	}
	dec := xml.NewDecoder(bytes.NewReader(data))
	dec.CharsetReader = charsetReader
	dec.Entity = xml.HTMLEntity
	subs := []Subscription{}
	var sites []string // the feedscout:site in force at each open outline
	root := false
	for {
		tok, err := dec.Token()
		if errors.Is(err, io.EOF) {
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
		case Namespace, prefix:
			a.own[at.Name.Local] = at.Value
		case FreshRSSNamespace, frssPrefix:
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
func (a outlineAttrs) subscription(folderSite string) (Subscription, bool) {
	s := Subscription{Format: a.own["format"], Added: a.own["added"]}
	xmlURL := strings.TrimSpace(a.plain["xmlUrl"])
	kind := a.own["kind"]
	href := strings.TrimSpace(a.own["href"])
	switch {
	case kind == KindFeed && (href != "" || xmlURL != ""):
		s.Kind, s.URL = KindFeed, href
		if s.URL == "" {
			s.URL = xmlURL
		}
		s.Site = a.plain["htmlUrl"]
		if s.Site == "" {
			s.Site = folderSite
		}
	case knownKind(kind) && kind != KindFeed && (href != "" || strings.TrimSpace(a.plain["url"]) != ""):
		s.Kind, s.URL, s.Site = kind, href, folderSite
		if s.URL == "" {
			s.URL = strings.TrimSpace(a.plain["url"])
		}
	case xmlURL != "" && strings.EqualFold(a.plain["type"], TypeHTMLXPath):
		s.Kind, s.URL, s.Site = KindSection, xmlURL, folderSite
	case xmlURL != "" && strings.EqualFold(a.plain["type"], TypeXMLXPath):
		s.Kind, s.URL, s.Site = KindArticleSitemap, xmlURL, folderSite
		if strings.Contains(a.frss["xPathItem"], "news") {
			s.Kind = KindNewsSitemap
		}
	case xmlURL != "":
		s.Kind, s.URL = KindFeed, xmlURL
		s.Site = a.plain["htmlUrl"]
		if s.Site == "" {
			s.Site = folderSite
		}
		if s.Format == "" {
			s.Format = formatOf(a.plain["version"], a.plain["type"])
		}
	default:
		return Subscription{}, false
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
	if strings.EqualFold(typ, TypeJSONFeed) {
		return "json"
	}
	return ""
}
