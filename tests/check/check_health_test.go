package check

// Health lines: discovery reports how each feed and news sitemap is
// served, from the response it already has, with no extra request.

import (
	"encoding/json"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

type healthReport struct {
	Feeds []struct {
		URL    string        `json:"url"`
		Health []healthEntry `json:"health"`
	} `json:"feeds"`
	Sitemaps []struct {
		URL    string        `json:"url"`
		Health []healthEntry `json:"health"`
	} `json:"sitemaps"`
}

type healthEntry struct {
	Level string `json:"level"`
	Code  string `json:"code"`
	Text  string `json:"text"`
}

func TestCheckHealthInDiscovery(t *testing.T) {
	sites := fixtureweb.CheckSites(&fixtureweb.Generated{})
	w := harness.StartWeb(t, sites)
	var picked []fixtureweb.Site
	for _, s := range sites {
		if s.Host == fixtureweb.HealthFeedHost || s.Host == fixtureweb.HealthNewsHost {
			picked = append(picked, s)
		}
	}
	reps := harness.DiscoverAll(t, harness.FastEnv(w), "smart", picked)
	for name, want := range map[string][]healthEntry{
		"check-health-feed": {
			{"warning", "no-validators", "No ETag or Last-Modified: readers download it whole every time."},
		},
		"check-health-news": {
			{"error", "content-type", "Served as text/html: serve the sitemap as application/xml."},
			{"warning", "news-old", "31 of 40 entries are older than 48 hours: Google News takes only the last two days; drop them or their <news:news> block."},
		},
	} {
		rep := reps[name]
		var h healthReport
		if err := json.Unmarshal(rep.Raw, &h); err != nil {
			t.Fatal(err)
		}
		var got []healthEntry
		var target string
		switch {
		case len(h.Feeds) > 0:
			got, target = h.Feeds[0].Health, h.Feeds[0].URL
		case len(h.Sitemaps) > 0:
			got, target = h.Sitemaps[0].Health, h.Sitemaps[0].URL
		default:
			t.Fatalf("%s: nothing found: %s", name, rep.Reason)
		}
		for _, wh := range want {
			found := false
			for _, g := range got {
				if g == wh {
					found = true
				}
			}
			if !found {
				t.Errorf("%s: health %+v lacks %+v", name, got, wh)
			}
		}
		// No request beyond discovery's own: the file was fetched once.
		n := 0
		for _, q := range rep.Requests {
			if q.URL == target && q.Sent {
				n++
			}
		}
		if n != 1 {
			t.Errorf("%s: %s requested %d times, want once", name, target, n)
		}
	}
}
