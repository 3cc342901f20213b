package browser

// The built extension holds one copy of each popup module: build.sh
// bundles popup.js and drops every popup module the bundle took in, so
// dist/extension/popup (and the Firefox copy) has exactly the scripts its
// pages load, and every import left in the built JS finds its file.

import (
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"

	"feedscout/tests/internal/harness"
)

// scriptSrc finds the src of a <script> tag.
var scriptSrc = regexp.MustCompile(`<script\b[^>]*\bsrc="([^"]+)"`)

// jsImport finds the specifier of a static or dynamic import, or an
// export ... from.
var jsImport = regexp.MustCompile(`(?m)(?:^\s*import\s[^;]*?\sfrom\s*|^\s*import\s*|^\s*export\s[^;]*?\sfrom\s*|\bimport\()["']([^"']+)["']`)

func TestDistPopupHasOnlyLoadedScripts(t *testing.T) {
	dist := harness.DistDir(t)
	src, err := filepath.Glob(filepath.Join(harness.ExtensionSource, "popup", "*.js"))
	if err != nil || len(src) < 3 {
		t.Fatalf("extension/popup has %d modules (%v)", len(src), err)
	}
	for _, ext := range []string{"extension", "extension-firefox"} {
		t.Run(ext, func(t *testing.T) {
			root := filepath.Join(dist, ext)
			popup := filepath.Join(root, "popup")
			// The scripts the extension's pages load from popup/.
			var want []string
			pages, _ := filepath.Glob(filepath.Join(root, "*", "*.html"))
			if len(pages) == 0 {
				t.Fatalf("%s has no pages", root)
			}
			for _, page := range pages {
				raw, err := os.ReadFile(page)
				if err != nil {
					t.Fatal(err)
				}
				for _, m := range scriptSrc.FindAllStringSubmatch(string(raw), -1) {
					p := filepath.Clean(filepath.Join(filepath.Dir(page), m[1]))
					if strings.HasPrefix(m[1], "/") {
						p = filepath.Join(root, m[1])
					}
					if _, err := os.Stat(p); err != nil {
						t.Errorf("%s loads %s, which the build lacks", rel(root, page), m[1])
					}
					if filepath.Dir(p) == popup && !slices.Contains(want, filepath.Base(p)) {
						want = append(want, filepath.Base(p))
					}
				}
			}
			var got []string
			entries, err := os.ReadDir(popup)
			if err != nil {
				t.Fatal(err)
			}
			for _, e := range entries {
				if strings.HasSuffix(e.Name(), ".js") {
					got = append(got, e.Name())
				}
			}
			slices.Sort(want)
			if !slices.Equal(got, want) || !slices.Contains(got, "popup.js") || !slices.Contains(got, "boot.js") {
				t.Errorf("%s/popup has the scripts %v; its pages load %v (popup.js the bundle, boot.js)", ext, got, want)
			}
			if len(got) >= len(src) {
				t.Errorf("%s/popup has %d scripts, the source %d: nothing was bundled", ext, len(got), len(src))
			}
			// Every relative import in the built JS finds its file (the
			// bundle's own are the lib/ modules it loads on demand).
			err = filepath.WalkDir(root, func(p string, d os.DirEntry, err error) error {
				if err != nil || d.IsDir() || !strings.HasSuffix(p, ".js") {
					return err
				}
				raw, err := os.ReadFile(p)
				if err != nil {
					return err
				}
				for _, m := range jsImport.FindAllStringSubmatch(string(raw), -1) {
					spec := m[1]
					if !strings.HasPrefix(spec, ".") && !strings.HasPrefix(spec, "/") {
						continue
					}
					target := filepath.Join(filepath.Dir(p), spec)
					if strings.HasPrefix(spec, "/") {
						target = filepath.Join(root, spec)
					}
					if _, err := os.Stat(target); err != nil {
						t.Errorf("%s imports %s, which the build lacks", rel(root, p), spec)
					}
				}
				return nil
			})
			if err != nil {
				t.Fatal(err)
			}
		})
	}
}

// rel is p relative to root, for messages.
func rel(root, p string) string {
	r, err := filepath.Rel(root, p)
	if err != nil {
		return p
	}
	return r
}
