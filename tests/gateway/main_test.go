// Package gateway tests the gateway the built host serves: on loopback and public with signed URLs, TLS, its limits, its system service unit, and the server readers that read it.
package gateway

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
