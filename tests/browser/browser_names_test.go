package browser

// Headlines and names in a real Chromium: a previewed feed shows its
// newest item titles and dates as text; sections show the site's own name
// for them (from the report, else from the tab's page) beside the path,
// and the filter finds either; the virtual list keeps the keyboard focus
// while it scrolls.

import (
	"encoding/json"
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"feedscout/tests/internal/harness"
)

// namedPage is a homepage whose navigation names its sections.
func namedPage() string {
	return harness.NewsPage("Named Sections", nil, 0, 3, `<nav>
<a href="/economy/policy/">Economy &amp; Policy</a>
<a href="/business/startups/">スタートアップ</a>
<a href="/politics/">Politics here</a>
</nav>`)
}

func TestPopupHeadlinesAndNames(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	var reqs requestLog
	ctx, srv := openPopupOn(t, b, namedPage(), &reqs)
	count := dialogs(ctx)
	site := srv.URL + "/"
	report := map[string]any{
		"site": site, "outcome": "feed", "reason": "The site has a feed.",
		"feeds": []any{map[string]any{
			"url": site + "feed.xml", "title": "Named Sections", "format": "rss", "items": 20, "checked": true,
			"newest": "2026-11-29T10:00:00Z",
			"headlines": []any{
				map[string]any{"title": hostile, "date": "2026-11-29T10:00:00Z"},
				map[string]any{"title": "Second <b>story</b>", "date": "2026-11-28T22:30:00Z"},
				map[string]any{"title": "Third, undated"},
				// No fourth: the host sends at most report.MaxHeadlines
				// (TestDiscoverHeadlines), and the popup shows what it
				// sends, so the number lives in one place.
			},
		}},
		"sections": []any{
			map[string]any{"url": site + "politics/", "name": "Politik"},
			map[string]any{"url": site + "economy/policy/"},
			map[string]any{"url": site + "business/startups/"},
			map[string]any{"url": site + "misc/"},
		},
		"requests": []any{},
	}
	raw, _ := json.Marshal(report)
	harness.Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.showReport(%s, %q), true))`, raw, site))
	harness.WaitJS(t, ctx, `document.querySelectorAll("#sections-list .section").length === 4`, 5*time.Second)

	type shown struct {
		Headlines []string
		Dates     []string
		Elements  []string
		Names     []string
		Paths     []string
		Want      []string
	}
	got := harness.Eval[shown](t, ctx, `(() => {
		const f = new Intl.DateTimeFormat(chrome.i18n.getUILanguage(), {dateStyle: "medium", timeStyle: "short"});
		return {
			Headlines: [...document.querySelectorAll("#found-feeds .headline-title")].map(e => e.textContent),
			Dates: [...document.querySelectorAll("#found-feeds .headline time.headline-date")].map(e => e.textContent),
			Elements: [...document.querySelectorAll("#found-feeds .headline *:not(span):not(time)")].map(e => e.outerHTML),
			Names: [...document.querySelectorAll("#sections-list .section .title")].map(e => e.textContent),
			Paths: [...document.querySelectorAll("#sections-list .section")].map(e => (e.querySelector(".path") || {}).textContent || ""),
			Want: ["2026-11-29T10:00:00Z", "2026-11-28T22:30:00Z"].map(d => f.format(new Date(d))),
		};
	})()`)
	if want := []string{hostile, "Second <b>story</b>", "Third, undated"}; fmt.Sprint(got.Headlines) != fmt.Sprint(want) {
		t.Errorf("headlines %q, want %q", got.Headlines, want)
	}
	if fmt.Sprint(got.Dates) != fmt.Sprint(got.Want) || strings.Contains(strings.Join(got.Dates, ""), "T10:00") {
		t.Errorf("headline dates %q, want %q (the user's locale)", got.Dates, got.Want)
	}
	if len(got.Elements) > 0 {
		t.Errorf("headline markup became elements: %v", got.Elements)
	}
	if want := []string{"Politik", "Economy & Policy", "スタートアップ", "/misc/"}; fmt.Sprint(got.Names) != fmt.Sprint(want) {
		t.Errorf("section names %q, want %q (report, page, page, none)", got.Names, want)
	}
	if want := []string{"/politics/", "/economy/policy/", "/business/startups/", ""}; fmt.Sprint(got.Paths) != fmt.Sprint(want) {
		t.Errorf("section paths %q, want %q", got.Paths, want)
	}

	// The filter matches names and paths.
	for q, want := range map[string]string{
		"economy &":  "Economy & Policy",
		"スタート":       "スタートアップ",
		"/politics/": "Politik",
		"startups":   "スタートアップ",
		"misc":       "/misc/",
	} {
		names := harness.Eval[[]string](t, ctx, fmt.Sprintf(`(() => {
			const f = document.getElementById("sections-filter");
			f.value = %q; f.dispatchEvent(new Event("input"));
			return [...document.querySelectorAll("#sections-list .section .title")].map(e => e.textContent);
		})()`, q))
		if len(names) != 1 || names[0] != want {
			t.Errorf("filter %q shows %q, want only %q", q, names, want)
		}
	}
	time.Sleep(200 * time.Millisecond)
	if n := count(); n > 0 {
		t.Errorf("%d dialogs opened", n)
	}
	if ext := reqs.external(); len(ext) > 0 {
		t.Errorf("the popup made requests: %v", ext)
	}
}

// TestPopupListKeepsFocus walks a long section list by keyboard: Tab
// through the rows and the arrows down and up; the focus stays in the
// list, on the row it should be, while rows are drawn and dropped.
func TestPopupListKeepsFocus(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := openPopupOn(t, b, harness.NewsPage("Long list", nil, 1, 1, ""), nil)
	harness.Eval[bool](t, ctx, `import("/popup/popup.js").then(m => {
		const sections = Array.from({length: 300}, (_, i) => ({url: "https://long.example/sec-" + i + "/", name: "Section " + i}));
		m.renderReport({site: "https://long.example/", outcome: "sections", reason: "Sections only.", sections, requests: []}, {site: "https://long.example/"});
		return true;
	})`)
	harness.WaitJS(t, ctx, `!!document.querySelector("#sections-list .section a")`, 5*time.Second)
	// Show all by keyboard: the button hides itself and hands the focus
	// to the first section's link.
	harness.Eval[bool](t, ctx, `(document.getElementById("sections-all").focus(), true)`)
	if _, err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, ctx, `document.getElementById("sections-all").hidden && document.activeElement === document.querySelector("#sections-list .section a")`, 5*time.Second)

	// focused is the row index and class of the focused element, or -1.
	focused := func() (int, string) {
		v := harness.Eval[struct {
			Index int
			What  string
		}](t, ctx, `(() => {
			const a = document.activeElement, row = a && a.closest("#sections-list .vrow");
			return {Index: row ? Number(row.dataset.index) : -1, What: a ? a.tagName + "." + a.className : ""};
		})()`)
		return v.Index, v.What
	}
	press := func(key string) {
		t.Helper()
		if _, err := chromedp.Run(ctx, chromedp.KeyEvent(key)); err != nil {
			t.Fatal(err)
		}
		time.Sleep(40 * time.Millisecond) // a frame for the scroll and the redraw
	}
	// Each row has the same stops (its link, its buttons): Tab walks
	// them row after row.
	stops := harness.Eval[int](t, ctx, `document.querySelector("#sections-list .vrow").querySelectorAll("a[href], button").length`)
	if stops < 2 {
		t.Fatalf("a section row has %d keyboard stops, want its link and its toggle at least", stops)
	}
	for i := 1; i < 20*stops; i++ {
		press(kb.Tab)
		row, what := focused()
		if row != i/stops {
			t.Fatalf("after %d Tabs the focus is on row %d (%s), want row %d", i, row, what, i/stops)
		}
	}
	// Now on row 19's last stop: the arrows keep to that control.
	_, last := focused()
	for i := 1; i <= 40; i++ {
		press(kb.ArrowDown)
		if row, what := focused(); row != 19+i || what != last {
			t.Fatalf("after %d ArrowDown the focus is on row %d (%s), want row %d's %s", i, row, what, 19+i, last)
		}
	}
	// To the toggle of a row: the subscribe button.
	harness.Eval[bool](t, ctx, `(document.activeElement.closest(".vrow").querySelector("button.sub").focus(), true)`)
	press(kb.End)
	if row, _ := focused(); row != 299 {
		t.Fatalf("End: focus on row %d, want 299", row)
	}
	for i := 1; i <= 15; i++ {
		press(kb.ArrowUp)
	}
	if row, _ := focused(); row != 284 {
		t.Fatalf("15 ArrowUp from the end: focus on row %d, want 284", row)
	}
	// Enter on a focused toggle subscribes (the keyboard does what a click does).
	press(kb.Enter)
	harness.WaitJS(t, ctx, `document.activeElement.getAttribute("aria-pressed") === "true"`, 5*time.Second)
	if row, _ := focused(); row != 284 {
		t.Errorf("after subscribing by keyboard the focus is on row %d, want 284", row)
	}
}
