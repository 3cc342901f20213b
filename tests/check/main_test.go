// Package check tests news sitemap and feed checking: the host's check command and native request over the fixture web's good and hostile sites, the codes and their sentences in every locale, and the popup's check and the generator page in Chromium.
package check

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
