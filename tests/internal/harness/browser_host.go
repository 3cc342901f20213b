package harness

// Chromium with the real host installed in its profile on a fixture web
// (WebBrowser), the popup opened on a site's tab and "Find feed" clicked
// (PopupOnSite, Find), and the hosts the browser started.

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

// WebBrowser starts the fixture web with the named sites and a browser
// that reaches it (the page in the tab through the proxy, the host through
// the HTTPS_PROXY it inherits from the browser).
func WebBrowser(t *testing.T, names ...string) (*Browser, *fixtureweb.Web) {
	t.Helper()
	return WebBrowserLang(t, "", names...)
}

// WebBrowserLang is WebBrowser with the browser's UI language set to lang
// (--lang, and LANGUAGE for the process), unless lang is "".
func WebBrowserLang(t *testing.T, lang string, names ...string) (*Browser, *fixtureweb.Web) {
	t.Helper()
	return WebBrowserPaced(t, lang, "20ms", names...)
}

// WebBrowserPaced is WebBrowserLang with the host's pause between
// requests (FEEDSCOUT_PAUSE) set to pause.
func WebBrowserPaced(t *testing.T, lang, pause string, names ...string) (*Browser, *fixtureweb.Web) {
	t.Helper()
	web := StartWeb(t, SiteNamed(t, names...))
	env := append(web.Env(), "FEEDSCOUT_PAUSE="+pause)
	var flags []chromedp.ExecAllocatorOption
	if lang != "" {
		env = append(env, "LANGUAGE="+lang)
		flags = append(flags, chromedp.Flag("lang", lang))
	}
	b := StartBrowser(t, BrowserOptions{Env: env, Proxy: web.ProxyURL, Flags: flags})
	return b, web
}

// PopupOnSite opens the site's start page in a tab, clicks the toolbar
// button and opens the popup for the tab.
func PopupOnSite(t *testing.T, b *Browser, web *fixtureweb.Web, name string) context.Context {
	t.Helper()
	s, ok := web.Site(name)
	if !ok {
		t.Fatalf("no site %s", name)
	}
	_, id := b.Tab(s.URL())
	// The tab's URL after redirects is what the extension sees.
	info, err := chromedp.CallBrowser(b.Ctx, target.GetTargetInfo, target.GetTargetInfoParams{TargetID: id})
	if err != nil {
		t.Fatal(err)
	}
	ctx := b.Popup(b.Click(info.TargetInfo.URL), nil)
	WaitJS(t, ctx, `document.body.dataset.state === "page" || document.body.dataset.state === "page-error"`, 15*time.Second)
	return ctx
}

// FindResult is what the popup shows after Find feed.
type FindResult struct {
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

// Find clicks Find feed in the popup and waits for the result, recording
// the order in which progress rows and the report appeared.
func Find(t *testing.T, ctx context.Context) FindResult {
	t.Helper()
	Eval[bool](t, ctx, `(() => {
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
	WaitJS(t, ctx, `document.body.dataset.discover === "done" || document.body.dataset.discover === "error"`, 60*time.Second)
	if d := Eval[string](t, ctx, `document.body.dataset.discover`); d != "done" {
		t.Fatalf("Find feed ended in %s: %s", d, Eval[string](t, ctx, `document.getElementById("discover-status").textContent`))
	}
	return Eval[FindResult](t, ctx, FindResultJS("document", "window"))
}

// FindResultJS is the expression that reads a finished Find feed off the
// popup as a FindResult, with doc and win the names of the popup's
// document and window where it runs.
func FindResultJS(doc, win string) string {
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

// ProgressFirst checks that progress rows were on screen before any part
// of the report: they streamed, they were not drawn from the report.
func ProgressFirst(t *testing.T, r FindResult) {
	t.Helper()
	first := strings.Index(strings.Join(r.Order, ""), "r")
	if first < 1 {
		t.Errorf("no progress row before the result: order %v", r.Order)
	}
	if !costLine.MatchString(r.Cost) {
		t.Errorf("cost %q, want like \"7 requests, 6.2 s\"", r.Cost)
	}
}

// KillHosts kills every host process the browser started (SIGKILL).
func KillHosts(t *testing.T, b *Browser) {
	t.Helper()
	for _, pid := range HostPIDs(t, b) {
		if err := syscall.Kill(pid, syscall.SIGKILL); err != nil {
			t.Fatalf("kill host %d: %v", pid, err)
		}
	}
}

// HostPIDs are the feedscout-host processes the browser started (children
// of its process), found in /proc.
func HostPIDs(t *testing.T, b *Browser) []int {
	t.Helper()
	browserPID := chromedp.FromContext(b.Ctx).Browser.Process().Pid
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
