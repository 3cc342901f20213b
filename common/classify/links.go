package classify

import (
	"fmt"
	"net/url"
	"strings"

	"feedscout/common/shape"
)

// pageLinks fills the page's link lists from its anchors: the distinct
// same-host links are counted, then judged together (shape.InPage: the
// links of one page are siblings, each with where it sits and its text) and
// split into sections and articles. A link is in the navigation when any
// of its anchors is (inside <nav>, the page's <header> or <footer>), in the
// footer when one is in the page's <footer> and none in the menu, and a
// service link ("Impressum", "Newsletter", "Shop") when any of its anchors'
// own texts names a service (shape.ServiceText).
// Each URL is listed once, at its first place, with the first text an
// anchor gives it (an anchor's own text beats a stand-in from an image alt
// or a label: rivers link each story from its picture first); a section
// also gets the best of its anchors' texts as its Name (names.go). The
// page itself is left out of both lists, and so is an article link that
// only adds a query to another article link (/article/X/?n_cid=mail beside
// /article/X/): the same story with a tracking parameter.
func pageLinks(p *Page, pu *url.URL, r *resolver, anchors []anchor) {
	links, page, of, at := sameHostLinks(pu, r, anchors)
	p.SameHostLinks = len(links)
	self := pu.String()
	verdicts := judgeLinks(pu, page)
	section := make([]int32, len(links)) // link -> index in p.Sections, -1 for none
	for i, v := range verdicts {
		section[i] = -1
		if links[i].url == self {
			continue
		}
		if q := strings.IndexByte(links[i].url, '?'); q >= 0 && v.Shape == shape.Article {
			if j, ok := at[links[i].url[:q]]; ok && verdicts[j].Shape == shape.Article {
				continue
			}
		}
		switch v.Shape {
		case shape.Article:
			p.Articles = append(p.Articles, Link{URL: links[i].url, Text: links[i].text})
		case shape.Section:
			section[i] = int32(len(p.Sections))
			p.Sections = append(p.Sections, Link{URL: links[i].url, Text: links[i].text})
		}
	}
	nameSections(p.Sections, section, anchors, of)
	p.LinksToArticles = len(p.Articles) >= minArticleLinks
}

// serviceAnchor reports whether a's own text (not a stand-in from an image
// alt or a label) names a service page: only such a text is passed to
// shape.InPage, which turns the link other.
func serviceAnchor(a *anchor) bool {
	return !a.weakText && a.text != "" && shape.ServiceText(a.text)
}

// nameSections gives each section the best-ranked text of the anchors
// that point at it (nameRank; the first of equals), as its Name. section
// maps a link to its place in sections, of an anchor to its link (-1:
// none).
// Only the anchors of sections are ranked: most of a page's are stories.
func nameSections(sections []Link, section []int32, anchors []anchor, of []int32) {
	if len(sections) == 0 {
		return
	}
	ranks := make([]uint8, len(sections))
	for i := range ranks {
		ranks[i] = noName
	}
	for i := range anchors {
		if of[i] < 0 || section[of[i]] < 0 {
			continue
		}
		k := section[of[i]]
		if rank := nameRank(&anchors[i]); rank < ranks[k] {
			ranks[k] = rank
			sections[k].Name = anchors[i].text
		}
	}
	for k := range sections {
		if sections[k].Name != "" {
			sections[k].Name = sectionName(sections[k].Name)
		}
	}
}

// Dominant applies the dominant-segment rule of a section page: when at
// least 60 % of the links share one first path segment (/article/...),
// only those are kept; otherwise all are. Links whose URL does not parse
// count under an empty segment. The result is a new slice in the input's
// order; the input is not changed.
func Dominant(links []Link) []Link {
	firsts := make([]string, len(links))
	counts := map[string]int{}
	best, bestN := "", 0
	for i, l := range links {
		firsts[i] = firstSegment(l.URL)
		counts[firsts[i]]++
		// Only one segment can reach 60 %, so ties cannot matter.
		if n := counts[firsts[i]]; n > bestN {
			best, bestN = firsts[i], n
		}
	}
	out := make([]Link, 0, len(links))
	for i, l := range links {
		if bestN*10 < len(links)*6 || firsts[i] == best {
			out = append(out, l)
		}
	}
	return out
}

func firstSegment(raw string) string {
	u, err := url.Parse(raw)
	if err != nil {
		return ""
	}
	for _, s := range strings.Split(u.Path, "/") {
		if s != "" {
			return s
		}
	}
	return ""
}

// SectionArticles returns the articles of one section page fetched from
// pageURL: its same-host (same hostname) article-shaped links, each once,
// with the anchor text as title, after the dominant-segment rule. body and
// contentType are read as by Classify.
func SectionArticles(pageURL string, body []byte, contentType string) ([]Link, error) {
	p, err := Classify(pageURL, body, contentType)
	if err != nil {
		return nil, fmt.Errorf("section articles: %w", err)
	}
	return Dominant(p.Articles), nil
}

// linkEntry is one distinct same-host link of a page: its URL and the
// first text its anchors give it (weak: a stand-in from an image alt or a
// label).
type linkEntry struct {
	url, text string
	weak      bool
}

// sameHostLinks collects the distinct same-host links of a page from its
// anchors, each with its place and text as shape.InPage takes them
// (page, parallel to links); of maps an anchor to its link (-1: none), at
// a URL to its link.
func sameHostLinks(pu *url.URL, r *resolver, anchors []anchor) (links []linkEntry, page []shape.Link, of []int32, at map[string]int) {
	var inMenu []bool // link -> one of its anchors is in the menu (nav, not footer)
	of = make([]int32, len(anchors))
	at = map[string]int{}
	for i := range anchors {
		a := &anchors[i]
		of[i] = -1
		res := r.resolve(a.href)
		if res.u == nil || res.feed || a.relFeed || !sameHost(pu, res.u) {
			continue // feed: URLs and rel=feed anchors are feeds (feedAnchors)
		}
		if j, ok := at[res.s]; ok {
			of[i] = int32(j)
			e := &links[j]
			if a.text != "" && (e.text == "" || (e.weak && !a.weakText)) {
				e.text, e.weak = a.text, a.weakText
			}
			page[j].Nav = page[j].Nav || a.nav
			page[j].Footer = page[j].Footer || a.footer
			page[j].Tag = page[j].Tag || a.relTag
			if page[j].Item == shape.ItemUnknown {
				page[j].Item = a.item
			}
			inMenu[j] = inMenu[j] || a.nav && !a.footer
			if serviceAnchor(a) && !shape.ServiceText(page[j].Text) {
				page[j].Text = a.text // a service text wins
			} else if page[j].Text == "" && !a.weakText {
				page[j].Text = a.text
			}
			continue
		}
		of[i] = int32(len(links))
		at[res.s] = len(links)
		links = append(links, linkEntry{url: res.s, text: a.text, weak: a.weakText})
		l := shape.Link{Path: shape.Input(res.u), Nav: a.nav, Footer: a.footer, Tag: a.relTag, Item: a.item}
		inMenu = append(inMenu, a.nav && !a.footer)
		if !a.weakText {
			l.Text = a.text
		}
		page = append(page, l)
	}
	for j := range page {
		// One Link per URL: in the footer only when no anchor of it is in
		// the menu (shape.Link: a menu place wins).
		page[j].Footer = page[j].Footer && !inMenu[j]
	}
	return links, page, of, at
}

// JudgedLink is one same-host link of a page as the page classifier judged
// it: its URL and text, where it sits (Place: "menu", "footer" or "body";
// "page" for the page itself), whether an anchor marks it rel=tag, and the
// verdict with the rule that decided it (shape.InPage).
type JudgedLink struct {
	URL     string        `json:"url"`
	Text    string        `json:"text,omitempty"`
	Place   string        `json:"place"`
	Tag     bool          `json:"rel_tag,omitempty"`
	Verdict shape.Verdict `json:"verdict"`
}

// Links judges every distinct same-host link of one HTML page as Classify
// does for its sections and articles, and says why: for `feedscout-host
// shape --page`. The page itself comes first, at Place "page", judged as
// Page.Kind judges it (pageVerdict: its own markup where its URL reads as
// a section, else its URL), whether or not it links to itself; its
// anchors to itself are not listed again, since they are the page's own
// controls (a "Zum Inhalt springen" skip link, a "Cookie-Einstellungen"
// button on href="#") whose texts say nothing of what the page is. The
// arguments are Classify's.
func Links(pageURL string, body []byte, contentType string) ([]JudgedLink, error) {
	pu, d, _, err := read(pageURL, body, contentType)
	if err != nil {
		return nil, err
	}
	r, _ := resolverFor(pu, d)
	links, page, _, _ := sameHostLinks(pu, r, d.anchors)
	verdicts := judgeLinks(pu, page)
	self := pu.String()
	out := make([]JudgedLink, 1, len(links)+1)
	out[0] = JudgedLink{URL: self, Place: "page", Verdict: pageVerdict(pu, d)}
	for i, l := range links {
		if l.url == self {
			continue
		}
		place := "body"
		switch {
		case page[i].Nav && !page[i].Footer:
			place = "menu"
		case page[i].Footer:
			place = "footer"
		}
		out = append(out, JudgedLink{URL: l.url, Text: l.text, Place: place, Tag: page[i].Tag, Verdict: verdicts[i]})
	}
	return out, nil
}

// judgeLinks judges a page's same-host links together (shape.InPage) and
// then by the page's host (shape.OnHost): on a forum's or a shop's host
// the links are no sections, as shape.URL judges each of them.
func judgeLinks(pu *url.URL, page []shape.Link) []shape.Verdict {
	verdicts := shape.InPage(page)
	if host := pu.Hostname(); shape.Host(host) {
		for i := range verdicts {
			verdicts[i] = shape.OnHost(host, verdicts[i])
		}
	}
	return verdicts
}
