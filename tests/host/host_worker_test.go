package host

// The background worker between a popup and the real host, in Chromium:
// requests sent on the popup's port as popup/host.js sends them, replies
// read back, the fixture web's servers counting what reached them.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// workerJS connects a port to the worker from an extension page and keeps
// every reply of one request in window.__replies; window.__final is the
// last (result or error) once it came.
const workerJS = `(() => {
  window.__replies = [];
  window.__final = null;
  const port = chrome.runtime.connect({ name: "feedscout-popup" });
  port.onMessage.addListener((m) => {
    window.__replies.push(m);
    if (m.type === "result" || m.type === "error") window.__final = m;
  });
  window.__send = (req) => port.postMessage(req);
  return true;
})()`

// workerPage opens an extension page with workerJS run in it.
func workerPage(t *testing.T, b *harness.Browser) context.Context {
	t.Helper()
	ctx := harness.LibPage(t, b)
	harness.Eval[bool](t, ctx, workerJS)
	return ctx
}

// A tab's page under the host's 8 MiB limit whose JSON escaping takes the
// message over it: the worker sends the request without the page (the
// host fetches the homepage itself) and the popup gets its report. Before,
// the host's error came with "id": null and was dropped: the popup waited
// forever.
func TestWorkerOversizedPage(t *testing.T) {
	b, web := harness.WebBrowser(t, "theverge")
	ctx := workerPage(t, b)
	s, _ := web.Site("theverge")
	harness.Eval[bool](t, ctx, fmt.Sprintf(`(() => {
  const html = '<a title="x">"</a>'.repeat(Math.floor((8 * 1024 * 1024 - 1024) / 18));
  window.__send({ id: "oversized-page-1", type: "discover", url: %q,
    page: { url: %q, html, content_type: "text/html" } });
  return true;
})()`, s.URL(), s.URL()))
	harness.WaitJS(t, ctx, `window.__final !== null`, 60*time.Second)
	final := harness.Eval[map[string]any](t, ctx, `window.__final`)
	if final["type"] != "result" {
		t.Fatalf("final reply %v, want the report", final)
	}
	rep, _ := final["report"].(map[string]any)
	if rep["outcome"] != "feed" || rep["home_from_page"] == true {
		t.Errorf("report outcome %v, home_from_page %v: want the feed, with the homepage fetched by the host", rep["outcome"], rep["home_from_page"])
	}
}

// budgetEater is a site whose discovery uses the whole budget: robots.txt
// names four news sitemap indexes of five children each, none usable.
func budgetEater() fixtureweb.Site {
	const host = "budget-eater.test"
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		for i := range 4 {
			fmt.Fprintf(w, "Sitemap: https://%s/news-%d.xml\n", host, i)
		}
		fmt.Fprint(w, "User-agent: *\nDisallow:\n")
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		switch {
		case r.URL.Path == "/":
			w.Header().Set("Content-Type", "text/html")
			fmt.Fprint(w, "<!doctype html><title>Budget eater</title><p>Nothing here.</p>")
		case strings.HasPrefix(r.URL.Path, "/news-") && strings.HasSuffix(r.URL.Path, ".xml"):
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprint(w, `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for i := range 5 {
				fmt.Fprintf(w, "<sitemap><loc>https://%s/part%s-%d.xml</loc></sitemap>", host, strings.TrimSuffix(r.URL.Path[6:], ".xml"), i)
			}
			fmt.Fprint(w, "</sitemapindex>")
		case strings.HasPrefix(r.URL.Path, "/part"):
			w.Header().Set("Content-Type", "application/xml")
			fmt.Fprintf(w, `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://%s/about</loc></url></urlset>`, host)
		default:
			http.NotFound(w, r)
		}
	})
	return fixtureweb.Site{Name: "budget-eater", Host: host, Handler: mux, Expect: fixtureweb.Expect{Outcome: reportpkg.OutcomeNone}}
}

// One click never costs a site more than its 25-request budget, even when
// the host dies mid-discovery and the worker starts another: the new host
// is told what the click already spent. Before, each host process had a
// fresh budget for the same click.
func TestWorkerRetryKeepsBudget(t *testing.T) {
	site, web, b := budgetEaterBrowser(t)
	ctx := workerPage(t, b)
	harness.Eval[bool](t, ctx, fmt.Sprintf(`(window.__send({ id: "budget-click-1", type: "discover", url: %q }), true)`, site.URL()))
	harness.WaitJS(t, ctx, `window.__replies.filter((m) => m.type === "progress").length >= 8`, 60*time.Second)
	harness.KillHosts(t, b)
	harness.WaitJS(t, ctx, `window.__final !== null`, 90*time.Second)
	final := harness.Eval[map[string]any](t, ctx, `window.__final`)
	restarts := harness.Eval[int](t, ctx, `window.__replies.filter((m) => m.type === "restart").length`)
	if final["type"] != "result" || restarts != 1 {
		t.Fatalf("final reply %v after %d restarts, want a report after one", final, restarts)
	}
	rep, _ := final["report"].(map[string]any)
	if n := len(web.Hits(site.Host)); n > 25 {
		t.Errorf("one click cost the site %d requests, more than its budget of 25", n)
	} else {
		t.Logf("one click, one host killed: the site saw %d requests; report stopped %v", n, rep["stopped"])
	}
	if rep["stopped"] != "budget" {
		t.Errorf("report stopped %v, want budget", rep["stopped"])
	}
}

// budgetEaterBrowser serves budgetEater on a fixture web and starts a
// browser whose host pauses 150 ms between requests: slow enough to kill
// the host mid-discovery.
func budgetEaterBrowser(t *testing.T) (fixtureweb.Site, *fixtureweb.Web, *harness.Browser) {
	t.Helper()
	site := budgetEater()
	web, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{site}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { web.Close() })
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: append(web.Env(), "FEEDSCOUT_PAUSE=150ms"), Proxy: web.ProxyURL})
	return site, web, b
}

// Session storage that refuses writes (a full quota) does not fail a
// request: the worker keeps nothing there. Before, every request was
// written to chrome.storage.session first ("inflight" entries nothing
// read), and a failed write ended the request with an error.
func TestWorkerWithoutSessionStorage(t *testing.T) {
	b, web := harness.WebBrowser(t, "theverge")
	wid, err := b.Worker()
	if err != nil {
		t.Fatal(err)
	}
	wctx, cancel := b.Attach(wid)
	defer cancel()
	// A worker caught starting may lack its chrome.* bindings for a moment
	// (see click): retried.
	const failWrites = `(chrome.storage.session.set = () => Promise.reject(new Error("QUOTA_BYTES quota exceeded")), true)`
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(50 * time.Millisecond) {
		ok, err := chromedp.Run(wctx, chromedp.Evaluate[bool](failWrites))
		if err == nil && ok {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("make session storage refuse writes in the worker: %v", err)
		}
	}
	ctx := workerPage(t, b)
	s, _ := web.Site("theverge")
	harness.Eval[bool](t, ctx, fmt.Sprintf(`(window.__send({ id: "no-session-storage-1", type: "discover", url: %q }), true)`, s.URL()))
	harness.WaitJS(t, ctx, `window.__final !== null`, 60*time.Second)
	if final := harness.Eval[map[string]any](t, ctx, `window.__final`); final["type"] != "result" {
		t.Fatalf("final reply %v, want the report", final)
	}
}

// A host that stops answering (here: stopped with SIGSTOP mid-discovery)
// does not leave the popup waiting forever: ask() gives up after
// ANSWER_TIMEOUT_MS (90 s) without a message and the popup says so.
func TestPopupAnswerTimeout(t *testing.T) {
	if testing.Short() {
		t.Skip("waits out the popup's 90 s answer timeout")
	}
	site := harness.SiteNamed(t, "nothing")[0]
	web, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{site}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { web.Close() })
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: append(web.Env(), "FEEDSCOUT_PAUSE=1s"), Proxy: web.ProxyURL})
	ctx := harness.PopupOnSite(t, b, web, "nothing")
	harness.Eval[bool](t, ctx, `(document.body.dataset.discover = "", document.getElementById("find").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("progress").children.length > 0`, 30*time.Second)
	pids := harness.HostPIDs(t, b)
	for _, pid := range pids {
		if err := syscall.Kill(pid, syscall.SIGSTOP); err != nil {
			t.Fatalf("stop host %d: %v", pid, err)
		}
	}
	t.Cleanup(func() {
		for _, pid := range pids {
			syscall.Kill(pid, syscall.SIGKILL)
		}
	})
	start := time.Now()
	harness.WaitJS(t, ctx, `document.body.dataset.discover === "error"`, 120*time.Second)
	waited := time.Since(start)
	code := harness.Eval[string](t, ctx, `document.body.dataset.code`)
	status := harness.Eval[string](t, ctx, `document.getElementById("discover-status").textContent`)
	if code != "timeout" || status == "" {
		t.Errorf("popup ended with code %q, status %q; want the timeout said", code, status)
	}
	if waited < 80*time.Second {
		t.Errorf("gave up after %v, before the 90 s timeout", waited)
	}
	t.Logf("the popup said %q after %v", status, waited.Round(time.Second))
}

// The popup's "N requests" (lib/words.js costSummary over the report, as
// the popup draws it) equals what the servers saw, on every site of the
// fixture web, ordinary and hostile, asked through the real worker and host.
func TestPopupCountsWhatServersSaw(t *testing.T) {
	sites := append(fixtureweb.DefaultSites(), fixtureweb.HostileSites()...)
	web, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: sites})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { web.Close() })
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: append(web.Env(), "FEEDSCOUT_PAUSE=20ms"), Proxy: web.ProxyURL})
	ctx := harness.LibPage(t, b)
	var urls []string
	for _, s := range sites {
		urls = append(urls, s.URL())
	}
	list, _ := json.Marshal(urls)
	got := harness.Eval[map[string]string](t, ctx, `(async () => {
  const { costSummary } = await import("/lib/words.js");
  const port = chrome.runtime.connect({ name: "feedscout-popup" });
  const urls = `+string(list)+`;
  const out = {};
  await new Promise((resolve) => {
    let left = urls.length;
    port.onMessage.addListener((m) => {
      if (m.type !== "result" && m.type !== "error") return;
      const url = urls[Number(m.id.slice("count-site-".length))];
      out[url] = m.type === "result" ? costSummary(m.report.requests, m.report.elapsed_ms) : "error " + m.code;
      if (--left === 0) resolve();
    });
    urls.forEach((url, i) => port.postMessage({ id: "count-site-" + i, type: "discover", url }));
  });
  return out;
})()`)
	count := regexp.MustCompile(`^(\d+) requests?, `)
	for _, s := range sites {
		m := count.FindStringSubmatch(got[s.URL()])
		if m == nil {
			t.Errorf("%s: the popup says %q", s.Name, got[s.URL()])
			continue
		}
		if n, _ := strconv.Atoi(m[1]); n != harness.SiteHits(web, s) {
			t.Errorf("%s: the popup says %q, the servers saw %d requests", s.Name, got[s.URL()], harness.SiteHits(web, s))
		}
	}
}

// When the host dies mid-click, the popup's cost line still says what the
// site saw: the new host's report lists only its own requests, and the
// popup adds those the first host made ("..., and 9 requests before the
// host restarted"). At most one request may have been on the wire,
// unseen, when the host died.
func TestPopupCostAfterHostRestart(t *testing.T) {
	ctx, web, site := clickAndBreak(t, harness.KillHosts)
	costSaysHits(t, ctx, web, site)
}

// One click never costs a site more than its budget when the browser
// stops the service worker mid-discovery either: the worker counts what
// the click cost (spent, on each row it forwards), the popup's ask()
// keeps the last count and asks a new worker once more with it, plus one
// for a request possibly on the wire. The worker is closed as the browser
// would stop it, under the real popup; its host goes with it.
func TestPopupWorkerStopKeepsBudget(t *testing.T) {
	ctx, web, site := clickAndBreak(t, func(t *testing.T, b *harness.Browser) {
		wid, err := b.Worker()
		if err != nil {
			t.Fatal(err)
		}
		if _, err := chromedp.CallBrowser(b.Ctx, target.CloseTarget, target.CloseTargetParams{TargetID: wid}); err != nil {
			t.Fatalf("stop the service worker: %v", err)
		}
	})
	time.Sleep(2 * time.Second) // a first host still running would show here
	if n := len(web.Hits(site.Host)); n > 25 {
		t.Errorf("one click cost the site %d requests, more than its budget of 25", n)
	}
	costSaysHits(t, ctx, web, site)
}

// clickAndBreak clicks Find feed in a popup on the budget-eater site,
// calls breakIt once the popup shows eight request rows, and waits for the
// click to end in a report.
func clickAndBreak(t *testing.T, breakIt func(*testing.T, *harness.Browser)) (context.Context, *fixtureweb.Web, fixtureweb.Site) {
	t.Helper()
	site, web, b := budgetEaterBrowser(t)
	ctx := harness.PopupOnSite(t, b, web, site.Name)
	web.Reset() // the tab's own load (the page, its favicon) is the browser's, not feedscout's
	harness.Eval[bool](t, ctx, `(document.getElementById("find").click(), true)`)
	harness.WaitJS(t, ctx, `document.querySelectorAll("#progress li").length >= 8`, 60*time.Second)
	breakIt(t, b)
	harness.WaitJS(t, ctx, `document.body.dataset.discover === "done" || document.body.dataset.discover === "error"`, 90*time.Second)
	if d := harness.Eval[string](t, ctx, `document.body.dataset.discover`); d != "done" {
		t.Fatalf("Find feed ended in %s: %s", d, harness.Eval[string](t, ctx, `document.getElementById("discover-status").textContent`))
	}
	return ctx, web, site
}

// costSaysHits checks the popup's cost line after a click whose host
// died: the new host's requests and the first host's add up to what the
// site saw, give or take the one request possibly on the wire.
func costSaysHits(t *testing.T, ctx context.Context, web *fixtureweb.Web, site fixtureweb.Site) {
	t.Helper()
	cost := harness.Eval[string](t, ctx, `document.getElementById("cost").textContent`)
	m := regexp.MustCompile(`^(\d+) requests?, .+, and (\d+) requests? before the host restarted$`).FindStringSubmatch(cost)
	if m == nil {
		t.Fatalf("cost line %q, want the new host's requests and the first host's", cost)
	}
	now, _ := strconv.Atoi(m[1])
	before, _ := strconv.Atoi(m[2])
	hits := len(web.Hits(site.Host))
	if before < 8 || now+before > hits || hits > now+before+1 {
		t.Errorf("cost line %q (%d + %d), the site saw %d requests", cost, now, before, hits)
	} else {
		t.Logf("cost line %q, the site saw %d requests", cost, hits)
	}
}
