package harness

// A tool the release tests need on PATH, or the test skips (fails in CI).

import (
	"os/exec"
	"testing"
)

// ToolPath finds a program or skips (fails under FEEDSCOUT_REQUIRE_TOOLS).
func ToolPath(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		Missing(t, name+" is not installed (.ci/run installs it)")
	}
	return p
}
