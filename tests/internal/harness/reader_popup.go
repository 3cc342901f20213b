package harness

// XML text escaping, for OPML documents written by tests.

import (
	"encoding/xml"
	"strings"
)

// XMLEscape writes s as encoding/xml escapes an attribute value.
func XMLEscape(w *strings.Builder, s string) error { return xml.EscapeText(w, []byte(s)) }
