// Package jsonw is the hand-written JSON writer of what both the
// WebAssembly modules and the host write byte for byte alike (classify.Page's
// answer, the modules' replies): members of an object, arrays and strings,
// the same bytes json.Marshal gives, without encoding/json.
package jsonw

import (
	"strconv"
	"unicode/utf8"
)

// The modules write their JSON by hand, without encoding/json: that
// package (with the reflection it needs) adds 0.6 MB to a module, which
// would take classify.wasm past its 3.6 MB budget. The output is byte for
// byte what json.Marshal gives for the same values; the tests here, the
// writers' tests in each package that uses it and the parity tests in
// tests/ hold it to that.

// Object appends the members of one JSON object to B.
type Object struct {
	B []byte
	n int
}

// Key starts member k.
func (o *Object) Key(k string) {
	if o.n == 0 {
		o.B = append(o.B, '{')
	} else {
		o.B = append(o.B, ',')
	}
	o.n++
	o.B = AppendString(o.B, k)
	o.B = append(o.B, ':')
}

// Str writes a string member.
func (o *Object) Str(k, v string) {
	o.Key(k)
	o.B = AppendString(o.B, v)
}

// StrOmit writes a string member tagged omitempty.
func (o *Object) StrOmit(k, v string) {
	if v != "" {
		o.Str(k, v)
	}
}

// Boolean writes a boolean member.
func (o *Object) Boolean(k string, v bool) {
	o.Key(k)
	o.B = strconv.AppendBool(o.B, v)
}

// Integer writes an integer member.
func (o *Object) Integer(k string, v int) {
	o.Key(k)
	o.B = strconv.AppendInt(o.B, int64(v), 10)
}

// Done closes the object and returns the bytes.
func (o *Object) Done() []byte {
	if o.n == 0 {
		return append(o.B, '{', '}')
	}
	return append(o.B, '}')
}

// Array appends a JSON array of n elements written by each.
func Array(b []byte, n int, each func(b []byte, i int) []byte) []byte {
	b = append(b, '[')
	for i := 0; i < n; i++ {
		if i > 0 {
			b = append(b, ',')
		}
		b = each(b, i)
	}
	return append(b, ']')
}

const hexDigits = "0123456789abcdef"

// AppendString appends s as a JSON string the way encoding/json does with
// HTML escaping on (its default): ", \ and control bytes escaped, <, > and
// & as \u003c \u003e \u0026, U+2028 and U+2029 escaped, invalid UTF-8 as
// \ufffd.
func AppendString(b []byte, s string) []byte {
	b = append(b, '"')
	start := 0
	for i := 0; i < len(s); {
		if c := s[i]; c < utf8.RuneSelf {
			if c >= 0x20 && c != '"' && c != '\\' && c != '<' && c != '>' && c != '&' {
				i++
				continue
			}
			b = append(b, s[start:i]...)
			switch c {
			case '"', '\\':
				b = append(b, '\\', c)
			case '\b':
				b = append(b, '\\', 'b')
			case '\f':
				b = append(b, '\\', 'f')
			case '\n':
				b = append(b, '\\', 'n')
			case '\r':
				b = append(b, '\\', 'r')
			case '\t':
				b = append(b, '\\', 't')
			default:
				b = append(b, '\\', 'u', '0', '0', hexDigits[c>>4], hexDigits[c&0xF])
			}
			i++
			start = i
			continue
		}
		r, size := utf8.DecodeRuneInString(s[i:])
		if r == utf8.RuneError && size == 1 {
			b = append(b, s[start:i]...)
			b = append(b, `\ufffd`...)
			i += size
			start = i
			continue
		}
		if r == '\u2028' || r == '\u2029' {
			b = append(b, s[start:i]...)
			b = append(b, '\\', 'u', '2', '0', '2', hexDigits[r&0xF])
			i += size
			start = i
			continue
		}
		i += size
	}
	b = append(b, s[start:]...)
	return append(b, '"')
}
