package tests

// Benchmarks in the real browser (docs/performance-browser.md):
//
//	FEEDSCOUT_DIST=$PWD/dist go test ./tests -run '^$' -bench 'Popup|ClassifyVsDOMParser' -benchtime 20x
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
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
)

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

	var shown, ready, read, classify []float64
	for b.Loop() {
		if err := chromedp.Do(ctx, chromedp.Navigate(popupURL)); err != nil {
			b.Fatal(err)
		}
		waitJS(b, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
		m := eval[[]float64](b, ctx, `["feeds-shown", "classifier-ready", "tab-read"].map(n => performance.getEntriesByName(n)[0].startTime).concat(performance.getEntriesByName("classify")[0].duration)`)
		shown = append(shown, m[0])
		ready = append(ready, m[1])
		read = append(read, m[2])
		classify = append(classify, m[3])
	}
	b.StopTimer()
	if n := eval[int](b, ctx, `document.querySelectorAll("#advertised li.row").length`); n != 2 {
		b.Fatalf("%d advertised feeds shown, want 2", n)
	}
	b.ReportMetric(median(shown), "ms-to-feeds(median)")
	b.ReportMetric(median(classify), "ms-classify(median)")
	b.ReportMetric(median(ready), "ms-wasm-ready(median)")
	b.ReportMetric(median(read), "ms-tab-read(median)")
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

	var wasm, dom []float64
	var agree string
	for b.Loop() {
		w := eval[[]float64](b, ctx, `__bench.wasm()`)
		d := eval[[]float64](b, ctx, `__bench.dom()`)
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
}
