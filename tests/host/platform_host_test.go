package host

// The platform feeds, the Link header and the WebSub hub through the real
// host (issue 27): `discover` on the platform fixture sites, over the CLI
// (no page: the URL alone) and over native messaging (the tab's page).

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// feedSummary is a report's feeds as "via rule url checked" lines.
func feedSummary(r *harness.Report) []string {
	var out []string
	for _, f := range r.Feeds {
		out = append(out, fmt.Sprintf("%s %s %s %v", f.Via, f.Rule, f.URL, f.Checked))
	}
	return out
}

func TestPlatformHostFeeds(t *testing.T) {
	t.Parallel()
	sites := fixtureweb.PlatformSites()
	w := harness.StartWeb(t, sites)
	const yt = "https://www.youtube.com/feeds/videos.xml?"
	id := fixtureweb.PlatformChannelID
	gh := "https://github.com/" + fixtureweb.PlatformRepo + "/"
	want := map[string][]string{
		// The advertised feed first and previewed; the derived ones after
		// it, listed.
		"youtube-channel": {
			"link  " + yt + "channel_id=" + id + " true",
			"derived youtube-videos " + yt + "playlist_id=UULF" + id[2:] + " false",
			"derived youtube-shorts " + yt + "playlist_id=UUSH" + id[2:] + " false",
			"derived youtube-live " + yt + "playlist_id=UULV" + id[2:] + " false",
		},
		// Nothing advertised: the first derived feed is previewed.
		"github-repo": {
			"derived github-commits " + gh + "commits.atom true",
			"derived github-releases " + gh + "releases.atom false",
			"derived github-tags " + gh + "tags.atom false",
		},
		// The homepage's Link header is its advertised feed.
		"link-header": {"link  https://www.tidewater-notes.net/notes/index.rss true"},
		"quiet-page":  nil,
	}
	// Over the CLI the host has the URL alone: the channel's feeds are
	// all derived (the page that advertises one is not fetched).
	cli := map[string][]string{"youtube-channel": {
		"derived youtube-channel " + yt + "channel_id=" + id + " true",
		"derived youtube-videos " + yt + "playlist_id=UULF" + id[2:] + " false",
		"derived youtube-shorts " + yt + "playlist_id=UUSH" + id[2:] + " false",
		"derived youtube-live " + yt + "playlist_id=UULV" + id[2:] + " false",
	}}
	check := func(t *testing.T, reps map[string]*harness.Report, over map[string][]string) {
		for _, s := range sites {
			r := reps[s.Name]
			w, ok := over[s.Name]
			if !ok {
				w = want[s.Name]
			}
			if got := feedSummary(r); !slices.Equal(got, w) {
				t.Errorf("%s: feeds\n got %q\nwant %q", s.Name, got, w)
				continue
			}
			if r.Outcome != s.Expect.Outcome {
				t.Errorf("%s: outcome %s, want %s (%s)", s.Name, r.Outcome, s.Expect.Outcome, r.Reason)
			}
			if s.Expect.FeedURL != "" && len(r.Feeds) > 0 && r.Feeds[0].Items != s.Expect.FeedItems {
				t.Errorf("%s: %d items, want %d", s.Name, r.Feeds[0].Items, s.Expect.FeedItems)
			}
		}
		if r := reps["github-repo"]; r.ReasonCode != reportpkg.ReasonFeedDerived || r.ReasonArgs["rule"] != "github-commits" ||
			!strings.Contains(r.Reason, "rule github-commits") {
			t.Errorf("github-repo: reason %s %v: %s", r.ReasonCode, r.ReasonArgs, r.Reason)
		}
		// The hub the feed's Link header names is the feed's hub, and the
		// health line says updates are pushed.
		if len(reps["link-header"].Feeds) == 0 {
			return
		}
		lh := reps["link-header"].Feeds[0]
		if lh.Hub != "https://websub.tidewater-notes.net/" {
			t.Errorf("link-header: hub %q", lh.Hub)
		}
		pushed := false
		for _, f := range lh.Health {
			pushed = pushed || f.Code == "hub" && f.Args["hub"] == lh.Hub && strings.HasPrefix(f.Text, "Updates are pushed")
		}
		if !pushed {
			t.Errorf("link-header: no 'updates are pushed' in the health line %+v", lh.Health)
		}
	}
	t.Run("cli", func(t *testing.T) { check(t, harness.DiscoverAll(t, harness.FastEnv(w), "smart", sites), cli) })
	w.Reset()
	t.Run("native messaging", func(t *testing.T) {
		// The link-header site's tab is its homepage: the host reads the
		// browser's copy and makes no homepage request, so it never sees
		// the header (docs/platforms.md); the tab of another page of the
		// site would. Its CLI run above holds the header.
		var tabbed, header []fixtureweb.Site
		for _, s := range sites {
			if s.Name != "link-header" {
				tabbed = append(tabbed, s)
			} else {
				header = append(header, s)
			}
		}
		tabs := harness.LoadTabs(t, w, tabbed)
		reps := harness.DiscoverNM(t, harness.FastEnv(w), "smart", tabbed, tabs)
		reps["link-header"] = harness.DiscoverAll(t, harness.FastEnv(w), "smart", header)["link-header"]
		check(t, reps, nil)
	})
}
