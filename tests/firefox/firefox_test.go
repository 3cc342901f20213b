package firefox

// The Firefox harness: Debian's firefox-esr, headless, driven over
// WebDriver BiDi (tests/bidi) with no geckodriver. Each test starts its own
// Firefox with a fresh profile and HOME: the built host is installed into
// that HOME's ~/.mozilla/native-messaging-hosts/ with the host's own
// installer (feedscout-host install --browser firefox), and the built .xpi
// is installed permanently through webExtension.install, so a restart with
// the same profile keeps the add-on and its storage. docs/firefox.md says
// which tests use the toolbar popup and which the popup page in a tab.

import (
	"context"
	"encoding/json"
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/tests/bidi"
	"feedscout/tests/internal/harness"
)

// firefoxUUID is the add-on's moz-extension:// host in the test profiles,
// fixed through extensions.webextensions.uuids so tests can open its pages.
const firefoxUUID = "5e0c5f0e-5c0a-4d6e-9f3a-feed5c0f0e16"

// firefoxOrigin is the add-on's origin in the test profiles.
const firefoxOrigin = "moz-extension://" + firefoxUUID + "/"

// actionWidget is the id of the add-on's toolbar button in Firefox's
// window: the add-on id with every character other than [a-z0-9_-] made
// "_", then "-browser-action".
const actionWidget = "feedscout_feedscout_dev-browser-action"

// firefoxPath finds firefox-esr (or FIREFOX, or firefox), skipping the test
// when there is none.
func firefoxPath(t testing.TB) string {
	t.Helper()
	for _, name := range []string{os.Getenv("FIREFOX"), "firefox-esr", "firefox"} {
		if name == "" {
			continue
		}
		if p, err := exec.LookPath(name); err == nil {
			return p
		}
	}
	harness.Missing(t, "no firefox-esr on PATH (apt-get install firefox-esr); Firefox tests skipped")
	return ""
}

// firefoxDist is the built product with its Firefox parts.
func firefoxDist(t testing.TB) string {
	t.Helper()
	d := harness.DistDir(t)
	for _, p := range []string{"extension-firefox/manifest.json", "feedscout-firefox.xpi", "feedscout-host"} {
		if _, err := os.Stat(filepath.Join(d, p)); err != nil {
			t.Fatalf("the built product in %s lacks %s: %v", d, p, err)
		}
	}
	return d
}

// firefoxOptions configure startFirefox.
type firefoxOptions struct {
	// profile and home are Firefox's profile folder and the HOME it runs
	// with (where ~/.mozilla/native-messaging-hosts/ is); empty means fresh
	// temp dirs. A restart passes the first run's.
	profile, home string
	// noHost leaves the host uninstalled; installed skips installing the
	// add-on (a restart: the profile has it).
	noHost, installed bool
	// env is added to Firefox's environment; the host inherits it.
	env []string
	// proxy is the fixture web's proxy ("http://127.0.0.1:PORT"), set as
	// Firefox's HTTP and HTTPS proxy; its test CA is accepted through the
	// session's acceptInsecureCerts.
	proxy string
	// prefs are added to the profile's user.js.
	prefs map[string]any
}

// firefox is one running Firefox with the add-on installed.
type firefox struct {
	t        testing.TB
	b        *bidi.Browser
	profile  string
	home     string
	download string // the download folder of the profile
	dist     string
	probeCtx string // see probe
	once     sync.Once
}

// startFirefox launches Firefox headless with the remote agent and, unless
// o.installed, installs the .xpi permanently; unless o.noHost the host is
// installed into its HOME. Firefox is closed when the test ends.
func startFirefox(t testing.TB, o firefoxOptions) *firefox {
	t.Helper()
	exe := firefoxPath(t)
	dist := firefoxDist(t)
	if o.profile == "" {
		o.profile = t.TempDir()
	}
	if o.home == "" {
		o.home = t.TempDir()
	}
	if !o.noHost && !o.installed {
		installFirefoxHost(t, dist, o.home)
	}
	ff := &firefox{t: t, profile: o.profile, home: o.home, dist: dist, download: filepath.Join(o.profile, "downloads")}
	if err := os.MkdirAll(ff.download, 0o755); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(o.profile, "user.js"), []byte(firefoxPrefs(t, o.proxy, ff.download, o.prefs)), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(exe, "--headless", "--no-remote", "--remote-debugging-port", "0",
		"--remote-allow-system-access", "-profile", o.profile, "about:blank")
	cmd.Env = append(os.Environ(), "HOME="+o.home, "MOZ_CRASHREPORTER_DISABLE=1")
	cmd.Env = append(cmd.Env, o.env...)
	b, err := bidi.Launch(cmd, map[string]any{"acceptInsecureCerts": true}, 60*time.Second)
	if err != nil {
		t.Fatal(err)
	}
	ff.b = b
	t.Cleanup(ff.close)
	if !o.installed {
		var res struct {
			Extension string `json:"extension"`
		}
		ff.call("webExtension.install", map[string]any{
			"extensionData": map[string]any{"type": "archivePath", "path": filepath.Join(dist, "feedscout-firefox.xpi")},
			"moz:permanent": true,
		}, &res)
		if res.Extension != harness.GeckoID {
			t.Fatalf("webExtension.install installed %q, want %s", res.Extension, harness.GeckoID)
		}
	}
	ff.waitAddon()
	return ff
}

// firefoxPrefs is the test profile's user.js: unsigned add-ons allowed
// (ESR honours this), the add-on's UUID fixed, every request through the
// fixture web's proxy when there is one, downloads into dl without asking,
// and Firefox's own background traffic off.
func firefoxPrefs(t testing.TB, proxy, dl string, extra map[string]any) string {
	t.Helper()
	uuids, _ := json.Marshal(map[string]string{harness.GeckoID: firefoxUUID})
	prefs := []struct {
		name string
		val  any
	}{
		{"xpinstall.signatures.required", false},
		{"extensions.webextensions.uuids", string(uuids)},
		{"extensions.autoDisableScopes", 0},
		{"extensions.update.enabled", false},
		{"extensions.getAddons.cache.enabled", false},
		{"network.http.http3.enable", false},
		{"browser.download.folderList", 2},
		{"browser.download.dir", dl},
		{"browser.download.useDownloadDir", true},
		{"browser.download.always_ask_before_handling_new_types", false},
		{"browser.download.start_downloads_in_tmp_dir", false},
		{"browser.download.panel.shown", true},
		{"browser.shell.checkDefaultBrowser", false},
		{"browser.startup.homepage_override.mstone", "ignore"},
		{"datareporting.policy.dataSubmissionEnabled", false},
		{"toolkit.telemetry.reportingpolicy.firstRun", false},
		{"app.update.disabledForTesting", true},
		{"browser.safebrowsing.malware.enabled", false},
		{"browser.safebrowsing.phishing.enabled", false},
		{"network.captive-portal-service.enabled", false},
		{"network.connectivity-service.enabled", false},
	}
	if proxy != "" {
		u, err := url.Parse(proxy)
		if err != nil {
			t.Fatal(err)
		}
		port, err := strconv.Atoi(u.Port())
		if err != nil {
			t.Fatalf("proxy %s: %v", proxy, err)
		}
		prefs = append(prefs, []struct {
			name string
			val  any
		}{
			{"network.proxy.type", 1},
			{"network.proxy.http", u.Hostname()},
			{"network.proxy.http_port", port},
			{"network.proxy.ssl", u.Hostname()},
			{"network.proxy.ssl_port", port},
			{"network.proxy.no_proxies_on", ""},
			{"network.proxy.allow_hijacking_localhost", true},
		}...)
	}
	names := make([]string, 0, len(extra))
	for name := range extra {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		prefs = append(prefs, struct {
			name string
			val  any
		}{name, extra[name]})
	}
	var b strings.Builder
	for _, p := range prefs {
		raw, _ := json.Marshal(p.val)
		fmt.Fprintf(&b, "user_pref(%q, %s);\n", p.name, raw)
	}
	return b.String()
}

// installFirefoxHost installs the host for Firefox under home with the
// built binary's own installer, as ./build.sh run --firefox does, and
// checks the manifest Firefox will read.
func installFirefoxHost(t testing.TB, dist, home string) {
	t.Helper()
	cmd := exec.Command(filepath.Join(dist, "feedscout-host"), "install", "--browser", "firefox")
	cmd.Env = append(os.Environ(), "HOME="+home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("HOME=%s feedscout-host install --browser firefox: %v\n%s", home, err, out)
	}
	raw, err := os.ReadFile(filepath.Join(home, ".mozilla", "native-messaging-hosts", "dev.feedscout.host.json"))
	if err != nil {
		t.Fatalf("firefox host manifest not installed: %v", err)
	}
	var m struct {
		Path       string   `json:"path"`
		Extensions []string `json:"allowed_extensions"`
	}
	if err := json.Unmarshal(raw, &m); err != nil || len(m.Extensions) != 1 || m.Extensions[0] != harness.GeckoID || !filepath.IsAbs(m.Path) {
		t.Fatalf("firefox host manifest %s does not name %s and an absolute path (%v)", raw, harness.GeckoID, err)
	}
}

// call runs one BiDi command, failing the test on an error.
func (ff *firefox) call(method string, params, result any) {
	ff.t.Helper()
	if err := ff.try(method, params, result); err != nil {
		ff.t.Fatalf("%v\nfirefox log:\n%s", err, tail(ff.b.Log.String(), 3000))
	}
}

// try runs one BiDi command with a 60 s bound.
func (ff *firefox) try(method string, params, result any) error {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	return ff.b.Call(ctx, method, params, result)
}

func tail(s string, n int) string {
	if len(s) > n {
		return "..." + s[len(s)-n:]
	}
	return s
}

// close closes Firefox the way a person does (browser.close), so it
// writes its profile out, and waits for the process to end.
func (ff *firefox) close() {
	ff.once.Do(func() {
		if err := ff.b.Quit(30 * time.Second); err != nil {
			ff.t.Logf("%v", err)
		}
	})
}

// chrome returns the BiDi context of Firefox's browser window (its chrome
// document, reachable with --remote-allow-system-access).
func (ff *firefox) chrome() string {
	ff.t.Helper()
	var tree struct {
		Contexts []struct {
			Context string `json:"context"`
			URL     string `json:"url"`
		} `json:"contexts"`
	}
	ff.call("browsingContext.getTree", map[string]any{"moz:scope": "chrome", "maxDepth": 0}, &tree)
	for _, c := range tree.Contexts {
		if c.URL == "chrome://browser/content/browser.xhtml" {
			return c.Context
		}
	}
	ff.t.Fatalf("no browser window among the chrome contexts %+v", tree.Contexts)
	return ""
}

// evalIn evaluates expr (awaiting a promise) in the BiDi context ctx and
// decodes its JSON-serialisable result into a T: expr's value is passed
// through JSON.stringify in the page, so any plain value comes back whole.
func evalIn[T any](ff *firefox, ctx, expr string) T {
	ff.t.Helper()
	v, err := tryEval[T](ff, ctx, expr)
	if err != nil {
		ff.t.Fatalf("evaluate %s: %v", expr, err)
	}
	return v
}

// tryEval is evalIn returning its error.
func tryEval[T any](ff *firefox, ctx, expr string) (T, error) {
	var zero T
	var res struct {
		Type   string `json:"type"`
		Result struct {
			Type  string          `json:"type"`
			Value json.RawMessage `json:"value"`
		} `json:"result"`
		ExceptionDetails struct {
			Text      string `json:"text"`
			Exception struct {
				Value json.RawMessage `json:"value"`
			} `json:"exception"`
		} `json:"exceptionDetails"`
	}
	wrapped := fmt.Sprintf(`(async () => JSON.stringify(await (%s) ?? null))()`, expr)
	if err := ff.try("script.evaluate", map[string]any{
		"expression": wrapped, "target": map[string]any{"context": ctx}, "awaitPromise": true,
	}, &res); err != nil {
		return zero, err
	}
	if res.Type == "exception" {
		return zero, fmt.Errorf("exception: %s", res.ExceptionDetails.Text)
	}
	var s string
	if err := json.Unmarshal(res.Result.Value, &s); err != nil {
		return zero, fmt.Errorf("result %s (%s): %w", res.Result.Value, res.Result.Type, err)
	}
	var v T
	if err := json.Unmarshal([]byte(s), &v); err != nil {
		return zero, fmt.Errorf("decode %.300s: %w", s, err)
	}
	return v, nil
}

// waitIn polls the boolean expression in ctx every 25 ms until it is true
// or timeout passes. A context that navigates meanwhile is polled again.
func waitIn(ff *firefox, ctx, expr string, timeout time.Duration) {
	ff.t.Helper()
	deadline := time.Now().Add(timeout)
	var last error
	for {
		ok, err := tryEval[bool](ff, ctx, expr)
		if err == nil && ok {
			return
		}
		last = err
		if time.Now().After(deadline) {
			state, _ := tryEval[string](ff, ctx, `document.body ? JSON.stringify({data: document.body.dataset, text: document.body.innerText.slice(0, 2000)}) : "no body"`)
			ff.t.Fatalf("wait for %s: %v; page: %s", expr, last, state)
		}
		time.Sleep(25 * time.Millisecond)
	}
}

// waitAddon waits until the add-on is running in the browser, at its
// fixed UUID. Its background page may not be: Firefox starts an event
// page at browser start only when an event it listens to fires.
func (ff *firefox) waitAddon() {
	ff.t.Helper()
	waitIn(ff, ff.chrome(), fmt.Sprintf(`(() => {
		const p = WebExtensionPolicy.getByID(%q);
		return !!p && p.active && p.mozExtensionHostname === %q && !!p.extension;
	})()`, harness.GeckoID, firefoxUUID), 30*time.Second)
}

// tab opens url in a new tab, waits for it to load and returns its BiDi
// context.
func (ff *firefox) tab(url string) string {
	ff.t.Helper()
	var c struct {
		Context string `json:"context"`
	}
	ff.call("browsingContext.create", map[string]any{"type": "tab"}, &c)
	ff.call("browsingContext.navigate", map[string]any{"context": c.Context, "url": url, "wait": "complete"}, nil)
	return c.Context
}

// activate makes the tab ctx the selected one, as a person's click on it.
func (ff *firefox) activate(ctx string) {
	ff.t.Helper()
	ff.call("browsingContext.activate", map[string]any{"context": ctx}, nil)
}

// probe returns a background tab showing one of the add-on's own pages
// (the subscriptions page), opened once per browser: from there the test
// reaches the toolbar popup's window (extension.getViews) and the add-on's
// storage, with the add-on's own privileges. It does not take the focus,
// which would close an open popup.
func (ff *firefox) probe() string {
	ff.t.Helper()
	if ff.probeCtx != "" {
		return ff.probeCtx
	}
	var c struct {
		Context string `json:"context"`
	}
	ff.call("browsingContext.create", map[string]any{"type": "tab", "background": true}, &c)
	ff.call("browsingContext.navigate", map[string]any{"context": c.Context, "url": firefoxOrigin + "popup/popup.html?view=subs", "wait": "complete"}, nil)
	waitIn(ff, c.Context, `document.body.dataset.state === "subs"`, 15*time.Second)
	ff.probeCtx = c.Context
	return c.Context
}

// openPopup clicks the add-on's toolbar button for the tab ctx (selected
// first), as a person does: Firefox grants activeTab for the tab and opens
// the real popup. It waits until the popup has read the page (its state
// is "page" or "page-error"). A popup still open is closed first (a click
// would only close it).
func (ff *firefox) openPopup(ctx string) {
	ff.t.Helper()
	probe := ff.probe()
	ff.closePopup()
	ff.activate(ctx)
	evalIn[bool](ff, ff.chrome(), `(() => {
		const b = document.querySelector("#`+actionWidget+` .webextension-browser-action");
		if (!b) throw new Error("no toolbar button of the add-on");
		b.click();
		return true;
	})()`)
	waitIn(ff, probe, `(() => { const w = chrome.extension.getViews({type: "popup"})[0];
		return !!w && w.document.readyState === "complete" && !!w.document.body && ["page", "page-error"].includes(w.document.body.dataset.state); })()`, 20*time.Second)
}

// popupEval evaluates expr with pop (the toolbar popup's window) and doc
// (its document) in scope.
func popupEval[T any](ff *firefox, expr string) T {
	ff.t.Helper()
	return evalIn[T](ff, ff.probe(), popupExpr(expr))
}

// waitPopup waits for the boolean expr, with pop and doc in scope.
func (ff *firefox) waitPopup(expr string, timeout time.Duration) {
	ff.t.Helper()
	waitIn(ff, ff.probe(), popupExpr(expr), timeout)
}

func popupExpr(expr string) string {
	return `(async () => { const pop = chrome.extension.getViews({type: "popup"})[0];
		if (!pop) throw new Error("the toolbar popup is not open");
		const doc = pop.document;
		return (` + expr + `); })()`
}

// closePopup closes the toolbar popup and waits until it has gone.
func (ff *firefox) closePopup() {
	ff.t.Helper()
	evalIn[bool](ff, ff.probe(), `(chrome.extension.getViews({type: "popup"}).forEach(w => w.close()), true)`)
	waitIn(ff, ff.probe(), `chrome.extension.getViews({type: "popup"}).length === 0`, 10*time.Second)
}

// waitTab waits up to 10 s for a tab showing url, other than the tabs
// skip, and returns its BiDi context.
func (ff *firefox) waitTab(url string, skip ...string) string {
	ff.t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		var tree struct {
			Contexts []struct {
				Context string `json:"context"`
				URL     string `json:"url"`
			} `json:"contexts"`
		}
		ff.call("browsingContext.getTree", map[string]any{"maxDepth": 0}, &tree)
	next:
		for _, c := range tree.Contexts {
			for _, s := range skip {
				if c.Context == s {
					continue next
				}
			}
			if c.URL == url {
				return c.Context
			}
		}
		if time.Now().After(deadline) {
			ff.t.Fatalf("no tab shows %s: %+v", url, tree.Contexts)
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// setFiles chooses files in the <input type=file> that expr evaluates to
// in ctx, as a person picking them in the file chooser does (input.setFiles:
// the input's change event fires).
func (ff *firefox) setFiles(ctx, expr string, files ...string) {
	ff.t.Helper()
	var res struct {
		Type   string `json:"type"`
		Result struct {
			Type     string `json:"type"`
			SharedID string `json:"sharedId"`
		} `json:"result"`
	}
	ff.call("script.evaluate", map[string]any{"expression": expr, "target": map[string]any{"context": ctx}, "awaitPromise": false}, &res)
	if res.Result.Type != "node" || res.Result.SharedID == "" {
		ff.t.Fatalf("%s is not an element: %+v", expr, res)
	}
	ff.call("input.setFiles", map[string]any{"context": ctx, "element": map[string]any{"sharedId": res.Result.SharedID}, "files": files}, nil)
}

// selectedTabID is the add-on API's id (tabs.Tab.id) of the selected tab.
func (ff *firefox) selectedTabID() int {
	ff.t.Helper()
	return evalIn[int](ff, ff.chrome(), `(() => {
		const { ExtensionParent } = ChromeUtils.importESModule("resource://gre/modules/ExtensionParent.sys.mjs");
		return ExtensionParent.apiManager.global.tabTracker.getId(gBrowser.selectedTab);
	})()`)
}

// realClick clicks the element expr evaluates to in the tab ctx with the
// mouse (input.performActions): a trusted click with user activation, which
// the clipboard asks for.
func (ff *firefox) realClick(ctx, expr string) {
	ff.t.Helper()
	var res struct {
		Result struct {
			Type     string `json:"type"`
			SharedID string `json:"sharedId"`
		} `json:"result"`
	}
	ff.call("script.evaluate", map[string]any{"expression": expr, "target": map[string]any{"context": ctx}, "awaitPromise": false}, &res)
	if res.Result.Type != "node" {
		ff.t.Fatalf("%s is not an element: %+v", expr, res)
	}
	origin := map[string]any{"type": "element", "element": map[string]any{"sharedId": res.Result.SharedID}}
	ff.call("input.performActions", map[string]any{"context": ctx, "actions": []any{map[string]any{
		"type": "pointer", "id": "mouse", "actions": []any{
			map[string]any{"type": "pointerMove", "x": 0, "y": 0, "origin": origin},
			map[string]any{"type": "pointerDown", "button": 0},
			map[string]any{"type": "pointerUp", "button": 0},
		}}}}, nil)
	ff.call("input.releaseActions", map[string]any{"context": ctx}, nil)
}

// clipboard is the text on Firefox's clipboard, read in the browser
// window.
func (ff *firefox) clipboard() string {
	ff.t.Helper()
	return evalIn[string](ff, ff.chrome(), `(() => {
		const trans = Cc["@mozilla.org/widget/transferable;1"].createInstance(Ci.nsITransferable);
		trans.init(null);
		trans.addDataFlavor("text/plain");
		Services.clipboard.getData(trans, Ci.nsIClipboard.kGlobalClipboard, null);
		const data = {};
		trans.getTransferData("text/plain", data);
		return data.value.QueryInterface(Ci.nsISupportsString).data;
	})()`)
}
