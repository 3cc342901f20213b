package firefox

// The extension in real Firefox on the fixture web: the toolbar popup shows
// a tab's advertised feeds without a request, and Find feed goes through
// the real host, installed in the test HOME, for a feed site, Nikkei
// (sections) and Reuters (refused).

import (
	"fmt"
	"net/url"
	"regexp"
	"strconv"
	"strings"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// firefoxWeb starts the fixture web with the named sites and a Firefox
// that reaches it (the tabs through the proxy, the host through the
// HTTPS_PROXY it inherits from Firefox).
func firefoxWeb(t *testing.T, o firefoxOptions, names ...string) (*firefox, *fixtureweb.Web) {
	t.Helper()
	firefoxPath(t) // skip before starting anything
	web := harness.StartWeb(t, harness.SiteNamed(t, names...))
	return firefoxOn(t, web, o), web
}

// firefoxOn starts a Firefox that reaches the running fixture web.
func firefoxOn(t *testing.T, web *fixtureweb.Web, o firefoxOptions) *firefox {
	t.Helper()
	// o.env comes last: a FEEDSCOUT_PAUSE there wins over the default.
	o.env = append(append(web.Env(), "FEEDSCOUT_PAUSE=20ms"), o.env...)
	o.proxy = web.ProxyURL
	return startFirefox(t, o)
}

// siteTab opens the named site's start page in a tab and waits until the
// fixture web has seen no request for 300 ms (the page's own subresources
// and Firefox's favicon request are over); it returns the tab and the
// number of requests the site had.
func siteTab(t *testing.T, ff *firefox, web *fixtureweb.Web, name string) (string, int) {
	t.Helper()
	s, ok := web.Site(name)
	if !ok {
		t.Fatalf("no site %s", name)
	}
	ctx := ff.tab(s.URL())
	return ctx, quiet(web, s.Host)
}

// quiet waits until host has had no new request for 300 ms (at most 5 s)
// and returns how many it has had.
func quiet(web *fixtureweb.Web, host string) int {
	n, since := len(web.Hits(host)), time.Now()
	for deadline := time.Now().Add(5 * time.Second); time.Now().Before(deadline); time.Sleep(50 * time.Millisecond) {
		if m := len(web.Hits(host)); m != n {
			n, since = m, time.Now()
		} else if time.Since(since) >= 300*time.Millisecond {
			break
		}
	}
	return n
}

// ffFind clicks Find feed in the toolbar popup and waits for the result,
// recording the order in which progress rows and the report appeared.
func ffFind(t *testing.T, ff *firefox) harness.FindResult {
	t.Helper()
	popupEval[bool](ff, `(() => {
		pop.__order = [];
		new pop.MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) pop.__order.push("p"); })
			.observe(doc.getElementById("progress"), {childList: true});
		new pop.MutationObserver(ms => { for (const m of ms) for (const n of m.addedNodes) pop.__order.push("r"); })
			.observe(doc.getElementById("report"), {childList: true});
		doc.body.dataset.discover = "";
		doc.getElementById("find").click();
		return true;
	})()`)
	ff.waitPopup(`doc.body.dataset.discover === "done" || doc.body.dataset.discover === "error"`, 60*time.Second)
	if d := popupEval[string](ff, `doc.body.dataset.discover`); d != "done" {
		t.Fatalf("Find feed ended in %s: %s", d, popupEval[string](ff, `doc.getElementById("discover-status").textContent`))
	}
	return popupEval[harness.FindResult](ff, harness.FindResultJS("doc", "pop"))
}

// hostHits counts the requests to host made by the host (its User-Agent).
func hostHits(web *fixtureweb.Web, host string) int {
	n := 0
	for _, h := range web.Hits(host) {
		if strings.HasPrefix(h.UserAgent, "feedscout/") {
			n++
		}
	}
	return n
}

func TestFirefoxPopupAndFindFeed(t *testing.T) {
	ff, web := firefoxWeb(t, firefoxOptions{}, "theverge", "nikkei", "reuters", "apnews")

	// default_area: the button is on the toolbar, not in the Extensions
	// panel.
	if area := evalIn[string](ff, ff.chrome(), `CustomizableUI.getPlacementOfWidget("`+actionWidget+`")?.area || ""`); area != "nav-bar" {
		t.Errorf("the toolbar button is in %q, want nav-bar", area)
	}

	t.Run("advertised feeds, no request", func(t *testing.T) {
		s, _ := web.Site("theverge")
		tab, before := siteTab(t, ff, web, "theverge")
		ff.openPopup(tab)
		if st := popupEval[string](ff, `doc.body.dataset.state`); st != "page" {
			t.Fatalf("popup state %s: %s", st, popupEval[string](ff, `doc.getElementById("page-status").textContent`))
		}
		feeds := popupEval[[]string](ff, `[...doc.querySelectorAll("#advertised li")].map(li => li.dataset.url)`)
		if len(feeds) == 0 || feeds[0] != s.Expect.FeedURL {
			t.Errorf("advertised %v, want %s first", feeds, s.Expect.FeedURL)
		}
		if host := popupEval[string](ff, `doc.getElementById("site").textContent`); host != s.Host {
			t.Errorf("popup names the site %q, want %s", host, s.Host)
		}
		if after := quiet(web, s.Host); after != before {
			t.Errorf("the popup made %d requests to %s: %v", after-before, s.Host, web.Hits(s.Host)[before:])
		}
		ff.closePopup()
	})

	// Copy needs a click with user activation, which a script's click()
	// is not: the popup page for the tab, opened in a tab of its own (a
	// BiDi context, unlike the toolbar popup), gets a real mouse click.
	t.Run("copy, a real click", func(t *testing.T) {
		s, _ := web.Site("theverge")
		tab, _ := siteTab(t, ff, web, "theverge")
		ff.openPopup(tab) // grants activeTab for the tab
		id := ff.selectedTabID()
		ff.closePopup()
		page := ff.tab(fmt.Sprintf("%spopup/popup.html?tab=%d", firefoxOrigin, id))
		waitIn(ff, page, `document.body.dataset.state === "page"`, 15*time.Second)
		ff.realClick(page, `document.querySelector("#advertised button.copy")`)
		waitIn(ff, page, `document.querySelector("#advertised button.copy").textContent !== "Copy"`, 5*time.Second)
		if got := evalIn[string](ff, page, `document.querySelector("#advertised button.copy").textContent`); got != "Copied" {
			t.Errorf("the copy button says %q", got)
		}
		if clip := ff.clipboard(); clip != s.Expect.FeedURL {
			t.Errorf("the clipboard holds %q, want %s", clip, s.Expect.FeedURL)
		}
		ff.call("browsingContext.close", map[string]any{"context": page}, nil)
	})

	// Send to reader: before a reader is chosen the button opens the
	// options page (options_ui, in a tab); with Feedly chosen (in
	// storage.sync) it opens Feedly's subscribe page for the feed.
	t.Run("send to reader", func(t *testing.T) {
		s, _ := web.Site("theverge")
		tab, _ := siteTab(t, ff, web, "theverge")
		ff.openPopup(tab)
		popupEval[bool](ff, `(doc.querySelector("#advertised button.send").click(), true)`)
		opts := ff.waitTab(firefoxOrigin + "options/options.html")
		waitIn(ff, opts, `document.body.dataset.state === "ready"`, 15*time.Second)
		ff.call("browsingContext.close", map[string]any{"context": opts}, nil)
		evalIn[bool](ff, ff.probe(), `chrome.storage.sync.set({reader: {id: "feedly"}}).then(() => true)`)
		ff.openPopup(tab)
		ff.waitPopup(`doc.querySelector("#advertised button.send").textContent === "Add to Feedly"`, 5*time.Second)
		popupEval[bool](ff, `(doc.querySelector("#advertised button.send").click(), true)`)
		sent := ff.waitTab("https://feedly.com/i/subscription/feed/" + url.QueryEscape(s.Expect.FeedURL))
		ff.call("browsingContext.close", map[string]any{"context": sent}, nil)
		evalIn[bool](ff, ff.probe(), `chrome.storage.sync.remove("reader").then(() => true)`)
	})

	t.Run("feed", func(t *testing.T) {
		s, _ := web.Site("theverge")
		tab, _ := siteTab(t, ff, web, "theverge")
		ff.openPopup(tab)
		before := hostHits(web, s.Host)
		r := ffFind(t, ff)
		harness.ProgressFirst(t, r)
		if r.Outcome != "feed" || len(r.Feeds) == 0 || r.Feeds[0] != s.Expect.FeedURL {
			t.Errorf("outcome %s, feeds %v; want the feed %s", r.Outcome, r.Feeds, s.Expect.FeedURL)
		}
		if len(r.FeedMeta) == 0 || !regexp.MustCompile(`^\d+ items?`).MatchString(r.FeedMeta[0]) {
			t.Errorf("feed meta %v, want the item count the host read", r.FeedMeta)
		}
		if n := hostHits(web, s.Host) - before; n != len(r.Progress) || n == 0 {
			t.Errorf("the host made %d requests, the popup shows %d progress rows", n, len(r.Progress))
		}
		ff.closePopup()
	})

	t.Run("sections", func(t *testing.T) {
		s, _ := web.Site("nikkei")
		tab, _ := siteTab(t, ff, web, "nikkei")
		ff.openPopup(tab)
		r := ffFind(t, ff)
		harness.ProgressFirst(t, r)
		want := "Showing 60 of " + strconv.Itoa(s.Expect.Sections) + " sections"
		if r.Outcome != "sections" || r.Sections != want {
			t.Errorf("outcome %s, sections heading %q; want sections, %q", r.Outcome, r.Sections, want)
		}
		if r.SectionRows == 0 {
			t.Error("no section rows drawn")
		}
		ff.closePopup()
	})

	t.Run("refused", func(t *testing.T) {
		s, _ := web.Site("reuters")
		tab, _ := siteTab(t, ff, web, "reuters")
		ff.openPopup(tab)
		r := ffFind(t, ff)
		harness.ProgressFirst(t, r)
		if r.Outcome != "refused" || r.Reason == "" || !r.ReasonWarn {
			t.Errorf("outcome %s, reason %q (warning %v); want refused with the host's reason shown", r.Outcome, r.Reason, r.ReasonWarn)
		}
		if !strings.Contains(r.Reason, "robots.txt") {
			t.Errorf("reason %q does not name robots.txt", r.Reason)
		}
		var paths []string
		for _, h := range web.Hits(s.Host) {
			if strings.HasPrefix(h.UserAgent, "feedscout/") {
				paths = append(paths, h.Path)
			}
		}
		if fmt.Sprint(paths) != "[/robots.txt]" {
			t.Errorf("the host asked reuters for %v, want robots.txt alone", paths)
		}
		ff.closePopup()
	})

	// AP answers its homepage with a 403 page. Firefox gives the popup the
	// tab's status (responseStatus), so the error page is not sent as the
	// homepage: the host asks for it itself and sees the refusal.
	t.Run("error page not sent as the homepage", func(t *testing.T) {
		tab, _ := siteTab(t, ff, web, "apnews")
		ff.openPopup(tab)
		r := ffFind(t, ff)
		if r.Outcome != "refused" || !strings.Contains(r.Reason, "403") {
			t.Errorf("outcome %s, reason %q; want refused, naming the 403", r.Outcome, r.Reason)
		}
		var paths []string
		for _, h := range web.Hits("apnews.com") {
			if strings.HasPrefix(h.UserAgent, "feedscout/") {
				paths = append(paths, h.Path)
			}
		}
		if fmt.Sprint(paths) != "[/robots.txt /]" {
			t.Errorf("the host asked apnews for %v, want robots.txt and the homepage", paths)
		}
		ff.closePopup()
	})
}
