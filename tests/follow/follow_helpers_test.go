package follow

// Helpers for the following tests: a fixture web with a Newsdesk (a site
// that publishes and fails on demand) beside the default sites, the `feed`
// command, and the independent readers its output must pass.

import (
	"os"
	"os/exec"
	"testing"

	"feedscout/tests/internal/harness"
)

// xmllintCheck runs xmllint --noout on the file: well-formed XML.
func xmllintCheck(t testing.TB, file string) {
	t.Helper()
	xl, err := exec.LookPath("xmllint")
	if err != nil {
		harness.Missing(t, "no xmllint on PATH (apt-get install libxml2-utils)")
	}
	if out, err := exec.Command(xl, "--noout", file).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("xmllint --noout %s: %v\n%s", file, err, out)
	}
}

// writeFile writes s to path or fails the test.
func writeFile(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
