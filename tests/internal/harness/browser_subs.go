package harness

// Subscriptions made in the real popup, and the extension storage that
// holds them.

import (
	"context"
	"fmt"
	"testing"
	"time"
)

// TwoFeeds is a homepage advertising two feeds.
func TwoFeeds() string {
	return NewsPage("Two Feeds Daily", []LinkTag{
		{"alternate", "application/rss+xml", "Two Feeds Daily: <News> & more", "/rss/news.xml"},
		{"alternate", "application/atom+xml", "Two Feeds Daily: Opinion", "/atom/opinion.xml"},
	}, 5, 5, "")
}

// SubscribeAll clicks every subscribe toggle under sel and waits until all
// show "Subscribed".
func SubscribeAll(t *testing.T, ctx context.Context, sel string) {
	t.Helper()
	n := Eval[int](t, ctx, fmt.Sprintf(`(() => { const bs = [...document.querySelectorAll(%q)]; bs.forEach(b => b.click()); return bs.length; })()`, sel+" button.sub"))
	if n == 0 {
		t.Fatalf("no subscribe toggles under %s", sel)
	}
	WaitJS(t, ctx, fmt.Sprintf(`[...document.querySelectorAll(%q)].every(b => b.getAttribute("aria-pressed") === "true")`, sel+" button.sub"), 5*time.Second)
}

// Stored is the subscription list as the extension stores it.
func Stored(t *testing.T, ctx context.Context) []map[string]string {
	t.Helper()
	return Eval[[]map[string]string](t, ctx, `chrome.storage.local.get(null).then(all =>
		Object.entries(all).filter(([k]) => k.startsWith("sub:")).map(([, v]) => v).filter(v => v && typeof v.url === "string")
			.sort((a, b) => a.url.localeCompare(b.url)))`)
}
