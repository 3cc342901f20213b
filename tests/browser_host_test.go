package tests

// "Find feed" end to end: Chromium with the extension, the real host
// installed in its profile, both reaching the fixture web through its
// loopback proxy.

import (
	"context"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"feedscout/tests/fixtureweb"
)

// webBrowser starts the fixture web with the named sites and a browser
// that reaches it (the page in the tab through the proxy, the host through
// the HTTPS_PROXY it inherits from the browser).
func webBrowser(t *testing.T, names ...string) (*browser, *fixtureweb.Web) {
	t.Helper()
	return webBrowserLang(t, "", names...)
}

// webBrowserLang is webBrowser with the browser's UI language set to lang
// (--lang, and LANGUAGE for the process), unless lang is "".
func webBrowserLang(t *testing.T, lang string, names ...string) (*browser, *fixtureweb.Web) {
	t.Helper()
	return webBrowserPaced(t, lang, "20ms", names...)
}

// webBrowserPaced is webBrowserLang with the host's pause between
// requests (FEEDSCOUT_PAUSE) set to pause.
func webBrowserPaced(t *testing.T, lang, pause string, names ...string) (*browser, *fixtureweb.Web) {
	t.Helper()
	web := startWeb(t, siteNamed(t, names...))
	env := append(web.Env(), "FEEDSCOUT_PAUSE="+pause)
	var flags []chromedp.ExecAllocatorOption
	if lang != "" {
		env = append(env, "LANGUAGE="+lang)
		flags = append(flags, chromedp.Flag("lang", lang))
	}
	b := startBrowser(t, browserOptions{env: env, proxy: web.ProxyURL, flags: flags})
	return b, web
}

// popupOnSite opens the site's start page in a tab, clicks the toolbar
// button and opens the popup for the tab.
func popupOnSite(t *testing.T, b *browser, web *fixtureweb.Web, name string) context.Context {
	t.Helper()
	s, ok := web.Site(name)
	if !ok {
		t.Fatalf("no site %s", name)
	}
	_, id := b.tab(s.URL())
	// The tab's URL after redirects is what the extension sees.
	info, err := chromedp.CallBrowser(b.ctx, target.GetTargetInfo, target.GetTargetInfoParams{TargetID: id})
	if err != nil {
		t.Fatal(err)
	}
	ctx := b.popup(b.click(info.TargetInfo.URL), nil)
	waitJS(t, ctx, `document.body.dataset.state === "page" || document.body.dataset.state === "page-error"`, 15*time.Second)
	return ctx
}

// findResult is what the popup shows after Find feed.
type findResult struct {
	Outcome      string
	Order        []string // "p" for each progress row, "r" for each report part, in the order they appeared
	Progress     []string
	Reason       string
	ReasonWarn   bool
	Feeds        []string
	FeedMeta     []string
	Sections     string
	SectionRows  int
	Cost         string
	ReportedReqs int
}

// find clicks Find feed in the popup and waits for the result, recording
// the order in which progress rows and the report appeared.
func find(t *testing.T, ctx context.Context) findResult {
	t.Helper()
	eval[bool](t, ctx, `(() => {
		window.__order = [];
		new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) window.__order.push(m.target.id === "progress" ? "p" : "r"); })
			.observe(document.getElementById("progress"), {childList: true});
		new MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) window.__order.push("r"); })
			.observe(document.getElementById("report"), {childList: true});
		window.__report = null;
		document.body.dataset.discover = "";
		document.getElementById("find").click();
		return true;
	})()`)
	waitJS(t, ctx, `document.body.dataset.discover === "done" || document.body.dataset.discover === "error"`, 60*time.Second)
	if d := eval[string](t, ctx, `document.body.dataset.discover`); d != "done" {
		t.Fatalf("Find feed ended in %s: %s", d, eval[string](t, ctx, `document.getElementById("discover-status").textContent`))
	}
	return eval[findResult](t, ctx, findResultJS("document", "window"))
}

// findResultJS is the expression that reads a finished Find feed off the
// popup as a findResult, with doc and win the names of the popup's
// document and window where it runs.
func findResultJS(doc, win string) string {
	return strings.NewReplacer("DOC", doc, "WIN", win).Replace(`(() => {
		const q = s => DOC.querySelector(s), qa = s => [...DOC.querySelectorAll(s)];
		return {
			Outcome: DOC.body.dataset.outcome,
			Order: WIN.__order,
			Progress: qa("#progress li").map(e => e.textContent),
			Reason: q("#reason") ? q("#reason").textContent : "",
			ReasonWarn: !!q("#reason.warn"),
			Feeds: qa("#found-feeds li .url").map(e => e.textContent),
			FeedMeta: qa("#found-feeds li .meta").map(e => e.textContent),
			Sections: q("#sections-heading") ? q("#sections-heading").textContent : "",
			SectionRows: qa("#sections-list .section").length,
			Cost: q("#cost").textContent,
			ReportedReqs: qa("#progress li").length,
		};
	})()`)
}

var costLine = regexp.MustCompile(`^\d+ requests?, \d+(\.\d)? (s|ms)$`)

// progressFirst checks that progress rows were on screen before any part
// of the report: they streamed, they were not drawn from the report.
func progressFirst(t *testing.T, r findResult) {
	t.Helper()
	first := strings.Index(strings.Join(r.Order, ""), "r")
	if first < 1 {
		t.Errorf("no progress row before the result: order %v", r.Order)
	}
	if !costLine.MatchString(r.Cost) {
		t.Errorf("cost %q, want like \"7 requests, 6.2 s\"", r.Cost)
	}
}

func TestFindFeedThroughHost(t *testing.T) {
	b, web := webBrowser(t, "theverge", "techcrunch", "nikkei", "apnews", "nothing")

	t.Run("feed", func(t *testing.T) {
		ctx := popupOnSite(t, b, web, "theverge")
		r := find(t, ctx)
		progressFirst(t, r)
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
		ctx := popupOnSite(t, b, web, "techcrunch")
		r := find(t, ctx)
		if r.Outcome != "feed" || len(r.FeedMeta) < 2 {
			t.Fatalf("outcome %s, feed meta %v; want two feeds", r.Outcome, r.FeedMeta)
		}
		if m := r.FeedMeta[1]; !strings.Contains(m, "not fetched") || strings.Contains(m, "item") {
			t.Errorf("comments feed meta %q, want the reason it was not read and no item count", m)
		}
	})

	t.Run("sections", func(t *testing.T) {
		ctx := popupOnSite(t, b, web, "nikkei")
		r := find(t, ctx)
		progressFirst(t, r)
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
		ctx := popupOnSite(t, b, web, "apnews")
		r := find(t, ctx)
		progressFirst(t, r)
		if r.Outcome != "refused" || r.Reason == "" || !r.ReasonWarn {
			t.Errorf("outcome %s, reason %q (warning %v); want refused with the host's reason shown", r.Outcome, r.Reason, r.ReasonWarn)
		}
	})

	t.Run("none", func(t *testing.T) {
		ctx := popupOnSite(t, b, web, "nothing")
		r := find(t, ctx)
		progressFirst(t, r)
		if r.Outcome != "none" || r.Reason == "" || !r.ReasonWarn || len(r.Feeds) != 0 {
			t.Errorf("outcome %s, reason %q, feeds %v; want none with the host's reason", r.Outcome, r.Reason, r.Feeds)
		}
	})

	// The browser may stop the service worker at any time, and the host
	// can die: the next Find feed opens both again.
	t.Run("worker and host restart", func(t *testing.T) {
		ctx := popupOnSite(t, b, web, "theverge")
		if r := find(t, ctx); r.Outcome != "feed" {
			t.Fatalf("first run: outcome %s", r.Outcome)
		}
		killHosts(t, b)
		if r := find(t, ctx); r.Outcome != "feed" {
			t.Errorf("after the host was killed: outcome %s", r.Outcome)
		}
		wid, err := b.worker()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.CallBrowser(b.ctx, target.CloseTarget, target.CloseTargetParams{TargetID: wid}); err != nil {
			t.Fatalf("stop the service worker: %v", err)
		}
		if r := find(t, ctx); r.Outcome != "feed" {
			t.Errorf("after the worker was stopped: outcome %s", r.Outcome)
		}
	})
}

// killHosts kills every host process the browser started (SIGKILL).
func killHosts(t *testing.T, b *browser) {
	t.Helper()
	for _, pid := range hostPIDs(t, b) {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatalf("kill host %d: %v", pid, err)
		}
	}
}

// hostPIDs are the feedscout-host processes the browser started (children
// of its process), found in /proc.
func hostPIDs(t *testing.T, b *browser) []int {
	t.Helper()
	browserPID := chromedp.FromContext(b.ctx).Browser.Process().Pid
	var pids []int
	dirs, _ := filepath.Glob("/proc/[0-9]*/stat")
	for _, d := range dirs {
		raw, err := os.ReadFile(d)
		if err != nil {
			continue
		}
		// pid (comm) state ppid ...
		s := string(raw)
		open, close := strings.IndexByte(s, '('), strings.LastIndexByte(s, ')')
		if open < 0 || close < open {
			continue
		}
		fields := strings.Fields(s[close+1:])
		if len(fields) < 2 || s[open+1:close] != "feedscout-host" {
			continue
		}
		if ppid, _ := strconv.Atoi(fields[1]); ppid == browserPID {
			pid, _ := strconv.Atoi(strings.TrimSpace(s[:open]))
			pids = append(pids, pid)
		}
	}
	if len(pids) == 0 {
		t.Fatalf("no feedscout-host process under the browser (pid %d)", browserPID)
	}
	return pids
}
