package tests

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"

	"feedscout/wasm/opml"
)

// TestReaderPopupExport: the real popup's Export OPML in Chromium writes
// each flavour with the same Go code as the CLI (wasm/opml through the
// module): the file reads back as the stored subscriptions, is what
// opml.WriteFor writes of them for that reader, and carries the flavour's
// outlines (the gateway's URLs for any, XPath outlines for FreshRSS). For
// newsboat, with no host installed, the popup says the file needs the
// host and downloads nothing.
func TestReaderPopupExport(t *testing.T) {
	srv := servePages(t, map[string]string{"/": twoFeeds()})
	b := startBrowser(t, browserOptions{noHost: true})
	b.tab(srv.URL + "/")
	ctx := b.popup(b.click(srv.URL+"/"), nil)
	waitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	subscribeAll(t, ctx, "#advertised")
	report := map[string]any{
		"site": srv.URL + "/", "outcome": "news-sitemap", "reason": "News sitemaps by department.",
		"sitemaps": []any{map[string]any{"url": srv.URL + "/sitemap-index.xml", "kind": "news", "urls": 2,
			"departments": []any{map[string]any{"url": srv.URL + "/sitemap_business.xml?a=1&b=2", "name": "business"}}}},
		"sections": []any{map[string]any{"url": srv.URL + "/news/section-1/", "title": "Section 1"}},
		"requests": []any{},
	}
	raw, _ := json.Marshal(report)
	eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: %q}), true))`, raw, srv.URL+"/"))
	waitJS(t, ctx, `document.querySelectorAll("#sections-list .section").length === 1`, 5*time.Second)
	subscribeAll(t, ctx, "#found-sitemaps")
	subscribeAll(t, ctx, "#sections-list")
	var want []opml.Subscription
	for _, s := range stored(t, ctx) {
		want = append(want, opml.Subscription{Kind: s["kind"], URL: s["url"], Title: s["title"], Site: s["site"], Format: s["format"], Added: s["added"]})
	}
	if len(want) != 4 {
		t.Fatalf("stored %d subscriptions, want 4: %v", len(want), want)
	}
	byURL := func(subs []opml.Subscription) []opml.Subscription {
		out := append([]opml.Subscription(nil), subs...)
		sort.Slice(out, func(i, j int) bool { return out[i].URL < out[j].URL })
		return out
	}

	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(b.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl,
	}); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), true)`)
	waitJS(t, ctx, `!!document.getElementById("export-reader")`, 5*time.Second)
	if got := eval[[]string](t, ctx, `[...document.querySelectorAll("#export-reader option")].map(o => o.value)`); !reflect.DeepEqual(got, opml.Readers) {
		t.Errorf("the reader choice offers %v, want %v", got, opml.Readers)
	}
	choose := func(reader string) {
		eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.getElementById("export-reader"); s.value = %q; s.dispatchEvent(new Event("change")); document.getElementById("export").click(); return true; })()`, reader))
	}
	for _, reader := range []string{opml.ReaderAny, opml.ReaderFreshRSS} {
		name := "feedscout-subscriptions.opml"
		if reader != opml.ReaderAny {
			name = "feedscout-subscriptions-" + reader + ".opml"
		}
		choose(reader)
		file := filepath.Join(dl, name)
		deadline := time.Now().Add(10 * time.Second)
		for {
			if _, err := os.Stat(file); err == nil {
				break
			}
			if time.Now().After(deadline) {
				t.Fatalf("%s: no %s after export; note %q", reader, name, eval[string](t, ctx, `document.getElementById("subs-note").textContent`))
			}
			time.Sleep(50 * time.Millisecond)
		}
		doc, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		back, err := opml.Read(strings.NewReader(string(doc)))
		if err != nil {
			t.Fatalf("%s: %v", reader, err)
		}
		if !reflect.DeepEqual(byURL(back), byURL(want)) {
			t.Errorf("%s: the export reads back as\n%v\nwant the stored\n%v", reader, back, want)
		}
		var again strings.Builder
		if err := opml.WriteFor(&again, back, opml.Options{Title: "feedscout subscriptions", Reader: reader}); err != nil {
			t.Fatal(err)
		}
		if again.String() != string(doc) {
			t.Errorf("%s: the popup's file is not what opml.WriteFor writes:\n%s", reader, doc)
		}
		s := string(doc)
		switch reader {
		case opml.ReaderAny:
			if !strings.Contains(s, `xmlUrl="`+opml.GatewayURL("", srv.URL+"/news/section-1/")+`"`) {
				t.Errorf("any: no gateway URL for the section:\n%s", s)
			}
		case opml.ReaderFreshRSS:
			if !strings.Contains(s, `type="HTML+XPath"`) || !strings.Contains(s, `type="XML+XPath"`) || !strings.Contains(s, `xmlns:frss="https://freshrss.org/opml"`) {
				t.Errorf("freshrss: no XPath outlines:\n%s", s)
			}
		}
		if note := eval[string](t, ctx, `document.getElementById("subs-note").textContent`); note != "Exported 4 subscriptions to "+name+"." {
			t.Errorf("%s: the popup says %q", reader, note)
		}
	}

	// newsboat runs the host, and none is installed here.
	choose(opml.ReaderNewsboat)
	waitJS(t, ctx, `document.getElementById("subs-note").textContent.startsWith("The newsboat file runs the feedscout host")`, 10*time.Second)
	if _, err := os.Stat(filepath.Join(dl, "feedscout-subscriptions-newsboat.opml")); err == nil {
		t.Error("a newsboat file was downloaded without the host's path")
	}
	// The choice is remembered for the next popup.
	if got := eval[string](t, ctx, `localStorage.getItem("export-reader")`); got != opml.ReaderNewsboat {
		t.Errorf("remembered reader %q", got)
	}
}

// TestReaderPopupExportNewsboat: with the host installed, the popup's
// newsboat export asks the host where it is (the version request through
// the worker). The reply names the host's path (PROTOCOL.md), and the
// file runs that host for the section (an exec: line for newsboat).
func TestReaderPopupExportNewsboat(t *testing.T) {
	srv := servePages(t, map[string]string{"/": twoFeeds()})
	b := startBrowser(t, browserOptions{})
	b.tab(srv.URL + "/")
	ctx := b.popup(b.click(srv.URL+"/"), nil)
	waitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	report := map[string]any{
		"site": srv.URL + "/", "outcome": "sections", "reason": "Sections.",
		"sections": []any{map[string]any{"url": srv.URL + "/news/section-1/", "title": "Section 1"}},
		"requests": []any{},
	}
	raw, _ := json.Marshal(report)
	eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: %q}), true))`, raw, srv.URL+"/"))
	waitJS(t, ctx, `document.querySelectorAll("#sections-list .section").length === 1`, 5*time.Second)
	subscribeAll(t, ctx, "#sections-list")

	// What the host says about itself, asked the way the popup asks.
	version := eval[map[string]any](t, ctx, `new Promise(resolve => {
		const p = chrome.runtime.connect({name: "feedscout-popup"});
		p.onMessage.addListener(m => { if (m.type === "result" || m.type === "error") { p.disconnect(); resolve(m); } });
		p.postMessage({type: "version", id: "reader-version-1"});
	})`)
	if version["type"] != "result" {
		t.Fatalf("version request: %v", version)
	}
	path, _ := version["path"].(string)
	want, err := filepath.EvalSymlinks(filepath.Join(b.dist, "feedscout-host"))
	if err != nil {
		t.Fatal(err)
	}
	if path != want {
		t.Fatalf("the version reply names the path %q, want the installed host %s: %v", path, want, version)
	}

	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(b.ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl,
	}); err != nil {
		t.Fatal(err)
	}
	eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), true)`)
	waitJS(t, ctx, `!!document.getElementById("export-reader")`, 5*time.Second)
	eval[bool](t, ctx, `(() => { const s = document.getElementById("export-reader"); s.value = "newsboat"; document.getElementById("export").click(); return true; })()`)
	file := filepath.Join(dl, "feedscout-subscriptions-newsboat.opml")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(file); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("no newsboat file; note %q", eval[string](t, ctx, `document.getElementById("subs-note").textContent`))
		}
		time.Sleep(50 * time.Millisecond)
	}
	doc, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var cmd strings.Builder
	if err := xmlEscape(&cmd, "|"+opml.NewsboatCommand(path, srv.URL+"/news/section-1/")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), `xmlUrl="`+cmd.String()+`"`) {
		t.Errorf("the newsboat file does not run %s for the section:\n%s", path, doc)
	}
}

// xmlEscape writes s as encoding/xml escapes an attribute value.
func xmlEscape(w *strings.Builder, s string) error { return xml.EscapeText(w, []byte(s)) }
