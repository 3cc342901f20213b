package abi

import (
	"reflect"
	"testing"
)

func TestFields(t *testing.T) {
	cases := []struct {
		in   string
		want []string
		err  string
	}{
		{"", nil, ""},
		{"0:", []string{""}, ""},
		{"5:title0:3:a:b", []string{"title", "", "a:b"}, ""},
		{"9:日本語", []string{"日本語"}, ""},
		{"3:\xffx\xfe", []string{"\ufffdx\ufffd"}, ""},
		{"11:line 1\n:2\x00z", []string{"line 1\n:2\x00z"}, ""},
		{"5:abc", nil, "shape: decode request: field 0: 5 bytes, 3 left"},
		{"1:a2", nil, "shape: decode request: field 1: no length and colon at offset 3"},
		{":x", nil, "shape: decode request: field 0: no length and colon at offset 0"},
		{`{"urls": []}`, nil, "shape: decode request: field 0: no length and colon at offset 0"},
		{"99999999999:", nil, "shape: decode request: field 0: no length and colon at offset 0"},
	}
	for _, c := range cases {
		got, err := Fields([]byte(c.in), "shape")
		if c.err != "" {
			if err == nil || err.Error() != c.err {
				t.Errorf("Fields(%q) error %v, want %q", c.in, err, c.err)
			}
			continue
		}
		if err != nil || !reflect.DeepEqual(got, c.want) {
			t.Errorf("Fields(%q) = %q, %v; want %q", c.in, got, err, c.want)
		}
	}
	if got := string(BadRequest("newsmap", "4 fields, not 3")); got != `{"error":"newsmap: decode request: 4 fields, not 3"}` {
		t.Errorf("BadRequest = %s", got)
	}
}

// FuzzFields: whatever the bytes, Fields answers without panicking, and
// what it reads, written back in its format, reads the same.
func FuzzFields(f *testing.F) {
	f.Add([]byte("5:title0:3:a:b"))
	f.Fuzz(func(t *testing.T, in []byte) {
		got, err := Fields(in, "x")
		if err != nil {
			return
		}
		var again []byte
		for _, s := range got {
			again = append(again, []byte(itoa(len(s))+":"+s)...)
		}
		back, err := Fields(again, "x")
		if err != nil || !reflect.DeepEqual(back, got) {
			t.Fatalf("Fields(%q) = %q; written back %q reads %q, %v", in, got, again, back, err)
		}
	})
}

func itoa(n int) string {
	if n == 0 {
		return "0"
	}
	var b []byte
	for ; n > 0; n /= 10 {
		b = append([]byte{byte('0' + n%10)}, b...)
	}
	return string(b)
}
