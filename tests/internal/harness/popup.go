package harness

// Helpers of the popup tests that subscribe and export, in Chromium and
// Firefox.

import (
	"context"
	"encoding/json"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	cdpbrowser "github.com/chromedp/cdproto/browser"
	"github.com/chromedp/chromedp"
)

// PagePopup opens page in a tab of b and the popup on it, and waits until
// the popup shows the page's feeds.
func PagePopup(t *testing.T, b *Browser, page string) context.Context {
	t.Helper()
	b.Tab(page)
	ctx := b.Popup(b.Click(page), nil)
	WaitJS(t, ctx, `document.body.dataset.state === "page"`, 15*time.Second)
	return ctx
}

// DrawReport has the popup in ctx draw report for site, as after Find
// feed (popup.js renderReport), and waits until it lists the report's
// sections.
func DrawReport(t *testing.T, ctx context.Context, site string, report map[string]any) {
	t.Helper()
	raw, err := json.Marshal(report)
	if err != nil {
		t.Fatal(err)
	}
	Eval[bool](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.renderReport(%s, {site: %q}), true))`, raw, site))
	sections, _ := report["sections"].([]any)
	WaitJS(t, ctx, fmt.Sprintf(`document.querySelectorAll("#sections-list .section").length === %d`, len(sections)), 5*time.Second)
}

// SubscribedFour serves a page advertising two feeds, opens the popup on
// it in a Chromium with no host installed and subscribes to both feeds,
// then, from a report the popup draws as after Find feed, to a news
// sitemap split by department (at dept, a path and query on the page's
// server) and a section. It returns the browser, the popup, the server
// and the four stored subscriptions.
func SubscribedFour(t *testing.T, dept string) (*Browser, context.Context, *PageServer, []map[string]string) {
	t.Helper()
	srv := ServePages(t, map[string]string{"/": TwoFeeds()})
	b := StartBrowser(t, BrowserOptions{NoHost: true})
	ctx := PagePopup(t, b, srv.URL+"/")
	SubscribeAll(t, ctx, "#advertised")
	DrawReport(t, ctx, srv.URL+"/", map[string]any{
		"site": srv.URL + "/", "outcome": "news-sitemap", "reason": "News sitemaps by department.",
		"sitemaps": []any{map[string]any{"url": srv.URL + "/sitemap-index.xml", "kind": "news", "urls": 2,
			"departments": []any{map[string]any{"url": srv.URL + dept, "name": "business"}}}},
		"sections": []any{map[string]any{"url": srv.URL + "/news/section-1/", "title": "Section 1"}},
		"requests": []any{},
	})
	SubscribeAll(t, ctx, "#found-sitemaps")
	SubscribeAll(t, ctx, "#sections-list")
	subs := Stored(t, ctx)
	if len(subs) != 4 {
		t.Fatalf("stored %d subscriptions, want 4: %v", len(subs), subs)
	}
	return b, ctx, srv, subs
}

// AllowDownloads has Chromium save every download into a new folder,
// which it returns.
func AllowDownloads(t *testing.T, b *Browser) string {
	t.Helper()
	dl := t.TempDir()
	if _, err := chromedp.CallBrowser(b.Ctx, cdpbrowser.SetDownloadBehavior, cdpbrowser.SetDownloadBehaviorParams{
		Behavior: cdpbrowser.SetDownloadBehaviorBehaviorAllow, DownloadPath: dl,
	}); err != nil {
		t.Fatal(err)
	}
	return dl
}

// SubsTab shows the popup's subscriptions tab and waits for its export
// controls.
func SubsTab(t *testing.T, ctx context.Context) {
	t.Helper()
	Eval[bool](t, ctx, `(document.getElementById("tab-subs").click(), true)`)
	WaitJS(t, ctx, `!!document.getElementById("export-reader")`, 5*time.Second)
}

// WaitDownload waits up to timeout until file is downloaded in full (it
// is there, not empty, and no partial file, Firefox's .part, stands
// beside it) and returns its content. note, unless nil, says what the
// popup says, for the failure.
func WaitDownload(t *testing.T, file string, timeout time.Duration, note func() string) []byte {
	t.Helper()
	deadline := time.Now().Add(timeout)
	for {
		fi, err := os.Stat(file)
		_, partial := os.Stat(file + ".part")
		if err == nil && fi.Size() > 0 && partial != nil {
			break
		}
		if time.Now().After(deadline) {
			said := ""
			if note != nil {
				said = note()
			}
			entries, _ := os.ReadDir(filepath.Dir(file))
			t.Fatalf("no download %s after %v; the folder has %v; popup says %q", file, timeout, entries, said)
		}
		time.Sleep(50 * time.Millisecond)
	}
	b, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// NewsboatImport has newsboat (the binary at newsboat) import the OPML
// file (doc is its content, for the failure) into a fresh home, and
// returns the URLs its urls file lists, sorted, and the file itself.
func NewsboatImport(t *testing.T, newsboat, file string, doc []byte) ([]string, []byte) {
	t.Helper()
	home := t.TempDir()
	urls := filepath.Join(home, "urls")
	cmd := exec.Command(newsboat, "-u", urls, "-c", filepath.Join(home, "cache.db"), "-C", filepath.Join(home, "config"), "-i", file)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("newsboat -i: %v\n%s\nOPML:\n%s", err, out, doc)
	}
	listed, err := os.ReadFile(urls)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(string(listed), "\n") {
		if f := strings.Fields(line); len(f) > 0 && !strings.HasPrefix(f[0], "#") {
			got = append(got, strings.Trim(f[0], `"`))
		}
	}
	sort.Strings(got)
	return got, listed
}
