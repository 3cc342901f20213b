package discover

// End-to-end discovery against the fixture web: the built host's
// `discover --json`, both orders, every default site, judged by the
// reports and by what the servers saw.

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// outcomeRank orders outcomes from best to worst; refused and none are
// equally empty-handed.
var outcomeRank = map[reportpkg.Outcome]int{
	reportpkg.OutcomeFeed: 0, reportpkg.OutcomeNewsSitemap: 1, reportpkg.OutcomeArticleSitemap: 2,
	reportpkg.OutcomeSections: 3, reportpkg.OutcomeRefused: 4, reportpkg.OutcomeNone: 4,
}

// TestDiscoverDefaultSites runs both orders over every default site with
// short pauses and checks each report against the site's Expect, the
// source article's request counts, and the servers' view of politeness.
func TestDiscoverDefaultSites(t *testing.T) {
	t.Parallel()
	sites := fixtureweb.DefaultSites()
	w := harness.StartWeb(t, sites)
	hits := map[string]map[string]int{}
	reps := map[string]map[string]*harness.Report{}
	for _, order := range []string{"article", "smart"} {
		w.Reset()
		reps[order] = harness.DiscoverAll(t, harness.FastEnv(w), order, sites)
		hits[order] = map[string]int{}
		for _, s := range sites {
			hits[order][s.Name] = harness.SiteHits(w, s)
			if n := hits[order][s.Name]; n > 25 {
				t.Errorf("%s order, %s: %d requests to the site's hosts, more than 25", order, s.Name, n)
			}
			for _, h := range s.Hosts() {
				if err := w.CheckPoliteness(h, 0, 25, "feedscout"); err != nil {
					t.Errorf("%s order, %s: %v", order, s.Name, err)
				}
			}
		}
	}
	for _, s := range sites {
		t.Run(s.Name, func(t *testing.T) {
			art, smart := reps["article"][s.Name], reps["smart"][s.Name]
			checkReport(t, s, art, s.Expect.ArticleOrderOutcome())
			checkReport(t, s, smart, s.Expect.Outcome)
			want := s.Expect.ArticleRequests
			if got := hits["article"][s.Name]; want > 0 && got != want {
				t.Errorf("article order: the servers saw %d requests, want %d", got, want)
			}
			if n := s.Expect.SeedRequests; n > 0 && hits["article"][s.Name] != n {
				t.Errorf("article order: %d requests, the source article measured %d", hits["article"][s.Name], n)
			}
			for order, r := range map[string]*harness.Report{"article": art, "smart": smart} {
				if got := madeRequests(r); got != hits[order][s.Name] {
					t.Errorf("%s order: the report logs %d requests made, the servers saw %d", order, got, hits[order][s.Name])
				}
			}
			if outcomeRank[smart.Outcome] > outcomeRank[art.Outcome] {
				t.Errorf("smart order lost an outcome: %s, article order %s", smart.Outcome, art.Outcome)
			}
			if hits["smart"][s.Name] > hits["article"][s.Name] {
				t.Logf("smart order spent %d requests, article order %d", hits["smart"][s.Name], hits["article"][s.Name])
			}
		})
	}
}

// madeRequests counts the log rows the host says reached a server
// (report.Row.Request: the row's "sent").
func madeRequests(r *harness.Report) int { return reportpkg.Requests(r.Requests) }

// checkReport compares one report with what the site expects of an order
// that reaches outcome.
func checkReport(t *testing.T, s fixtureweb.Site, r *harness.Report, outcome reportpkg.Outcome) {
	t.Helper()
	e := s.Expect
	order := r.Order
	if r.Outcome != outcome && !slices.Contains(e.Acceptable, r.Outcome) {
		t.Errorf("%s order: outcome %s, want %s (reason %q)", order, r.Outcome, outcome, r.Reason)
		return
	}
	if r.Reason == "" || !strings.HasSuffix(r.Reason, ".") {
		t.Errorf("%s order: reason %q is not a sentence", order, r.Reason)
	}
	if e.Reason != "" && r.Outcome == e.Outcome && !strings.Contains(r.Reason, e.Reason) {
		t.Errorf("%s order: reason %q does not say %q", order, r.Reason, e.Reason)
	}
	switch r.Outcome {
	case reportpkg.OutcomeFeed:
		checkFeeds(t, e, r)
	case reportpkg.OutcomeNewsSitemap, reportpkg.OutcomeArticleSitemap:
		checkSitemaps(t, e, r)
	case reportpkg.OutcomeSections:
		if e.Sections > 0 && len(r.Sections) != e.Sections {
			t.Errorf("%s order: %d sections, want %d", order, len(r.Sections), e.Sections)
		}
	}
}

func checkFeeds(t *testing.T, e fixtureweb.Expect, r *harness.Report) {
	t.Helper()
	if e.FeedURL == "" {
		return
	}
	if len(r.Feeds) == 0 || r.Feeds[0].URL != e.FeedURL {
		t.Errorf("%s order: feeds %+v, want %s first", r.Order, r.Feeds, e.FeedURL)
		return
	}
	f := r.Feeds[0]
	if !f.Checked {
		// Only the article order lists an advertised feed unfetched.
		if r.Order != "article" || f.Via != "link" || f.Preview == "" {
			t.Errorf("%s order: feed %s not checked (%s)", r.Order, f.URL, f.Preview)
		}
		return
	}
	if e.FeedFormat != "" && f.Format != e.FeedFormat {
		t.Errorf("%s order: feed format %s, want %s", r.Order, f.Format, e.FeedFormat)
	}
	if e.FeedItems > 0 && f.Items != e.FeedItems {
		t.Errorf("%s order: feed has %d items, want %d", r.Order, f.Items, e.FeedItems)
	}
	if e.FeedTitle != "" && f.Title != e.FeedTitle {
		t.Errorf("%s order: feed title %q, want %q", r.Order, f.Title, e.FeedTitle)
	}
	if len(e.Feeds) > 0 {
		var got []string
		for _, f := range r.Feeds {
			got = append(got, f.URL)
		}
		if !slices.Equal(got, e.Feeds) {
			t.Errorf("%s order: feeds %v, want %v", r.Order, got, e.Feeds)
		}
	}
}

func checkSitemaps(t *testing.T, e fixtureweb.Expect, r *harness.Report) {
	t.Helper()
	if len(r.Sitemaps) == 0 {
		t.Errorf("%s order: no sitemap in the report", r.Order)
		return
	}
	sm := r.Sitemaps[0]
	got := []string{sm.URL}
	if len(sm.Departments) > 0 {
		got = got[:0]
		for _, d := range sm.Departments {
			got = append(got, d.URL)
		}
	}
	if len(e.Sitemaps) > 0 && !slices.Equal(got, e.Sitemaps) {
		t.Errorf("%s order: sitemaps %v, want %v", r.Order, got, e.Sitemaps)
	}
	if e.SitemapURLs > 0 && sm.URLs != e.SitemapURLs {
		t.Errorf("%s order: sitemap has %d URLs, want %d", r.Order, sm.URLs, e.SitemapURLs)
	}
}

// TestDiscoverNikkei checks the source article's Nikkei figures beyond the
// outcome: the sections sitemap of 187 URLs, 185 sections ("Showing 60 of
// 185"), 157 of them changed within a day of the last look, and following
// /business/startups/ keeps the 20 /article/ links of its 271.
func TestDiscoverNikkei(t *testing.T) {
	t.Parallel()
	var nikkei fixtureweb.Site
	for _, s := range fixtureweb.DefaultSites() {
		if s.Name == "nikkei" {
			nikkei = s
		}
	}
	w := harness.StartWeb(t, []fixtureweb.Site{nikkei})
	since := w.Started.Add(-24 * time.Hour).UTC().Format(time.RFC3339)
	out, errOut, code := harness.RunHost(t, harness.FastEnv(w), "", "discover", "--json", "--since", since, nikkei.URL())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	r := decodeReport(t, out)
	e := nikkei.Expect
	if r.Outcome != "sections" || len(r.Sitemaps) != 1 || r.Sitemaps[0].URL != e.Sitemaps[0] || r.Sitemaps[0].URLs != e.SitemapURLs {
		t.Fatalf("outcome %s, sitemaps %+v", r.Outcome, r.Sitemaps)
	}
	if len(r.Sections) != e.Sections {
		t.Fatalf("%d sections, want %d", len(r.Sections), e.Sections)
	}
	fresh, dated := 0, 0
	for _, s := range r.Sections {
		if s.Lastmod != "" {
			dated++
			if !s.Unchanged {
				fresh++
			}
		}
	}
	if fresh != e.Fresh || dated != e.Sections-1 {
		t.Errorf("%d of %d dated sections changed since %s, want %d of %d", fresh, dated, since, e.Fresh, e.Sections-1)
	}
	if last := r.Sections[len(r.Sections)-1]; last.URL != nikkei.URL() {
		t.Errorf("last section %s, want the homepage", last.URL)
	}
	// The readable table says how many sections there are.
	out, _, code = harness.RunHost(t, harness.FastEnv(w), "", "discover", nikkei.URL())
	if code != 0 || !strings.Contains(out, fmt.Sprintf("sections %d", e.Sections)) {
		t.Errorf("table output:\n%s", out)
	}
	for _, f := range e.Follow {
		out, errOut, code := harness.RunHost(t, harness.FastEnv(w), "", "section", "--json", f.URL)
		if code != 0 {
			t.Fatalf("section exit %d: %s", code, errOut)
		}
		var res struct {
			URL      string
			Articles []struct{ URL, Title string }
			Requests []harness.LogRow
		}
		harness.DecodeJSON(t, out, &res)
		if len(res.Articles) != f.Articles {
			t.Errorf("%s: %d articles, want %d", f.URL, len(res.Articles), f.Articles)
		}
		for _, a := range res.Articles {
			if !strings.HasPrefix(a.URL, "https://www.nikkei.com/"+f.Segment+"/") || a.Title == "" {
				t.Errorf("%s: article %s %q", f.URL, a.URL, a.Title)
			}
		}
		if len(res.Requests) != 2 || res.Requests[0].Step != "robots" || res.Requests[1].Step != "section" {
			t.Errorf("%s: requests %+v, want robots.txt and the page", f.URL, res.Requests)
		}
	}
	if err := w.CheckPoliteness(nikkei.Host, 0, 25, "feedscout"); err != nil {
		t.Error(err)
	}
}
