package harness

// A Go string as a JS string literal, for the tests that hand Go values to
// the extension's JS under Node.

import (
	"encoding/json"
)

// JSString quotes s as a JavaScript string literal.
func JSString(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
