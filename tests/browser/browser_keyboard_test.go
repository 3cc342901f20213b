package browser

// A keyboard-only walk in a real Chromium: with Tab, Enter, Space and the
// arrow keys alone, choose a reader in the settings, Find feed through the
// real host, subscribe, send the feed to the reader, export and import
// OPML; what the popup says is announced in its live region.

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/cdproto/cdp"
	"github.com/chromedp/cdproto/dom"
	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
	"github.com/chromedp/chromedp/kb"

	"feedscout/tests/internal/harness"
)

// press presses each key (or types each string) in ctx's page, a frame
// apart so the page can react.
func press(t *testing.T, ctx context.Context, ks ...string) {
	t.Helper()
	for _, k := range ks {
		if _, err := chromedp.Run(ctx, chromedp.KeyEvent(k)); err != nil {
			t.Fatalf("press %q: %v", k, err)
		}
		time.Sleep(30 * time.Millisecond)
	}
}

// tabTo presses Tab until the focused element matches sel, at most 80
// times, and fails the test when it never does.
func tabTo(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	for i := 0; i < 80; i++ {
		if harness.Eval[bool](t, ctx, fmt.Sprintf(`!!document.activeElement && document.activeElement.matches(%q)`, sel)) {
			return
		}
		press(t, ctx, kb.Tab)
	}
	t.Fatalf("Tab never reached %s; focus is on %s", sel, harness.Eval[string](t, ctx, `document.activeElement ? document.activeElement.outerHTML.slice(0, 200) : "nothing"`))
}

func TestPopupKeyboardWalk(t *testing.T) {
	b, web := harness.WebBrowser(t, "theverge")
	site, _ := web.Site("theverge")

	// The settings, by keyboard: the arrows walk the radio group to
	// Miniflux, whose base URL is a closed loopback port (the reader tab
	// then reaches nothing, and no proxy sees it: loopback goes direct).
	octx, ocancel := chromedp.NewContext(b.Ctx)
	defer ocancel()
	if _, err := chromedp.Run(octx, chromedp.Navigate(harness.ExtensionOrigin+"options/options.html")); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, octx, `document.body.dataset.state === "ready"`, 10*time.Second)
	tabTo(t, octx, `input[name=reader]`)
	for i := 0; i < 12 && !harness.Eval[bool](t, octx, `document.getElementById("reader-miniflux").checked`); i++ {
		press(t, octx, kb.ArrowDown)
	}
	if !harness.Eval[bool](t, octx, `document.getElementById("reader-miniflux").checked`) {
		t.Fatal("the arrow keys did not reach Miniflux")
	}
	base := "http://127.0.0.1:9/miniflux/"
	tabTo(t, octx, `#base`)
	press(t, octx, base)
	tabTo(t, octx, `#save`)
	press(t, octx, kb.Enter)
	harness.WaitJS(t, octx, `document.getElementById("saved").textContent.includes("Add to Miniflux")`, 5*time.Second)
	if got := harness.Eval[string](t, octx, `chrome.storage.sync.get("reader").then(r => r.reader.id + " " + r.reader.base)`); got != "miniflux "+base {
		t.Errorf("stored reader %s", got)
	}

	// Find feed, subscribe and send, by keyboard.
	ctx := harness.PopupOnSite(t, b, web, "theverge")
	tabTo(t, ctx, `#find`)
	press(t, ctx, kb.Enter)
	harness.WaitJS(t, ctx, `document.body.dataset.discover === "done"`, 60*time.Second)
	if !harness.Eval[bool](t, ctx, `document.activeElement === document.getElementById("find")`) {
		t.Error("the focus left Find feed while it ran")
	}
	// The result is said in the live region too.
	harness.WaitJS(t, ctx, `document.getElementById("announce").textContent.startsWith("Find feed finished: ")`, 5*time.Second)
	if said := harness.Eval[string](t, ctx, `document.getElementById("announce").textContent`); said != "Find feed finished: "+harness.Eval[string](t, ctx, `document.getElementById("reason").textContent + " " + document.getElementById("cost").textContent`) {
		t.Errorf("announced %q", said)
	}
	tabTo(t, ctx, `#found-feeds button.sub`)
	press(t, ctx, " ")
	harness.WaitJS(t, ctx, `document.activeElement.matches("#found-feeds button.sub") && document.activeElement.getAttribute("aria-pressed") === "true"`, 5*time.Second)
	tabTo(t, ctx, `#found-feeds button.send`)
	if got := harness.Eval[string](t, ctx, `document.activeElement.textContent`); got != "Add to Miniflux" {
		t.Errorf("send button says %q", got)
	}
	press(t, ctx, kb.Enter)
	want := "http://127.0.0.1:9/miniflux/bookmarklet?uri=" + url.QueryEscape(site.Expect.FeedURL)
	waitTab(t, b, want)

	// Export and import, by keyboard.
	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(b.Ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl,
	}); err != nil {
		t.Fatal(err)
	}
	harness.Eval[bool](t, ctx, `(document.activeElement.blur(), true)`)
	tabTo(t, ctx, `#tab-subs`)
	press(t, ctx, kb.Enter)
	harness.WaitJS(t, ctx, `!document.getElementById("view-subs").hidden && document.querySelectorAll("#subs-list li").length === 1`, 5*time.Second)
	tabTo(t, ctx, `#export`)
	press(t, ctx, kb.Enter)
	file := filepath.Join(dl, "feedscout-subscriptions.opml")
	deadline := time.Now().Add(10 * time.Second)
	for {
		if _, err := os.Stat(file); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("Enter on Export OPML downloaded nothing to %s", dl)
		}
		time.Sleep(50 * time.Millisecond)
	}

	// Import opens the file chooser from the keyboard; the test answers it.
	chooser := make(chan cdp.BackendNodeID, 1)
	_ = chromedp.Listen(ctx, func(ev any) {
		if e, ok := ev.(*page.EventFileChooserOpened); ok {
			chooser <- e.BackendNodeID
		}
	})
	harness.Call(t, ctx, page.SetInterceptFileChooserDialog, page.SetInterceptFileChooserDialogParams{Enabled: true})
	tabTo(t, ctx, `#import-button`)
	press(t, ctx, kb.Enter)
	select {
	case node := <-chooser:
		harness.Call(t, ctx, dom.SetFileInputFiles, dom.SetFileInputFilesParams{Files: []string{file}, BackendNodeID: node})
	case <-time.After(5 * time.Second):
		t.Fatal("Enter on Import OPML opened no file chooser")
	}
	harness.WaitJS(t, ctx, `document.getElementById("subs-note").textContent.startsWith("Imported")`, 10*time.Second)
	if note := harness.Eval[string](t, ctx, `document.getElementById("subs-note").textContent`); note != "Imported 0 subscriptions from feedscout-subscriptions.opml; 1 already there." {
		t.Errorf("import says %q", note)
	}

	// Remove by keyboard: the focus moves on to what is left (Import,
	// once the list is empty), not to the page.
	harness.Eval[bool](t, ctx, `(document.getElementById("tab-subs").focus(), true)`)
	tabTo(t, ctx, `#subs-list button.remove`)
	press(t, ctx, kb.Enter)
	harness.WaitJS(t, ctx, `document.querySelectorAll("#subs-list li").length === 0 && document.activeElement === document.getElementById("import-button")`, 5*time.Second)
}
