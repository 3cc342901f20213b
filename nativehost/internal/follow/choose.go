package follow

import (
	"sort"
	"time"

	"feedscout/common/opml"
	"feedscout/common/report"
	"feedscout/common/report/kind"
)

// DefaultSections is how many sections FromReport keeps per site unless
// told otherwise: following costs the site a request per section and
// check.
const DefaultSections = 10

// FromReport chooses what to follow of one discovery report, the best the
// site offers: its feeds (those that work, comment feeds only when there
// is no other); else its news sitemaps, every department of an index
// split by department; else its article sitemaps; else its sections, at
// most maxSections, the most recently modified first (sections without a
// date after the dated ones, in the report's order). A refused site, or
// one with nothing, gives none. Every subscription has the report's Site.
func FromReport(r *report.Report, maxSections int) []opml.Subscription {
	var feeds, comments []opml.Subscription
	for _, f := range r.Feeds {
		if f.Broken || f.URL == "" {
			continue
		}
		s := opml.Subscription{Kind: kind.Feed, URL: f.URL, Title: f.Title, Site: r.Site, Format: f.Format}
		if f.Comments {
			comments = append(comments, s)
		} else {
			feeds = append(feeds, s)
		}
	}
	if len(feeds) == 0 {
		feeds = comments
	}
	if len(feeds) > 0 {
		return feeds
	}
	for _, sk := range []report.SitemapKind{report.SitemapNews, report.SitemapArticle} {
		var subs []opml.Subscription
		for _, m := range r.Sitemaps {
			if m.Kind != sk {
				continue
			}
			k := sk.Source()
			if len(m.Departments) == 0 {
				subs = append(subs, opml.Subscription{Kind: k, URL: m.URL, Site: r.Site})
			}
			for _, d := range m.Departments {
				subs = append(subs, opml.Subscription{Kind: k, URL: d.URL, Title: d.Name, Site: r.Site})
			}
		}
		if len(subs) > 0 {
			return subs
		}
	}
	secs := make([]report.Section, 0, len(r.Sections))
	for _, s := range r.Sections {
		if s.URL != "" {
			secs = append(secs, s)
		}
	}
	sort.SliceStable(secs, func(i, j int) bool { return newer(secs[i].Lastmod, secs[j].Lastmod) })
	var subs []opml.Subscription
	for _, s := range secs[:min(len(secs), max(maxSections, 0))] {
		title := s.Name
		if title == "" {
			title = s.Title
		}
		subs = append(subs, opml.Subscription{Kind: kind.Section, URL: s.URL, Title: title, Site: r.Site})
	}
	return subs
}

// newer reports whether lastmod a is later than b; a date beats none.
func newer(a, b string) bool {
	ta, okA := lastmod(a)
	tb, okB := lastmod(b)
	return okA && (!okB || ta.After(tb))
}

// lastmod reads a sitemap date: W3C Datetime, from a day to a second.
func lastmod(s string) (time.Time, bool) {
	for _, layout := range []string{time.RFC3339, "2006-01-02T15:04Z07:00", time.DateOnly} {
		if t, err := time.Parse(layout, s); err == nil {
			return t, true
		}
	}
	return time.Time{}, false
}
