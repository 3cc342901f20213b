package browser

// "Find feed" end to end: Chromium with the extension, the real host
// installed in its profile, both reaching the fixture web through its
// loopback proxy.

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"feedscout/tests/internal/harness"
)

func TestFindFeedThroughHost(t *testing.T) {
	b, web := harness.WebBrowser(t, "theverge", "techcrunch", "nikkei", "apnews", "nothing")

	t.Run("feed", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "theverge")
		r := harness.Find(t, ctx)
		harness.ProgressFirst(t, r)
		s, _ := web.Site("theverge")
		if r.Outcome != "feed" || len(r.Feeds) == 0 || r.Feeds[0] != s.Expect.FeedURL {
			t.Errorf("outcome %s, feeds %v; want the feed %s", r.Outcome, r.Feeds, s.Expect.FeedURL)
		}
		if len(r.FeedMeta) == 0 || !regexp.MustCompile(`^\d+ items?`).MatchString(r.FeedMeta[0]) {
			t.Errorf("feed meta %v, want the item count the host read", r.FeedMeta)
		}
		if !regexp.MustCompile(`^robots\.txt \d{3}, \d+ ms$`).MatchString(r.Progress[0]) {
			t.Errorf("first progress row %q, want like \"robots.txt 200, 120 ms\"", r.Progress[0])
		}
	})

	// Only the main feed is read to preview it; the comments feed shows
	// why it was not read, not an item count the host never saw.
	t.Run("feed not previewed", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "techcrunch")
		r := harness.Find(t, ctx)
		if r.Outcome != "feed" || len(r.FeedMeta) < 2 {
			t.Fatalf("outcome %s, feed meta %v; want two feeds", r.Outcome, r.FeedMeta)
		}
		if m := r.FeedMeta[1]; !strings.Contains(m, "not fetched") || strings.Contains(m, "item") {
			t.Errorf("comments feed meta %q, want the reason it was not read and no item count", m)
		}
	})

	t.Run("sections", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "nikkei")
		r := harness.Find(t, ctx)
		harness.ProgressFirst(t, r)
		s, _ := web.Site("nikkei")
		want := "Showing 60 of " + strconv.Itoa(s.Expect.Sections) + " sections"
		if r.Outcome != "sections" || r.Sections != want {
			t.Errorf("outcome %s, sections heading %q; want sections, %q", r.Outcome, r.Sections, want)
		}
		if r.SectionRows == 0 {
			t.Error("no section rows drawn")
		}
	})

	t.Run("refused", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "apnews")
		r := harness.Find(t, ctx)
		harness.ProgressFirst(t, r)
		if r.Outcome != "refused" || r.Reason == "" || !r.ReasonWarn {
			t.Errorf("outcome %s, reason %q (warning %v); want refused with the host's reason shown", r.Outcome, r.Reason, r.ReasonWarn)
		}
	})

	t.Run("none", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "nothing")
		r := harness.Find(t, ctx)
		harness.ProgressFirst(t, r)
		if r.Outcome != "none" || r.Reason == "" || !r.ReasonWarn || len(r.Feeds) != 0 {
			t.Errorf("outcome %s, reason %q, feeds %v; want none with the host's reason", r.Outcome, r.Reason, r.Feeds)
		}
	})

	// The browser may stop the service worker at any time, and the host
	// can die: the next Find feed opens both again.
	t.Run("worker and host restart", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "theverge")
		if r := harness.Find(t, ctx); r.Outcome != "feed" {
			t.Fatalf("first run: outcome %s", r.Outcome)
		}
		harness.KillHosts(t, b)
		if r := harness.Find(t, ctx); r.Outcome != "feed" {
			t.Errorf("after the host was killed: outcome %s", r.Outcome)
		}
		wid, err := b.Worker()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.CallBrowser(b.Ctx, target.CloseTarget, target.CloseTargetParams{TargetID: wid}); err != nil {
			t.Fatalf("stop the service worker: %v", err)
		}
		if r := harness.Find(t, ctx); r.Outcome != "feed" {
			t.Errorf("after the worker was stopped: outcome %s", r.Outcome)
		}
	})
}
