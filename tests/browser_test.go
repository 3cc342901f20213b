package tests

// The browser harness: Debian's Chromium, headless, with the unpacked
// extension from the built product and the host manifest in the profile,
// driven with chromedp. Each test starts its own browser (about a second)
// so tests stay independent; a browser's tabs are cheap.

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/http/httptest"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/extensions"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// extensionID is fixed by the "key" in extension/manifest.json.
const extensionID = "pbekihghmnjdonaofhjkkldmkpngkpge"

// extensionOrigin is the extension's own origin.
const extensionOrigin = "chrome-extension://" + extensionID + "/"

// chromiumPath finds Debian's chromium (or CHROMIUM), skipping the test when
// there is none: the browser tests need a browser, the rest of the suite
// does not.
func chromiumPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{os.Getenv("CHROMIUM"), "chromium", "chromium-browser", "google-chrome"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	missing(t, "no chromium on PATH (apt-get install chromium); browser tests skipped")
	return ""
}

// missing skips a test whose outside tool is not installed, or fails it
// when FEEDSCOUT_REQUIRE_TOOLS is set (CI sets it: a failed install must
// not turn into a green run that tested nothing).
func missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("FEEDSCOUT_REQUIRE_TOOLS") != "" {
		t.Fatal(why + " (FEEDSCOUT_REQUIRE_TOOLS is set)")
	}
	t.Skip(why)
}

// browserDist is the built product the browser tests load (distDir, which
// TestMain provides), checked to hold what they need.
func browserDist(t testing.TB) string {
	t.Helper()
	d := distDir(t)
	for _, p := range []string{"extension/manifest.json", "extension/lib/classifier.js", "extension/wasm/classify.wasm", "feedscout-host"} {
		if _, err := os.Stat(filepath.Join(d, p)); err != nil {
			t.Fatalf("the built product in %s lacks %s: %v", d, p, err)
		}
	}
	return d
}

// browserOptions configure startBrowser.
type browserOptions struct {
	// profile is the user data dir; empty means a fresh temp dir.
	profile string
	// noHost leaves the native messaging host uninstalled.
	noHost bool
	// env is added to the browser's environment; the host inherits it.
	env []string
	// proxy, when set, is the browser's own proxy (the fixture web's), and
	// certificate errors are ignored (the fixture web's CA is not in NSS).
	proxy string
	// ext is the unpacked extension to load; empty means dist/extension.
	ext string
	// flags are more command-line flags for Chromium (--lang, resolver rules).
	flags []chromedp.ExecAllocatorOption
}

// browser is one running Chromium with the extension loaded.
type browser struct {
	t       testing.TB
	ctx     context.Context // the browser's first tab; parent of every tab
	cancel  context.CancelFunc
	profile string
	dist    string
}

// startBrowser launches Chromium with dist/extension loaded and, unless
// o.noHost, the host installed into the profile. It stops the browser when
// the test ends.
func startBrowser(t testing.TB, o browserOptions) *browser {
	t.Helper()
	exe := chromiumPath(t)
	dist := browserDist(t)
	profile := o.profile
	if profile == "" {
		profile = t.TempDir()
	}
	if !o.noHost {
		installHost(t, dist, profile)
	}
	ext := o.ext
	if ext == "" {
		ext = filepath.Join(dist, "extension")
	}
	opts := []chromedp.ExecAllocatorOption{
		chromedp.ExecPath(exe),
		chromedp.Flag("headless", "new"),
		chromedp.Flag("no-sandbox", true),
		chromedp.Flag("disable-gpu", true),
		chromedp.Flag("disable-quic", true),
		chromedp.Flag("no-first-run", true),
		chromedp.Flag("no-default-browser-check", true),
		chromedp.Flag("disable-background-networking", true),
		chromedp.Flag("disable-component-update", true),
		chromedp.Flag("disable-sync", true),
		chromedp.Flag("disable-dev-shm-usage", true),
		chromedp.Flag("disable-features", "Translate,MediaRouter,OptimizationHints"),
		chromedp.Flag("enable-unsafe-extension-debugging", true),
		chromedp.Flag("load-extension", ext),
		chromedp.Flag("disable-extensions-except", ext),
		chromedp.Flag("window-size", "1000,800"),
		chromedp.UserDataDir(profile),
	}
	if o.proxy != "" {
		opts = append(opts, chromedp.ProxyServer(o.proxy), chromedp.IgnoreCertErrors)
	}
	if len(o.env) > 0 {
		opts = append(opts, chromedp.Env(o.env...))
	}
	opts = append(opts, o.flags...)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		acancel()
		t.Fatalf("start chromium: %v", err)
	}
	b := &browser{t: t, ctx: ctx, profile: profile, dist: dist}
	var once sync.Once
	// cancel closes the browser the way a person does (Browser.close), so
	// it writes its profile out, then frees everything.
	b.cancel = func() {
		once.Do(func() {
			if err := chromedp.Cancel(ctx); err != nil {
				t.Logf("close chromium: %v", err)
			}
			cancel()
			acancel()
		})
	}
	t.Cleanup(b.cancel)
	b.waitWorker()
	return b
}

// installHost installs the host for a Chromium profile with the built
// binary's own installer, as ./build.sh run does, and checks the manifest
// names this extension.
func installHost(t testing.TB, dist, profile string) {
	t.Helper()
	host := filepath.Join(dist, "feedscout-host")
	if out, err := exec.Command(host, "install", "--browser", "chromium", "--profile", profile).CombinedOutput(); err != nil {
		t.Fatalf("feedscout-host install --browser chromium --profile %s: %v\n%s", profile, err, out)
	}
	raw, err := os.ReadFile(filepath.Join(profile, "NativeMessagingHosts", "dev.feedscout.host.json"))
	if err != nil {
		t.Fatalf("host manifest not installed: %v", err)
	}
	var m struct {
		Path    string   `json:"path"`
		Origins []string `json:"allowed_origins"`
	}
	if err := json.Unmarshal(raw, &m); err != nil || len(m.Origins) != 1 || m.Origins[0] != extensionOrigin || !filepath.IsAbs(m.Path) {
		t.Fatalf("host manifest %s does not name %s and an absolute path (%v)", raw, extensionOrigin, err)
	}
}

// waitWorker waits until the extension's service worker is registered, so
// the extension is loaded before a test uses it.
func (b *browser) waitWorker() {
	b.t.Helper()
	if _, err := b.worker(); err != nil {
		b.t.Fatalf("extension did not start: %v", err)
	}
}

// worker returns the target of the extension's service worker, waiting up
// to 10 s for it to appear.
func (b *browser) worker() (target.ID, error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(b.ctx)
		if err != nil {
			return "", err
		}
		for _, i := range infos {
			if i.Type == "service_worker" && strings.HasPrefix(i.URL, extensionOrigin) {
				return i.TargetID, nil
			}
		}
		if time.Now().After(deadline) {
			var seen []string
			for _, i := range infos {
				seen = append(seen, i.Type+" "+i.URL)
			}
			return "", fmt.Errorf("no service worker of %s among %d targets: %s", extensionID, len(infos), strings.Join(seen, ", "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// attach returns a context on an existing target (a tab or the worker);
// cancelling it detaches and leaves the target running.
func (b *browser) attach(id target.ID) (context.Context, context.CancelFunc) {
	ctx, cancel := chromedp.NewContext(b.ctx, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel())
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		b.t.Fatalf("attach to %s: %v", id, err)
	}
	return ctx, cancel
}

// target waits up to 10 s for a target showing url and returns it.
func (b *browser) target(t testing.TB, url string) target.ID {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(b.ctx)
		if err != nil {
			t.Fatal(err)
		}
		for _, i := range infos {
			if i.Type == "page" && i.URL == url {
				return i.TargetID
			}
		}
		if time.Now().After(deadline) {
			t.Fatalf("no page shows %s", url)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// tab opens url in a new tab and waits for it to load.
func (b *browser) tab(url string) (context.Context, target.ID) {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.ctx)
	b.t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.t.Fatalf("open %s: %v", url, err)
	}
	return ctx, chromedp.FromContext(ctx).Target.TargetID
}

// click does what a click on the toolbar button does for the tab: it runs
// the extension's action on it (Extensions.triggerAction), which grants
// activeTab for that tab, and returns the browser's tab id of it.
func (b *browser) click(pageURL string) int {
	b.t.Helper()
	b.triggerAction(b.t, pageURL)
	// The grant lets the extension see the tab's URL: find its tab id.
	wid, err := b.worker()
	if err != nil {
		b.t.Fatal(err)
	}
	wctx, wcancel := b.attach(wid)
	defer wcancel()
	expr := fmt.Sprintf(`chrome.tabs.query({}).then(ts => (ts.find(t => t.url === %q) || {id: -1}).id)`, pageURL)
	deadline := time.Now().Add(5 * time.Second)
	for {
		// A worker caught while it starts can lack its chrome.* bindings
		// for a moment ("Cannot read properties of undefined (reading
		// 'query')"): that is retried like a tab not visible yet.
		id, err := chromedp.Run(wctx, chromedp.Evaluate[int](expr, chromedp.EvalAwaitPromise))
		if err == nil && id >= 0 {
			return id
		}
		if time.Now().After(deadline) {
			if err != nil {
				b.t.Fatalf("find the tab id of %s: %v", pageURL, err)
			}
			b.t.Fatalf("no tab with url %s visible to the extension", pageURL)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// triggerAction runs the extension's action on the tab showing pageURL,
// as a click on the toolbar button does: it grants activeTab for the tab
// and opens the real popup.
func (b *browser) triggerAction(t testing.TB, pageURL string) {
	t.Helper()
	tabs, err := chromedp.CallBrowser(b.ctx, target.GetTargets, target.GetTargetsParams{Filter: target.Filter{{Type: "tab"}}})
	if err != nil {
		t.Fatalf("list tab targets: %v", err)
	}
	tab := ""
	for _, i := range tabs.TargetInfos {
		if i.URL == pageURL {
			tab = string(i.TargetID)
		}
	}
	if tab == "" {
		t.Fatalf("no tab shows %s", pageURL)
	}
	if _, err := chromedp.CallBrowser(b.ctx, extensions.TriggerAction, extensions.TriggerActionParams{ID: extensionID, TargetID: tab}); err != nil {
		t.Fatalf("trigger the extension's action: %v", err)
	}
}

// popup opens the popup page for browser tab tabID in a tab of its own and
// returns its context; listen, when not nil, sees every event of the popup
// from its first request on.
func (b *browser) popup(tabID int, listen func(ev any)) context.Context {
	b.t.Helper()
	var opts []chromedp.ContextOption
	if listen != nil {
		opts = append(opts, chromedp.WithListener(listen))
	}
	ctx, cancel := chromedp.NewContext(b.ctx, opts...)
	b.t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%spopup/popup.html?tab=%d", extensionOrigin, tabID))); err != nil {
		b.t.Fatalf("open the popup: %v", err)
	}
	return ctx
}

// waitJS polls the boolean expression in ctx every 20 ms until it is true or
// timeout passes. A page that navigates meanwhile (a target attached while
// it still loads) destroys the polling's execution context: polling starts
// again in the new one.
func waitJS(t testing.TB, ctx context.Context, expr string, timeout time.Duration) {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		left := time.Until(deadline)
		tctx, cancel := context.WithTimeout(ctx, left)
		_, err := chromedp.Run(tctx, chromedp.Poll[bool](notYetWithoutBody(expr), chromedp.WithPollingInterval(20*time.Millisecond), chromedp.WithPollingTimeout(left)))
		cancel()
		if err == nil {
			return
		}
		if navigated(err) && time.Now().Before(deadline) {
			time.Sleep(20 * time.Millisecond)
			continue
		}
		state, _ := chromedp.Run(ctx, chromedp.Evaluate[string](`document.body ? JSON.stringify({data: document.body.dataset, text: document.body.innerText.slice(0, 2000)}) : "no body"`))
		t.Fatalf("wait for %s: %v; page: %s", expr, err, state)
	}
}

// notYetWithoutBody wraps a predicate so that it is false, not an
// exception, while the document has no body yet (a tab just opened, still
// on its first empty document); on a loaded page an exception still fails
// the wait.
func notYetWithoutBody(expr string) string {
	return "(() => { try { return !!(" + expr + "); } catch (e) { if (!document.body) return false; throw e; } })()"
}

// navigated reports whether err says the page's JavaScript context went
// away under an evaluation (the page navigated or reloaded).
func navigated(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Execution context was destroyed") ||
		strings.Contains(msg, "Cannot find context with specified id")
}

// eval evaluates expr (awaiting a promise) in ctx and decodes the result.
func eval[T any](t testing.TB, ctx context.Context, expr string) T {
	t.Helper()
	v, err := chromedp.Run(ctx, chromedp.Evaluate[T](expr, chromedp.EvalAwaitPromise))
	if err != nil {
		var ee *chromedp.ExceptionError
		if errors.As(err, &ee) {
			t.Fatalf("evaluate %s: %s", expr, ee.Error())
		}
		t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// call runs a protocol command on the context's target.
func call[P, R any](t testing.TB, ctx context.Context, cmd cdp.Command[P, R], params P) R {
	t.Helper()
	r, err := chromedp.Call(ctx, cmd, params)
	if err != nil {
		t.Fatalf("%s: %v", cmd.Method, err)
	}
	return r
}

// dialogs counts JavaScript dialogs (alert, confirm) opened in ctx's target.
func dialogs(ctx context.Context) func() int {
	var mu sync.Mutex
	n := 0
	_ = chromedp.Listen(ctx, func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			mu.Lock()
			n++
			mu.Unlock()
		}
	})
	return func() int {
		mu.Lock()
		defer mu.Unlock()
		return n
	}
}

// pageServer serves fixture pages for the browser on 127.0.0.1 and counts
// the requests it gets per path.
type pageServer struct {
	*httptest.Server
	mu    sync.Mutex
	hits  map[string]int
	pages map[string]string
}

// servePages starts a pageServer with path -> HTML.
func servePages(t testing.TB, pages map[string]string) *pageServer {
	s := &pageServer{hits: map[string]int{}, pages: pages}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.mu.Lock()
		s.hits[r.URL.Path]++
		body, ok := s.pages[r.URL.Path]
		s.mu.Unlock()
		if !ok {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprint(w, body)
	}))
	t.Cleanup(s.Close)
	return s
}

// total is the number of requests the server got.
func (s *pageServer) total() int {
	s.mu.Lock()
	defer s.mu.Unlock()
	n := 0
	for _, v := range s.hits {
		n += v
	}
	return n
}
