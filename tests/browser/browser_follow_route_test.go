package browser

// Following from anywhere, in a real Chromium: lib/sign.js's
// signatures equal the host's (`feedscout-host sign`); with "my gateway"
// set, a department's "Add to Feedly" opens Feedly's subscribe page for
// the signed gateway URL the Go code writes, and that URL, fetched from a
// real public gateway (`serve --public`) against the fixture web, is the
// department's feed; with an RSS-Bridge set, the RSS-Bridge URL; with only
// this computer's gateway and Feedly chosen, the button says why and opens
// Settings. axe-core finds nothing in the new Settings states.

import (
	"context"
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	opmlpkg "feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// signSources are sources whose signatures the browser and the host must
// agree on: a query, a non-ASCII path, a fragment-less department.
var signSources = []string{
	"https://www.asahi.com/sitemap_national.xml",
	"https://www.nikkei.com/economy/monetary-policy/",
	"https://www.example.co.jp/rss/%E3%83%88%E3%83%83%E3%83%97.xml?cat=a&b=1",
	"https://news.example/sitemap.xml?page=2&lang=ja",
}

func TestSignJSInChromium(t *testing.T) {
	state := t.TempDir()
	key := harness.HostKey(t, state)
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := b.Tab(harness.ExtensionOrigin + "options/options.html")
	harness.WaitJS(t, ctx, `document.body.dataset.state === "ready"`, 10*time.Second)
	for _, format := range []string{"atom", "json"} {
		want := harness.SignURLs(t, state, harness.PublicBase, format, signSources...)
		got := harness.Eval[[]string](t, ctx, fmt.Sprintf(`import("/lib/sign.js").then(m => Promise.all(%s.map(s => m.sign(%q, %q, s))))`, mustJSON(signSources), key, format))
		for i, w := range want {
			u, err := url.Parse(w)
			if err != nil {
				t.Fatal(err)
			}
			if u.Query().Get("url") != signSources[i] {
				t.Errorf("the host signed %q for %q", u.Query().Get("url"), signSources[i])
			}
			if sig := u.Query().Get("sig"); got[i] != sig || sig == "" {
				t.Errorf("%s %s: sign.js %q, feedscout-host sign %q", format, signSources[i], got[i], sig)
			}
		}
	}
	// Keys: what `key` prints is valid; anything else is not.
	bad := []string{"", key[:42], key + "A", strings.Repeat("+", 43), " " + key[:41] + "= "}
	valid := harness.Eval[[]bool](t, ctx, fmt.Sprintf(`import("/lib/sign.js").then(m => [%q, ...%s].map(k => m.validKey(k)))`, key, mustJSON(bad)))
	if !valid[0] {
		t.Errorf("the host's key %q is not valid to sign.js", key)
	}
	for i, k := range bad {
		if valid[i+1] {
			t.Errorf("sign.js takes %q as a key", k)
		}
	}
	// A key whose last character has its spare bits set: the host takes
	// it (Go's decoder ignores them), and both sign alike with it.
	const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"
	odd := key[:42] + string(alphabet[strings.IndexByte(alphabet, key[42])|1])
	oddState := t.TempDir()
	if _, errOut, code := harness.RunHost(t, nil, "", "key", "--set", odd, "--state", oddState); code != 0 {
		t.Fatalf("feedscout-host key --set %q: exit %d: %s", odd, code, errOut)
	}
	u, _ := url.Parse(harness.SignURLs(t, oddState, harness.PublicBase, "atom", signSources[0])[0])
	if got := harness.Eval[string](t, ctx, fmt.Sprintf(`import("/lib/sign.js").then(m => m.sign(%q, "atom", %q))`, odd, signSources[0])); got != u.Query().Get("sig") {
		t.Errorf("key %q: sign.js %q, feedscout-host sign %q", odd, got, u.Query().Get("sig"))
	}
	// A key the host refuses, sign.js refuses: `key --set` of each bad one exits 2.
	for _, k := range bad[1:] {
		if _, _, code := harness.RunHost(t, nil, "", "key", "--set", k, "--state", t.TempDir()); code != 2 {
			t.Errorf("feedscout-host key --set %q: exit %d, want 2", k, code)
		}
	}
}

// followButtonOf is the expression of the follow button of the row under
// list whose data-url is u.
func followButtonOf(list, u string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(%q)].find(b => b.dataset.url === %q)`, list+" button.send.follow", u)
}

// departments finds the asahi's news sitemap departments in the popup
// after Find feed.
func asahiDepartments(t *testing.T, ctx context.Context) []string {
	t.Helper()
	if r := harness.Find(t, ctx); r.Outcome != "news-sitemap" {
		t.Fatalf("asahi: outcome %s, want news-sitemap", r.Outcome)
	}
	depts := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-sitemaps li.row")].map(li => li.dataset.url)`)
	if len(depts) < 2 {
		t.Fatalf("asahi shows %d news sitemap rows, want its departments", len(depts))
	}
	if n := harness.Eval[int](t, ctx, `document.querySelectorAll("#found-sitemaps li.row button.send.follow").length`); n != len(depts) {
		t.Fatalf("%d Add to buttons on %d news sitemap rows", n, len(depts))
	}
	return depts
}

func TestPopupFollowRoutes(t *testing.T) {
	b, web := harness.WebBrowser(t, "asahi", "nikkei")
	ctx := harness.PopupOnSite(t, b, web, "asahi")
	depts := asahiDepartments(t, ctx)
	dept := depts[len(depts)-1]
	setStorage := func(sync, local string) {
		t.Helper()
		harness.Eval[bool](t, ctx, fmt.Sprintf(`Promise.all([chrome.storage.sync.set(%s), chrome.storage.local.set(%s)]).then(() => true)`, sync, local))
	}

	// Only this computer's gateway, Feedly chosen: the button says Feedly
	// cannot reach it, and opens Settings.
	setStorage(`{reader: {id: "feedly"}, follow: {route: "local"}}`, `{}`)
	btn := followButtonOf("#found-sitemaps", dept)
	harness.WaitJS(t, ctx, btn+`.dataset.unreachable === "true"`, 5*time.Second)
	if got := harness.Eval[string](t, ctx, btn+`.textContent`); got != "Feedly cannot reach this computer: choose a route…" {
		t.Errorf("unreachable button says %q", got)
	}
	if label := harness.Eval[string](t, ctx, btn+`.getAttribute("aria-label")`); !strings.Contains(label, "Open Settings") {
		t.Errorf("unreachable button's name %q", label)
	}
	harness.Eval[bool](t, ctx, `(`+btn+`.click(), true)`)
	closeTarget(t, b, waitTab(t, b, harness.ExtensionOrigin+"options/options.html"))
	// A desktop reader reaches this computer's gateway.
	setStorage(`{reader: {id: "feed"}}`, `{}`)
	harness.WaitJS(t, ctx, btn+`.textContent === "Open in desktop reader"`, 5*time.Second)
	harness.Eval[bool](t, ctx, `(`+btn+`.click(), true)`)
	closeTarget(t, b, waitTab(t, b, "feed:"+opmlpkg.GatewayURL(opmlpkg.DefaultGateway, dept)))

	// My gateway: the signed URL, the one the host signs.
	state := t.TempDir()
	key := harness.HostKey(t, state)
	signed := harness.SignURLs(t, state, harness.PublicBase, "atom", dept)[0]
	setStorage(fmt.Sprintf(`{reader: {id: "feedly"}, follow: {route: "gateway", gateway: %q}}`, harness.PublicBase), fmt.Sprintf(`{"gateway-key": %q}`, key))
	harness.WaitJS(t, ctx, btn+`.textContent === "Add to Feedly" && !`+btn+`.dataset.unreachable`, 5*time.Second)
	harness.Eval[bool](t, ctx, `(`+btn+`.click(), true)`)
	closeTarget(t, b, waitTab(t, b, "https://feedly.com/i/subscription/feed/"+url.QueryEscape(signed)))

	// That URL, fetched from the public gateway, is the department's feed.
	env := harness.FastEnv(web)
	g := harness.StartRouteGateway(t, env, harness.PublicBase, state)
	code, body := harness.RouteGet(t, g, signed)
	if code != 200 {
		t.Fatalf("the signed URL: %d %.300s", code, body)
	}
	want, errOut, exit := harness.RunHost(t, env, "", "feed", "--state", t.TempDir(), dept)
	if exit != 0 {
		t.Fatalf("feed %s: exit %d: %s", dept, exit, errOut)
	}
	harness.SameEntries(t, harness.ParseAtom(t, body), harness.ParseAtom(t, want))
	// Unsigned, it is refused.
	if code, body := harness.RouteGet(t, g, opmlpkg.GatewayURL(harness.PublicBase, dept)); code != 403 {
		t.Errorf("the unsigned URL: %d %.200s, want 403", code, body)
	}

	// A section, found on nikkei, the same way.
	nctx := harness.PopupOnSite(t, b, web, "nikkei")
	if r := harness.Find(t, nctx); r.Outcome != "sections" {
		t.Fatalf("nikkei: outcome %s", r.Outcome)
	}
	section := harness.Eval[string](t, nctx, `document.querySelector("#sections-list .section").dataset.url`)
	sbtn := followButtonOf("#sections-list", section)
	harness.WaitJS(t, nctx, sbtn+`.textContent === "Add to Feedly"`, 5*time.Second)
	harness.Eval[bool](t, nctx, `(`+sbtn+`.click(), true)`)
	closeTarget(t, b, waitTab(t, b, "https://feedly.com/i/subscription/feed/"+url.QueryEscape(harness.SignURLs(t, state, harness.PublicBase, "atom", section)[0])))

	// RSS-Bridge: the RSS-Bridge URL common/opml writes.
	const bridge = "https://bridge.follow.example/rss-bridge"
	setStorage(fmt.Sprintf(`{reader: {id: "inoreader"}, follow: {route: "bridge", bridge: %q}}`, bridge+"/"), `{}`)
	harness.Eval[bool](t, ctx, `chrome.storage.local.remove("gateway-key").then(() => true)`)
	harness.WaitJS(t, ctx, btn+`.textContent === "Add to Inoreader"`, 5*time.Second)
	harness.Eval[bool](t, ctx, `(`+btn+`.click(), true)`)
	bridgeURL := opmlpkg.BridgeURL(bridge, opmlpkg.Subscription{Kind: kind.NewsSitemap, URL: dept})
	closeTarget(t, b, waitTab(t, b, "https://www.inoreader.com/?add_feed="+url.QueryEscape(bridgeURL)))

	// The subscriptions view: the department subscribed has the button too,
	// and Export OPML for any reader writes the RSS-Bridge URL.
	harness.Eval[bool](t, ctx, `(`+fmt.Sprintf(`[...document.querySelectorAll("#found-sitemaps li.row")].find(li => li.dataset.url === %q)`, dept)+`.querySelector("button.sub").click(), true)`)
	harness.WaitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#subs-list li")].some(li => li.dataset.url === %q && li.querySelector("button.send.follow"))`, dept), 5*time.Second)
	dl := harness.AllowDownloads(t, b)
	harness.SubsTab(t, ctx)
	if got := harness.Eval[string](t, ctx, `document.querySelector("#export-reader option[value=any]").textContent`); got != "Any reader (through the RSS-Bridge)" {
		t.Errorf("the any-reader export is named %q", got)
	}
	harness.Eval[bool](t, ctx, `(document.getElementById("export-reader").value = "any", document.getElementById("export").click(), true)`)
	doc := harness.WaitDownload(t, dl+"/feedscout-subscriptions-rss-bridge.opml", 15*time.Second, func() string {
		return harness.Eval[string](t, ctx, `document.getElementById("subs-note").textContent`)
	})
	if !strings.Contains(string(doc), `xmlUrl="`+xmlAttr(bridgeURL)+`"`) {
		t.Errorf("the exported OPML lacks the RSS-Bridge URL %s:\n%s", bridgeURL, doc)
	}
	// Import reads the RSS-Bridge outline back (feedscout's own attributes).
	back, err := opmlimport.Read(strings.NewReader(string(doc)))
	if err != nil {
		t.Fatal(err)
	}
	if len(back) != 1 || back[0].Kind != kind.NewsSitemap || back[0].URL != dept {
		t.Errorf("the RSS-Bridge export reads back as %+v, want the department %s", back, dept)
	}
	// The popup signs and writes addresses; it asks neither the gateway
	// nor the bridge anything. (The reader tabs do load the readers'
	// pages, through the fixture web's proxy.)
	for _, h := range web.HitHosts() {
		if strings.HasSuffix(h, "follow.example") {
			t.Errorf("a request reached %s", h)
		}
	}
}

// xmlAttr escapes s as encoding/xml writes an attribute value's & and quote.
func xmlAttr(s string) string {
	return strings.NewReplacer("&", "&amp;", `"`, "&#34;", "<", "&lt;").Replace(s)
}

// TestOptionsFollowAxe: the route settings in each state (my gateway with
// its fields, its problems shown, RSS-Bridge with its manners), with
// axe-core: zero violations; the key is stored in storage.local only.
func TestOptionsFollowAxe(t *testing.T) {
	src := harness.AxeSource(t)
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx, _ := b.Tab(harness.ExtensionOrigin + "options/options.html")
	harness.WaitJS(t, ctx, `document.body.dataset.state === "ready"`, 10*time.Second)
	if !harness.Eval[bool](t, ctx, `document.getElementById("route-local").checked && document.getElementById("gateway-fields").hidden`) {
		t.Error("this computer's gateway is not the route before one is chosen")
	}
	harness.Eval[bool](t, ctx, `(document.getElementById("route-gateway").click(), true)`)
	harness.WaitJS(t, ctx, `!document.getElementById("gateway-fields").hidden`, 5*time.Second)
	harness.AxeCheck(t, ctx, src, "options, my gateway")
	// Problems at their fields: a path in the base, then a short key.
	harness.Eval[bool](t, ctx, `(document.getElementById("gateway-base").value = "https://feeds.example.org/sub?x=1", document.getElementById("gateway-key").value = "short", document.getElementById("save").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("gateway-base").getAttribute("aria-invalid") === "true"`, 5*time.Second)
	if got := harness.Eval[string](t, ctx, `document.getElementById("gateway-base-problem").textContent`); !strings.Contains(got, "no path or query") {
		t.Errorf("gateway problem %q", got)
	}
	if harness.Eval[bool](t, ctx, `document.activeElement !== document.getElementById("gateway-base")`) {
		t.Error("the focus is not on the gateway's address")
	}
	harness.AxeCheck(t, ctx, src, "options, my gateway, a problem shown")
	harness.Eval[bool](t, ctx, `(document.getElementById("gateway-base").value = "https://feeds.example.org/", document.getElementById("save").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("gateway-key").getAttribute("aria-invalid") === "true" && !document.getElementById("gateway-base").hasAttribute("aria-invalid")`, 5*time.Second)
	if got := harness.Eval[string](t, ctx, `document.getElementById("gateway-key-problem").textContent`); !strings.Contains(got, "43") {
		t.Errorf("key problem %q", got)
	}
	// A good key: saved, the key in storage.local only.
	key := harness.HostKey(t, t.TempDir())
	harness.Eval[bool](t, ctx, fmt.Sprintf(`(document.getElementById("gateway-key").value = %q, document.getElementById("save").click(), true)`, key))
	harness.WaitJS(t, ctx, `document.getElementById("saved").textContent.includes("through your gateway")`, 5*time.Second)
	stored := harness.Eval[map[string]any](t, ctx, `Promise.all([chrome.storage.sync.get(null), chrome.storage.local.get(null)]).then(([s, l]) => ({sync: s, local: l}))`)
	if fmt.Sprint(stored["sync"]) != fmt.Sprint(map[string]any{"follow": map[string]any{"route": "gateway", "gateway": "https://feeds.example.org"}}) {
		t.Errorf("storage.sync holds %v", stored["sync"])
	}
	if strings.Contains(mustJSON(stored["sync"]), key) {
		t.Error("the key is in storage.sync")
	}
	if fmt.Sprint(stored["local"]) != fmt.Sprint(map[string]any{"gateway-key": key}) {
		t.Errorf("storage.local holds %v", stored["local"])
	}
	// RSS-Bridge: its manners said at the field; a query refused.
	harness.Eval[bool](t, ctx, `(document.getElementById("route-bridge").click(), document.getElementById("bridge-base").value = "https://bridge.example/?action=display", document.getElementById("save").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("bridge-base").getAttribute("aria-invalid") === "true"`, 5*time.Second)
	if got := harness.Eval[string](t, ctx, `document.getElementById("bridge-manners").textContent`); !strings.Contains(got, "robots.txt") {
		t.Errorf("the RSS-Bridge manners say %q", got)
	}
	harness.AxeCheck(t, ctx, src, "options, RSS-Bridge, a problem shown")
	harness.Eval[bool](t, ctx, `(document.getElementById("bridge-base").value = "https://bridge.example/", document.getElementById("save").click(), true)`)
	harness.WaitJS(t, ctx, `document.getElementById("saved").textContent.includes("through the RSS-Bridge")`, 5*time.Second)
	harness.AxeCheck(t, ctx, src, "options, RSS-Bridge saved")
	// Reloaded, the page shows what was saved: the bridge chosen, the
	// gateway and its key kept.
	if _, err := chromedp.Run(ctx, chromedp.Reload()); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, ctx, `document.body.dataset.state === "ready"`, 10*time.Second)
	got := harness.Eval[[]string](t, ctx, `["route-bridge", "bridge-base", "gateway-base", "gateway-key"].map(id => { const e = document.getElementById(id); return e.type === "radio" ? String(e.checked) : e.value; })`)
	if want := []string{"true", "https://bridge.example", "https://feeds.example.org", key}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("after a reload the page shows %q, want %q", got, want)
	}
}
