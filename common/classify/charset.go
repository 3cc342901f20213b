//go:build !wasip1

package classify

import (
	"unicode/utf8"

	"golang.org/x/net/html/charset"
)

// decode returns body as UTF-8 (the WebAssembly build has its own, in
// charset_wasip1.go). The encoding is found as a browser finds it (WHATWG
// encoding sniffing, as charset.DetermineEncoding implements it): BOM, the
// charset parameter of contentType, a <meta> charset in the first 1024
// bytes. When none of those
// speaks, DetermineEncoding falls back to windows-1252 unless the first
// 1024 bytes already show UTF-8; we also keep UTF-8 when the whole body is
// valid UTF-8, because a page whose non-ASCII starts later is far more often
// undeclared UTF-8 than windows-1252.
//
// Bytes that are invalid in the chosen encoding become U+FFFD (for UTF-8
// that happens when text is collected, not here, to avoid a copy).
func decode(body []byte, contentType string) []byte {
	enc, name, certain := charset.DetermineEncoding(body, contentType)
	if name == "utf-8" || (!certain && name == "windows-1252" && utf8.Valid(body)) {
		return body
	}
	out, err := enc.NewDecoder().Bytes(body)
	if err != nil {
		// The x/text decoders replace invalid input instead of failing;
		// keep the bytes as they are if one ever does.
		return body
	}
	return out
}
