//go:build wasip1

package classify

// decode in the WebAssembly build takes body as UTF-8, whatever charset
// contentType or a <meta> names. The module runs in the popup, which hands
// it the page as text the browser has already decoded (a JS string sent as
// UTF-8), so decoding again would garble it; and the charset tables of
// golang.org/x/net/html/charset (1.1 MB) would push the module past its
// 3.6 MB budget. Invalid bytes become U+FFFD when text is collected.
func decode(body []byte, contentType string) []byte { return body }
