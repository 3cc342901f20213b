package discover

// Helpers for the discovery tests: a fixture web, the host's
// `discover --json` run against it, and the reports decoded.

import (
	"testing"

	"feedscout/tests/internal/harness"
)

// decodeReport decodes the one report of `discover --json` output.
func decodeReport(t testing.TB, out string) *harness.Report {
	t.Helper()
	r := &harness.Report{}
	harness.DecodeJSON(t, out, r)
	return r
}
