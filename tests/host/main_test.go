// Package host tests the built host as a program: its CLI and native messaging framing, discovery over native messaging, the terminal, the platform rules' feeds, and the host a browser worker restarts.
package host

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
