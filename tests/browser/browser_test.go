package browser

// The browser harness: Debian's Chromium, headless, with the unpacked
// extension from the built product and the host manifest in the profile,
// driven with chromedp. Each test starts its own browser (about a second)
// so tests stay independent; a browser's tabs are cheap.

import (
	"context"
	"sync"

	"github.com/chromedp/cdproto/page"
	"github.com/chromedp/chromedp"
)

// dialogs counts JavaScript dialogs (alert, confirm) opened in ctx's target.
func dialogs(ctx context.Context) func() int {
	var mu sync.Mutex
	n := 0
	_ = chromedp.Listen(ctx, func(ev any) {
		if _, ok := ev.(*page.EventJavascriptDialogOpening); ok {
			mu.Lock()
			n++
			mu.Unlock()
		}
	})
	return func() int {
		mu.Lock()
		defer mu.Unlock()
		return n
	}
}
