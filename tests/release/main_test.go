// Package release tests the release ./build.sh dist makes: the archives and checksums, the .deb (lintian, an install the browsers use), and the Windows host under Wine.
package release

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
