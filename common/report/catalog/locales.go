package catalog

import (
	"bytes"
	"encoding/json"
	"strings"
)

// LocalesDir is where the extension's messages are, from the repository's
// root: _locales/LANG/messages.json, which Locale writes.
const LocalesDir = "extension/_locales"

// Locale is the extension's _locales/lang/messages.json made from the
// language's source: each message in the source's order, its template as
// the message (every "$" doubled, so that chrome.i18n gives the template
// back as written and lib/i18n.js fills it), English's notes as
// descriptions. go generate ./common/report/catalog writes it; a test fails when
// the written file differs.
func Locale(lang string) ([]byte, error) {
	keys, entries, err := Source(lang)
	if err != nil {
		return nil, err
	}
	var b bytes.Buffer
	b.WriteString("{\n")
	for i, k := range keys {
		e := entries[k]
		e.Message = strings.ReplaceAll(e.Message, "$", "$$")
		var one bytes.Buffer
		enc := json.NewEncoder(&one)
		enc.SetEscapeHTML(false)
		enc.SetIndent("  ", "  ")
		if err := enc.Encode(e); err != nil {
			return nil, err
		}
		name, _ := json.Marshal(k)
		b.WriteString("  " + string(name) + ": " + strings.TrimSuffix(one.String(), "\n"))
		if i < len(keys)-1 {
			b.WriteByte(',')
		}
		b.WriteByte('\n')
	}
	b.WriteString("}\n")
	return b.Bytes(), nil
}
