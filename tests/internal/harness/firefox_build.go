package harness

// web-ext (npm, tests/testdata/npm) and the lint warnings the Firefox
// build keeps, and the files of a built tree: the Firefox build and
// release tests.

import (
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"testing"
)

// KeptLintWarnings are the web-ext lint warnings the Firefox build may
// have, by code, each with why it stays (docs/firefox.md lists the same).
// It is empty: the build lints clean, and a new warning fails the test
// until it is fixed or written down here and in docs/firefox.md.
var KeptLintWarnings = map[string]string{}

// WebExt finds the web-ext of tests/testdata/npm (npm ci --prefix
// tests/testdata/npm).
func WebExt(t *testing.T) string {
	t.Helper()
	p, err := filepath.Abs("../testdata/npm/node_modules/.bin/web-ext")
	if err != nil {
		t.Fatal(err)
	}
	if _, err := os.Stat(p); err != nil {
		Missing(t, "web-ext not installed (npm ci --prefix tests/testdata/npm)")
	}
	if _, err := exec.LookPath("node"); err != nil {
		Missing(t, "node not installed; web-ext needs it")
	}
	return p
}

// TreeFiles reads every file under dir, by slash-separated relative name.
func TreeFiles(t *testing.T, dir string) map[string][]byte {
	t.Helper()
	out := map[string][]byte{}
	err := filepath.WalkDir(dir, func(p string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		rel, _ := filepath.Rel(dir, p)
		body, err := os.ReadFile(p)
		out[filepath.ToSlash(rel)] = body
		return err
	})
	if err != nil {
		t.Fatal(err)
	}
	return out
}

// Keys are m's keys, sorted.
func Keys(m map[string][]byte) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
