package browser

// The popup in a real Chromium: advertised feeds with no network request,
// hostile text, long section lists, a missing host.

import (
	"context"
	"encoding/json"
	"fmt"
	"html"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/network"

	"feedscout/tests/internal/harness"
)

// requestLog collects the URLs of every request a target makes.
type requestLog struct {
	mu   sync.Mutex
	urls []string
}

func (l *requestLog) listen(ev any) {
	if e, ok := ev.(*network.EventRequestWillBeSent); ok {
		l.mu.Lock()
		l.urls = append(l.urls, e.Request.URL)
		l.mu.Unlock()
	}
}

// external returns the requests that left the extension (anything but its
// own chrome-extension:// files).
func (l *requestLog) external() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	var out []string
	for _, u := range l.urls {
		if !strings.HasPrefix(u, harness.ExtensionOrigin) {
			out = append(out, u)
		}
	}
	return out
}

// openPopupOn serves page at / of a fresh server, opens it in a tab, clicks
// the toolbar button for it and opens the popup for that tab, waiting until
// the popup has classified the page.
func openPopupOn(t *testing.T, b *harness.Browser, page string, reqs *requestLog) (context.Context, *harness.PageServer) {
	t.Helper()
	ctx, srv, _ := openPopupCounting(t, b, page, reqs)
	return ctx, srv
}

// openPopupCounting is openPopupOn that also returns how many requests the
// fixture server got from the extension: its hits after the popup showed
// the page minus its hits once the tab had loaded (and settled).
func openPopupCounting(t *testing.T, b *harness.Browser, page string, reqs *requestLog) (context.Context, *harness.PageServer, int) {
	t.Helper()
	srv := harness.ServePages(t, map[string]string{"/": page})
	tabCtx, _ := b.Tab(srv.URL + "/")
	harness.WaitJS(t, tabCtx, `document.readyState === "complete"`, 10*time.Second)
	time.Sleep(100 * time.Millisecond)
	before := srv.Total()
	tabID := b.Click(srv.URL + "/")
	var listen func(any)
	if reqs != nil {
		listen = reqs.listen
	}
	ctx := b.Popup(tabID, listen)
	harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	time.Sleep(100 * time.Millisecond)
	return ctx, srv, srv.Total() - before
}

// shownFeed is one feed row as the popup shows it.
type shownFeed struct {
	Title, Badge, URL, Href, Sub string
}

const readRows = `(sel) => [...document.querySelectorAll(sel + " li.row")].map(li => ({
	Title: li.querySelector(".title").textContent,
	Badge: li.querySelector(".badge").textContent,
	URL: li.querySelector(".url").textContent,
	Href: li.querySelector("a.title") ? li.querySelector("a.title").getAttribute("href") : "",
	Sub: li.querySelector("button.sub").textContent,
}))`

func rows(t *testing.T, ctx context.Context, sel string) []shownFeed {
	t.Helper()
	return harness.Eval[[]shownFeed](t, ctx, fmt.Sprintf("(%s)(%q)", readRows, sel))
}

func TestPopupShowsAdvertisedFeedsWithoutNetwork(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	page := harness.NewsPage("Daily Fixture", []harness.LinkTag{
		{Rel: "alternate", Typ: "application/rss+xml", Title: "Daily Fixture - Top stories", Href: "/rss/top.xml"},
		{Rel: "Alternate", Typ: "application/atom+xml", Title: "Daily Fixture (Atom)", Href: "https://feeds.example.net/daily.atom"},
		{Rel: "stylesheet", Typ: "text/css", Title: "", Href: "/style.css"},
	}, 12, 30, "")
	var reqs requestLog
	ctx, srv, extra := openPopupCounting(t, b, page, &reqs)

	got := rows(t, ctx, "#advertised")
	want := []shownFeed{
		{"Daily Fixture - Top stories", "RSS", srv.URL + "/rss/top.xml", srv.URL + "/rss/top.xml", "Subscribe"},
		{"Daily Fixture (Atom)", "Atom", "https://feeds.example.net/daily.atom", "https://feeds.example.net/daily.atom", "Subscribe"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("advertised feeds shown:\n got %+v\nwant %+v", got, want)
	}
	if ext := reqs.external(); len(ext) > 0 {
		t.Errorf("the popup made network requests: %v", ext)
	}
	// Nor did anything else in the extension (its worker, the real popup
	// the click opened): the server saw nothing after the tab had loaded.
	if extra != 0 {
		srv.Mu.Lock()
		t.Errorf("the fixture server got %d requests while the extension worked: %v", extra, srv.Hits)
		srv.Mu.Unlock()
	}
	// The popup the click itself opened (no ?tab: it asks for the active
	// tab) shows the same rows through the same code.
	rctx, rcancel := b.Attach(b.Target(t, harness.ExtensionOrigin+"popup/popup.html"))
	defer rcancel()
	harness.WaitJS(t, rctx, `document.body.dataset.state === "page"`, 15*time.Second)
	if clicked := rows(t, rctx, "#advertised"); fmt.Sprint(clicked) != fmt.Sprint(want) {
		t.Errorf("the clicked popup shows:\n got %+v\nwant %+v", clicked, want)
	}
	if n := harness.Eval[int](t, ctx, `performance.getEntriesByName("feeds-shown").length`); n != 1 {
		t.Errorf("feeds-shown mark set %d times", n)
	}
}

func TestPopupHostileTextIsInert(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	page := harness.NewsPage(hostile, []harness.LinkTag{
		{Rel: "alternate", Typ: "application/rss+xml", Title: hostile, Href: "/feed.xml"},
		{Rel: "alternate", Typ: "application/rss+xml", Title: "script link", Href: "javascript:alert(1)"},
	}, 3, 3, `<a href="/feeds/all.rss">`+html.EscapeString(hostile)+`</a>`)
	var reqs requestLog
	ctx, _ := openPopupOn(t, b, page, &reqs)
	count := dialogs(ctx)

	// A report as hostile as a site can make it, drawn by the popup's own
	// renderer: markup in every text, script URLs in every link.
	report := map[string]any{
		"site": "https://evil.example/", "outcome": "sections",
		"reason": hostile + ` <script>alert(2)</script>`,
		"feeds": []any{
			map[string]any{"url": "javascript:alert(3)", "title": hostile, "format": "rss", "items": 3},
			map[string]any{"url": "https://evil.example/feed", "title": `<svg onload=alert(4)>`, "format": "atom", "items": 1, "newest": `"><img src=x onerror=alert(5)>`},
		},
		"sitemaps": []any{map[string]any{"url": "data:text/html,<script>alert(6)</script>", "kind": "news", "urls": 3,
			"departments": []any{map[string]any{"url": "javascript:alert(7)", "name": hostile}}}},
		"sections": []any{
			map[string]any{"url": "javascript:alert(8)", "title": hostile},
			map[string]any{"url": "https://evil.example/news/", "title": `<iframe src="javascript:alert(9)">`},
		},
		"requests": []any{map[string]any{"step": "robots", "url": "https://evil.example/robots.txt", "status": `<b>200</b>`, "ms": 5}},
	}
	raw, _ := json.Marshal(report)
	harness.Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => { m.renderReport(%s, {site: "https://evil.example/"}); return true; })`, raw))
	harness.WaitJS(t, ctx, `document.querySelectorAll("#sections-list .section").length === 2`, 5*time.Second)

	type inspection struct {
		Elements []string
		BadLinks []string
		Texts    []string
		Reason   string
	}
	check := harness.Eval[inspection](t, ctx, `(() => ({
		Elements: [...document.querySelectorAll("img:not(header img), svg, iframe, script:not([src]), b, object, embed")].map(e => e.outerHTML),
		BadLinks: [...document.querySelectorAll("main a[href]")].map(a => a.getAttribute("href")).filter(h => !/^https?:\/\//.test(h)),
		Texts: [...document.querySelectorAll(".title")].map(e => e.textContent),
		Reason: document.getElementById("reason").textContent,
	}))()`)
	if len(check.Elements) > 0 {
		t.Errorf("markup from the page or report became elements: %v", check.Elements)
	}
	if len(check.BadLinks) > 0 {
		t.Errorf("non-http(s) links in the popup: %v", check.BadLinks)
	}
	for _, want := range []string{hostile, `<svg onload=alert(4)>`, `<iframe src="javascript:alert(9)">`} {
		found := false
		for _, s := range check.Texts {
			found = found || s == want
		}
		if !found {
			t.Errorf("the text %q is not shown as text; titles: %q", want, check.Texts)
		}
	}
	if !strings.Contains(check.Reason, "<script>alert(2)</script>") {
		t.Errorf("reason = %q, want the markup shown as text", check.Reason)
	}
	time.Sleep(200 * time.Millisecond) // let any would-be handler fire
	if n := count(); n > 0 {
		t.Errorf("%d dialogs opened", n)
	}
	for _, u := range reqs.external() {
		t.Errorf("the popup requested %s", u)
	}
}

// manySections is what manySectionsJS measures and reads: the time of each
// interaction from its input to the end of the next frame, and the
// headings, rows in the DOM and titles after each.
type manySections struct {
	Render, ShowAll, Scroll, Filter float64
	Heading1, Heading2, Heading3    string
	Rows1, Rows2, Rows3             int
	Last                            string
	Match                           string
}

// manySectionsJS renders a report of n sections in the popup, then shows
// them all, scrolls to the end and filters for the last one.
func manySectionsJS(n int) string {
	return fmt.Sprintf(`(async () => {
		const m = await import("/popup/popup.js");
		const frame = () => new Promise(r => requestAnimationFrame(() => setTimeout(r, 0)));
		const rows = () => document.querySelectorAll("#sections-list .section").length;
		const heading = () => document.getElementById("sections-heading").textContent;
		const n = %d;
		const sections = Array.from({length: n}, (_, i) => ({url: "https://many.example/sec-" + i + "/", title: "Section " + i}));
		const out = {};
		const f = document.getElementById("sections-filter");
		if (f) { f.value = ""; f.dispatchEvent(new Event("input")); }
		let t = performance.now();
		m.renderReport({site: "https://many.example/", outcome: "sections", reason: "Sections only.", feeds: [], sitemaps: [], sections, requests: []}, {site: "https://many.example/"});
		await frame();
		out.Render = performance.now() - t; out.Heading1 = heading(); out.Rows1 = rows();
		t = performance.now();
		document.getElementById("sections-all").click();
		await frame();
		out.ShowAll = performance.now() - t; out.Heading2 = heading(); out.Rows2 = rows();
		const box = document.getElementById("sections-list");
		t = performance.now();
		box.scrollTop = box.scrollHeight;
		box.dispatchEvent(new Event("scroll"));
		await frame(); await frame();
		out.Scroll = performance.now() - t;
		const all = [...box.querySelectorAll(".section .title")].map(e => e.textContent);
		out.Last = all[all.length - 1];
		t = performance.now();
		document.getElementById("sections-filter").value = "sec-" + (n - 1) + "/";
		document.getElementById("sections-filter").dispatchEvent(new Event("input"));
		await frame();
		out.Filter = performance.now() - t; out.Heading3 = heading(); out.Rows3 = rows();
		out.Match = box.querySelector(".section .title").textContent;
		return out;
	})()`, n)
}

func TestPopupTenThousandSectionsStayResponsive(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := openPopupOn(t, b, harness.NewsPage("Many sections", nil, 1, 1, ""), nil)

	got := harness.Eval[manySections](t, ctx, manySectionsJS(10000))
	t.Logf("10,000 sections: render %.1f ms, show all %.1f ms, scroll to end %.1f ms, filter %.1f ms", got.Render, got.ShowAll, got.Scroll, got.Filter)
	if got.Heading1 != "Showing 60 of 10,000 sections" || got.Heading2 != "Showing 10,000 of 10,000 sections" || got.Heading3 != "Showing 1 of 10,000 sections matching “sec-9999/”" {
		t.Errorf("headings %q, %q, %q", got.Heading1, got.Heading2, got.Heading3)
	}
	// How long each interaction takes is BenchmarkPopupManySections's
	// (against 60 sections in the same run); here, what keeps it short:
	// only the rows in view exist, whatever the list's length.
	if got.Rows1 > 60 || got.Rows2 > 40 || got.Rows3 != 1 {
		t.Errorf("rows in the DOM: %d (60 shown), %d (all shown), %d (filtered); want only those in view", got.Rows1, got.Rows2, got.Rows3)
	}
	if got.Last != "Section 9999" || got.Match != "Section 9999" {
		t.Errorf("last row after scrolling to the end %q, filtered %q; want Section 9999", got.Last, got.Match)
	}
}

func TestPopupSaysHostMissing(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := openPopupOn(t, b, harness.NewsPage("No host here", nil, 3, 3, ""), nil)
	harness.Eval[bool](t, ctx, `(document.getElementById("find").click(), true)`)
	harness.WaitJS(t, ctx, `document.body.dataset.discover === "error"`, 15*time.Second)
	got := harness.Eval[map[string]string](t, ctx, `({
		code: document.body.dataset.code,
		status: document.getElementById("discover-status").textContent,
		command: document.getElementById("install-command").textContent,
		source: document.getElementById("install-source").textContent,
		visible: String(!document.getElementById("install").hidden),
	})`)
	if got["code"] != "host-missing" || got["command"] != "feedscout-host install" || got["source"] != "./build.sh install" || got["visible"] != "true" {
		t.Errorf("host missing shown as %v", got)
	}
	if !strings.Contains(got["status"], "not installed") {
		t.Errorf("status %q does not say the host is not installed", got["status"])
	}
	// The button works again: a second click gives the same answer, not a
	// stuck popup.
	harness.Eval[bool](t, ctx, `(document.body.dataset.discover = "", document.getElementById("find").click(), true)`)
	harness.WaitJS(t, ctx, `document.body.dataset.discover === "error" && document.body.dataset.code === "host-missing"`, 15*time.Second)
}
