package fixtureweb

import (
	"bytes"
	"encoding/xml"
	"errors"
	"io"
	"net/url"
	"strings"
	"time"

	"feedscout/common/shape"

	"golang.org/x/net/html"
	"golang.org/x/text/encoding/charmap"
	"golang.org/x/text/encoding/japanese"
)

// shapeRules are the rule sets every fixture URL is checked against: the
// source article's (the baseline) and the product's current ones. A URL
// labelled article or section must be one under both.
var shapeRules = []struct {
	name  string
	shape func(string) shape.Verdict
}{
	{"seed", shape.Seed},
	{"refined", shape.Path},
}

// shapeOf judges u's path (and query) with one rule set.
func shapeOf(rule func(string) shape.Verdict, u *url.URL) shape.Shape {
	return rule(shape.Input(u)).Shape
}

// alternate is a feed a page advertises in a link tag.
type alternate struct {
	href *url.URL
	typ  string
}

// pageInfo is what the tests read from an HTML page.
type pageInfo struct {
	alternates []alternate
	anchors    []*url.URL // resolved against <base href> or the page, fragment dropped
	stories    []*url.URL // the links of story headlines (<h3><a>)
}

// parsePage reads link tags, <base href> and anchors from an HTML page.
func parsePage(page *url.URL, body []byte) pageInfo {
	var base *url.URL
	type rawAlt struct{ href, typ string }
	var alts []rawAlt
	var hrefs, storyHrefs []string
	inH3 := false
	z := html.NewTokenizer(bytes.NewReader(body))
	for {
		tt := z.Next()
		if tt == html.ErrorToken {
			break
		}
		if tt == html.EndTagToken {
			if name, _ := z.TagName(); string(name) == "h3" {
				inH3 = false
			}
			continue
		}
		if tt != html.StartTagToken && tt != html.SelfClosingTagToken {
			continue
		}
		name, more := z.TagName()
		attrs := map[string]string{}
		for more {
			var k, v []byte
			k, v, more = z.TagAttr()
			if _, seen := attrs[string(k)]; !seen {
				attrs[string(k)] = string(v)
			}
		}
		switch string(name) {
		case "h3":
			inH3 = true
		case "base":
			if h, ok := attrs["href"]; ok && base == nil {
				if u, err := page.Parse(h); err == nil {
					base = u
				}
			}
		case "link":
			rel := " " + strings.ToLower(strings.Join(strings.Fields(attrs["rel"]), " ")) + " "
			if strings.Contains(rel, " alternate ") && feedType(attrs["type"]) && attrs["href"] != "" {
				alts = append(alts, rawAlt{attrs["href"], strings.ToLower(attrs["type"])})
			}
		case "a":
			if h, ok := attrs["href"]; ok {
				hrefs = append(hrefs, h)
				if inH3 {
					storyHrefs = append(storyHrefs, h)
				}
			}
		}
	}
	if base == nil {
		base = page
	}
	resolve := func(h string) *url.URL {
		u, err := base.Parse(strings.TrimSpace(h))
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") {
			return nil
		}
		u.Fragment, u.RawFragment = "", ""
		return u
	}
	var pi pageInfo
	for _, a := range alts {
		if u := resolve(a.href); u != nil {
			pi.alternates = append(pi.alternates, alternate{u, a.typ})
		}
	}
	for _, h := range hrefs {
		if u := resolve(h); u != nil {
			pi.anchors = append(pi.anchors, u)
		}
	}
	for _, h := range storyHrefs {
		if u := resolve(h); u != nil {
			pi.stories = append(pi.stories, u)
		}
	}
	return pi
}

// feedType: a link type naming RSS, Atom or JSON Feed.
func feedType(t string) bool {
	t = strings.ToLower(strings.TrimSpace(t))
	return strings.Contains(t, "rss") || strings.Contains(t, "atom") || strings.HasPrefix(t, "application/feed+json")
}

// sameHost lists the distinct URLs of anchors on host.
func sameHost(anchors []*url.URL, host string) []*url.URL {
	seen := map[string]bool{}
	var out []*url.URL
	for _, u := range anchors {
		if !strings.EqualFold(u.Hostname(), host) || seen[u.String()] {
			continue
		}
		seen[u.String()] = true
		out = append(out, u)
	}
	return out
}

// firstSeg is the first segment of u's path.
func firstSeg(u *url.URL) string {
	for _, s := range strings.Split(u.Path, "/") {
		if s != "" {
			return s
		}
	}
	return ""
}

// dominant applies the seed's dominant-segment rule: when 60 % of the
// links share a first path segment, keep only those.
func dominant(links []*url.URL) ([]*url.URL, string) {
	counts := map[string]int{}
	for _, u := range links {
		counts[firstSeg(u)]++
	}
	best, n := "", 0
	for s, c := range counts {
		if c > n || c == n && s < best {
			best, n = s, c
		}
	}
	if len(links) == 0 || n*10 < len(links)*6 {
		return links, ""
	}
	var out []*url.URL
	for _, u := range links {
		if firstSeg(u) == best {
			out = append(out, u)
		}
	}
	return out, best
}

// sitemapDoc is a parsed sitemap: an index (children) or a urlset.
type sitemapDoc struct {
	index    bool
	children []string
	locs     []string
	lastmods []time.Time // parallel to locs; zero when absent
	newsNS   bool        // declares the Google News namespace
	newsTags int         // <news:news> elements
}

// parseSitemap reads a sitemap strictly; an error means it is not one
// (truncated, not XML, neither urlset nor sitemapindex).
func parseSitemap(body []byte) (*sitemapDoc, error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	sm := &sitemapDoc{}
	var path []string
	var text strings.Builder
	root := ""
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if root == "" {
				root = t.Name.Local
				for _, a := range t.Attr {
					if a.Value == nsNews {
						sm.newsNS = true
					}
				}
			}
			if t.Name.Space == nsNews && t.Name.Local == "news" {
				sm.newsTags++
			}
			path = append(path, t.Name.Local)
			text.Reset()
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			v := strings.TrimSpace(text.String())
			if len(path) >= 2 {
				parent := path[len(path)-2]
				switch {
				case t.Name.Local == "loc" && parent == "sitemap":
					sm.children = append(sm.children, v)
				case t.Name.Local == "loc" && parent == "url":
					sm.locs = append(sm.locs, v)
					sm.lastmods = append(sm.lastmods, time.Time{})
				case t.Name.Local == "lastmod" && parent == "url" && len(sm.lastmods) > 0:
					if ts, err := time.Parse(time.RFC3339, v); err == nil {
						sm.lastmods[len(sm.lastmods)-1] = ts
					}
				}
			}
			path = path[:len(path)-1]
			text.Reset()
		}
	}
	switch root {
	case "sitemapindex":
		sm.index = true
	case "urlset":
	default:
		return nil, errors.New("not a sitemap: root " + root)
	}
	return sm, nil
}

// feedDoc is what the tests read from a feed.
type feedDoc struct {
	format string // rss, atom, json
	title  string
	links  []string
}

// parseFeedXML reads an RSS, RSS 1.0 or Atom document strictly, decoding
// declared charsets through decodeCharset.
func parseFeedXML(body []byte) (*feedDoc, error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.CharsetReader = decodeCharset
	f := &feedDoc{}
	var path []string
	var text strings.Builder
	for {
		tok, err := d.Token()
		if errors.Is(err, io.EOF) {
			break
		}
		if err != nil {
			return nil, err
		}
		switch t := tok.(type) {
		case xml.StartElement:
			if len(path) == 0 {
				switch t.Name.Local {
				case "rss", "RDF":
					f.format = "rss"
				case "feed":
					f.format = "atom"
				default:
					return nil, errors.New("not a feed: root " + t.Name.Local)
				}
			}
			if f.format == "atom" && t.Name.Local == "link" && len(path) == 2 && path[1] == "entry" {
				for _, a := range t.Attr {
					if a.Name.Local == "href" {
						f.links = append(f.links, a.Value)
					}
				}
			}
			path = append(path, t.Name.Local)
			text.Reset()
		case xml.CharData:
			text.Write(t)
		case xml.EndElement:
			v := strings.TrimSpace(text.String())
			n := len(path)
			switch {
			case t.Name.Local == "title" && n >= 2 && (path[n-2] == "channel" || path[n-2] == "feed") && f.title == "":
				f.title = v
			case t.Name.Local == "link" && n >= 2 && path[n-2] == "item":
				f.links = append(f.links, v)
			}
			path = path[:n-1]
			text.Reset()
		}
	}
	if f.format == "" {
		return nil, errors.New("empty document")
	}
	return f, nil
}

// decodeCharset decodes the charsets the fixture feeds declare.
func decodeCharset(label string, in io.Reader) (io.Reader, error) {
	switch strings.ToLower(label) {
	case "shift_jis", "shift-jis", "sjis":
		return japanese.ShiftJIS.NewDecoder().Reader(in), nil
	case "windows-1251", "cp1251":
		return charmap.Windows1251.NewDecoder().Reader(in), nil
	}
	return nil, errors.New("unsupported charset " + label)
}
