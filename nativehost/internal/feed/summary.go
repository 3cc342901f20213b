package feed

import (
	"strings"
	"time"

	"github.com/mmcdole/gofeed"
	"github.com/mmcdole/gofeed/atom"
	"github.com/mmcdole/gofeed/rss"

	"feedscout/common/report"
)

func summarise(f *gofeed.Feed, jsonHub string) *Summary {
	s := &Summary{
		Format:   f.FeedType,
		Title:    clean(f.Title),
		SiteLink: webURL(f.Link),
		SelfLink: webURL(f.FeedLink),
		Language: strings.TrimSpace(f.Language),
		Items:    len(f.Items),
		Hub:      jsonHub,
	}
	switch orig := f.OriginalFeed().(type) {
	case *rss.Feed:
		s.Hub = webURL(rssHub(orig))
	case *atom.Feed:
		for _, l := range orig.Links {
			if hasRel(l.Rel, "hub") && webURL(l.Href) != "" {
				s.Hub = webURL(l.Href)
				break
			}
		}
	}
	for _, it := range f.Items {
		if it == nil {
			continue
		}
		if d := itemDate(it); d.After(s.Newest) {
			s.Newest = d
		}
	}
	return s
}

// rssHub finds <atom:link rel="hub"> (any prefix bound to a link element)
// in an RSS channel's extensions.
func rssHub(f *rss.Feed) string {
	for _, byName := range f.Extensions {
		for _, l := range byName["link"] {
			if hasRel(l.Attrs["rel"], "hub") && l.Attrs["href"] != "" {
				return strings.TrimSpace(l.Attrs["href"])
			}
		}
	}
	return ""
}

// hasRel: rel is a space-separated token list, case-insensitive.
func hasRel(rel, want string) bool {
	for _, r := range strings.Fields(rel) {
		if strings.EqualFold(r, want) {
			return true
		}
	}
	return false
}

func itemDate(it *gofeed.Item) time.Time {
	switch {
	case it.PublishedParsed != nil:
		return it.PublishedParsed.UTC()
	case it.UpdatedParsed != nil:
		return it.UpdatedParsed.UTC()
	}
	return time.Time{}
}

func itemURL(it *gofeed.Item) string {
	if u := webURL(it.Link); u != "" {
		return u
	}
	for _, l := range it.Links {
		if u := webURL(l); u != "" {
			return u
		}
	}
	if g := strings.TrimSpace(it.GUID); report.WebURL(g) {
		return g
	}
	return ""
}

// webURL returns s trimmed when it is an http(s) URL or has no scheme
// (relative), else "": javascript:, data: and other schemes never reach
// the report or the popup. It is not report.WebURL, which takes absolute
// URLs only: a feed's relative links are kept. The item's GUID, a link
// only when absolute, goes through report.WebURL (itemURL). The sitemap
// reader keeps <loc> by the same rule (sitemap's webURL).
func webURL(s string) string {
	s = strings.TrimSpace(s)
	i := strings.IndexAny(s, ":/?#")
	if i < 0 || s[i] != ':' {
		return s
	}
	if scheme := s[:i]; strings.EqualFold(scheme, "http") || strings.EqualFold(scheme, "https") {
		return s
	}
	return ""
}

// clean collapses white space runs (titles spread over lines).
func clean(s string) string { return strings.Join(strings.Fields(s), " ") }
