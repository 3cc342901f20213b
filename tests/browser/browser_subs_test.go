package browser

// Subscriptions: they survive a browser restart and an extension update, a
// corrupted entry spoils only itself, OPML export is read by a real feed
// reader (newsboat), and export then import gives back the same list.

import (
	"fmt"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	opmlpkg "feedscout/common/opml"
	"feedscout/tests/internal/harness"
)

func TestSubscriptionsSurviveRestartAndUpdate(t *testing.T) {
	profile := t.TempDir()
	srv := harness.ServePages(t, map[string]string{"/": harness.TwoFeeds()})

	b := harness.StartBrowser(t, harness.BrowserOptions{Profile: profile, NoHost: true})
	b.Tab(srv.URL + "/")
	ctx := b.Popup(b.Click(srv.URL+"/"), nil)
	harness.WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	harness.SubscribeAll(t, ctx, "#advertised")
	before := harness.Stored(t, ctx)
	if len(before) != 2 {
		t.Fatalf("stored %d subscriptions, want 2: %v", len(before), before)
	}
	// Subscribing again to one URL (here with a fragment, as another page
	// might link it) keeps the one subscription as it was.
	if added := harness.Eval[bool](t, ctx, `import("/popup/popup.js").then(m => m.subs.add({kind: "feed", url: document.querySelector("#advertised li").dataset.url + "#again", title: "dup"}))`); added {
		t.Error("subscribing again to a subscribed URL added a subscription")
	}
	if again := harness.Stored(t, ctx); !reflect.DeepEqual(again, before) {
		t.Errorf("after subscribing again to the same URL:\n got %v\nwant %v", again, before)
	}
	// A corrupted entry, as a bug or a disk error could leave it.
	harness.Eval[bool](t, ctx, `chrome.storage.local.set({"sub:https://broken.example/feed": {kind: "feed", url: 42}}).then(() => true)`)
	b.Cancel()

	// The same profile, with the extension updated (a new version from
	// another folder; the key keeps its ID, so Chrome sees an update).
	updated := filepath.Join(t.TempDir(), "extension")
	copyDir(t, filepath.Join(harness.BrowserDist(t), "extension"), updated)
	manifest := filepath.Join(updated, "manifest.json")
	raw, err := os.ReadFile(manifest)
	if err != nil {
		t.Fatal(err)
	}
	raw = regexp.MustCompile(`"version": "[^"]*"`).ReplaceAll(raw, []byte(`"version": "0.1.1"`))
	if err := os.WriteFile(manifest, raw, 0o644); err != nil {
		t.Fatal(err)
	}

	b2 := harness.StartBrowser(t, harness.BrowserOptions{Profile: profile, NoHost: true, Ext: updated})
	b2.Tab(srv.URL + "/")
	ctx2 := b2.Popup(b2.Click(srv.URL+"/"), nil)
	harness.WaitJS(t, ctx2, `document.body.dataset.state === "page"`, 15*time.Second)
	if v := harness.Eval[string](t, ctx2, `chrome.runtime.getManifest().version`); v != "0.1.1" {
		t.Fatalf("extension version %s after the update, want 0.1.1", v)
	}
	if after := harness.Stored(t, ctx2); !reflect.DeepEqual(after, before) {
		t.Errorf("after restart and update:\n got %v\nwant %v", after, before)
	}
	got := harness.Eval[map[string]any](t, ctx2, `(() => ({
		toggles: [...document.querySelectorAll("#advertised button.sub")].map(b => b.textContent),
		list: [...document.querySelectorAll("#subs-list li .url")].map(e => e.textContent).sort(),
		bad: document.getElementById("subs-bad").textContent,
		count: document.getElementById("subs-count").textContent,
	}))()`)
	if fmt.Sprint(got["toggles"]) != "[Subscribed Subscribed]" || fmt.Sprint(got["count"]) != "2" {
		t.Errorf("popup after restart: %v", got)
	}
	wantList := []string{before[0]["url"], before[1]["url"]}
	if fmt.Sprint(got["list"]) != fmt.Sprint(wantList) {
		t.Errorf("subscriptions view lists %v, want %v", got["list"], wantList)
	}
	if bad, _ := got["bad"].(string); !strings.Contains(bad, "1 saved subscription could not be read") {
		t.Errorf("corrupted entry reported as %q", bad)
	}

	// Remove one from the list view.
	harness.Eval[bool](t, ctx2, `(document.getElementById("tab-subs").click(), document.querySelector("#subs-list li button.remove").click(), true)`)
	harness.WaitJS(t, ctx2, `document.querySelectorAll("#subs-list li").length === 1`, 5*time.Second)
	if n := len(harness.Stored(t, ctx2)); n != 1 {
		t.Errorf("after remove: %d stored, want 1", n)
	}
	harness.WaitJS(t, ctx2, `[...document.querySelectorAll("#advertised button.sub")].map(b => b.textContent).sort().join() === "Subscribe,Subscribed"`, 5*time.Second)
}

func TestOPMLExportNewsboatImport(t *testing.T) {
	newsboat, err := exec.LookPath("newsboat")
	if err != nil {
		harness.Missing(t, "newsboat not installed (apt-get install newsboat)")
	}
	// Two feeds, a news sitemap (split by department) and a section.
	b, ctx, srv, want := harness.SubscribedFour(t, "/sitemap_business.xml")

	// Export: the popup's own download (blob URL + <a download>).
	dl := harness.AllowDownloads(t, b)
	harness.Eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), document.getElementById("export").click(), true)`)
	file := filepath.Join(dl, "feedscout-subscriptions.opml")
	opml := harness.WaitDownload(t, file, 10*time.Second, nil)

	// newsboat imports it and lists exactly the two feeds, nothing else.
	got, listed := harness.NewsboatImport(t, newsboat, file, opml)
	// The default flavour ("any reader") lists the feeds as they are and
	// the news sitemap department and the section through the gateway's
	// feed URL (opml.DefaultGateway), nothing else.
	gateway := func(u string) string { return opmlpkg.DefaultGateway + "/feed?url=" + url.QueryEscape(u) }
	feeds := []string{srv.URL + "/atom/opinion.xml", srv.URL + "/rss/news.xml", gateway(srv.URL + "/news/section-1/"), gateway(srv.URL + "/sitemap_business.xml")}
	sort.Strings(feeds)
	if !reflect.DeepEqual(got, feeds) {
		t.Errorf("newsboat imported %v, want exactly %v\nurls file:\n%s\nOPML:\n%s", got, feeds, listed, opml)
	}

	// Import into a fresh profile gives back exactly the same list. From
	// the toolbar popup, Import opens the subscriptions page in a tab (a
	// file chooser would close the popup); the file is chosen there.
	b2 := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	b2.Tab(srv.URL + "/")
	b2.Click(srv.URL + "/")
	pctx, pcancel := b2.Attach(b2.Target(t, harness.ExtensionOrigin+"popup/popup.html"))
	defer pcancel()
	harness.WaitJS(t, pctx, `document.body.dataset.state === "page"`, 15*time.Second)
	// The click closes the popup: run it after this evaluation has answered.
	harness.Eval[bool](t, pctx, `(setTimeout(() => document.getElementById("import-button").click(), 0), true)`)
	ctx2, cancel2 := b2.Attach(b2.Target(t, harness.ExtensionOrigin+"popup/popup.html?view=subs"))
	defer cancel2()
	harness.WaitJS(t, ctx2, `document.body.dataset.state === "subs"`, 15*time.Second)
	if err := chromedp.Do(ctx2, chromedp.SetUploadFiles(chromedp.ID("import"), []string{file})); err != nil {
		t.Fatalf("choose the OPML file: %v", err)
	}
	harness.WaitJS(t, ctx2, `document.getElementById("subs-note").textContent.startsWith("Imported")`, 10*time.Second)
	if note := harness.Eval[string](t, ctx2, `document.getElementById("subs-note").textContent`); note != "Imported 4 subscriptions from feedscout-subscriptions.opml." {
		t.Errorf("import says %q", note)
	}
	if back := harness.Stored(t, ctx2); !reflect.DeepEqual(back, want) {
		t.Errorf("export then import is not lossless:\n got %v\nwant %v\nOPML:\n%s", back, want, opml)
	}
	// Importing the same file again adds nothing.
	if err := chromedp.Do(ctx2, chromedp.SetUploadFiles(chromedp.ID("import"), []string{file})); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, ctx2, `document.getElementById("subs-note").textContent.includes("4 already there")`, 10*time.Second)
}

// copyDir copies the regular files under src to dst.
func copyDir(t *testing.T, src, dst string) {
	t.Helper()
	err := filepath.Walk(src, func(p string, info os.FileInfo, err error) error {
		if err != nil {
			return err
		}
		rel, _ := filepath.Rel(src, p)
		target := filepath.Join(dst, rel)
		if info.IsDir() {
			return os.MkdirAll(target, 0o755)
		}
		raw, err := os.ReadFile(p)
		if err != nil {
			return err
		}
		return os.WriteFile(target, raw, 0o644)
	})
	if err != nil {
		t.Fatal(err)
	}
}
