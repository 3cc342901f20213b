package firefox

// Following from anywhere in real Firefox's toolbar popup (issue 26): a
// department's "Add to Feedly" with "my gateway" set opens Feedly's
// subscribe page for the signed URL the host signs (and the public
// gateway serves it as the department's feed); with an RSS-Bridge set,
// the RSS-Bridge URL; with only this computer's gateway, the sentence and
// Settings. Nikkei's section rows show their paths whole in the narrower
// popup.

import (
	"fmt"
	"net/url"
	"strings"
	"testing"
	"time"

	opmlpkg "feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/tests/internal/harness"
)

func TestFirefoxFollowRoutes(t *testing.T) {
	ff, web := firefoxWeb(t, firefoxOptions{}, "asahi", "nikkei")
	tab, _ := siteTab(t, ff, web, "asahi")
	ff.openPopup(tab)
	if r := ffFind(t, ff); r.Outcome != "news-sitemap" {
		t.Fatalf("asahi: outcome %s", r.Outcome)
	}
	depts := popupEval[[]string](ff, `[...doc.querySelectorAll("#found-sitemaps li.row")].map(li => li.dataset.url)`)
	if len(depts) < 2 {
		t.Fatalf("asahi shows %d news sitemap rows", len(depts))
	}
	dept := depts[0]
	btn := fmt.Sprintf(`[...doc.querySelectorAll("#found-sitemaps button.send.follow")].find(b => b.dataset.url === %q)`, dept)
	set := func(sync, local string) {
		t.Helper()
		evalIn[bool](ff, ff.probe(), fmt.Sprintf(`Promise.all([chrome.storage.sync.set(%s), chrome.storage.local.set(%s)]).then(() => true)`, sync, local))
	}

	// Only this computer's gateway: Feedly cannot reach it; the button
	// says so and opens Settings.
	set(`{reader: {id: "feedly"}, follow: {route: "local"}}`, `{}`)
	ff.waitPopup(btn+`.dataset.unreachable === "true"`, 5*time.Second)
	if got := popupEval[string](ff, btn+`.textContent`); got != "Feedly cannot reach this computer: choose a route…" {
		t.Errorf("unreachable button says %q", got)
	}
	popupEval[bool](ff, `(`+btn+`.click(), true)`)
	opts := ff.waitTab(firefoxOrigin + "options/options.html")
	ff.call("browsingContext.close", map[string]any{"context": opts}, nil)

	// My gateway: the signed URL.
	state := t.TempDir()
	key := harness.HostKey(t, state)
	signed := harness.SignURLs(t, state, harness.PublicBase, "atom", dept)[0]
	set(fmt.Sprintf(`{follow: {route: "gateway", gateway: %q}}`, harness.PublicBase), fmt.Sprintf(`{"gateway-key": %q}`, key))
	ff.openPopup(tab)
	if r := ffFind(t, ff); r.Outcome != "news-sitemap" {
		t.Fatalf("asahi again: outcome %s", r.Outcome)
	}
	ff.waitPopup(btn+`.textContent === "Add to Feedly"`, 5*time.Second)
	popupEval[bool](ff, `(`+btn+`.click(), true)`)
	sent := ff.waitTab("https://feedly.com/i/subscription/feed/" + url.QueryEscape(signed))
	ff.call("browsingContext.close", map[string]any{"context": sent}, nil)
	g := harness.StartRouteGateway(t, harness.FastEnv(web), harness.PublicBase, state)
	code, body := harness.RouteGet(t, g, signed)
	if code != 200 {
		t.Fatalf("the signed URL: %d %.300s", code, body)
	}
	want, errOut, exit := harness.RunHost(t, harness.FastEnv(web), "", "feed", "--state", t.TempDir(), dept)
	if exit != 0 {
		t.Fatalf("feed %s: exit %d: %s", dept, exit, errOut)
	}
	harness.SameEntries(t, harness.ParseAtom(t, body), harness.ParseAtom(t, want))

	// RSS-Bridge: the URL common/opml writes, and with the key gone.
	const bridge = "https://bridge.follow.example"
	set(fmt.Sprintf(`{follow: {route: "bridge", bridge: %q}}`, bridge), `{}`)
	evalIn[bool](ff, ff.probe(), `chrome.storage.local.remove("gateway-key").then(() => true)`)
	ff.waitPopup(btn+`.textContent === "Add to Feedly"`, 5*time.Second)
	popupEval[bool](ff, `(`+btn+`.click(), true)`)
	bridgeURL := opmlpkg.BridgeURL(bridge, opmlpkg.Subscription{Kind: kind.NewsSitemap, URL: dept})
	sent = ff.waitTab("https://feedly.com/i/subscription/feed/" + url.QueryEscape(bridgeURL))
	ff.call("browsingContext.close", map[string]any{"context": sent}, nil)
	ff.closePopup()

	// Nikkei in the toolbar popup: each section row shows its name or its
	// path whole (never cut), and a date that stays on one line.
	tab, _ = siteTab(t, ff, web, "nikkei")
	ff.openPopup(tab)
	if r := ffFind(t, ff); r.Outcome != "sections" {
		t.Fatalf("nikkei: outcome %s", r.Outcome)
	}
	type rowShown struct {
		Label, Path       string
		LabelCut, PathCut bool
		DateLines         int
		Buttons           int
		Width             int
	}
	rows := popupEval[[]rowShown](ff, `[...doc.querySelectorAll("#sections-list .section")].map(r => {
		const a = r.querySelector(".title"), p = r.querySelector(".path"), d = r.querySelector(".section-more .meta");
		// Cut: an element past its row's edges, or a name block that overflows.
		const box = r.getBoundingClientRect();
		const cut = e => { if (!e) return false; const b = e.getBoundingClientRect(); return b.right > box.right + 1 || b.bottom > box.bottom + 1 || b.left < box.left - 1; };
		const name = r.querySelector(".section-name");
		return {Label: a.textContent, Path: p ? p.textContent : "", LabelCut: cut(a) || cut(name) || name.scrollHeight > name.clientHeight + 1, PathCut: cut(p),
			DateLines: d ? Math.round(d.getBoundingClientRect().height / parseFloat(pop.getComputedStyle(d).lineHeight || "18")) : 0,
			Buttons: r.querySelectorAll("button.send.follow").length, Width: Math.round(r.getBoundingClientRect().width)};
	})`)
	if len(rows) == 0 {
		t.Fatal("no section rows")
	}
	t.Logf("Firefox popup section rows are %d px wide", rows[0].Width)
	for _, r := range rows {
		if r.LabelCut || r.PathCut {
			t.Errorf("row %q (%q) is cut", r.Label, r.Path)
		}
		if r.DateLines > 1 {
			t.Errorf("row %q: the date takes %d lines", r.Label, r.DateLines)
		}
		if r.Buttons != 1 {
			t.Errorf("row %q has %d Add to buttons", r.Label, r.Buttons)
		}
		if r.Path == "" && !strings.HasPrefix(r.Label, "/") {
			t.Errorf("row %q has neither a path nor a path as its name", r.Label)
		}
	}
}
