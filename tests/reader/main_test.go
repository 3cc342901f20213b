// Package reader tests what real readers make of feedscout's OPML and feeds: newsboat, FreshRSS's XPath, RSS-Bridge, Miniflux, the opml command and the popup's export.
package reader

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
