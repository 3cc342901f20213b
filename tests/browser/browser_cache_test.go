package browser

// The classifier's bytes in IndexedDB (extension/lib/wasmcache.js): stored
// by the worker on install, run by the popup only when they are this
// build's, replaced when they are another build's or broken.

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	"feedscout/tests/internal/harness"
)

// storedModuleJS defines, in the page or worker it is evaluated in,
// cacheDB() (the classifier cache's database, lib/wasmcache.js's names) and
// storedModule() (its one entry, or undefined): what the tests and the
// benchmarks read and write the cache with.
const storedModuleJS = `const cacheDB = () => new Promise((ok, no) => { const r = indexedDB.open("feedscout-classifier", 1); r.onupgradeneeded = () => r.result.createObjectStore("module"); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); });
const storedModule = async () => { const db = await cacheDB(); try { return await new Promise((ok, no) => { const r = db.transaction("module").objectStore("module").get("classify.wasm"); r.onsuccess = () => ok(r.result); r.onerror = () => no(r.error); }); } finally { db.close(); } };
`

// cacheEntryJS resolves to the stored entry as {sha256, size, digest}, the
// digest being the SHA-256 of the stored bytes themselves; null when there
// is none.
const cacheEntryJS = `(async () => {
	` + storedModuleJS + `
	const e = await storedModule();
	if (!e) return null;
	const sum = new Uint8Array(await crypto.subtle.digest("SHA-256", await e.blob.arrayBuffer()));
	return {sha256: e.sha256, size: e.blob.size, digest: Array.from(sum, b => b.toString(16).padStart(2, "0")).join("")};
})()`

// putCacheEntryJS stores {sha256: %q, blob: new Blob([%q])} as the entry.
const putCacheEntryJS = `(async () => {
	` + storedModuleJS + `
	const db = await cacheDB();
	await new Promise((ok, no) => { const t = db.transaction("module", "readwrite"); t.objectStore("module").put({sha256: %q, blob: new Blob([%q]), stored: 0}, "classify.wasm"); t.oncomplete = ok; t.onerror = () => no(t.error); });
	db.close();
	return true;
})()`

type cacheEntry struct {
	SHA256 string `json:"sha256"`
	Size   int    `json:"size"`
	Digest string `json:"digest"`
}

func TestClassifierCache(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	wasm, err := os.ReadFile(filepath.Join(harness.BrowserDist(t), "extension", "wasm", "classify.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	sum := sha256.Sum256(wasm)
	want := hex.EncodeToString(sum[:])

	// The worker stored the module when the extension was installed,
	// before any popup opened (a popup that misses stores it too).
	wid, err := b.Worker()
	if err != nil {
		t.Fatal(err)
	}
	wctx, wcancel := b.Attach(wid)
	entryIn(t, wctx, "after install, in the worker", want, len(wasm))
	wcancel()

	page := harness.NewsPage("Cached Daily", []harness.LinkTag{{Rel: "alternate", Typ: "application/rss+xml", Title: "Cached Daily", Href: "/rss.xml"}}, 5, 10, "")
	srv := harness.ServePages(t, map[string]string{"/": page})
	b.Tab(srv.URL + "/")
	tabID := b.Click(srv.URL + "/")
	ctx := b.Popup(tabID, nil)
	popupURL := fmt.Sprintf("%spopup/popup.html?tab=%d", harness.ExtensionOrigin, tabID)

	// open reopens the popup for the tab and returns which way the module
	// came: "cache", "package", or "cache, then package" when the cached
	// bytes were read and did not compile.
	open := func(when string) string {
		t.Helper()
		if err := chromedp.Do(ctx, chromedp.Navigate(popupURL)); err != nil {
			t.Fatalf("%s: open the popup: %v", when, err)
		}
		harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
		if got := rows(t, ctx, "#advertised"); len(got) != 1 || got[0].URL != srv.URL+"/rss.xml" {
			t.Fatalf("%s: advertised feeds %+v, want the one at %s/rss.xml", when, got, srv.URL)
		}
		cached := harness.Eval[bool](t, ctx, `performance.getEntriesByName("wasm-cached").length === 1`)
		fetched := harness.Eval[bool](t, ctx, `performance.getEntriesByName("wasm-response").length === 1`)
		switch {
		case cached && fetched:
			return "cache, then package"
		case cached:
			return "cache"
		case fetched:
			return "package"
		}
		t.Fatalf("%s: the popup set neither wasm-cached nor wasm-response", when)
		return ""
	}

	harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	if how := open("with this build's module stored"); how != "cache" {
		t.Errorf("with this build's module stored, the popup loaded it from the %s", how)
	}

	// Another build's module (an update, a reloaded unpacked build) is never
	// run: the popup loads the package's and stores it in its place.
	harness.Eval[bool](t, ctx, fmt.Sprintf(putCacheEntryJS, strings.Repeat("0", 64), "another build"))
	if how := open("with another build's module stored"); how != "package" {
		t.Errorf("with another build's module stored, the popup loaded it from the %s", how)
	}
	entryIn(t, ctx, "after the popup met another build's module", want, len(wasm))

	// Bytes that claim to be this build's and are not a module (a damaged
	// disk): the popup falls back to the package and repairs the entry.
	harness.Eval[bool](t, ctx, fmt.Sprintf(putCacheEntryJS, want, "\x00asm broken"))
	if how := open("with broken bytes stored"); how != "cache, then package" {
		t.Errorf("with broken bytes stored under this build's hash, the popup loaded the module from the %s", how)
	}
	entryIn(t, ctx, "after the popup met broken bytes", want, len(wasm))
	if how := open("after the repair"); how != "cache" {
		t.Errorf("after the repair, the popup loaded the module from the %s", how)
	}
}

// TestPopupMetaNamesBuiltModule checks that build.sh stamped popup.html
// with the SHA-256 of the module it built: the popup trusts its cached copy
// only when the two agree.
func TestPopupMetaNamesBuiltModule(t *testing.T) {
	dist := harness.BrowserDist(t)
	wasm, err := os.ReadFile(filepath.Join(dist, "extension", "wasm", "classify.wasm"))
	if err != nil {
		t.Fatal(err)
	}
	html, err := os.ReadFile(filepath.Join(dist, "extension", "popup", "popup.html"))
	if err != nil {
		t.Fatal(err)
	}
	m := regexp.MustCompile(`<meta name="feedscout-classifier" content="([^"]*)">`).FindSubmatch(html)
	if m == nil {
		t.Fatal("the built popup.html has no feedscout-classifier meta")
	}
	sum := sha256.Sum256(wasm)
	if got, want := string(m[1]), hex.EncodeToString(sum[:]); got != want {
		t.Errorf("popup.html names module %q, the built classify.wasm is %s", got, want)
	}
}

// entryIn waits until the entry stored is the module with hash want and
// size bytes, whole (its bytes hash to want).
func entryIn(t testing.TB, ctx context.Context, when, want string, size int) {
	t.Helper()
	deadline := time.Now().Add(15 * time.Second)
	for {
		e, err := chromedp.Run(ctx, chromedp.Evaluate[*cacheEntry](cacheEntryJS, chromedp.EvalAwaitPromise))
		if err != nil && !harness.Navigated(err) {
			t.Fatalf("%s: read the cache: %v", when, err)
		}
		if e != nil && e.SHA256 == want && e.Digest == want && e.Size == size {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: the cached module is %+v, want sha256 %s and %d bytes that hash to it", when, e, want, size)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// TestBootPreloadsEveryModule checks boot.js's MODULES, the modules the
// popup fetches at once, against the built extension: every module that
// popup.html's module script and boot.js's dynamic imports load, directly
// or not, is on the list, and nothing else is.
func TestBootPreloadsEveryModule(t *testing.T) {
	popupDir := filepath.Join(harness.BrowserDist(t), "extension", "popup")
	read := func(path string) string {
		t.Helper()
		b, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		return string(b)
	}
	boot := read(filepath.Join(popupDir, "boot.js"))
	list := regexp.MustCompile(`(?s)const MODULES = \[(.*?)\];`).FindStringSubmatch(boot)
	if list == nil {
		t.Fatal("boot.js has no MODULES list")
	}
	quoted := regexp.MustCompile(`"([^"]+)"`)
	listed := map[string]bool{}
	for _, m := range quoted.FindAllStringSubmatch(list[1], -1) {
		listed[filepath.Join(popupDir, m[1])] = true
	}

	imports := regexp.MustCompile(`(?m)(?:^\s*import\s[^"';]*?from\s*|^\s*export\s[^"';]*?from\s*|\bimport\()"([^"]+)"`)
	loaded := map[string]bool{}
	var walk func(path string)
	walk = func(path string) {
		if loaded[path] {
			return
		}
		loaded[path] = true
		for _, m := range imports.FindAllStringSubmatch(read(path), -1) {
			walk(filepath.Join(filepath.Dir(path), m[1]))
		}
	}
	for _, m := range imports.FindAllStringSubmatch(boot, -1) {
		walk(filepath.Join(popupDir, m[1]))
	}
	html := read(filepath.Join(popupDir, "popup.html"))
	for _, m := range regexp.MustCompile(`<script type="module" src="([^"]+)">`).FindAllStringSubmatch(html, -1) {
		walk(filepath.Join(popupDir, m[1]))
	}
	if len(loaded) < 4 {
		t.Fatalf("found only %d modules the popup loads: %v", len(loaded), loaded)
	}
	for p := range loaded {
		if !listed[p] {
			t.Errorf("the popup loads %s, which boot.js's MODULES lacks", p)
		}
	}
	for p := range listed {
		if !loaded[p] {
			t.Errorf("boot.js's MODULES preloads %s, which the popup never loads", p)
		}
	}
}
