package follow

import (
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// TestFollowFaultsCLI: the built `feed` on a source that turns bad keeps
// its last good entries and says why in the feed's subtitle (as a reader
// shows it: through feedparser): 500, a slow server (past the timeout), a
// malformed sitemap, 301 (followed and said), 410 (stopped for good).
func TestFollowFaultsCLI(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 2, 6)
	fw.HostEnv = append(fw.HostEnv, "FEEDSCOUT_TIMEOUT=700ms")
	const p = "/news-sitemap.xml"
	src := fw.Desk.URL(p)
	run := func(step string) harness.Parsed {
		t.Helper()
		out, errOut, code := fw.Feed(t, "--min-interval", "1ms", src)
		if code != 0 {
			t.Fatalf("%s: exit %d: %s", step, code, errOut)
		}
		file := t.TempDir() + "/feed.xml"
		writeFile(t, file, out)
		return harness.FeedparserCheck(t, file)
	}
	good := run("first")
	if len(good.Entries) != 6 {
		t.Fatalf("%d entries, want 6", len(good.Entries))
	}
	for _, c := range []struct {
		step string
		mode fixtureweb.Mode
		says string
	}{
		{"500", fixtureweb.Mode{Status: 500}, "answered 500"},
		{"slow", fixtureweb.Mode{Delay: 3e9}, "did not answer within 700ms"},
		{"malformed", fixtureweb.Mode{Body: "<urlset><url><loc>https://x/</loc>", ContentType: "application/xml"}, "no longer reads as a sitemap"},
	} {
		fw.Desk.Set(p, c.mode)
		got := run(c.step)
		if len(got.Entries) != len(good.Entries) || !strings.Contains(got.Subtitle, c.says) || !strings.Contains(got.Subtitle, "These are the entries of") {
			t.Errorf("%s: %d entries, subtitle %q; want the %d last good and %q", c.step, len(got.Entries), got.Subtitle, len(good.Entries), c.says)
		}
		fw.Desk.Set(p, fixtureweb.Mode{})
	}
	fw.Desk.Set(p, fixtureweb.Mode{Location: fw.Desk.URL("/news-sitemap.xml?moved=1")})
	if got := run("301"); !strings.Contains(got.Subtitle, "moved permanently (301) to "+fw.Desk.URL("/news-sitemap.xml?moved=1")) || strings.Contains(got.Subtitle, "failed") {
		t.Errorf("301: subtitle %q", got.Subtitle)
	}
	fw.Desk.Set("/news-sitemap.xml?moved=1", fixtureweb.Mode{Status: 410})
	got := run("410")
	n, _, _ := fw.DeskHits("/news-sitemap.xml?moved=1")
	if !strings.Contains(got.Subtitle, "answered 410 Gone") || !strings.Contains(got.Subtitle, "Unsubscribe") || len(got.Entries) == 0 {
		t.Errorf("410: subtitle %q, %d entries", got.Subtitle, len(got.Entries))
	}
	run("after 410")
	if m, _, _ := fw.DeskHits("/news-sitemap.xml?moved=1"); m != n {
		t.Errorf("a gone source was fetched again")
	}
}
