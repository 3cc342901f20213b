package browser

// "Add to <reader>" in a real Chromium: the button on a found feed opens a
// tab at exactly the reader's subscribe address for the feed, and nothing
// in the extension makes a request. The browser resolves no host name but
// loopback's, so the reader tabs cannot reach any reader either: their
// navigation ends at a DNS error before any request leaves.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"feedscout/tests/internal/harness"
)

// noDNS makes Chromium resolve only loopback: every other host name is
// "not found" at once.
var noDNS = chromedp.Flag("host-resolver-rules", "MAP * ~NOTFOUND, EXCLUDE 127.0.0.1")

// pageTargetURLs lists the URLs of the browser's page targets.
func pageTargetURLs(t *testing.T, b *harness.Browser) map[string]target.ID {
	t.Helper()
	infos, err := chromedp.Targets(b.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	out := map[string]target.ID{}
	for _, i := range infos {
		if i.Type == "page" {
			out[i.URL] = i.TargetID
		}
	}
	return out
}

// waitTab waits for a page target at exactly url and returns it.
func waitTab(t *testing.T, b *harness.Browser, url string) target.ID {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		urls := pageTargetURLs(t, b)
		if id, ok := urls[url]; ok {
			return id
		}
		if time.Now().After(deadline) {
			var seen []string
			for u := range urls {
				seen = append(seen, u)
			}
			t.Fatalf("no tab opened at %s; tabs: %s", url, strings.Join(seen, ", "))
		}
		time.Sleep(50 * time.Millisecond)
	}
}

// readerPage is a news page advertising readerFeed.
func readerPage() string {
	return harness.NewsPage("Reader Fixture", []harness.LinkTag{{Rel: "alternate", Typ: "application/rss+xml", Title: "Reader Fixture トップ", Href: readerFeed}}, 2, 2, "")
}

func TestPopupSendToReader(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true, Flags: []chromedp.ExecAllocatorOption{noDNS}})
	var reqs requestLog
	ctx, _ := openPopupOn(t, b, readerPage(), &reqs)
	feed := harness.Eval[string](t, ctx, `document.querySelector("#advertised li.row").dataset.url`)
	if feed != "https://www.example.co.jp/rss/%E3%83%88%E3%83%83%E3%83%97.xml?cat=a&b=1" {
		t.Fatalf("advertised feed %q", feed)
	}

	// Before a reader is chosen the button opens the settings.
	if got := harness.Eval[string](t, ctx, `document.querySelector("#advertised button.send").textContent`); got != "Send to reader…" {
		t.Errorf("send button before a choice: %q", got)
	}
	harness.Eval[bool](t, ctx, `(document.querySelector("#advertised button.send").click(), true)`)
	closeTarget(t, b, waitTab(t, b, harness.ExtensionOrigin+"options/options.html"))

	for _, c := range builtInReaders {
		name := c.Setting["id"]
		t.Run(name, func(t *testing.T) {
			setting := mustJSON(c.Setting)
			want := "Add to " + c.Label
			if c.Label == "" {
				want = "Open in desktop reader"
			}
			harness.Eval[bool](t, ctx, fmt.Sprintf(`chrome.storage.sync.set({reader: %s}).then(() => true)`, setting))
			harness.WaitJS(t, ctx, fmt.Sprintf(`document.querySelector("#advertised button.send").textContent === %q`, want), 5*time.Second)
			label := harness.Eval[string](t, ctx, `document.querySelector("#advertised button.send").getAttribute("aria-label")`)
			if !strings.Contains(label, "Reader Fixture トップ") {
				t.Errorf("aria-label %q does not name the feed", label)
			}
			harness.Eval[bool](t, ctx, `(document.querySelector("#advertised button.send").click(), true)`)
			closeTarget(t, b, waitTab(t, b, c.Want))
		})
	}
	// A subscribed feed has the same button in the subscriptions view.
	harness.Eval[bool](t, ctx, `(document.querySelector("#advertised button.sub").click(), true)`)
	harness.WaitJS(t, ctx, `document.querySelectorAll("#subs-list li button.send").length === 1`, 5*time.Second)
	last := builtInReaders[len(builtInReaders)-1]
	harness.Eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), document.querySelector("#subs-list button.send").click(), true)`)
	closeTarget(t, b, waitTab(t, b, last.Want))
	if ext := reqs.external(); len(ext) > 0 {
		t.Errorf("the popup made requests: %v", ext)
	}
}
