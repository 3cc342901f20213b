package harness

// The extension's source as it is in the repository, and its manifest.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// ExtensionSource is the extension as committed (not as built), so these
// checks hold for what reviewers read.
const ExtensionSource = "../../extension"

// ReadManifest decodes the committed extension/manifest.json.
func ReadManifest(t *testing.T) map[string]any {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(ExtensionSource, "manifest.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("manifest.json: %v", err)
	}
	return m
}
