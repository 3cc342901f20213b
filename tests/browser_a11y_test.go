package tests

// Accessibility in a real Chromium: axe-core (npm, tests/testdata/npm) run
// inside the real popup in each of its states, in light and dark, and in
// the settings page: zero violations.

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// axeSource is axe-core's browser build, or the test is skipped (failed
// under FEEDSCOUT_REQUIRE_TOOLS) without it.
func axeSource(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("testdata", "npm", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		missing(t, "axe-core is not installed (npm ci --prefix tests/testdata/npm): "+err.Error())
	}
	return string(raw)
}

// axeViolation is one rule axe found broken, with the elements.
type axeViolation struct {
	ID    string   `json:"id"`
	Help  string   `json:"help"`
	Nodes []string `json:"nodes"`
}

// axeCheck runs axe in ctx's page, in the light and the dark color
// scheme, and fails the test on any violation. axe is injected with
// Runtime.evaluate, which the extension pages' CSP does not stop.
func axeCheck(t *testing.T, ctx context.Context, src, state string) {
	t.Helper()
	if !eval[bool](t, ctx, `typeof axe === "object"`) {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+"\n;true")); err != nil {
			t.Fatalf("%s: inject axe-core: %v", state, err)
		}
	}
	for _, scheme := range []string{"light", "dark"} {
		call(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		got := eval[struct {
			Violations []axeViolation `json:"violations"`
			Passes     []string       `json:"passes"`
		}](t, ctx, `axe.run(document).then(r => ({
			violations: r.violations.map(v => ({
				id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " ")),
			})),
			passes: r.passes.map(p => p.id),
		}))`)
		// The contrast rule ran and passed (the page has text to check).
		if !slices.Contains(got.Passes, "color-contrast") {
			t.Errorf("%s (%s): axe's color-contrast rule did not pass; passed: %v", state, scheme, got.Passes)
		}
		for _, v := range got.Violations {
			t.Errorf("%s (%s): axe %s: %s\n\t%s", state, scheme, v.ID, v.Help, strings.Join(v.Nodes, "\n\t"))
		}
	}
	call(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
}

func TestPopupAxeWithoutHost(t *testing.T) {
	src := axeSource(t)
	b := startBrowser(t, browserOptions{noHost: true})
	ctx, _ := openPopupOn(t, b, twoFeeds(), nil)
	axeCheck(t, ctx, src, "advertised feeds")
	// The toolbar popup the click opened: the same page, in its window.
	rctx, rcancel := b.attach(b.target(t, extensionOrigin+"popup/popup.html"))
	waitJS(t, rctx, `document.body.dataset.state === "page"`, 15*time.Second)
	axeCheck(t, rctx, src, "advertised feeds, toolbar popup")
	rcancel()

	eval[bool](t, ctx, `(document.getElementById("find").click(), true)`)
	waitJS(t, ctx, `document.body.dataset.discover === "error"`, 15*time.Second)
	axeCheck(t, ctx, src, "host missing")

	subscribeAll(t, ctx, "#advertised")
	eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), true)`)
	waitJS(t, ctx, `document.querySelectorAll("#subs-list li").length === 2`, 5*time.Second)
	axeCheck(t, ctx, src, "subscriptions")

	// The subscriptions page of its own (where Import opens), empty.
	eval[bool](t, ctx, `chrome.storage.local.clear().then(() => true)`)
	if _, err := chromedp.Run(ctx, chromedp.Navigate(extensionOrigin+"popup/popup.html?view=subs")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.body.dataset.state === "subs"`, 10*time.Second)
	axeCheck(t, ctx, src, "subscriptions page, empty")

	if _, err := chromedp.Run(ctx, chromedp.Navigate(extensionOrigin+"options/options.html")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.body.dataset.state === "ready"`, 10*time.Second)
	axeCheck(t, ctx, src, "options")
	// With a self-hosted reader chosen and its base URL refused.
	eval[bool](t, ctx, `(document.getElementById("reader-miniflux").click(), document.getElementById("base").value = "not a url", document.getElementById("save").click(), true)`)
	waitJS(t, ctx, `document.getElementById("base").getAttribute("aria-invalid") === "true"`, 5*time.Second)
	axeCheck(t, ctx, src, "options, a problem shown")

	// The news sitemap generator (extension/generator), empty and with a
	// sitemap made.
	if _, err := chromedp.Run(ctx, chromedp.Navigate(extensionOrigin+"generator/generator.html")); err != nil {
		t.Fatal(err)
	}
	waitJS(t, ctx, `document.readyState === "complete" && document.documentElement.lang === "en"`, 10*time.Second)
	axeCheck(t, ctx, src, "generator")
	eval[bool](t, ctx, `(() => {
		document.getElementById("name").value = "Daily Fixture";
		document.getElementById("language").value = "en";
		document.getElementById("lines").value = "https://daily.example/news/2026/11/30/first-story.html | 2026-11-30 | First story";
		document.getElementById("generate").click();
		return true;
	})()`)
	waitJS(t, ctx, `!document.getElementById("result").hidden && !document.getElementById("output").hidden`, 10*time.Second)
	axeCheck(t, ctx, src, "generator, a sitemap made")
}

// TestPopupAxeOutcomes runs Find feed through the real host on a site of
// each outcome, with a pause between requests long enough to check the
// popup while the progress streams.
func TestPopupAxeOutcomes(t *testing.T) {
	src := axeSource(t)
	sites := map[string]string{
		"feed": "theverge", "news-sitemap": "asahi", "article-sitemap": "article-sitemap",
		"sections": "nikkei", "refused": "apnews", "none": "nothing",
	}
	var names []string
	for _, n := range sites {
		names = append(names, n)
	}
	b, web := webBrowserPaced(t, "", "600ms", names...)
	for _, outcome := range []string{"sections", "feed", "news-sitemap", "article-sitemap", "refused", "none"} {
		name := sites[outcome]
		ctx := popupOnSite(t, b, web, name)
		eval[bool](t, ctx, `(document.getElementById("find").click(), true)`)
		if outcome == "sections" {
			waitJS(t, ctx, `document.body.dataset.discover === "running" && document.querySelectorAll("#progress li").length > 0`, 15*time.Second)
			axeCheck(t, ctx, src, "progress ("+name+")")
		}
		waitJS(t, ctx, `document.body.dataset.discover === "done"`, 60*time.Second)
		if got := eval[string](t, ctx, `document.body.dataset.outcome`); got != outcome {
			t.Errorf("%s: outcome %s, want %s", name, got, outcome)
		}
		axeCheck(t, ctx, src, fmt.Sprintf("outcome %s (%s)", outcome, name))
	}
}
