package discover

import (
	"strings"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/check"
	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
)

// Health lines: each feed and sitemap of the report says how it is
// served, from the response discovery already has (package check holds
// the rules; docs/checking.md lists them). No request is made for it.

// feedHealth is the health of a feed previewed from resp.
func feedHealth(resp *fetch.Response, sum *feed.Summary, now time.Time) []report.Finding {
	return check.FeedHealth(resp.URL, resp.Header, len(resp.Body), resp.NotModified, sum, now)
}

// sitemapHealth holds the health of each sitemap read, by the parsed
// sitemap, until the report records it (useSitemap).
type sitemapHealth map[*sitemap.Sitemap][]report.Finding

// keep computes the health of sm, read from resp; a sitemap that did not
// parse (nil) has none.
func (h *sitemapHealth) keep(sm *sitemap.Sitemap, resp *fetch.Response, now time.Time) {
	if sm == nil || sm.Kind == sitemap.KindIndex {
		return
	}
	if *h == nil {
		*h = sitemapHealth{}
	}
	gzipped := strings.HasSuffix(strings.ToLower(resp.URL), ".gz")
	(*h)[sm] = check.SitemapHealth(resp.Header, gzipped, sm, now)
}
