package browser

// Benchmarks in the real browser (docs/performance-browser.md):
//
//	FEEDSCOUT_DIST=$PWD/dist go test ./tests/browser -run '^$' -bench 'PopupToFeeds|PopupGoFloor|ClassifyVsDOMParser|WASMLoadSteps' -benchtime 20x
//
// BenchmarkPopupToFeeds: from the popup's navigation start to the advertised
// feeds on screen (the popup's "feeds-shown" mark), for a ~1 MB homepage.
// BenchmarkPopupGoFloor: when the module is ready in that popup, ours
// against an empty Go module.
// BenchmarkClassifyVsDOMParser: the wasm classifier's classify call against
// DOMParser + querySelectorAll doing the same job on the same HTML (links
// and anchors extracted in the DOM, resolved, then judged by the same Go
// shape rules through the wasm's shape call, so no rule is written twice).
// The DOMParser code lives only here, in the benchmark page script; the
// product never parses a page into a DOM.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"feedscout/tests/internal/harness"
)

// jsStrings writes ss as a JavaScript array literal.
func jsStrings(ss []string) string {
	b, _ := json.Marshal(ss)
	return string(b)
}

// median of xs (which it sorts).
func median(xs []float64) float64 {
	if len(xs) == 0 {
		return 0
	}
	sort.Float64s(xs)
	n := len(xs)
	if n%2 == 1 {
		return xs[n/2]
	}
	return (xs[n/2-1] + xs[n/2]) / 2
}

// BenchmarkPopupToFeeds opens the real toolbar popup (the action a click
// runs, Extensions.triggerAction) on a tab showing a ~1 MB homepage, 20
// times per case, and reads the popup's performance marks, all from its
// navigation start. DevTools attaches only once the popup has settled:
// attaching while it loads slows it by half. The cases:
//
//   - cached: the module read from IndexedDB, where the worker stores it on
//     install (every popup but the first after an install or update);
//   - package: the stored module deleted before each open, so the popup
//     fetches and gunzips the package's (the worst case);
//   - floor: a page of one classic script in place of popup.html, which
//     marks "boot" (Chrome's own cost of starting an extension popup) and
//     then only reads the stored module, compiles, instantiates and
//     initialises it ("wasm-initialized"): the classifier alone, with
//     nothing else of the popup competing for the CPU.
func BenchmarkPopupToFeeds(b *testing.B) {
	// A copy of the extension with the floor page added.
	ext := filepath.Join(b.TempDir(), "extension")
	if err := os.CopyFS(ext, os.DirFS(filepath.Join(harness.BrowserDist(b), "extension"))); err != nil {
		b.Fatal(err)
	}
	floor := map[string]string{
		"floor.html": `<!doctype html><html><head><meta charset="utf-8"><script src="floor.js"></script></head><body data-state="loading">floor</body></html>`,
		"floor.js": `performance.mark("boot");
(async () => {
  ` + storedModuleJS + `
  const entry = await storedModule();
  const bytes = await entry.blob.arrayBuffer();
  performance.mark("wasm-cached");
  const module = new WebAssembly.Module(bytes);
  performance.mark("wasm-compiled");
  const { createWASI } = await import("./lib/wasi.js");
  const wasi = createWASI();
  const instance = new WebAssembly.Instance(module, wasi.imports);
  performance.mark("wasm-instantiated");
  wasi.setMemory(instance.exports.memory);
  instance.exports._initialize();
  performance.mark("wasm-initialized");
  document.body.dataset.state = "page";
})();
`,
	}
	for name, text := range floor {
		if err := os.WriteFile(filepath.Join(ext, name), []byte(text), 0o644); err != nil {
			b.Fatal(err)
		}
	}

	br := harness.StartBrowser(b, harness.BrowserOptions{NoHost: true, Ext: ext})
	page := harness.BigNewsPage(1 << 20)
	srv := harness.ServePages(b, map[string]string{"/": page})
	br.Tab(srv.URL + "/")
	br.Click(srv.URL + "/")
	popupURL := harness.ExtensionOrigin + "popup/popup.html"
	// The popup the click opened primes nothing: the worker stored the
	// module on install. Close it; each iteration opens its own.
	closeTarget(b, br, br.Target(b, popupURL))
	wid, err := br.Worker()
	if err != nil {
		b.Fatal(err)
	}
	wctx, wcancel := br.Attach(wid)
	defer wcancel()
	entryIn(b, wctx, "before the benchmark", moduleSHA256(b), moduleSize(b))

	marks := []string{"boot", "head-read", "popup-js", "wasm-cached", "wasm-response", "wasm-compiled", "wasm-instantiated", "wasm-initialized", "feeds-shown", "tab-read"}
	units := []string{"ms-boot", "ms-head-read", "ms-popup-js", "ms-wasm-cached", "ms-wasm-response", "ms-wasm-compiled", "ms-wasm-instantiated", "ms-wasm-ready", "ms-to-feeds", "ms-tab-read"}
	for _, c := range []struct {
		name, popup string
		before      string // run in the worker before each open
	}{
		{"cached", "popup/popup.html", ""},
		{"package", "popup/popup.html", `new Promise((ok, no) => { const r = indexedDB.deleteDatabase("feedscout-classifier"); r.onsuccess = () => ok(true); r.onerror = () => no(r.error); r.onblocked = () => ok(true); })`},
		{"floor", "floor.html", ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			harness.Eval[bool](b, wctx, fmt.Sprintf(`chrome.action.setPopup({popup: %q}).then(() => true)`, c.popup))
			defer harness.Eval[bool](b, wctx, `chrome.action.setPopup({popup: "popup/popup.html"}).then(() => true)`)
			got := make([][]float64, len(marks)+1)
			for b.Loop() {
				if c.before != "" {
					harness.Eval[bool](b, wctx, c.before)
				}
				ctx, id, cancel := openToolbarPopup(b, br, srv.URL+"/", harness.ExtensionOrigin+c.popup)
				harness.WaitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
				m := harness.Eval[[]float64](b, ctx, `(`+jsStrings(marks)+`).map(n => (performance.getEntriesByName(n)[0] || {startTime: -1}).startTime).concat((performance.getEntriesByName("classify")[0] || {duration: -1}).duration)`)
				if c.popup == "popup/popup.html" {
					if n := harness.Eval[int](b, ctx, `document.querySelectorAll("#advertised li.row").length`); n != 2 {
						b.Fatalf("%d advertised feeds shown, want 2", n)
					}
				}
				cancel()
				closeTarget(b, br, id)
				for i := range got {
					got[i] = append(got[i], m[i])
				}
			}
			b.StopTimer()
			for i, u := range units {
				if med := median(got[i]); med >= 0 {
					b.ReportMetric(med, u+"(median)")
				}
			}
			if med := median(got[len(marks)]); med >= 0 {
				b.ReportMetric(med, "ms-classify(median)")
			}
		})
	}
	// The package case deleted the store: put the module back for whatever
	// runs next in this browser.
	entryIn(b, wctx, "after the benchmark", moduleSHA256(b), moduleSize(b))
}

// BenchmarkPopupGoFloor opens the real toolbar popup 20 times with the
// classifier as built ("classify") and with an empty Go reactor
// (testdata/emptywasm, Go's runtime alone) in its place ("empty-go"), each
// in a browser of its own, and reports when the module is ready
// (wasm-initialized, from navigation start). The empty module shows what
// any module built by Go costs the popup on this machine, whatever it
// does: the floor under the feeds-on-screen figure.
func BenchmarkPopupGoFloor(b *testing.B) {
	empty := filepath.Join(b.TempDir(), "empty.wasm")
	build := exec.Command("go", "build", "-trimpath", "-buildmode=c-shared", "-ldflags=-s -w", "-o", empty, "../testdata/emptywasm")
	build.Env = append(os.Environ(), "GOOS=wasip1", "GOARCH=wasm")
	if out, err := build.CombinedOutput(); err != nil {
		b.Fatalf("build the empty module: %v\n%s", err, out)
	}
	for _, c := range []struct{ name, module string }{
		{"classify", ""},
		{"empty-go", empty},
	} {
		b.Run(c.name, func(b *testing.B) {
			ext := filepath.Join(b.TempDir(), "extension")
			if err := os.CopyFS(ext, os.DirFS(filepath.Join(harness.BrowserDist(b), "extension"))); err != nil {
				b.Fatal(err)
			}
			wasm := builtModule(b)
			if c.module != "" {
				// The module swapped in, popup.html stamped with its hash
				// as build.sh stamps it, and no .gz beside it (the worker
				// then stores the plain file).
				var err error
				if wasm, err = os.ReadFile(c.module); err != nil {
					b.Fatal(err)
				}
				if err := os.WriteFile(filepath.Join(ext, "wasm", "classify.wasm"), wasm, 0o644); err != nil {
					b.Fatal(err)
				}
				os.Remove(filepath.Join(ext, "wasm", "classify.wasm.gz"))
				html := filepath.Join(ext, "popup", "popup.html")
				text, err := os.ReadFile(html)
				if err != nil {
					b.Fatal(err)
				}
				sum := sha256.Sum256(wasm)
				text = regexp.MustCompile(`name="feedscout-classifier" content="[0-9a-f]*"`).ReplaceAll(text, []byte(`name="feedscout-classifier" content="`+hex.EncodeToString(sum[:])+`"`))
				if err := os.WriteFile(html, text, 0o644); err != nil {
					b.Fatal(err)
				}
			}
			sum := sha256.Sum256(wasm)
			br := harness.StartBrowser(b, harness.BrowserOptions{NoHost: true, Ext: ext})
			srv := harness.ServePages(b, map[string]string{"/": harness.BigNewsPage(1 << 20)})
			br.Tab(srv.URL + "/")
			br.Click(srv.URL + "/")
			closeTarget(b, br, br.Target(b, harness.ExtensionOrigin+"popup/popup.html"))
			wid, err := br.Worker()
			if err != nil {
				b.Fatal(err)
			}
			wctx, wcancel := br.Attach(wid)
			entryIn(b, wctx, "before the benchmark", hex.EncodeToString(sum[:]), len(wasm))
			wcancel()

			var boot, cached, ready []float64
			for b.Loop() {
				ctx, id, cancel := openToolbarPopup(b, br, srv.URL+"/", harness.ExtensionOrigin+"popup/popup.html")
				// The empty module has no classify: that popup ends in
				// page-error once the module is ready.
				harness.WaitJS(b, ctx, `["page", "page-error"].includes(document.body.dataset.state)`, 15*time.Second)
				m := harness.Eval[[]float64](b, ctx, `["boot", "wasm-cached", "wasm-initialized"].map(n => (performance.getEntriesByName(n)[0] || {startTime: -1}).startTime)`)
				cancel()
				closeTarget(b, br, id)
				if m[1] < 0 || m[2] < 0 {
					b.Fatalf("the popup did not run the stored module: marks boot, wasm-cached, wasm-initialized = %v", m)
				}
				boot, cached, ready = append(boot, m[0]), append(cached, m[1]), append(ready, m[2])
			}
			b.StopTimer()
			b.ReportMetric(median(boot), "ms-boot(median)")
			b.ReportMetric(median(cached), "ms-wasm-cached(median)")
			b.ReportMetric(median(ready), "ms-wasm-ready(median)")
			b.ReportMetric(float64(len(wasm))/1e6, "MB-module")
		})
	}
}

// openToolbarPopup clicks the toolbar button for the tab showing pageURL
// and returns the popup it opened (showing want) once it has had a second
// to load undisturbed, its target, and the cancel of the attachment.
func openToolbarPopup(b *testing.B, br *harness.Browser, pageURL, want string) (context.Context, target.ID, context.CancelFunc) {
	b.Helper()
	br.TriggerAction(b, pageURL)
	id := br.Target(b, want)
	time.Sleep(time.Second)
	ctx, cancel := br.Attach(id)
	return ctx, id, cancel
}

// closeTarget closes a page target and waits until it is gone.
func closeTarget(b testing.TB, br *harness.Browser, id target.ID) {
	b.Helper()
	if _, err := chromedp.CallBrowser(br.Ctx, target.CloseTarget, target.CloseTargetParams{TargetID: id}); err != nil {
		b.Fatalf("close %s: %v", id, err)
	}
	deadline := time.Now().Add(5 * time.Second)
	for {
		infos, err := chromedp.Targets(br.Ctx)
		if err != nil {
			b.Fatal(err)
		}
		if !slices.ContainsFunc(infos, func(i *target.Info) bool { return i.TargetID == id }) {
			return
		}
		if time.Now().After(deadline) {
			b.Fatalf("target %s still open 5 s after closing it", id)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

// moduleSHA256 and moduleSize describe the built classify.wasm.
func moduleSHA256(t testing.TB) string {
	sum := sha256.Sum256(builtModule(t))
	return hex.EncodeToString(sum[:])
}

func moduleSize(t testing.TB) int { return len(builtModule(t)) }

func builtModule(t testing.TB) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(harness.BrowserDist(t), "extension", "wasm", "classify.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func BenchmarkClassifyVsDOMParser(b *testing.B) {
	br := harness.StartBrowser(b, harness.BrowserOptions{NoHost: true})
	page := harness.BigNewsPage(1 << 20)
	srv := harness.ServePages(b, map[string]string{"/": page})
	br.Tab(srv.URL + "/")
	tabID := br.Click(srv.URL + "/")
	ctx := br.Popup(tabID, nil)
	harness.WaitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)

	// The benchmark page script: the tab's HTML, the classifier, and the
	// DOMParser classification, set up once.
	harness.Eval[bool](b, ctx, fmt.Sprintf(`(async () => {
		const [res] = await chrome.scripting.executeScript({target: {tabId: %d}, func: () => ({url: location.href, html: document.documentElement.outerHTML, type: document.contentType})});
		const {loadClassifier} = await import("/lib/classifier.js");
		const c = await loadClassifier(chrome.runtime.getURL("wasm/classify.wasm"));
		const {url, html, type} = res.result;
		const feedType = /^application\/(rss|atom|feed)\+(xml|json)$|^application\/(rss|atom)$|^text\/xml$|^application\/xml$/i;
		window.__bench = {
			wasm() {
				const t = performance.now();
				const p = c.classify(url, html, type);
				return [performance.now() - t, p.feeds.length, p.sections.length + p.articles.length];
			},
			popup() { // what the popup asks: the same work, no lists in the answer
				const t = performance.now();
				const p = c.classify(url, html, type, {lists: false});
				return [performance.now() - t, p.feeds.length];
			},
			dom() {
				const t = performance.now();
				const doc = new DOMParser().parseFromString(html, "text/html");
				const baseEl = doc.querySelector("base[href]");
				const base = baseEl ? new URL(baseEl.getAttribute("href"), url).href : url;
				const feeds = [...doc.querySelectorAll("link[rel][href]")].filter(l =>
					l.getAttribute("rel").toLowerCase().split(/\s+/).includes("alternate") && feedType.test(l.getAttribute("type") || ""))
					.map(l => ({url: new URL(l.getAttribute("href"), base).href, title: l.getAttribute("title") || ""}));
				const seen = new Set();
				const host = new URL(url).host;
				for (const a of doc.querySelectorAll("a[href]")) {
					try {
						const u = new URL(a.getAttribute("href"), base);
						if (u.host === host && (u.protocol === "http:" || u.protocol === "https:")) { u.hash = ""; seen.add(u.href); }
					} catch {}
				}
				const shapes = c.shape([...seen]);
				const kept = shapes.filter(s => s.shape !== "other").length;
				return [performance.now() - t, feeds.length, kept];
			},
		};
		return true;
	})()`, tabID))

	var wasm, dom, popup []float64
	var agree string
	for b.Loop() {
		w := harness.Eval[[]float64](b, ctx, `__bench.wasm()`)
		d := harness.Eval[[]float64](b, ctx, `__bench.dom()`)
		popup = append(popup, harness.Eval[[]float64](b, ctx, `__bench.popup()`)[0])
		wasm = append(wasm, w[0])
		dom = append(dom, d[0])
		agree = fmt.Sprintf("wasm %v feeds/%v links, DOMParser %v feeds/%v links", w[1], w[2], d[1], d[2])
	}
	b.StopTimer()
	b.Log(agree)
	mw, md := median(wasm), median(dom)
	b.ReportMetric(mw, "ms-wasm(median)")
	b.ReportMetric(md, "ms-DOMParser(median)")
	b.ReportMetric(mw/md, "ratio")
	b.ReportMetric(median(popup), "ms-wasm-no-lists(median)")
}

// BenchmarkWASMLoadSteps times the classifier's start-up steps one at a
// time in the popup page, with nothing else running: fetching the module's
// bytes from chrome-extension:// or reading them from IndexedDB, compiling
// them (asynchronously or at once), instantiating, and Go's _initialize. In the popup they overlap (compile streams during the fetch)
// and share the machine with reading the tab.
func BenchmarkWASMLoadSteps(b *testing.B) {
	br := harness.StartBrowser(b, harness.BrowserOptions{NoHost: true})
	srv := harness.ServePages(b, map[string]string{"/": harness.BigNewsPage(1 << 10)})
	br.Tab(srv.URL + "/")
	tabID := br.Click(srv.URL + "/")
	ctx := br.Popup(tabID, nil)
	harness.WaitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	var steps [11][]float64
	for b.Loop() {
		m := harness.Eval[[]float64](b, ctx, `(async () => {
			`+storedModuleJS+`
			const {createWASI} = await import("/lib/wasi.js");
			const t0 = performance.now();
			const bytes = await (await fetch(chrome.runtime.getURL("wasm/classify.wasm"))).arrayBuffer();
			const t1 = performance.now();
			const mod = await WebAssembly.compile(bytes);
			const t2 = performance.now();
			const wasi = createWASI();
			const inst = await WebAssembly.instantiate(mod, wasi.imports);
			const t3 = performance.now();
			wasi.setMemory(inst.exports.memory);
			inst.exports._initialize();
			const t4 = performance.now();
			const t5 = performance.now();
			await WebAssembly.compileStreaming(fetch(chrome.runtime.getURL("wasm/classify.wasm")));
			const t6 = performance.now();
			const gz = await fetch(chrome.runtime.getURL("wasm/classify.wasm.gz"));
			await WebAssembly.compileStreaming(new Response(gz.body.pipeThrough(new DecompressionStream("gzip")), {headers: {"content-type": "application/wasm"}}));
			const t7 = performance.now();
			await (await fetch(chrome.runtime.getURL("wasm/classify.wasm.gz"))).arrayBuffer();
			const t8 = performance.now();
			await (await fetch(chrome.runtime.getURL("popup/popup.css"))).arrayBuffer();
			const t9 = performance.now();
			// The popup's way: the bytes from IndexedDB, compiled and
			// instantiated at once on this thread.
			const entry = await storedModule();
			const cached = await entry.blob.arrayBuffer();
			const t10 = performance.now();
			const now = new WebAssembly.Module(cached);
			const t11 = performance.now();
			const w2 = createWASI();
			new WebAssembly.Instance(now, w2.imports);
			const t12 = performance.now();
			return [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t6 - t5, t7 - t6, t8 - t7, t9 - t8, t10 - t9, t11 - t10, t12 - t11];
		})()`)
		for i := range steps {
			steps[i] = append(steps[i], m[i])
		}
	}
	b.StopTimer()
	for i, u := range []string{"ms-fetch", "ms-compile", "ms-instantiate", "ms-initialize", "ms-fetch+compile-streaming", "ms-gz-streaming", "ms-gz-fetch", "ms-css-fetch", "ms-idb-read", "ms-compile-sync", "ms-instantiate-sync"} {
		b.ReportMetric(median(steps[i]), u+"(median)")
	}
}

// BenchmarkPopupManySections times the popup's section list with 10,000
// sections against the same interactions with 60 (the list's first page,
// the baseline), alternating in one popup, each interaction from its input
// to the end of the next frame (manySectionsJS): the ratios say what the
// list's length costs, which a virtualised list keeps near 1.
func BenchmarkPopupManySections(b *testing.B) {
	br := harness.StartBrowser(b, harness.BrowserOptions{NoHost: true})
	srv := harness.ServePages(b, map[string]string{"/": harness.NewsPage("Many sections", nil, 1, 1, "")})
	tabCtx, _ := br.Tab(srv.URL + "/")
	harness.WaitJS(b, tabCtx, `document.readyState === "complete"`, 10*time.Second)
	ctx := br.Popup(br.Click(srv.URL+"/"), nil)
	harness.WaitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	names := []string{"render", "show-all", "scroll", "filter"}
	times := map[int]map[string][]float64{60: {}, 10000: {}}
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		for _, n := range []int{60, 10000} {
			got := harness.Eval[manySections](b, ctx, manySectionsJS(n))
			if got.Rows3 != 1 {
				b.Fatalf("%d sections: the filter left %d rows, want 1", n, got.Rows3)
			}
			for j, ms := range []float64{got.Render, got.ShowAll, got.Scroll, got.Filter} {
				times[n][names[j]] = append(times[n][names[j]], ms)
			}
		}
	}
	b.StopTimer()
	for _, name := range names {
		big, base := median(times[10000][name]), median(times[60][name])
		b.ReportMetric(big, "ms-"+name+"-10000(median)")
		b.ReportMetric(base, "ms-"+name+"-60(median)")
		if base > 0 {
			b.ReportMetric(big/base, name+"-ratio")
		}
	}
}
