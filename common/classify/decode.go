//go:build !wasip1

package classify

// DecodePage returns a page's bytes as the text a browser that loaded them
// would hold, UTF-8: the charset parameter of contentType (may be ""), a
// BOM or a <meta> in the first 1024 bytes decide, and a page that declares
// nothing and is valid UTF-8 stays UTF-8 (decode, charset.go, the choice
// Classify makes). It is what the host hands ClassifyText for a saved
// page, which the popup would have from the browser. Not in the
// WebAssembly build: the pages there are text already.
func DecodePage(body []byte, contentType string) []byte { return decode(body, contentType) }
