package discover

import "feedscout/report"

// sectionStep lists the homepage's section anchors when no sitemap gave
// sections, and adds the homepage itself when it links to articles. It
// makes no request, so it also runs for a site stopped early (budget,
// deadline, timeouts), but not for one that refused feedscout, or seems
// to: its sections would refuse too. Calling it again changes nothing.
func (r *run) sectionStep() {
	if r.home == nil || r.stop == report.StopRefused || r.suspect != nil || r.feedFound() {
		return
	}
	for _, sm := range r.rep.Sitemaps {
		if sm.Kind != report.SitemapSections {
			return // a news or article sitemap is the better outcome
		}
	}
	if len(r.rep.Sections) == 0 {
		for _, l := range r.home.Sections {
			if len(l.URL) <= maxURL {
				r.rep.Sections = append(r.rep.Sections, report.Section{URL: l.URL, Name: clip(l.Name), Title: clip(l.Text)})
			}
		}
	}
	if r.home.LinksToArticles {
		for _, s := range r.rep.Sections {
			if s.URL == r.home.URL {
				return
			}
		}
		r.rep.Sections = append(r.rep.Sections, report.Section{URL: r.home.URL, Title: clip(r.home.Title)})
	}
}

func clip(s string) string {
	if len(s) <= maxTitle {
		return s
	}
	rs := []rune(s)
	if len(rs) <= maxTitle {
		return s
	}
	return string(rs[:maxTitle]) + "…"
}
