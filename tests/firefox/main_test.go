// Package firefox tests the extension in real Firefox over WebDriver BiDi: its build (the Firefox manifest, the .xpi, web-ext lint), the host's install for Firefox, the popup, subscriptions, the glance, the follow route, idle ports, and ./build.sh run --firefox (firefox_run.go). firefox_package.go and firefox_run.go are the programs build.sh runs, each built alone (go run).
package firefox

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
