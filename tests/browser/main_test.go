// Package browser tests the extension in real Chromium: the popup on fixture sites, its subscriptions, readers, preview, locales, keyboard, accessibility, the toolbar glance, the worker's port and cache, and the built extension's files.
package browser

import (
	"os"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
