package harness

// An extension page to import the extension's pure modules (extension/lib)
// into.

import (
	"context"
	"testing"
	"time"
)

// LibPage opens an extension page to import modules into. The popup page
// with no usable tab just says it cannot read the tab.
func LibPage(t *testing.T, b *Browser) context.Context {
	t.Helper()
	ctx := b.Popup(-1, nil)
	WaitJS(t, ctx, `document.body.dataset.state === "page-error"`, 10*time.Second)
	return ctx
}
