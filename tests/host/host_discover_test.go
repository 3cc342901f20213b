package host

// Discovery and section following over native messaging, as the
// extension's background worker asks for them: one port, several
// requests in flight, progress replies, then one result.

import (
	"encoding/json"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

func TestNMDiscoverAndSection(t *testing.T) {
	t.Parallel()
	sites := harness.SiteNamed(t, "theverge", "yomiuri", "nikkei")
	w := harness.StartWeb(t, sites)
	tabs := harness.LoadTabs(t, w, sites[:1])
	h := harness.StartNM(t, harness.FastEnv(w))
	verge, yomiuri, nikkei := sites[0], sites[1], sites[2]
	h.Send(map[string]any{"id": "d1", "type": "discover", "url": tabs["theverge"].URL, "page": tabs["theverge"]})
	h.Send(map[string]any{"id": 2, "type": "discover", "url": yomiuri.URL()})
	h.Send(map[string]any{"id": "s1", "type": "section", "url": nikkei.Expect.Follow[0].URL})
	h.Send(map[string]any{"id": "v", "type": "version"})
	got := h.Until(60*time.Second, `"d1"`, `2`, `"s1"`, `"v"`)

	// Each id: progress replies, one per log row, then exactly one result.
	for id, replies := range got {
		for i, r := range replies {
			last := i == len(replies)-1
			if last != (r.Type == "result" || r.Type == "error") {
				t.Errorf("%s: reply %d of %d is %s", id, i+1, len(replies), r.Type)
			}
			if !last && (r.Type != "progress" || len(r.Request) == 0) {
				t.Errorf("%s: reply %d: %+v", id, i+1, r)
			}
		}
	}
	var vr harness.Report
	decodeRaw(t, got[`"d1"`], &vr)
	if vr.Outcome != "feed" || len(vr.Feeds) == 0 || vr.Feeds[0].URL != verge.Expect.FeedURL || !vr.Feeds[0].Checked || vr.Feeds[0].Items != verge.Expect.FeedItems {
		t.Errorf("verge: %+v", vr)
	}
	// The tab is the homepage: robots.txt and the feed preview only.
	if len(vr.Requests) != 2 || vr.Requests[0].Step != "robots" || vr.Requests[1].Step != "feed" {
		t.Errorf("verge from the tab: requests %+v", vr.Requests)
	}
	var yr harness.Report
	decodeRaw(t, got[`2`], &yr)
	if yr.Outcome != "news-sitemap" || len(yr.Sitemaps) == 0 || yr.Sitemaps[0].URL != yomiuri.Expect.Sitemaps[0] {
		t.Errorf("yomiuri: %s %+v", yr.Outcome, yr.Sitemaps)
	}
	var sec struct {
		URL      string
		Articles []struct{ URL, Title string }
		Requests []harness.LogRow
	}
	decodeRaw(t, got[`"s1"`], &sec)
	if len(sec.Articles) != nikkei.Expect.Follow[0].Articles || len(sec.Requests) != 2 {
		t.Errorf("section: %d articles, %d requests", len(sec.Articles), len(sec.Requests))
	}
	if code := h.CloseAndWait(10 * time.Second); code != 0 {
		t.Fatalf("exit %d", code)
	}
	for _, s := range sites {
		if err := w.CheckPoliteness(s.Host, 0, 25, "feedscout"); err != nil {
			t.Error(err)
		}
	}

	// A section page that answers 404 is an error reply with its code and
	// a sentence.
	h = harness.StartNM(t, harness.FastEnv(w))
	h.Send(map[string]any{"id": "s2", "type": "section", "url": "https://www.nikkei.com/no/such/section/"})
	replies := h.Until(30*time.Second, `"s2"`)[`"s2"`]
	if last := replies[len(replies)-1]; last.Type != "error" || last.Code != "fetch-failed" || !strings.Contains(last.Error, "404") || last.Args["reason_code"] != "section-status" || last.Args["status"] != 404.0 {
		t.Errorf("missing section page: %+v", last)
	}
	h.CloseAndWait(10 * time.Second)
}

// decodeRaw decodes the result payload (report or section) of the last
// reply of one request.
func decodeRaw(t testing.TB, replies []harness.NMReply, v any) {
	t.Helper()
	if len(replies) == 0 {
		t.Fatal("no replies")
	}
	last := replies[len(replies)-1]
	raw := last.Report
	if len(raw) == 0 {
		raw = last.Section
	}
	if last.Type != "result" || len(raw) == 0 {
		t.Fatalf("last reply: %+v", last)
	}
	if err := json.Unmarshal(raw, v); err != nil {
		t.Fatal(err)
	}
}

// Two popups discovering the same site at once share the one host process
// behind the native port: the server still sees at least 1 s between
// requests, and the two discoveries share one budget of 25 requests.
// The article order on Asahi wants 14 requests, and 13 more for a second
// discovery (robots.txt is known by then): 27, over the budget.
func TestNMTwoPopupsOneSite(t *testing.T) {
	t.Parallel()
	asahi := harness.SiteNamed(t, "asahi")[0]
	w := harness.StartWeb(t, []fixtureweb.Site{asahi})
	h := harness.StartNM(t, w.Env()) // the real 1 s pause
	for _, id := range []string{"a", "b"} {
		h.Send(map[string]any{"id": id, "type": "discover", "url": asahi.URL(), "order": "article"})
	}
	got := h.Until(90*time.Second, `"a"`, `"b"`)
	h.CloseAndWait(10 * time.Second)
	if err := w.CheckPoliteness(asahi.Host, time.Second, 25, "feedscout"); err != nil {
		t.Error(err)
	}
	hits := w.Hits(asahi.Host)
	if len(hits) != 25 {
		t.Errorf("the server saw %d requests, want the budget's 25", len(hits))
	}
	budget := 0
	for _, id := range []string{`"a"`, `"b"`} {
		var r harness.Report
		decodeRaw(t, got[id], &r)
		for _, q := range r.Requests {
			if q.Status.Word == reportpkg.StatusBudget {
				budget++
			}
		}
		if r.Outcome == "" || r.Reason == "" {
			t.Errorf("%s: %+v", id, r)
		}
	}
	if budget == 0 {
		t.Error("neither discovery logged a budget stop")
	}
	t.Logf("%d requests over %v", len(hits), hits[len(hits)-1].Time.Sub(hits[0].Time).Round(time.Millisecond))
}

// With the real pause, every site of the fixture web discovered at once
// (one host process, article order, the order with the most requests)
// sees robots.txt first, at least 1 s between requests, at most 25
// requests, and nothing robots.txt disallows.
func TestDiscoverPacing(t *testing.T) {
	t.Parallel()
	sites := fixtureweb.DefaultSites()
	w := harness.StartWeb(t, sites)
	reps := harness.DiscoverAll(t, w.Env(), "article", sites)
	for _, s := range sites {
		for _, host := range s.Hosts() {
			if err := w.CheckPoliteness(host, time.Second, 25, "feedscout"); err != nil {
				t.Errorf("%s: %v", s.Name, err)
			}
		}
		if r := reps[s.Name]; r.Outcome != s.Expect.ArticleOrderOutcome() {
			t.Errorf("%s: outcome %s with the real pause, want %s", s.Name, r.Outcome, s.Expect.ArticleOrderOutcome())
		}
	}
	for _, h := range w.HitHosts() {
		if !strings.Contains(allHosts(sites), " "+h+" ") {
			t.Errorf("requests to %s, which is no site's host", h)
		}
	}
}

// allHosts lists every host name of sites, space-separated and padded.
func allHosts(sites []fixtureweb.Site) string {
	var b strings.Builder
	b.WriteString(" ")
	for _, s := range sites {
		for _, h := range s.Hosts() {
			b.WriteString(h + " ")
		}
	}
	return b.String()
}
