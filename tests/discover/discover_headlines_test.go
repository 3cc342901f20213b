package discover

// Headlines and the choice of the feed to preview, against two sites of
// their own on the fixture web: the first advertised feed disallowed by
// robots.txt, and the first one failing (a redirect loop). The next one is
// previewed with its three newest headlines; a disallowed feed is listed
// after the public ones and says why it was not fetched.

import (
	"net/http"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

func TestDiscoverHeadlines(t *testing.T) {
	t.Parallel()
	disallowed := harness.FirstDisallowedSite()
	failing := harness.HeadlineSite("first-fails", "first-fails.test", "/loop.xml", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop.xml", http.StatusFound)
	})
	sites := []fixtureweb.Site{disallowed, failing}
	w := harness.StartWeb(t, sites)
	reps := harness.DiscoverAll(t, harness.FastEnv(w), "smart", sites)
	wantHeads := []string{"Fourth", "Second", "Fifth"}
	for _, s := range sites {
		t.Run(s.Name, func(t *testing.T) {
			var r struct {
				ReasonCode string `json:"reason_code"`
				Feeds      []struct {
					URL     string `json:"url"`
					Checked bool   `json:"checked"`
					Items   int    `json:"items"`
					Preview string `json:"preview"`
					// PreviewCode and PreviewArgs say Preview without
					// English (docs/reasons.md, A feed's preview).
					PreviewCode string         `json:"preview_code"`
					PreviewArgs map[string]any `json:"preview_args"`
					Headlines   []struct {
						Title string `json:"title"`
						Date  string `json:"date"`
					} `json:"headlines"`
				} `json:"feeds"`
			}
			harness.DecodeJSON(t, string(reps[s.Name].Raw), &r)
			if r.ReasonCode != "feed-advertised" || len(r.Feeds) != 2 {
				t.Fatalf("reason %s, feeds %+v", r.ReasonCode, r.Feeds)
			}
			pub, other := r.Feeds[0], r.Feeds[1]
			if pub.URL != s.Expect.FeedURL || !pub.Checked || pub.Items != len(harness.HeadlineItems) {
				t.Errorf("first feed %+v, want %s previewed", pub, s.Expect.FeedURL)
			}
			if len(pub.Headlines) != len(wantHeads) {
				t.Fatalf("headlines %+v, want %v", pub.Headlines, wantHeads)
			}
			var last time.Time
			for i, h := range pub.Headlines {
				d, err := time.Parse(time.RFC3339, h.Date)
				if h.Title != wantHeads[i] || err != nil || (i > 0 && !d.Before(last)) {
					t.Errorf("headline %d: %+v, want %q dated, newest first", i, h, wantHeads[i])
				}
				last = d
			}
			if other.Checked || len(other.Headlines) != 0 {
				t.Errorf("the feed that cannot be previewed: %+v", other)
			}
			if pub.PreviewCode != "" || pub.PreviewArgs != nil {
				t.Errorf("the previewed feed has preview_code %q, preview_args %v", pub.PreviewCode, pub.PreviewArgs)
			}
			if got := reportpkg.PreviewSentence(other.PreviewCode, other.PreviewArgs); other.PreviewCode != reportpkg.PreviewFailed || got != other.Preview {
				t.Errorf("the feed not previewed: preview_code %q, args %v say %q, preview %q", other.PreviewCode, other.PreviewArgs, got, other.Preview)
			}
			problem, _ := other.PreviewArgs["feed_problem"].(map[string]any)
			wantProblem := map[string]string{"first-disallowed": "robots-disallow", "first-fails": "redirect-loop"}[s.Name]
			if problem["problem"] != wantProblem {
				t.Errorf("preview_args %v, want feed_problem %s", other.PreviewArgs, wantProblem)
			}
			switch s.Name {
			case "first-disallowed":
				// Listed after the public one (the page lists it first).
				if !strings.HasSuffix(other.URL, "/private/all.xml") || !strings.Contains(other.Preview, "robots-disallow") {
					t.Errorf("disallowed feed %+v: not last, or not saying why", other)
				}
			case "first-fails":
				if !strings.HasSuffix(other.URL, "/loop.xml") || !strings.Contains(other.Preview, "redirect-loop") {
					t.Errorf("failing feed %+v, want it to say redirect-loop", other)
				}
			}
			if got, saw := madeRequests(reps[s.Name]), harness.SiteHits(w, s); got != saw {
				t.Errorf("the report counts %d requests, the server saw %d", got, saw)
			}
		})
	}
}
