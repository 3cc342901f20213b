package reader

import (
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"
	"time"

	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// TestReaderPopupExport: the real popup's Export OPML in Chromium writes
// each flavour with the same Go code as the CLI (common/opml through the
// module): the file reads back as the stored subscriptions, is what
// opml.WriteFor writes of them for that reader, and carries the flavour's
// outlines (the gateway's URLs for any, XPath outlines for FreshRSS). For
// newsboat, with no host installed, the popup says the file needs the
// host and downloads nothing.
func TestReaderPopupExport(t *testing.T) {
	b, ctx, srv, subs := harness.SubscribedFour(t, "/sitemap_business.xml?a=1&b=2")
	var want []opml.Subscription
	for _, s := range subs {
		want = append(want, opml.Subscription{Kind: kind.SourceKind(s["kind"]), URL: s["url"], Title: s["title"], Site: s["site"], Format: s["format"], Added: s["added"]})
	}
	byURL := func(subs []opml.Subscription) []opml.Subscription {
		out := append([]opml.Subscription(nil), subs...)
		sort.Slice(out, func(i, j int) bool { return out[i].URL < out[j].URL })
		return out
	}

	dl := harness.AllowDownloads(t, b)
	harness.SubsTab(t, ctx)
	if got := harness.Eval[[]string](t, ctx, `[...document.querySelectorAll("#export-reader option")].map(o => o.value)`); !reflect.DeepEqual(got, opml.Readers) {
		t.Errorf("the reader choice offers %v, want %v", got, opml.Readers)
	}
	subsNote := func() string { return harness.Eval[string](t, ctx, `document.getElementById("subs-note").textContent`) }
	choose := func(reader string) {
		harness.Eval[bool](t, ctx, fmt.Sprintf(`(() => { const s = document.getElementById("export-reader"); s.value = %q; s.dispatchEvent(new Event("change")); document.getElementById("export").click(); return true; })()`, reader))
	}
	for _, reader := range []string{opml.ReaderAny, opml.ReaderFreshRSS} {
		name := "feedscout-subscriptions.opml"
		if reader != opml.ReaderAny {
			name = "feedscout-subscriptions-" + reader + ".opml"
		}
		choose(reader)
		doc := harness.WaitDownload(t, filepath.Join(dl, name), 10*time.Second, subsNote)
		back, err := opmlimport.Read(strings.NewReader(string(doc)))
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
		if note := harness.Eval[string](t, ctx, `document.getElementById("subs-note").textContent`); note != "Exported 4 subscriptions to "+name+"." {
			t.Errorf("%s: the popup says %q", reader, note)
		}
	}

	// newsboat runs the host, and none is installed here.
	choose(opml.ReaderNewsboat)
	harness.WaitJS(t, ctx, `document.getElementById("subs-note").textContent.startsWith("The newsboat file runs the feedscout host")`, 10*time.Second)
	if _, err := os.Stat(filepath.Join(dl, "feedscout-subscriptions-newsboat.opml")); err == nil {
		t.Error("a newsboat file was downloaded without the host's path")
	}
	// The choice is remembered for the next popup.
	if got := harness.Eval[string](t, ctx, `localStorage.getItem("export-reader")`); got != opml.ReaderNewsboat {
		t.Errorf("remembered reader %q", got)
	}
}

// TestReaderPopupExportNewsboat: with the host installed, the popup's
// newsboat export asks the host where it is (the version request through
// the worker). The reply names the host's path (PROTOCOL.md), and the
// file runs that host for the section (an exec: line for newsboat).
func TestReaderPopupExportNewsboat(t *testing.T) {
	srv := harness.ServePages(t, map[string]string{"/": harness.TwoFeeds()})
	b := harness.StartBrowser(t, harness.BrowserOptions{})
	ctx := harness.PagePopup(t, b, srv.URL+"/")
	harness.DrawReport(t, ctx, srv.URL+"/", map[string]any{
		"site": srv.URL + "/", "outcome": "sections", "reason": "Sections.",
		"sections": []any{map[string]any{"url": srv.URL + "/news/section-1/", "title": "Section 1"}},
		"requests": []any{},
	})
	harness.SubscribeAll(t, ctx, "#sections-list")

	// What the host says about itself, asked the way the popup asks.
	version := harness.Eval[map[string]any](t, ctx, `new Promise(resolve => {
		const p = chrome.runtime.connect({name: "feedscout-popup"});
		p.onMessage.addListener(m => { if (m.type === "result" || m.type === "error") { p.disconnect(); resolve(m); } });
		p.postMessage({type: "version", id: "reader-version-1"});
	})`)
	if version["type"] != "result" {
		t.Fatalf("version request: %v", version)
	}
	path, _ := version["path"].(string)
	want, err := filepath.EvalSymlinks(filepath.Join(b.Dist, "feedscout-host"))
	if err != nil {
		t.Fatal(err)
	}
	if path != want {
		t.Fatalf("the version reply names the path %q, want the installed host %s: %v", path, want, version)
	}

	dl := harness.AllowDownloads(t, b)
	harness.SubsTab(t, ctx)
	harness.Eval[bool](t, ctx, `(() => { const s = document.getElementById("export-reader"); s.value = "newsboat"; document.getElementById("export").click(); return true; })()`)
	doc := harness.WaitDownload(t, filepath.Join(dl, "feedscout-subscriptions-newsboat.opml"), 10*time.Second, func() string {
		return harness.Eval[string](t, ctx, `document.getElementById("subs-note").textContent`)
	})
	var cmd strings.Builder
	if err := harness.XMLEscape(&cmd, "|"+opml.NewsboatCommand(path, srv.URL+"/news/section-1/")); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(string(doc), `xmlUrl="`+cmd.String()+`"`) {
		t.Errorf("the newsboat file does not run %s for the section:\n%s", path, doc)
	}
}
