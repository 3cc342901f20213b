package browser

// Why a feed was not previewed, in the user's language: the popup says a
// feed's preview_code and preview_args (docs/reasons.md, A feed's
// preview) through lib/reasons.js, in English exactly as Go's
// report.PreviewSentence does, and in a German Chromium the feed
// robots.txt disallows says so in German.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"

	reportpkg "feedscout/common/report"
	"feedscout/common/report/catalog"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// previewCases are every preview code of docs/reasons.md with the
// problems it can carry.
var previewCases = []struct {
	code    string
	problem *reportpkg.Problem
}{
	{reportpkg.PreviewListed, nil},
	{reportpkg.PreviewOther, nil},
	{reportpkg.PreviewStopped, nil},
	{reportpkg.PreviewDTD, nil},
	{reportpkg.PreviewFailed, &reportpkg.Problem{Word: reportpkg.StatusRobotsDisallow}},
	{reportpkg.PreviewFailed, &reportpkg.Problem{Word: reportpkg.StatusTooLarge, LimitMiB: 8}},
	{reportpkg.PreviewFailed, &reportpkg.Problem{Word: reportpkg.StatusTimeout}},
	{reportpkg.PreviewBrokenStatus, &reportpkg.Problem{Word: reportpkg.ProblemStatus, Status: 404}},
	{reportpkg.PreviewBrokenInvalid, nil},
	{reportpkg.PreviewNotFeed, nil},
}

func TestPopupPreviewReasonsEnglish(t *testing.T) {
	type feed struct {
		Preview     string         `json:"preview"`
		PreviewCode string         `json:"preview_code"`
		PreviewArgs map[string]any `json:"preview_args,omitempty"`
	}
	var feeds []feed
	for _, c := range previewCases {
		args := reportpkg.PreviewArgs(c.code, c.problem)
		// preview is left out: the popup must say it from the code alone.
		feeds = append(feeds, feed{PreviewCode: c.code, PreviewArgs: args})
	}
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx := harness.LibPage(t, b)
	raw, _ := json.Marshal(feeds)
	got := harness.Eval[[]string](t, ctx, fmt.Sprintf(`import("/lib/reasons.js").then(m => %s.map(f => m.previewText(f)))`, raw))
	for i, f := range feeds {
		if want := reportpkg.PreviewSentence(f.PreviewCode, f.PreviewArgs); got[i] != want {
			t.Errorf("%s %v:\n popup %q\n    Go %q", f.PreviewCode, f.PreviewArgs, got[i], want)
		}
	}
	unknown := harness.Eval[string](t, ctx, `import("/lib/reasons.js").then(m => m.previewText({preview: "not fetched: a newer host's words", preview_code: "from-the-future"}))`)
	if unknown != "not fetched: a newer host's words" {
		t.Errorf("an unknown preview code shows %q, want the English preview", unknown)
	}
	old := harness.Eval[string](t, ctx, `import("/lib/reasons.js").then(m => m.previewText({preview: "not fetched: an older host's words"}))`)
	if old != "not fetched: an older host's words" {
		t.Errorf("a feed without preview_code shows %q, want its English preview", old)
	}
}

func TestPopupPreviewReasonInGerman(t *testing.T) {
	site := harness.FirstDisallowedSite()
	web, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{site}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { web.Close() })
	env := append(web.Env(), "FEEDSCOUT_PAUSE=20ms", "LANGUAGE=de")
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: env, Proxy: web.ProxyURL, Flags: []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "de")}})
	ctx := harness.PopupOnSite(t, b, web, site.Name)
	needLang(t, harness.Eval[string](t, ctx, `chrome.i18n.getUILanguage()`), "de")
	r := harness.Find(t, ctx)
	if r.Outcome != "feed" || len(r.Feeds) != 2 || !strings.HasSuffix(r.Feeds[1], "/private/all.xml") {
		t.Fatalf("outcome %s, feeds %v; want the public feed, then the disallowed one", r.Outcome, r.Feeds)
	}
	// The row's own meta line (health lines have the class too).
	meta := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-feeds li.feed")].map(li => li.querySelector(":scope > .meta")?.textContent ?? "")`)
	if len(meta) != 2 {
		t.Fatalf("feed rows' meta %q, want 2 rows", meta)
	}
	// "nicht abgerufen: robots.txt verbietet ..." (the catalogue's
	// feed_preview for failed, with the robots-disallow problem), not the
	// host's English preview.
	args := map[string]any{"preview": "failed", "feed_problem": map[string]any{"problem": "robots-disallow"}}
	want, english := catalog.Say("de", "feed_preview", args), catalog.English("feed_preview", args)
	if want == english || !strings.Contains(want, "robots.txt") {
		t.Fatalf("the German messages are the English ones: %q", want)
	}
	if meta[1] != want {
		t.Errorf("the disallowed feed says %q, want the German %q", meta[1], want)
	}
	t.Logf("disallowed feed: %s", meta[1])
}
