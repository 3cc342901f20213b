package harness

// axe-core (npm, tests/testdata/npm) run inside a real extension page: the
// accessibility checks of the browser, check and firefox groups.

import (
	"context"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/chromedp/cdproto/emulation"
	"github.com/chromedp/chromedp"
)

// AxeSource is axe-core's browser build, or the test is skipped (failed
// under FEEDSCOUT_REQUIRE_TOOLS) without it.
func AxeSource(t *testing.T) string {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join("../testdata", "npm", "node_modules", "axe-core", "axe.min.js"))
	if err != nil {
		Missing(t, "axe-core is not installed (npm ci --prefix tests/testdata/npm): "+err.Error())
	}
	return string(raw)
}

// axeViolation is one rule axe found broken, with the elements.
type axeViolation struct {
	ID    string   `json:"id"`
	Help  string   `json:"help"`
	Nodes []string `json:"nodes"`
}

// AxeCheck runs axe in ctx's page, in the light and the dark color
// scheme, and fails the test on any violation. axe is injected with
// Runtime.evaluate, which the extension pages' CSP does not stop.
func AxeCheck(t *testing.T, ctx context.Context, src, state string) {
	t.Helper()
	if !Eval[bool](t, ctx, `typeof axe === "object"`) {
		if _, err := chromedp.Run(ctx, chromedp.Evaluate[bool](src+"\n;true")); err != nil {
			t.Fatalf("%s: inject axe-core: %v", state, err)
		}
	}
	for _, scheme := range []string{"light", "dark"} {
		Call(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{Features: []*emulation.MediaFeature{{Name: "prefers-color-scheme", Value: scheme}}})
		got := Eval[struct {
			Violations []axeViolation `json:"violations"`
			Passes     []string       `json:"passes"`
		}](t, ctx, `axe.run(document).then(r => ({
			violations: r.violations.map(v => ({
				id: v.id, help: v.help, nodes: v.nodes.map(n => n.target.join(" ") + ": " + (n.failureSummary || "").replace(/\s+/g, " ")),
			})),
			passes: r.passes.map(p => p.id),
		}))`)
		// The contrast rule ran and passed (the page has text to check).
		if !slices.Contains(got.Passes, "color-contrast") {
			t.Errorf("%s (%s): axe's color-contrast rule did not pass; passed: %v", state, scheme, got.Passes)
		}
		for _, v := range got.Violations {
			t.Errorf("%s (%s): axe %s: %s\n\t%s", state, scheme, v.ID, v.Help, strings.Join(v.Nodes, "\n\t"))
		}
	}
	Call(t, ctx, emulation.SetEmulatedMedia, emulation.SetEmulatedMediaParams{})
}
