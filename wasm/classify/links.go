package classify

import (
	"fmt"
	"net/url"
	"strings"
)

// pageLinks fills the page's link lists from its anchors: same-host links
// counted, then split by shape into sections and articles, each URL once
// (at its first place; its text the first non-empty one), the page itself
// left out.
func pageLinks(p *Page, pu *url.URL, r *resolver, anchors []anchor) {
	seen := map[string]bool{}
	at := map[string]int{} // URL -> index in its list
	self := pu.String()
	for _, a := range anchors {
		res := r.resolve(a.href)
		if res.u == nil || res.feed || !sameHost(pu, res.u) {
			continue
		}
		if !seen[res.s] {
			seen[res.s] = true
			p.SameHostLinks++
		}
		if res.s == self {
			continue
		}
		var list *[]Link
		switch URLShape(res.u).Shape {
		case ShapeArticle:
			list = &p.Articles
		case ShapeSection:
			list = &p.Sections
		default:
			continue
		}
		if i, ok := at[res.s]; ok {
			if (*list)[i].Text == "" {
				(*list)[i].Text = a.text
			}
			continue
		}
		at[res.s] = len(*list)
		*list = append(*list, Link{URL: res.s, Text: a.text})
	}
	p.LinksToArticles = len(p.Articles) >= minArticleLinks
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
