package check

import (
	"net/http"
	"time"

	"feedscout/common/classify"
	"feedscout/common/report"
	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
)

// Health lines: the rules of Run applied to what discovery already
// fetched (the response header, the parsed feed or sitemap), so that each
// feed and news sitemap of a report says how it is served without one more
// request. A full check (Run) adds what needs the file's lines or another
// request: the conditional request, duplicate ids, unparseable dates, the
// XML's well-formedness, hosts and duplicates of a sitemap.

// FeedHealth is the health of a feed fetched from fetched (its final URL)
// with header h, body size bytes, summarised as sum: Content-Type,
// validators, gzip, rel=self, the newest item's age, and its WebSub hub
// (sum.Hub, the feed's or its headers': FeedHub). Notes are left out (a
// health line says what costs readers something) but one: updates are
// pushed (Pushed), the good news a reader choosing a feed wants to know.
func FeedHealth(fetched string, h http.Header, bytes int, notModified bool, sum *feed.Summary, now time.Time) []report.Finding {
	var fs []report.Finding
	fs = append(fs, FeedContentType(h, sum.Format, nil)...)
	fs = append(fs, Validators(h, nil)...)
	if !notModified {
		fs = append(fs, Gzip(h, bytes, nil)...)
	}
	fs = append(fs, SelfLink(fetched, sum.SelfLink, sum.Format, nil)...)
	dated := 0
	if !sum.Newest.IsZero() {
		dated = 1
	}
	fs = append(fs, Newest(sum.Newest, sum.Items, dated, now, nil)...)
	fs = withoutNotes(fs)
	return append(fs, Pushed(sum.Hub, nil)...)
}

// FeedHub is a fetched feed's WebSub hub: the one the feed names
// (link rel="hub", a JSON Feed's hubs), else the one its response's Link
// headers name (W3C WebSub section 4: either is discovery).
func FeedHub(resp *fetch.Response, sum *feed.Summary) string {
	if sum.Hub != "" {
		return sum.Hub
	}
	return classify.HeaderHub(resp.URL, resp.Header.Values("Link"))
}

// SitemapHealth is the health of a news sitemap with header h, parsed as
// sm: its Content-Type, the entries older than 48 hours, the 1,000-block
// limit. gzipped says the file was a .gz.
func SitemapHealth(h http.Header, gzipped bool, sm *sitemap.Sitemap, now time.Time) []report.Finding {
	var fs []report.Finding
	fs = append(fs, SitemapContentType(h, gzipped, sm.Kind == sitemap.KindText, nil)...)
	old, total, blocks := 0, 0, 0
	for i := range sm.Entries {
		n := sm.Entries[i].News
		if n == nil {
			continue
		}
		blocks++
		if n.PublicationDate.IsZero() {
			continue
		}
		total++
		if now.Sub(n.PublicationDate) > NewsWindow {
			old++
		}
	}
	fs = append(fs, OldNews(old, total, 0, "", 0, nil)...)
	fs = append(fs, NewsLimitRule(blocks, 0, nil)...)
	return withoutNotes(fs)
}

func withoutNotes(fs []report.Finding) []report.Finding {
	out := fs[:0]
	for _, f := range fs {
		if f.Level != report.LevelNote {
			out = append(out, f)
		}
	}
	if len(out) == 0 {
		return nil
	}
	return out
}
