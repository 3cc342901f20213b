package discover

import (
	"net/url"
	"strings"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
)

// sectionStep lists the homepage's section anchors when no sitemap gave
// sections, and adds the homepage itself when it links to articles. It
// makes no request, so it also runs for a site stopped early (budget,
// deadline, timeouts), but not for one that refused feedscout, or seems
// to: its sections would refuse too. A section robots.txt disallows is
// left out (robotsAllows). Calling it again changes nothing.
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
			if len(l.URL) <= maxURL && r.robotsAllows(l.URL) {
				r.rep.Sections = append(r.rep.Sections, report.Section{URL: l.URL, Name: clip(l.Name), Title: clip(l.Text)})
			}
		}
	}
	if r.home.LinksToArticles && r.robotsAllows(r.home.URL) {
		for _, s := range r.rep.Sections {
			if s.URL == r.home.URL {
				return
			}
		}
		r.rep.Sections = append(r.rep.Sections, report.Section{URL: r.home.URL, Title: clip(r.home.Title)})
	}
}

// robotsAllows reports whether the site's robots.txt, as discovery read
// it, lets feedscout fetch u. A section it disallows is left out of the
// report: following it (`feed`, the gateway, the popup's Preview) would be
// refused without a request, so listing it would offer the user a
// subscription that never gives an entry. The check makes no request: it
// applies only to u on the scheme and host robots.txt was read for; a
// section on another host is left to the fetcher's own check when it is
// followed.
func (r *run) robotsAllows(u string) bool {
	if r.rules == nil {
		return true
	}
	pu, err := url.Parse(u)
	site, _ := url.Parse(r.rep.Site)
	if err != nil || site == nil || !strings.EqualFold(pu.Scheme, site.Scheme) || !strings.EqualFold(pu.Host, site.Host) {
		return true
	}
	return r.rules.Allowed(fetch.Product, pu.RequestURI())
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
