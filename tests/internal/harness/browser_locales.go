package harness

// The extension's messages (extension/_locales) read per language.

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// Message is one entry of a messages.json.
type Message struct {
	Message     string `json:"message"`
	Description string `json:"description"`
}

// ReadLocale reads extension/_locales/lang/messages.json.
func ReadLocale(t *testing.T, lang string) map[string]Message {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(ExtensionSource, "_locales", lang, "messages.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]Message
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s/messages.json: %v", lang, err)
	}
	return m
}
