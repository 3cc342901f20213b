package tests

// Benchmarks in the real browser (docs/performance-browser.md):
//
//	FEEDSCOUT_DIST=$PWD/dist go test ./tests -run '^$' -bench 'PopupToFeeds|ClassifyVsDOMParser|WASMLoadSteps' -benchtime 20x
//
// BenchmarkPopupToFeeds: from the popup's navigation start to the advertised
// feeds on screen (the popup's "feeds-shown" mark), for a ~1 MB homepage.
// BenchmarkClassifyVsDOMParser: the wasm classifier's classify call against
// DOMParser + querySelectorAll doing the same job on the same HTML (links
// and anchors extracted in the DOM, resolved, then judged by the same Go
// shape rules through the wasm's shape call, so no rule is written twice).
// The DOMParser code lives only here, in the benchmark page script; the
// product never parses a page into a DOM.

import (
	"encoding/json"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
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

func BenchmarkPopupToFeeds(b *testing.B) {
	br := startBrowser(b, browserOptions{noHost: true})
	page := bigNewsPage(1 << 20)
	srv := servePages(b, map[string]string{"/": page})
	br.tab(srv.URL + "/")
	tabID := br.click(srv.URL + "/")
	ctx := br.popup(tabID, nil)
	waitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	popupURL := fmt.Sprintf("%spopup/popup.html?tab=%d", extensionOrigin, tabID)

	// The marks, in the order they happen: boot.js running, the wasm's
	// response headers, compiled (streaming, so this is also the end of its
	// fetch), instantiated, Go's _initialize done, the classifier ready,
	// the feeds on screen, the whole page read; then the classify measure.
	marks := []string{"popup-js", "head-read", "boot", "wasm-response", "wasm-compiled", "wasm-instantiated", "wasm-initialized", "classifier-ready", "feeds-shown", "tab-read"}
	units := []string{"ms-popup-js", "ms-head-read", "ms-boot", "ms-wasm-response", "ms-wasm-compiled", "ms-wasm-instantiated", "ms-wasm-ready", "", "ms-to-feeds", "ms-tab-read"}
	got := make([][]float64, len(marks)+1)
	for b.Loop() {
		if err := chromedp.Do(ctx, chromedp.Navigate(popupURL)); err != nil {
			b.Fatal(err)
		}
		waitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
		m := eval[[]float64](b, ctx, `(`+jsStrings(marks)+`).map(n => (performance.getEntriesByName(n)[0] || {startTime: -1}).startTime).concat(performance.getEntriesByName("classify")[0].duration)`)
		for i := range got {
			got[i] = append(got[i], m[i])
		}
	}
	b.StopTimer()
	if n := eval[int](b, ctx, `document.querySelectorAll("#advertised li.row").length`); n != 2 {
		b.Fatalf("%d advertised feeds shown, want 2", n)
	}
	for i, u := range units {
		if u != "" {
			b.ReportMetric(median(got[i]), u+"(median)")
		}
	}
	b.ReportMetric(median(got[len(marks)]), "ms-classify(median)")
	b.ReportMetric(float64(len(page))/1e6, "MB-page")
}

func BenchmarkClassifyVsDOMParser(b *testing.B) {
	br := startBrowser(b, browserOptions{noHost: true})
	page := bigNewsPage(1 << 20)
	srv := servePages(b, map[string]string{"/": page})
	br.tab(srv.URL + "/")
	tabID := br.click(srv.URL + "/")
	ctx := br.popup(tabID, nil)
	waitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)

	// The benchmark page script: the tab's HTML, the classifier, and the
	// DOMParser classification, set up once.
	eval[bool](b, ctx, fmt.Sprintf(`(async () => {
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
		w := eval[[]float64](b, ctx, `__bench.wasm()`)
		d := eval[[]float64](b, ctx, `__bench.dom()`)
		popup = append(popup, eval[[]float64](b, ctx, `__bench.popup()`)[0])
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
// bytes from chrome-extension://, compiling them, instantiating, and Go's
// _initialize. In the popup they overlap (compile streams during the fetch)
// and share the machine with reading the tab.
func BenchmarkWASMLoadSteps(b *testing.B) {
	br := startBrowser(b, browserOptions{noHost: true})
	srv := servePages(b, map[string]string{"/": bigNewsPage(1 << 10)})
	br.tab(srv.URL + "/")
	tabID := br.click(srv.URL + "/")
	ctx := br.popup(tabID, nil)
	waitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	var steps [8][]float64
	for b.Loop() {
		m := eval[[]float64](b, ctx, `(async () => {
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
			return [t1 - t0, t2 - t1, t3 - t2, t4 - t3, t6 - t5, t7 - t6, t8 - t7, t9 - t8];
		})()`)
		for i := range steps {
			steps[i] = append(steps[i], m[i])
		}
	}
	b.StopTimer()
	for i, u := range []string{"ms-fetch", "ms-compile", "ms-instantiate", "ms-initialize", "ms-fetch+compile-streaming", "ms-gz-streaming", "ms-gz-fetch", "ms-css-fetch"} {
		b.ReportMetric(median(steps[i]), u+"(median)")
	}
}
