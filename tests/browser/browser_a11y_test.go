package browser

// Accessibility in a real Chromium: axe-core (npm, tests/testdata/npm) run
// inside the real popup in each of its states, in light and dark, and in
// the settings page: zero violations.

import (
	"fmt"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"feedscout/tests/internal/harness"
)

func TestPopupAxeWithoutHost(t *testing.T) {
	src := harness.AxeSource(t)
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := openPopupOn(t, b, harness.TwoFeeds(), nil)
	harness.AxeCheck(t, ctx, src, "advertised feeds")
	// The toolbar popup the click opened: the same page, in its window.
	rctx, rcancel := b.Attach(b.Target(t, harness.ExtensionOrigin+"popup/popup.html"))
	harness.WaitJS(t, rctx, `document.body.dataset.state === "page"`, 15*time.Second)
	harness.AxeCheck(t, rctx, src, "advertised feeds, toolbar popup")
	rcancel()

	harness.Eval[bool](t, ctx, `(document.getElementById("find").click(), true)`)
	harness.WaitJS(t, ctx, `document.body.dataset.discover === "error"`, 15*time.Second)
	harness.AxeCheck(t, ctx, src, "host missing")

	harness.SubscribeAll(t, ctx, "#advertised")
	harness.Eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), true)`)
	harness.WaitJS(t, ctx, `document.querySelectorAll("#subs-list li").length === 2`, 5*time.Second)
	harness.AxeCheck(t, ctx, src, "subscriptions")

	// The subscriptions page of its own (where Import opens), empty.
	harness.Eval[bool](t, ctx, `chrome.storage.local.clear().then(() => true)`)
	if _, err := chromedp.Run(ctx, chromedp.Navigate(harness.ExtensionOrigin+"popup/popup.html?view=subs")); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, ctx, `document.body.dataset.state === "subs"`, 10*time.Second)
	harness.AxeCheck(t, ctx, src, "subscriptions page, empty")

	if _, err := chromedp.Run(ctx, chromedp.Navigate(harness.ExtensionOrigin+"options/options.html")); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, ctx, `document.body.dataset.state === "ready"`, 10*time.Second)
	harness.AxeCheck(t, ctx, src, "options")
	// With a self-hosted reader chosen and its base URL refused.
	harness.Eval[bool](t, ctx, `(document.getElementById("reader-miniflux").click(), document.getElementById("base").value = "not a url", document.getElementById("save").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("base").getAttribute("aria-invalid") === "true"`, 5*time.Second)
	harness.AxeCheck(t, ctx, src, "options, a problem shown")

	// The news sitemap generator (extension/generator), empty and with a
	// sitemap made.
	if _, err := chromedp.Run(ctx, chromedp.Navigate(harness.ExtensionOrigin+"generator/generator.html")); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, ctx, `document.readyState === "complete" && document.documentElement.lang === "en"`, 10*time.Second)
	harness.AxeCheck(t, ctx, src, "generator")
	harness.Eval[bool](t, ctx, `(() => {
		document.getElementById("name").value = "Daily Fixture";
		document.getElementById("language").value = "en";
		document.getElementById("lines").value = "https://daily.example/news/2026/11/30/first-story.html | 2026-11-30 | First story";
		document.getElementById("generate").click();
		return true;
	})()`)
	harness.WaitJS(t, ctx, `!document.getElementById("result").hidden && !document.getElementById("output").hidden`, 10*time.Second)
	harness.AxeCheck(t, ctx, src, "generator, a sitemap made")
}

// TestPopupAxeOutcomes runs Find feed through the real host on a site of
// each outcome, with a pause between requests long enough to check the
// popup while the progress streams.
func TestPopupAxeOutcomes(t *testing.T) {
	src := harness.AxeSource(t)
	sites := map[string]string{
		"feed": "theverge", "news-sitemap": "asahi", "article-sitemap": "article-sitemap",
		"sections": "nikkei", "refused": "apnews", "none": "nothing",
	}
	var names []string
	for _, n := range sites {
		names = append(names, n)
	}
	b, web := harness.WebBrowserPaced(t, "", "600ms", names...)
	for _, outcome := range []string{"sections", "feed", "news-sitemap", "article-sitemap", "refused", "none"} {
		name := sites[outcome]
		ctx := harness.PopupOnSite(t, b, web, name)
		harness.Eval[bool](t, ctx, `(document.getElementById("find").click(), true)`)
		if outcome == "sections" {
			harness.WaitJS(t, ctx, `document.body.dataset.discover === "running" && document.querySelectorAll("#progress li").length > 0`, 15*time.Second)
			harness.AxeCheck(t, ctx, src, "progress ("+name+")")
		}
		harness.WaitJS(t, ctx, `document.body.dataset.discover === "done"`, 60*time.Second)
		if got := harness.Eval[string](t, ctx, `document.body.dataset.outcome`); got != outcome {
			t.Errorf("%s: outcome %s, want %s", name, got, outcome)
		}
		harness.AxeCheck(t, ctx, src, fmt.Sprintf("outcome %s (%s)", outcome, name))
	}
}
