// Package wasm tests the built WebAssembly modules under wazero and Node: classify.wasm's and newsmap.wasm's answers against the Go packages', their ABI and size budgets, and the host's classify --json against the module.
package wasm

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
