// Package discover tests discovery through the built host: every fixture site's report, its requests counted against what the servers saw, the golden reports and the report sample held to the contract, the headlines, the smart order's economy and the hostile sites.
package discover

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
