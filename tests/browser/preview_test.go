package browser

// Preview and how subscriptions are followed, in real Chromium with the
// unpacked extension and the real installed host, on the fixture web over
// loopback: the popup's Preview asks the host's feed request (the code of
// `feedscout-host feed`), and the Subscriptions view says how the chosen
// reader follows each entry and whether the gateway runs (the host's
// status request).

import (
	"bytes"
	"context"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"feedscout/common/opml"
	"feedscout/common/report/catalog"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// previewShown is what a preview region shows.
type previewShown struct {
	State    string
	Code     string
	Summary  string
	Titles   []string
	Links    []string
	Dates    []string // the datetime attributes
	Texts    []string // the dates as shown
	Markup   int      // elements that are neither the popup's own nor text
	Expanded string
	Button   string // the button's text
}

// previewOf presses Enter on the Preview button that the expression
// button finds (keyboard: focus, then Enter), waits for its region to be
// filled, and reads it.
func previewOf(t *testing.T, ctx context.Context, button string) previewShown {
	t.Helper()
	id := harness.Eval[string](t, ctx, `(() => { const b = `+button+`; if (!b) return ""; b.scrollIntoView(); b.focus(); return b.getAttribute("aria-controls"); })()`)
	if id == "" {
		t.Fatalf("no Preview button: %s", button)
	}
	if live := harness.Eval[string](t, ctx, `document.getElementById(`+harness.JSQuote(id)+`).getAttribute("aria-live")`); live != "polite" {
		t.Fatalf("the preview region is aria-live=%q, want polite", live)
	}
	if _, err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
		t.Fatal(err)
	}
	box := `document.getElementById(` + harness.JSQuote(id) + `)`
	harness.WaitJS(t, ctx, box+`.dataset.state === "done" || `+box+`.dataset.state === "error"`, 60*time.Second)
	return harness.Eval[previewShown](t, ctx, `(() => {
		const box = `+box+`;
		const qa = s => [...box.querySelectorAll(s)];
		const own = new Set(["P", "UL", "LI", "A", "SPAN", "TIME"]);
		return {
			State: box.dataset.state,
			Code: (box.querySelector("[data-code]") || {dataset: {}}).dataset.code || "",
			Summary: (box.querySelector(".status") || {}).textContent || "",
			Titles: qa(".preview-entries .headline-title").map(e => e.textContent),
			Links: qa(".preview-entries .headline-title").map(e => e.tagName === "A" ? e.getAttribute("href") : ""),
			Dates: qa(".preview-entries time").map(e => e.getAttribute("datetime")),
			Texts: qa(".preview-entries time").map(e => e.textContent),
			Markup: qa("*").filter(e => !own.has(e.tagName)).length,
			Expanded: document.activeElement.getAttribute("aria-expanded"),
			Button: document.activeElement.textContent,
		};
	})()`)
}

// rowButton is the expression of the Preview button in the row of list
// (a selector) whose data-url is u.
func rowButton(list, u string) string {
	return fmt.Sprintf(`[...document.querySelectorAll(%s)].find(e => e.dataset.url === %s)?.querySelector("button.preview")`, harness.JSQuote(list), harness.JSQuote(u))
}

// oneLine is a title as the popup shows it (lib/format.js oneLine): runs
// of white space, the ideographic space of Japanese headlines included,
// as one space.
func oneLine(s string) string { return strings.Join(strings.Fields(s), " ") }

// hostFeed is `feedscout-host feed --format json URL` on the browser's
// state folder: what a reader gets after the preview.
type hostFeed struct {
	Title string `json:"title"`
	Items []struct {
		URL   string `json:"url"`
		Title string `json:"title"`
		Date  string `json:"date_published"`
	} `json:"items"`
}

// hostileNews is a news sitemap whose titles are markup and whose one
// link is javascript:.
func hostileNews(host string) string {
	item := func(loc, title, date string) string {
		var b strings.Builder
		harness.XMLEscape(&b, title)
		return `<url><loc>` + loc + `</loc><news:news><news:publication><news:name>` + fixtureweb.NewsdeskName + `</news:name><news:language>en</news:language></news:publication><news:publication_date>` + date + `</news:publication_date><news:title>` + b.String() + `</news:title></news:news></url>`
	}
	return `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
` + item("https://"+host+"/article/news/img-00001/", `<img src=x onerror=alert(1)>`, "2026-11-30T09:00:00Z") +
		item("https://"+host+"/article/news/svg-00002/", `"><svg onload=alert(2)>`, "2026-11-30T08:00:00Z") +
		item("javascript:alert(3)", `<a href="javascript:alert(4)">x</a>`, "2026-11-30T07:00:00Z") + `
</urlset>
`
}

func TestPreviewPopup(t *testing.T) {
	desk := fixtureweb.NewNewsdesk(harness.DeskHost, 2, 5, nil)
	desk.Set("/news-sitemap.xml", fixtureweb.Mode{Body: hostileNews(harness.DeskHost), ContentType: "application/xml"})
	var sites []fixtureweb.Site
	for _, s := range fixtureweb.DefaultSites() {
		switch s.Name {
		case "asahi", "yomiuri", "nikkei":
			sites = append(sites, s)
		}
	}
	web := harness.StartWeb(t, append(sites, desk.Site("followdesk")))
	env := harness.FastEnv(web)
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: env, Proxy: web.ProxyURL})

	// news sitemap rows: the fixture's own titles and dates, newest first.
	newsRow := func(t *testing.T, site, row string) {
		ctx := harness.PopupOnSite(t, b, web, site)
		harness.Find(t, ctx)
		u := harness.Eval[string](t, ctx, `(() => { const r = [...document.querySelectorAll("#found-sitemaps li.row")].find(e => e.dataset.url === `+harness.JSQuote(row)+` || `+harness.JSQuote(row)+` === ""); return r ? r.dataset.url : ""; })()`)
		if u == "" {
			t.Fatalf("no sitemap row %s: rows %v", row, harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-sitemaps li.row")].map(e => e.dataset.url)`))
		}
		p := previewOf(t, ctx, rowButton("#found-sitemaps li.row", u))
		if p.State != "done" || len(p.Titles) == 0 || p.Expanded != "true" || p.Button != "Preview" {
			t.Fatalf("preview of %s: %+v", u, p)
		}
		sm := harness.FixtureSitemap(t, web, u)
		want := map[string][2]string{}
		for _, e := range sm.URLs {
			d, _ := time.Parse(time.RFC3339, e.News.Date)
			want[e.Loc] = [2]string{e.News.Title, d.UTC().Format(time.RFC3339)}
		}
		if len(p.Titles) != min(10, len(sm.URLs)) {
			t.Errorf("%d entries shown of %d in the sitemap, want the first %d", len(p.Titles), len(sm.URLs), min(10, len(sm.URLs)))
		}
		for i, link := range p.Links {
			w, ok := want[link]
			if !ok || oneLine(w[0]) != p.Titles[i] || w[1] != p.Dates[i] || p.Texts[i] == "" {
				t.Errorf("entry %s %q %s (%q), the fixture has %q %s", link, p.Titles[i], p.Dates[i], p.Texts[i], w[0], w[1])
			}
			if i > 0 && p.Dates[i] > p.Dates[i-1] {
				t.Errorf("entries not newest first: %s after %s", p.Dates[i], p.Dates[i-1])
			}
		}
		if !strings.Contains(p.Summary, fmt.Sprintf("The first %d of %d entries of ", len(p.Titles), len(sm.URLs))) {
			t.Errorf("summary %q", p.Summary)
		}
		// The preview was the source's first fetch: a reader's feed now is
		// answered from the same state, with no request to the site.
		host := strings.Split(strings.TrimPrefix(u, "https://"), "/")[0]
		before := len(web.Hits(host))
		out, errOut, code := harness.RunHost(t, env, "", "feed", "--format", "json", u)
		if code != 0 {
			t.Fatalf("feed %s: %s", u, errOut)
		}
		if after := len(web.Hits(host)); after != before {
			t.Errorf("feed after the preview made %d requests to %s, want none (within the interval)", after-before, host)
		}
		var f hostFeed
		harness.DecodeJSON(t, out, &f)
		for i := range p.Titles {
			if i >= len(f.Items) || f.Items[i].URL != p.Links[i] || oneLine(f.Items[i].Title) != p.Titles[i] {
				t.Fatalf("preview entry %d %s %q is not the feed's %+v", i, p.Links[i], p.Titles[i], f.Items[min(i, len(f.Items)-1)])
			}
		}
		harness.AxeCheck(t, ctx, harness.AxeSource(t), site+": a sitemap's preview shown")
		t.Logf("%s: %q, %d entries, first %q %s", site, p.Summary, len(p.Titles), p.Titles[0], p.Texts[0])
	}
	t.Run("asahi department", func(t *testing.T) { newsRow(t, "asahi", "https://www.asahi.com/sitemap_national.xml") })
	t.Run("yomiuri news sitemap", func(t *testing.T) { newsRow(t, "yomiuri", "") })

	t.Run("nikkei section", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "nikkei")
		harness.Find(t, ctx)
		const u = "https://www.nikkei.com/business/startups/"
		harness.Eval[bool](t, ctx, `(() => { const f = document.getElementById("sections-filter"); f.value = "startups"; f.dispatchEvent(new Event("input")); return true; })()`)
		harness.WaitJS(t, ctx, `[...document.querySelectorAll("#sections-list .section")].some(e => e.dataset.url === `+harness.JSQuote(u)+`)`, 5*time.Second)
		p := previewOf(t, ctx, rowButton("#sections-list .section", u))
		if p.State != "done" || len(p.Titles) != 10 {
			t.Fatalf("preview of %s: %+v", u, p)
		}
		sec, errOut, code := harness.RunHost(t, env, "", "section", "--json", u)
		if code != 0 {
			t.Fatalf("section: %s", errOut)
		}
		var res struct{ Articles []struct{ URL, Title string } }
		harness.DecodeJSON(t, sec, &res)
		titles := map[string]string{}
		for _, a := range res.Articles {
			titles[a.URL] = a.Title
		}
		for i, link := range p.Links {
			if titles[link] == "" || oneLine(titles[link]) != p.Titles[i] || p.Texts[i] == "" {
				t.Errorf("entry %s %q (%q) is not an article of the section (%q)", link, p.Titles[i], p.Texts[i], titles[link])
			}
		}
		harness.AxeCheck(t, ctx, harness.AxeSource(t), "a section's preview shown")
		// Enter again hides it.
		if _, err := chromedp.Run(ctx, chromedp.KeyEvent(kb.Enter)); err != nil {
			t.Fatal(err)
		}
		harness.WaitJS(t, ctx, `document.activeElement.getAttribute("aria-expanded") === "false" && !document.querySelector("#found-sections .preview-result").childElementCount`, 5*time.Second)
	})

	t.Run("hostile titles", func(t *testing.T) {
		ctx := harness.PopupOnSite(t, b, web, "followdesk")
		alerts := dialogs(ctx)
		harness.Find(t, ctx)
		u := desk.URL("/news-sitemap.xml")
		var p previewShown
		if harness.Eval[bool](t, ctx, `[...document.querySelectorAll("#found-sitemaps li.row")].some(e => e.dataset.url === `+harness.JSQuote(u)+`)`) {
			p = previewOf(t, ctx, rowButton("#found-sitemaps li.row", u))
		} else {
			t.Fatalf("no row for %s: %v", u, harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#found-sitemaps li.row")].map(e => e.dataset.url)`))
		}
		if p.State != "done" {
			t.Fatalf("preview: %+v", p)
		}
		want := map[string]bool{`<img src=x onerror=alert(1)>`: true, `"><svg onload=alert(2)>`: true}
		for _, title := range p.Titles {
			delete(want, title)
		}
		if len(want) != 0 {
			t.Errorf("titles %q: the hostile titles are not shown as text", p.Titles)
		}
		for _, l := range p.Links {
			if l != "" && !strings.HasPrefix(l, "https://") {
				t.Errorf("a link to %q", l)
			}
		}
		if p.Markup != 0 {
			t.Errorf("%d elements of the feed's text in the preview", p.Markup)
		}
		time.Sleep(300 * time.Millisecond)
		if n := alerts(); n != 0 {
			t.Errorf("%d dialogs opened", n)
		}
	})

	t.Run("no feed yet", func(t *testing.T) {
		// A source whose first fetch fails has no feed yet: the popup says
		// so, with the host's sentence (why, and when it tries again).
		desk.Set("/sitemap_business.xml", fixtureweb.Mode{Status: 503})
		ctx := harness.PopupOnSite(t, b, web, "followdesk")
		u := desk.URL("/sitemap_business.xml")
		report := map[string]any{"site": desk.URL("/"), "outcome": "news-sitemap", "reason": "x", "requests": []any{},
			"sitemaps": []any{map[string]any{"url": u, "kind": "news"}}}
		raw, _ := json.Marshal(report)
		harness.Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: %q}), true))`, raw, desk.URL("/")))
		p := previewOf(t, ctx, rowButton("#found-sitemaps li.row", u))
		if p.State != "error" || p.Code != "no-feed-yet" || p.Summary != "This source has no feed yet." {
			t.Fatalf("preview of a failing source: %+v", p)
		}
		if d := harness.Eval[string](t, ctx, `document.querySelector("#found-sitemaps .preview-detail").textContent`); !strings.Contains(d, "503") || !strings.Contains(d, "tries again after") {
			t.Errorf("detail %q does not say what failed and when feedscout tries again", d)
		}
	})

	t.Run("refused", func(t *testing.T) {
		// A sitemap index cannot be followed: the popup says so, with the
		// host's sentence.
		ctx := harness.PopupOnSite(t, b, web, "asahi")
		report := map[string]any{"site": "https://www.asahi.com/", "outcome": "news-sitemap", "reason": "x", "requests": []any{},
			"sitemaps": []any{map[string]any{"url": "https://www.asahi.com/sitemap_news.xml", "kind": "news"}}}
		raw, _ := json.Marshal(report)
		harness.Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: "https://www.asahi.com/"}), true))`, raw))
		p := previewOf(t, ctx, rowButton("#found-sitemaps li.row", "https://www.asahi.com/sitemap_news.xml"))
		if p.State != "error" || p.Code != "not-followable" || p.Summary != "feedscout cannot follow this address." {
			t.Fatalf("preview of an index: %+v", p)
		}
		if d := harness.Eval[string](t, ctx, `document.querySelector("#found-sitemaps .preview-detail").textContent`); !strings.Contains(d, "sitemap index") {
			t.Errorf("detail %q does not say it is an index", d)
		}
	})
}

// freeLoopback is a loopback address nothing listens on (just now).
func freeLoopback(t *testing.T) string {
	t.Helper()
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := ln.Addr().String()
	ln.Close()
	return addr
}

// TestPreviewSubscriptionsFollowed: the Subscriptions view says for each
// entry how the chosen reader follows it, and whether the gateway runs;
// the host looks at FEEDSCOUT_GATEWAY (PROTOCOL.md), so the test's own
// gateway stands in for the one on 127.0.0.1:8765.
func TestPreviewSubscriptionsFollowed(t *testing.T) {
	srv := harness.ServePages(t, map[string]string{"/": harness.TwoFeeds()})
	addr := freeLoopback(t)
	state := t.TempDir()
	env := []string{"FEEDSCOUT_GATEWAY=" + addr, "XDG_STATE_HOME=" + state}
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: env})
	b.Tab(srv.URL + "/")
	open := func() context.Context {
		ctx := b.Popup(b.Click(srv.URL+"/"), nil)
		harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
		return ctx
	}
	ctx := open()
	harness.SubscribeAll(t, ctx, "#advertised")
	harness.DrawReport(t, ctx, srv.URL+"/", map[string]any{
		"site": srv.URL + "/", "outcome": "sections", "reason": "Sections.",
		"sitemaps": []any{map[string]any{"url": srv.URL + "/sitemap-news.xml.gz", "kind": "news"}},
		"sections": []any{map[string]any{"url": srv.URL + "/news/section-1/", "title": "Section 1"}},
		"requests": []any{},
	})
	harness.SubscribeAll(t, ctx, "#sections-list")
	harness.SubscribeAll(t, ctx, "#found-sitemaps")

	type row struct{ URL, How, Gateway, Text string }
	rows := func(ctx context.Context, reader string, want int) map[string]row {
		t.Helper()
		harness.Eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("tab-subs").click(); const s = document.getElementById("export-reader"); if (s.value !== %[1]q) { s.value = %[1]q; s.dispatchEvent(new Event("change")); } return true; })()`, reader))
		expr := `[...document.querySelectorAll("#subs-list > li")].filter(li => { const f = li.querySelector(".followed"); return f && (f.dataset.how === "gateway" ? !!f.dataset.gateway : true); }).length === ` + fmt.Sprint(want)
		harness.WaitJS(t, ctx, expr, 20*time.Second)
		got := map[string]row{}
		for _, r := range harness.Eval[[]row](t, ctx, `[...document.querySelectorAll("#subs-list > li")].map(li => { const f = li.querySelector(".followed"); return {URL: li.dataset.url, How: f.dataset.how, Gateway: f.dataset.gateway || "", Text: f.textContent}; })`) {
			got[r.URL] = r
		}
		return got
	}
	section := srv.URL + "/news/section-1/"
	gz := srv.URL + "/sitemap-news.xml.gz"
	subs := harness.Stored(t, ctx)
	if len(subs) != 4 {
		t.Fatalf("stored %d subscriptions, want 4: %v", len(subs), subs)
	}
	var feeds []string
	for _, s := range subs {
		if s["kind"] == "feed" {
			feeds = append(feeds, s["url"])
		}
	}

	// The gateway is not running.
	got := rows(ctx, opml.ReaderAny, 4)
	for _, f := range feeds {
		if got[f].How != "direct" || got[f].Text != "Your reader reads this feed directly." {
			t.Errorf("feed %s: %+v", f, got[f])
		}
	}
	for _, u := range []string{section, gz} {
		r := got[u]
		if r.How != "gateway" || r.Gateway != "stopped" || !strings.Contains(r.Text, "http://"+addr) || !strings.Contains(r.Text, "The gateway is not running") {
			t.Errorf("%s with no gateway: %+v", u, r)
		}
	}

	// The gateway runs: a popup opened now says so.
	cmd := exec.Command(harness.HostBinary(t), "serve", "--addr", addr, "--state", t.TempDir())
	cmd.Env = append(os.Environ(), env...)
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { cmd.Process.Kill(); cmd.Wait() })
	deadline := time.Now().Add(10 * time.Second)
	for {
		c, err := net.Dial("tcp", addr)
		if err == nil {
			c.Close()
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("the gateway does not listen on %s", addr)
		}
		time.Sleep(50 * time.Millisecond)
	}
	ctx = open()
	got = rows(ctx, opml.ReaderAny, 4)
	for _, u := range []string{section, gz} {
		if r := got[u]; r.How != "gateway" || r.Gateway != "running" || !strings.HasSuffix(r.Text, "The gateway is running.") {
			t.Errorf("%s with the gateway running: %+v", u, r)
		}
	}

	harness.AxeCheck(t, ctx, harness.AxeSource(t), "subscriptions, how each is followed")

	// newsboat runs the host itself: the installed host's path.
	host, err := filepath.EvalSymlinks(filepath.Join(b.Dist, "feedscout-host"))
	if err != nil {
		t.Fatal(err)
	}
	got = rows(ctx, opml.ReaderNewsboat, 4)
	for _, u := range []string{section, gz} {
		if r := got[u]; r.How != "exec" || r.Text != "newsboat runs "+host+" feed for it (an exec: line)." {
			t.Errorf("newsboat, %s: %+v (host %s)", u, r, host)
		}
	}

	// FreshRSS reads the section and sitemap itself, except a gzip file,
	// which goes through the gateway.
	got = rows(ctx, opml.ReaderFreshRSS, 4)
	if r := got[section]; r.How != "xpath" {
		t.Errorf("freshrss, the section: %+v", r)
	}
	if r := got[gz]; r.How != "gateway" || r.Gateway != "running" {
		t.Errorf("freshrss, the .gz sitemap: %+v", r)
	}
	for _, f := range feeds {
		if got[f].How != "direct" {
			t.Errorf("freshrss, feed %s: %+v", f, got[f])
		}
	}

	// Something else on the address.
	cmd.Process.Kill()
	cmd.Wait()
	other := &http.Server{Handler: http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<title>not feedscout</title>")) })}
	ln, err := net.Listen("tcp", addr)
	if err != nil {
		t.Fatal(err)
	}
	go other.Serve(ln)
	defer other.Close()
	ctx = open()
	got = rows(ctx, opml.ReaderAny, 4)
	if r := got[section]; r.Gateway != "other" || !strings.Contains(r.Text, "Something other than the feedscout gateway answers there.") {
		t.Errorf("another server on the address: %+v", r)
	}
}

// TestPreviewSubscriptionsFollowedNoHost: with no host installed the
// host's path is not known, and the newsboat flavour still says what it
// would do: a JSON Feed and a section through `feed` (exec: lines), an RSS
// feed read directly; another reader's lines are gone as soon as the
// reader changes.
func TestPreviewSubscriptionsFollowedNoHost(t *testing.T) {
	page := harness.NewsPage("JSON Daily", []harness.LinkTag{
		{Rel: "alternate", Typ: "application/rss+xml", Title: "JSON Daily: News", Href: "/rss/news.xml"},
		{Rel: "alternate", Typ: "application/feed+json", Title: "JSON Daily: JSON", Href: "/feed.json"},
	}, 5, 5, "")
	srv := harness.ServePages(t, map[string]string{"/": page})
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	b.Tab(srv.URL + "/")
	ctx := b.Popup(b.Click(srv.URL+"/"), nil)
	harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	harness.SubscribeAll(t, ctx, "#advertised")
	report := map[string]any{
		"site": srv.URL + "/", "outcome": "sections", "reason": "Sections.",
		"sections": []any{map[string]any{"url": srv.URL + "/news/section-1/", "title": "Section 1"}},
		"requests": []any{},
	}
	raw, _ := json.Marshal(report)
	harness.Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: %q}), true))`, raw, srv.URL+"/"))
	harness.WaitJS(t, ctx, `document.querySelectorAll("#sections-list .section").length === 1`, 5*time.Second)
	harness.SubscribeAll(t, ctx, "#sections-list")
	subs := harness.Stored(t, ctx)
	var rss, jsonFeed string
	for _, s := range subs {
		switch {
		case s["kind"] == "feed" && s["format"] == "json":
			jsonFeed = s["url"]
		case s["kind"] == "feed":
			rss = s["url"]
		}
	}
	if len(subs) != 3 || rss == "" || jsonFeed == "" {
		t.Fatalf("stored %v, want an RSS feed, a JSON Feed and a section", subs)
	}
	section := srv.URL + "/news/section-1/"

	type row struct{ URL, How, Reader, Text string }
	rows := func(reader string) map[string]row {
		t.Helper()
		harness.Eval[bool](t, ctx, fmt.Sprintf(`(() => { document.getElementById("tab-subs").click(); const s = document.getElementById("export-reader"); if (s.value !== %[1]q) { s.value = %[1]q; s.dispatchEvent(new Event("change")); } return true; })()`, reader))
		// Every line there is of this reader, from the moment it is chosen.
		ok := harness.Eval[bool](t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#subs-list .followed")].every(f => f.dataset.reader === %q)`, reader))
		if !ok {
			t.Errorf("%s chosen: lines of another reader still shown", reader)
		}
		harness.WaitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll("#subs-list > li")].filter(li => li.querySelector(".followed")?.dataset.reader === %q).length === 3`, reader), 20*time.Second)
		got := map[string]row{}
		for _, r := range harness.Eval[[]row](t, ctx, `[...document.querySelectorAll("#subs-list > li")].map(li => { const f = li.querySelector(".followed"); return {URL: li.dataset.url, How: f.dataset.how, Reader: f.dataset.reader, Text: f.textContent}; })`) {
			got[r.URL] = r
		}
		return got
	}

	got := rows(opml.ReaderAny)
	if got[rss].How != "direct" || got[jsonFeed].How != "direct" || got[section].How != "gateway" {
		t.Errorf("any reader: %+v", got)
	}
	got = rows(opml.ReaderNewsboat)
	unknown := "newsboat runs feedscout-host feed for it (an exec: line); the installed host does not say where it is, so the newsboat file cannot be written."
	for _, u := range []string{jsonFeed, section} {
		if r := got[u]; r.How != "exec" || r.Text != unknown {
			t.Errorf("newsboat with the host's path unknown, %s: %+v", u, r)
		}
	}
	if r := got[rss]; r.How != "direct" {
		t.Errorf("newsboat, the RSS feed: %+v", r)
	}
	got = rows(opml.ReaderFreshRSS)
	if got[rss].How != "direct" || got[jsonFeed].How != "direct" || got[section].How != "xpath" {
		t.Errorf("freshrss: %+v", got)
	}
}

// TestPreviewPopupJapanese: in a Japanese browser the preview's summary is
// Japanese and its dates are written the Japanese way.
func TestPreviewPopupJapanese(t *testing.T) {
	var sites []fixtureweb.Site
	for _, s := range fixtureweb.DefaultSites() {
		if s.Name == "yomiuri" {
			sites = append(sites, s)
		}
	}
	web := harness.StartWeb(t, sites)
	env := append(harness.FastEnv(web), "LANGUAGE=ja")
	b := harness.StartBrowser(t, harness.BrowserOptions{Env: env, Proxy: web.ProxyURL, Flags: []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "ja")}})
	ctx := harness.PopupOnSite(t, b, web, "yomiuri")
	if l := harness.Eval[string](t, ctx, `chrome.i18n.getMessage("locale")`); l != "ja" {
		t.Fatalf("popup language %q, want ja (is chromium-l10n installed?)", l)
	}
	harness.Find(t, ctx)
	u := harness.Eval[string](t, ctx, `document.querySelector("#found-sitemaps li.row").dataset.url`)
	p := previewOf(t, ctx, rowButton("#found-sitemaps li.row", u))
	if p.State != "done" || p.Button != "プレビュー" || p.Summary != "読売新聞オンライン の 60 件のうち最初の 10 件:" {
		t.Fatalf("preview: %+v", p)
	}
	jaDate := regexp.MustCompile(`^\d{4}/\d{1,2}/\d{1,2} \d{1,2}:\d{2}$`)
	for i, d := range p.Texts {
		if !jaDate.MatchString(d) {
			t.Errorf("entry %d dated %q (%s), want the Japanese way, 2026/11/30 9:00", i, d, p.Dates[i])
		}
	}
}

// TestPreviewWithoutHost: with no host installed, Preview says so in the
// popup's words, and Subscriptions say that whether the gateway runs is
// not known.
func TestPreviewWithoutHost(t *testing.T) {
	srv := harness.ServePages(t, map[string]string{"/": harness.TwoFeeds()})
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	b.Tab(srv.URL + "/")
	ctx := b.Popup(b.Click(srv.URL+"/"), nil)
	harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	u := srv.URL + "/sitemap-news.xml"
	report := map[string]any{"site": srv.URL + "/", "outcome": "news-sitemap", "reason": "x", "requests": []any{},
		"sitemaps": []any{map[string]any{"url": u, "kind": "news"}}}
	raw, _ := json.Marshal(report)
	harness.Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: %q}), true))`, raw, srv.URL+"/"))
	p := previewOf(t, ctx, rowButton("#found-sitemaps li.row", u))
	if p.State != "error" || p.Code != "host-missing" || p.Summary != catalog.English("error_host_missing", nil) {
		t.Fatalf("preview without a host: %+v", p)
	}
	if n := harness.Eval[int](t, ctx, `document.querySelectorAll("#found-sitemaps .preview-detail").length`); n != 0 {
		t.Errorf("the browser's English detail is shown too")
	}
	harness.AxeCheck(t, ctx, harness.AxeSource(t), "a preview without a host")
	harness.SubscribeAll(t, ctx, "#found-sitemaps")
	harness.Eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), true)`)
	harness.WaitJS(t, ctx, `!!document.querySelector("#subs-list > li .followed[data-gateway]")`, 20*time.Second)
	line := harness.Eval[map[string]string](t, ctx, `(() => { const f = document.querySelector("#subs-list > li .followed"); return {how: f.dataset.how, gateway: f.dataset.gateway, text: f.textContent}; })()`)
	if line["how"] != "gateway" || line["gateway"] != "unknown" || !strings.Contains(line["text"], "Whether the gateway runs is not known: ") {
		t.Errorf("subscriptions without a host: %v", line)
	}
	harness.AxeCheck(t, ctx, harness.AxeSource(t), "subscriptions without a host")
}

// nativeAsk runs the installed host the way Chrome starts it, sends the
// requests and returns every reply by id, each as decoded JSON.
func nativeAsk(t *testing.T, env []string, reqs ...map[string]any) map[string][]map[string]any {
	t.Helper()
	var in bytes.Buffer
	for _, r := range reqs {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		in.Write(harness.Frame(b))
	}
	// The host answers what it read, then exits when stdin ends; keep
	// stdin open until every request has its final reply.
	cmd := exec.Command(harness.HostBinary(t), "chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/")
	cmd.Env = append(os.Environ(), env...)
	stdin, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	stdout, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { stdin.Close(); cmd.Wait() }()
	stdin.Write(in.Bytes())
	got := map[string][]map[string]any{}
	for done := 0; done < len(reqs); {
		var hdr [4]byte
		if _, err := io.ReadFull(stdout, hdr[:]); err != nil {
			t.Fatalf("host stopped after %d of %d answers (%v): %s", done, len(reqs), err, stderr.String())
		}
		body := make([]byte, binary.LittleEndian.Uint32(hdr[:]))
		if _, err := io.ReadFull(stdout, body); err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(body, &m); err != nil {
			t.Fatalf("reply %q: %v", body, err)
		}
		id, _ := m["id"].(string)
		got[id] = append(got[id], m)
		if m["type"] == "result" || m["type"] == "error" {
			done++
		}
	}
	return got
}

// TestPreviewNativeFeed: the real host over pipes answers feed requests
// with what `feed` gives (the same state: the CLI afterwards makes no
// request), refuses a feed, an index and a private address with their
// codes, and answers status with the gateway's state.
func TestPreviewNativeFeed(t *testing.T) {
	var sites []fixtureweb.Site
	for _, s := range fixtureweb.DefaultSites() {
		if s.Name == "asahi" || s.Name == "theverge" {
			sites = append(sites, s)
		}
	}
	web := harness.StartWeb(t, sites)
	env := append(harness.FastEnv(web), "FEEDSCOUT_GATEWAY="+freeLoopback(t))
	verge, _ := web.Site("theverge")
	const national = "https://www.asahi.com/sitemap_national.xml"
	got := nativeAsk(t, env,
		map[string]any{"id": "n", "type": "feed", "url": national + "#top"},
		map[string]any{"id": "f", "type": "feed", "url": verge.Expect.FeedURL},
		map[string]any{"id": "i", "type": "feed", "url": "https://www.asahi.com/sitemap_news.xml"},
		map[string]any{"id": "p", "type": "feed", "url": "http://169.254.169.254/latest/"},
		map[string]any{"id": "s", "type": "status"},
		map[string]any{"id": "v", "type": "version"},
	)
	n := got["n"]
	if len(n) != 1 || n[0]["type"] != "result" {
		t.Fatalf("feed of the national department: %v", n)
	}
	var feed struct {
		URL, Kind, Title, Subtitle, Status string
		Total                              int
		Fetched                            bool
		Entries                            []struct{ Title, Link, Date string }
	}
	raw, _ := json.Marshal(n[0]["feed"])
	harness.DecodeJSON(t, string(raw), &feed)
	if feed.URL != national || feed.Kind != "news-sitemap" || feed.Title != "朝日新聞デジタル · national" || feed.Status != "ok" || !feed.Fetched || feed.Total != 20 || len(feed.Entries) != 10 || !strings.Contains(feed.Subtitle, national) {
		t.Errorf("feed result %s", raw)
	}
	before := len(web.Hits("www.asahi.com"))
	out, errOut, code := harness.RunHost(t, env, "", "feed", "--format", "json", national)
	if code != 0 {
		t.Fatalf("feed: %s", errOut)
	}
	if d := len(web.Hits("www.asahi.com")) - before; d != 0 {
		t.Errorf("feed after the native feed request made %d requests", d)
	}
	var f hostFeed
	harness.DecodeJSON(t, out, &f)
	for i, e := range feed.Entries {
		if f.Items[i].URL != e.Link || f.Items[i].Title != e.Title || f.Items[i].Date != e.Date {
			t.Errorf("entry %d %+v, feed has %+v", i, e, f.Items[i])
		}
	}
	for id, code := range map[string]string{"f": "already-feed", "i": "not-followable", "p": "not-followable"} {
		r := got[id]
		if len(r) != 1 || r[0]["code"] != code || r[0]["error"] == "" {
			t.Errorf("%s: %v, want %s", id, r, code)
		}
	}
	if len(web.Hits("169.254.169.254")) != 0 {
		t.Error("the private address was asked")
	}
	s := got["s"]
	if len(s) != 1 {
		t.Fatalf("status: %v", s)
	}
	if g, _ := s[0]["status"].(map[string]any)["gateway"].(map[string]any); g["running"] != false || g["state"] != "stopped" {
		t.Errorf("status with no gateway: %v", s[0])
	}
	if p, _ := got["v"][0]["path"].(string); !filepath.IsAbs(p) {
		t.Errorf("version reply %v names no absolute path", got["v"])
	}
}
