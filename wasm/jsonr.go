package main

import (
	"errors"
	"strconv"
	"unicode/utf16"
	"unicode/utf8"
)

// A small JSON reader for the requests (see jsonw.go for why not
// encoding/json). It parses RFC 8259 JSON into plain values: map[string]any
// for objects (a repeated key: the last wins), []any, string, bool, nil, and
// number for numbers, which no request uses. Strings are decoded as
// encoding/json decodes them: invalid UTF-8 and lone surrogates become
// U+FFFD.

// number is a JSON number, kept as written.
type number string

// maxDepth bounds nesting; requests nest three levels at most.
const maxDepth = 64

type reader struct {
	s     []byte
	i     int
	depth int
}

// parseJSON parses one JSON value that fills in (white space around it
// allowed).
func parseJSON(in []byte) (any, error) {
	r := &reader{s: in}
	v, err := r.value()
	if err != nil {
		return nil, err
	}
	r.space()
	if r.i != len(r.s) {
		return nil, r.fail("data after the value")
	}
	return v, nil
}

func (r *reader) fail(what string) error {
	return errors.New(what + " at offset " + strconv.Itoa(r.i))
}

func (r *reader) space() {
	for r.i < len(r.s) {
		switch r.s[r.i] {
		case ' ', '\t', '\n', '\r':
			r.i++
		default:
			return
		}
	}
}

func (r *reader) value() (any, error) {
	r.space()
	if r.i >= len(r.s) {
		return nil, r.fail("unexpected end of input")
	}
	switch c := r.s[r.i]; {
	case c == '{':
		return r.object()
	case c == '[':
		return r.array()
	case c == '"':
		return r.str()
	case c == 't':
		return true, r.literal("true")
	case c == 'f':
		return false, r.literal("false")
	case c == 'n':
		return nil, r.literal("null")
	case c == '-' || ('0' <= c && c <= '9'):
		return r.number()
	}
	return nil, r.fail("invalid character")
}

func (r *reader) literal(word string) error {
	if len(r.s)-r.i < len(word) || string(r.s[r.i:r.i+len(word)]) != word {
		return r.fail("invalid literal")
	}
	r.i += len(word)
	return nil
}

func (r *reader) enter() error {
	r.depth++
	if r.depth > maxDepth {
		return r.fail("nesting too deep")
	}
	r.i++
	return nil
}

func (r *reader) object() (any, error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	m := map[string]any{}
	r.space()
	if r.i < len(r.s) && r.s[r.i] == '}' {
		r.i++
		r.depth--
		return m, nil
	}
	for {
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != '"' {
			return nil, r.fail("expected a member name")
		}
		k, err := r.str()
		if err != nil {
			return nil, err
		}
		r.space()
		if r.i >= len(r.s) || r.s[r.i] != ':' {
			return nil, r.fail("expected ':'")
		}
		r.i++
		v, err := r.value()
		if err != nil {
			return nil, err
		}
		m[k] = v
		r.space()
		if r.i >= len(r.s) {
			return nil, r.fail("unexpected end of input")
		}
		switch r.s[r.i] {
		case ',':
			r.i++
		case '}':
			r.i++
			r.depth--
			return m, nil
		default:
			return nil, r.fail("expected ',' or '}'")
		}
	}
}

func (r *reader) array() (any, error) {
	if err := r.enter(); err != nil {
		return nil, err
	}
	a := []any{}
	r.space()
	if r.i < len(r.s) && r.s[r.i] == ']' {
		r.i++
		r.depth--
		return a, nil
	}
	for {
		v, err := r.value()
		if err != nil {
			return nil, err
		}
		a = append(a, v)
		r.space()
		if r.i >= len(r.s) {
			return nil, r.fail("unexpected end of input")
		}
		switch r.s[r.i] {
		case ',':
			r.i++
		case ']':
			r.i++
			r.depth--
			return a, nil
		default:
			return nil, r.fail("expected ',' or ']'")
		}
	}
}

// number checks the RFC 8259 number grammar.
func (r *reader) number() (any, error) {
	start := r.i
	if r.s[r.i] == '-' {
		r.i++
	}
	switch {
	case r.i < len(r.s) && r.s[r.i] == '0':
		r.i++
	case r.i < len(r.s) && '1' <= r.s[r.i] && r.s[r.i] <= '9':
		r.digits()
	default:
		return nil, r.fail("invalid number")
	}
	if r.i < len(r.s) && r.s[r.i] == '.' {
		r.i++
		if r.digits() == 0 {
			return nil, r.fail("invalid number")
		}
	}
	if r.i < len(r.s) && (r.s[r.i] == 'e' || r.s[r.i] == 'E') {
		r.i++
		if r.i < len(r.s) && (r.s[r.i] == '+' || r.s[r.i] == '-') {
			r.i++
		}
		if r.digits() == 0 {
			return nil, r.fail("invalid number")
		}
	}
	return number(r.s[start:r.i]), nil
}

func (r *reader) digits() int {
	n := 0
	for r.i < len(r.s) && '0' <= r.s[r.i] && r.s[r.i] <= '9' {
		r.i++
		n++
	}
	return n
}

// str reads a string; r.s[r.i] is the opening quote.
func (r *reader) str() (string, error) {
	r.i++
	start := r.i
	// Fast path: no escapes, valid UTF-8.
	for r.i < len(r.s) {
		c := r.s[r.i]
		if c == '"' {
			s := r.s[start:r.i]
			r.i++
			if utf8.Valid(s) {
				return string(s), nil
			}
			return string([]rune(string(s))), nil // invalid bytes -> U+FFFD
		}
		if c == '\\' || c < 0x20 {
			break
		}
		r.i++
	}
	out := append([]byte(nil), r.s[start:r.i]...)
	for r.i < len(r.s) {
		c := r.s[r.i]
		switch {
		case c == '"':
			r.i++
			if !utf8.Valid(out) {
				return string([]rune(string(out))), nil
			}
			return string(out), nil
		case c < 0x20:
			return "", r.fail("control character in string")
		case c == '\\':
			r.i++
			if r.i >= len(r.s) {
				return "", r.fail("unexpected end of input")
			}
			e := r.s[r.i]
			r.i++
			switch e {
			case '"', '\\', '/':
				out = append(out, e)
			case 'b':
				out = append(out, '\b')
			case 'f':
				out = append(out, '\f')
			case 'n':
				out = append(out, '\n')
			case 'r':
				out = append(out, '\r')
			case 't':
				out = append(out, '\t')
			case 'u':
				c1, ok := r.hex4()
				if !ok {
					return "", r.fail("invalid \\u escape")
				}
				rn := rune(c1)
				if utf16.IsSurrogate(rn) {
					rn = utf8.RuneError
					if r.i+1 < len(r.s) && r.s[r.i] == '\\' && r.s[r.i+1] == 'u' {
						save := r.i
						r.i += 2
						c2, ok := r.hex4()
						if !ok {
							return "", r.fail("invalid \\u escape")
						}
						if dec := utf16.DecodeRune(rune(c1), rune(c2)); dec != utf8.RuneError {
							rn = dec
						} else {
							r.i = save // the second escape stands alone
						}
					}
				}
				out = utf8.AppendRune(out, rn)
			default:
				return "", r.fail("invalid escape")
			}
		default:
			// Copy the run up to the next quote, escape or control byte.
			j := r.i + 1
			for j < len(r.s) && r.s[j] != '"' && r.s[j] != '\\' && r.s[j] >= 0x20 {
				j++
			}
			out = append(out, r.s[r.i:j]...)
			r.i = j
		}
	}
	return "", r.fail("unterminated string")
}

func (r *reader) hex4() (uint16, bool) {
	if len(r.s)-r.i < 4 {
		return 0, false
	}
	var v uint16
	for _, c := range r.s[r.i : r.i+4] {
		v <<= 4
		switch {
		case '0' <= c && c <= '9':
			v |= uint16(c - '0')
		case 'a' <= c && c <= 'f':
			v |= uint16(c - 'a' + 10)
		case 'A' <= c && c <= 'F':
			v |= uint16(c - 'A' + 10)
		default:
			return 0, false
		}
	}
	r.i += 4
	return v, true
}

// Getters for request members: a missing member or null gives the zero
// value, as with encoding/json; a member of another type is an error.

func getString(m map[string]any, k string) (string, error) {
	switch v := m[k].(type) {
	case nil:
		return "", nil
	case string:
		return v, nil
	}
	return "", errors.New(k + " must be a string")
}

func getStrings(m map[string]any, k string) ([]string, error) {
	switch v := m[k].(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]string, len(v))
		for i, e := range v {
			s, ok := e.(string)
			if !ok && e != nil {
				return nil, errors.New(k + " must hold strings")
			}
			out[i] = s
		}
		return out, nil
	}
	return nil, errors.New(k + " must be an array")
}

func getObjects(m map[string]any, k string) ([]map[string]any, error) {
	switch v := m[k].(type) {
	case nil:
		return nil, nil
	case []any:
		out := make([]map[string]any, len(v))
		for i, e := range v {
			o, ok := e.(map[string]any)
			if !ok && e != nil {
				return nil, errors.New(k + " must hold objects")
			}
			out[i] = o
		}
		return out, nil
	}
	return nil, errors.New(k + " must be an array")
}
