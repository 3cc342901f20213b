package abi

import (
	"errors"
	"strconv"
	"unicode/utf8"

	"feedscout/common/jsonw"
)

// Fields reads a call's request: a sequence of strings, each written as
// its length in bytes (decimal ASCII digits), a colon and its bytes, with
// nothing between them ("5:title0:" is "title" and ""). The JavaScript side
// writes it (encodeFields in extension/lib/classifier.js), UTF-8 from
// TextEncoder; invalid UTF-8 becomes U+FFFD, a rune per bad byte. It is not
// JSON because a JSON reader costs classify.wasm 24 KB that its 3.6 MB
// budget does not have, for requests that are only ever lists of strings.
func Fields(in []byte, call string) ([]string, error) {
	var out []string
	for i := 0; i < len(in); {
		j := i
		for j < len(in) && '0' <= in[j] && in[j] <= '9' && j-i < 10 {
			j++
		}
		if j == i || j == len(in) || in[j] != ':' {
			return nil, errors.New(call + ": decode request: field " + strconv.Itoa(len(out)) + ": no length and colon at offset " + strconv.Itoa(i))
		}
		n, _ := strconv.Atoi(string(in[i:j]))
		j++
		if n > len(in)-j {
			return nil, errors.New(call + ": decode request: field " + strconv.Itoa(len(out)) + ": " + strconv.Itoa(n) + " bytes, " + strconv.Itoa(len(in)-j) + " left")
		}
		s := in[j : j+n]
		if utf8.Valid(s) {
			out = append(out, string(s))
		} else {
			out = append(out, string([]rune(string(s))))
		}
		i = j + n
	}
	return out, nil
}

// ErrorReply is every call's answer when it fails: {"error": "sentence"}.
func ErrorReply(err error) []byte {
	o := jsonw.Object{}
	o.Str("error", err.Error())
	return o.Done()
}

// BadRequest is the answer naming the call and what is wrong with its
// request.
func BadRequest(call, problem string) []byte {
	return ErrorReply(errors.New(call + ": decode request: " + problem))
}
