package harness

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
	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"
)

// ExtensionID is fixed by the "key" in extension/manifest.json.
const ExtensionID = "pbekihghmnjdonaofhjkkldmkpngkpge"

// ExtensionOrigin is the extension's own origin.
const ExtensionOrigin = "chrome-extension://" + ExtensionID + "/"

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
	Missing(t, "no chromium on PATH (apt-get install chromium); browser tests skipped")
	return ""
}

// Missing skips a test whose outside tool is not installed, or fails it
// when FEEDSCOUT_REQUIRE_TOOLS is set (CI sets it: a failed install must
// not turn into a green run that tested nothing).
func Missing(t testing.TB, why string) {
	t.Helper()
	if os.Getenv("FEEDSCOUT_REQUIRE_TOOLS") != "" {
		t.Fatal(why + " (FEEDSCOUT_REQUIRE_TOOLS is set)")
	}
	t.Skip(why)
}

// BrowserDist is the built product the browser tests load (DistDir, which
// TestMain provides), checked to hold what they need.
func BrowserDist(t testing.TB) string {
	t.Helper()
	d := DistDir(t)
	for _, p := range []string{"extension/manifest.json", "extension/lib/classifier.js", "extension/wasm/classify.wasm", "feedscout-host"} {
		if _, err := os.Stat(filepath.Join(d, p)); err != nil {
			t.Fatalf("the built product in %s lacks %s: %v", d, p, err)
		}
	}
	return d
}

// BrowserOptions configure StartBrowser.
type BrowserOptions struct {
	// Profile is the user data dir; empty means a fresh temp dir.
	Profile string
	// NoHost leaves the native messaging host uninstalled.
	NoHost bool
	// Env is added to the browser's environment; the host inherits it.
	Env []string
	// Proxy, when set, is the browser's own proxy (the fixture web's), and
	// certificate errors are ignored (the fixture web's CA is not in NSS).
	Proxy string
	// Ext is the unpacked extension to load; empty means dist/extension.
	Ext string
	// Flags are more command-line flags for Chromium (--lang, resolver rules).
	Flags []chromedp.ExecAllocatorOption
}

// Browser is one running Chromium with the extension loaded.
type Browser struct {
	t       testing.TB
	Ctx     context.Context // the browser's first tab; parent of every tab
	Cancel  context.CancelFunc
	Profile string
	Dist    string
}

// StartBrowser launches Chromium with dist/extension loaded and, unless
// o.noHost, the host installed into the profile. It stops the browser when
// the test ends.
func StartBrowser(t testing.TB, o BrowserOptions) *Browser {
	t.Helper()
	exe := chromiumPath(t)
	dist := BrowserDist(t)
	profile := o.Profile
	if profile == "" {
		profile = t.TempDir()
	}
	if !o.NoHost {
		installHost(t, dist, profile)
	}
	ext := o.Ext
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
	if o.Proxy != "" {
		opts = append(opts, chromedp.ProxyServer(o.Proxy), chromedp.IgnoreCertErrors)
	}
	if len(o.Env) > 0 {
		opts = append(opts, chromedp.Env(o.Env...))
	}
	opts = append(opts, o.Flags...)
	actx, acancel := chromedp.NewExecAllocator(context.Background(), opts...)
	ctx, cancel := chromedp.NewContext(actx)
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		acancel()
		t.Fatalf("start chromium: %v", err)
	}
	b := &Browser{t: t, Ctx: ctx, Profile: profile, Dist: dist}
	var once sync.Once
	// cancel closes the browser the way a person does (Browser.close), so
	// it writes its profile out, then frees everything.
	b.Cancel = func() {
		once.Do(func() {
			if err := chromedp.Cancel(ctx); err != nil {
				t.Logf("close chromium: %v", err)
			}
			cancel()
			acancel()
		})
	}
	t.Cleanup(b.Cancel)
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
	if err := json.Unmarshal(raw, &m); err != nil || len(m.Origins) != 1 || m.Origins[0] != ExtensionOrigin || !filepath.IsAbs(m.Path) {
		t.Fatalf("host manifest %s does not name %s and an absolute path (%v)", raw, ExtensionOrigin, err)
	}
}

// waitWorker waits until the extension's service worker is registered, so
// the extension is loaded before a test uses it.
func (b *Browser) waitWorker() {
	b.t.Helper()
	if _, err := b.Worker(); err != nil {
		b.t.Fatalf("extension did not start: %v", err)
	}
}

// Worker returns the target of the extension's service worker, waiting up
// to 10 s for it to appear.
func (b *Browser) Worker() (target.ID, error) {
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(b.Ctx)
		if err != nil {
			return "", err
		}
		for _, i := range infos {
			if i.Type == "service_worker" && strings.HasPrefix(i.URL, ExtensionOrigin) {
				return i.TargetID, nil
			}
		}
		if time.Now().After(deadline) {
			var seen []string
			for _, i := range infos {
				seen = append(seen, i.Type+" "+i.URL)
			}
			return "", fmt.Errorf("no service worker of %s among %d targets: %s", ExtensionID, len(infos), strings.Join(seen, ", "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// Attach returns a context on an existing target (a tab or the worker);
// cancelling it detaches and leaves the target running.
func (b *Browser) Attach(id target.ID) (context.Context, context.CancelFunc) {
	ctx, cancel := chromedp.NewContext(b.Ctx, chromedp.WithTargetID(id), chromedp.WithDetachOnCancel())
	if err := chromedp.Do(ctx); err != nil {
		cancel()
		b.t.Fatalf("attach to %s: %v", id, err)
	}
	return ctx, cancel
}

// Target waits up to 10 s for a target showing url and returns it.
func (b *Browser) Target(t testing.TB, url string) target.ID {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		infos, err := chromedp.Targets(b.Ctx)
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

// Tab opens url in a new tab and waits for it to load.
func (b *Browser) Tab(url string) (context.Context, target.ID) {
	b.t.Helper()
	ctx, cancel := chromedp.NewContext(b.Ctx)
	b.t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(url)); err != nil {
		b.t.Fatalf("open %s: %v", url, err)
	}
	return ctx, chromedp.FromContext(ctx).Target.TargetID
}

// Click does what a click on the toolbar button does for the tab: it runs
// the extension's action on it (Extensions.triggerAction), which grants
// activeTab for that tab, and returns the browser's tab id of it.
func (b *Browser) Click(pageURL string) int {
	b.t.Helper()
	b.TriggerAction(b.t, pageURL)
	// The grant lets the extension see the tab's URL: find its tab id.
	wid, err := b.Worker()
	if err != nil {
		b.t.Fatal(err)
	}
	wctx, wcancel := b.Attach(wid)
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

// TriggerAction runs the extension's action on the tab showing pageURL,
// as a click on the toolbar button does: it grants activeTab for the tab
// and opens the real popup.
func (b *Browser) TriggerAction(t testing.TB, pageURL string) {
	t.Helper()
	tabs, err := chromedp.CallBrowser(b.Ctx, target.GetTargets, target.GetTargetsParams{Filter: target.Filter{{Type: "tab"}}})
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
	if _, err := chromedp.CallBrowser(b.Ctx, extensions.TriggerAction, extensions.TriggerActionParams{ID: ExtensionID, TargetID: tab}); err != nil {
		t.Fatalf("trigger the extension's action: %v", err)
	}
}

// Popup opens the popup page for browser tab tabID in a tab of its own and
// returns its context; listen, when not nil, sees every event of the popup
// from its first request on.
func (b *Browser) Popup(tabID int, listen func(ev any)) context.Context {
	b.t.Helper()
	var opts []chromedp.ContextOption
	if listen != nil {
		opts = append(opts, chromedp.WithListener(listen))
	}
	ctx, cancel := chromedp.NewContext(b.Ctx, opts...)
	b.t.Cleanup(cancel)
	if err := chromedp.Do(ctx, chromedp.Navigate(fmt.Sprintf("%spopup/popup.html?tab=%d", ExtensionOrigin, tabID))); err != nil {
		b.t.Fatalf("open the popup: %v", err)
	}
	return ctx
}

// WaitJS polls the boolean expression in ctx every 20 ms until it is true or
// timeout passes. A page that navigates meanwhile (a target attached while
// it still loads) destroys the polling's execution context: polling starts
// again in the new one.
func WaitJS(t testing.TB, ctx context.Context, expr string, timeout time.Duration) {
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
		if Navigated(err) && time.Now().Before(deadline) {
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

// Navigated reports whether err says the page's JavaScript context went
// away under an evaluation (the page navigated or reloaded).
func Navigated(err error) bool {
	msg := err.Error()
	return strings.Contains(msg, "Execution context was destroyed") ||
		strings.Contains(msg, "Cannot find context with specified id")
}

// Eval evaluates expr (awaiting a promise) in ctx and decodes the result.
func Eval[T any](t testing.TB, ctx context.Context, expr string) T {
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

// Call runs a protocol command on the context's target.
func Call[P, R any](t testing.TB, ctx context.Context, cmd cdp.Command[P, R], params P) R {
	t.Helper()
	r, err := chromedp.Call(ctx, cmd, params)
	if err != nil {
		t.Fatalf("%s: %v", cmd.Method, err)
	}
	return r
}

// PageServer serves fixture pages for the browser on 127.0.0.1 and counts
// the requests it gets per path.
type PageServer struct {
	*httptest.Server
	Mu    sync.Mutex
	Hits  map[string]int
	pages map[string]string
}

// ServePages starts a PageServer with path -> HTML.
func ServePages(t testing.TB, pages map[string]string) *PageServer {
	s := &PageServer{Hits: map[string]int{}, pages: pages}
	s.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		s.Mu.Lock()
		s.Hits[r.URL.Path]++
		body, ok := s.pages[r.URL.Path]
		s.Mu.Unlock()
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

// Total is the number of requests the server got.
func (s *PageServer) Total() int {
	s.Mu.Lock()
	defer s.Mu.Unlock()
	n := 0
	for _, v := range s.Hits {
		n += v
	}
	return n
}
