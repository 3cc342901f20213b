package main

import (
	"encoding/json"
	"reflect"
	"strings"
	"testing"
)

func TestParseJSON(t *testing.T) {
	cases := []struct {
		in   string
		want any
		err  string
	}{
		{`{}`, map[string]any{}, ""},
		{` {"a": "b", "a": "c"} `, map[string]any{"a": "c"}, ""},
		{`{"urls": ["x", null, "y"]}`, map[string]any{"urls": []any{"x", nil, "y"}}, ""},
		{`[true, false, null, -0.5e+10, 0]`, []any{true, false, nil, number("-0.5e+10"), number("0")}, ""},
		{`"\u00e9\ud83d\ude42\ud800x\n\/"`, "é🙂\ufffdx\n/", ""},
		{"\"\xff\"", "\ufffd", ""},
		{`{"a" "b"}`, nil, "expected ':' at offset 5"},
		{`{"a":1,}`, nil, "expected a member name at offset 7"},
		{`[1 2]`, nil, "expected ',' or ']' at offset 3"},
		{`01`, nil, "data after the value at offset 1"},
		{`"a` + "\n" + `"`, nil, "control character in string at offset 2"},
		{`"\x"`, nil, "invalid escape at offset 3"},
		{`tru`, nil, "invalid literal at offset 0"},
		{``, nil, "unexpected end of input at offset 0"},
		{strings.Repeat("[", 65) + strings.Repeat("]", 65), nil, "nesting too deep at offset 64"},
	}
	for _, c := range cases {
		got, err := parseJSON([]byte(c.in))
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("parseJSON(%q) error = %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("parseJSON(%q) = %#v, %v; want %#v", c.in, got, err, c.want)
		}
	}
}

// plain turns a parseJSON value into what encoding/json gives for any
// with UseNumber: numbers as json.Number.
func plain(v any) any {
	switch x := v.(type) {
	case number:
		return json.Number(x)
	case []any:
		out := make([]any, len(x))
		for i, e := range x {
			out[i] = plain(e)
		}
		return out
	case map[string]any:
		out := make(map[string]any, len(x))
		for k, e := range x {
			out[k] = plain(e)
		}
		return out
	}
	return v
}

// FuzzParseJSON checks the reader against encoding/json: the same inputs
// accepted (within maxDepth) and the same values out.
func FuzzParseJSON(f *testing.F) {
	for _, s := range []string{`{"url":"https://x/","html":"<p>\u00e9</p>"}`, `[1,-2.5e3,true,null]`, `"\ud83d\ude42"`, `{"a":{"b":[]}}`} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, in string) {
		got, err := parseJSON([]byte(in))
		if !json.Valid([]byte(in)) {
			if err == nil {
				t.Fatalf("parseJSON(%q) accepted invalid JSON", in)
			}
			return
		}
		if err != nil {
			if strings.HasPrefix(err.Error(), "nesting too deep") {
				return
			}
			t.Fatalf("parseJSON(%q) rejected valid JSON: %v", in, err)
		}
		dec := json.NewDecoder(strings.NewReader(in))
		dec.UseNumber()
		var want any
		if err := dec.Decode(&want); err != nil {
			t.Fatal(err)
		}
		if !reflect.DeepEqual(plain(got), want) {
			t.Fatalf("parseJSON(%q) = %#v, encoding/json gives %#v", in, plain(got), want)
		}
	})
}
