// Package follow tests following news sitemaps and sections as feeds with the built host's feed command: the feeds it writes (checked by feedparser and xmllint), faults, a killed follower, newsboat reading them.
package follow

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
