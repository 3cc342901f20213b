package feed

import (
	"bytes"
	"mime"
	"strings"
	"unicode/utf8"

	"golang.org/x/net/html/charset"
	"golang.org/x/text/encoding/unicode"
)

// toUTF8 returns body as UTF-8. Bytes that are already valid UTF-8 are
// kept as they are, whatever the labels say (a server's default charset
// in Content-Type is often wrong, and non-UTF-8 text in Shift_JIS,
// windows-1251 or Latin-1 is practically never valid UTF-8 by accident).
// Otherwise the encoding named in the XML declaration is used, else the
// charset of Content-Type (RFC 7303 makes it authoritative; gofeed ignores
// it), else invalid bytes become U+FFFD.
func toUTF8(body []byte, contentType string) []byte {
	if utf8.Valid(body) {
		return body
	}
	for _, label := range []string{declaredEncoding(body), contentTypeCharset(contentType)} {
		if label == "" {
			continue
		}
		enc, name := charset.Lookup(label)
		if enc == nil || name == "utf-8" {
			continue
		}
		if out, err := enc.NewDecoder().Bytes(body); err == nil && utf8.Valid(out) {
			return out
		}
	}
	return bytes.ToValidUTF8(body, []byte("\uFFFD"))
}

// fromUTF16 decodes a body that starts with a UTF-16 byte order mark.
func fromUTF16(body []byte) []byte {
	if len(body) < 2 || !(body[0] == 0xfe && body[1] == 0xff || body[0] == 0xff && body[1] == 0xfe) {
		return body
	}
	out, err := unicode.UTF16(unicode.BigEndian, unicode.ExpectBOM).NewDecoder().Bytes(body)
	if err != nil {
		return body
	}
	return out
}

// declaredEncoding returns the encoding pseudo-attribute of an XML
// declaration at the start of body.
func declaredEncoding(body []byte) string {
	head := body[:min(len(body), 256)]
	if !bytes.HasPrefix(head, []byte("<?xml")) {
		return ""
	}
	if end := bytes.Index(head, []byte("?>")); end >= 0 {
		head = head[:end]
	}
	i := bytes.Index(head, []byte("encoding"))
	if i < 0 {
		return ""
	}
	rest := bytes.TrimLeft(head[i+len("encoding"):], " \t\r\n")
	if len(rest) == 0 || rest[0] != '=' {
		return ""
	}
	rest = bytes.TrimLeft(rest[1:], " \t\r\n")
	if len(rest) == 0 || (rest[0] != '"' && rest[0] != '\'') {
		return ""
	}
	q := rest[0]
	rest = rest[1:]
	if j := bytes.IndexByte(rest, q); j >= 0 {
		return strings.TrimSpace(string(rest[:j]))
	}
	return ""
}

// contentTypeCharset returns the charset parameter of a Content-Type.
func contentTypeCharset(ct string) string {
	if ct == "" {
		return ""
	}
	if _, params, err := mime.ParseMediaType(ct); err == nil {
		return params["charset"]
	}
	// Malformed elsewhere: look for the parameter anyway.
	i := strings.Index(strings.ToLower(ct), "charset=")
	if i < 0 {
		return ""
	}
	v := ct[i+len("charset="):]
	if j := strings.IndexAny(v, "; "); j >= 0 {
		v = v[:j]
	}
	return strings.Trim(v, `"'`)
}
