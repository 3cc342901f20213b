package jsonw

import (
	"bytes"
	"encoding/json"
	"testing"
)

func TestAppendStringMatchesEncodingJSON(t *testing.T) {
	cases := []string{
		"", "plain", `quote " backslash \ slash /`, "<script>&amp;</script>",
		"\x00\x01\x1f\x7f\b\f\n\r\t", "日本語 Ωmega 🙂", "\u2028\u2029",
		"bad \xff\xfe utf8 \xe6\x97", "\xed\xa0\x80 surrogate bytes",
	}
	for _, s := range cases {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Errorf("AppendString(%q) = %s, want %s", s, got, want)
		}
	}
}

func FuzzAppendString(f *testing.F) {
	f.Add("<a href=\"x\">\u2028\xff</a>")
	f.Fuzz(func(t *testing.T, s string) {
		want, _ := json.Marshal(s)
		if got := AppendString(nil, s); !bytes.Equal(got, want) {
			t.Fatalf("AppendString(%q) = %s, want %s", s, got, want)
		}
	})
}

// TestObjectMatchesEncodingJSON: every member writer, omitempty, the empty
// object and arrays, against json.Marshal of the same struct.
func TestObjectMatchesEncodingJSON(t *testing.T) {
	type v struct {
		S    string   `json:"s"`
		Omit string   `json:"omit,omitempty"`
		Set  string   `json:"set,omitempty"`
		B    bool     `json:"b"`
		N    int      `json:"n"`
		L    []string `json:"l"`
	}
	want, _ := json.Marshal(v{S: "<&>", Set: "x", B: true, N: -42, L: []string{"a", "\u2028"}})
	o := Object{}
	o.Str("s", "<&>")
	o.StrOmit("omit", "")
	o.StrOmit("set", "x")
	o.Boolean("b", true)
	o.Integer("n", -42)
	o.Key("l")
	l := []string{"a", "\u2028"}
	o.B = Array(o.B, len(l), func(b []byte, i int) []byte { return AppendString(b, l[i]) })
	if got := o.Done(); !bytes.Equal(got, want) {
		t.Errorf("Object = %s, want %s", got, want)
	}
	empty := Object{}
	if got := string(empty.Done()); got != "{}" {
		t.Errorf("empty object = %s", got)
	}
	if got := string(Array(nil, 0, nil)); got != "[]" {
		t.Errorf("empty array = %s", got)
	}
}
