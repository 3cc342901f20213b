package main

import (
	"encoding/json"
	"strconv"
	"testing"

	"feedscout/common/newsmap"
)

// fields writes a request as encodeFields (extension/lib/classifier.js)
// does.
func fields(f ...string) []byte {
	var b []byte
	for _, s := range f {
		b = append(b, strconv.Itoa(len(s))+":"+s...)
	}
	return b
}

// The newsmap call answers byte for byte what json.Marshal gives for the
// generator's Result: a sitemap with a warning, and a refusal.
func TestNewsmapCallMatchesMarshal(t *testing.T) {
	for _, req := range [][4]string{
		{"Городские новости", "ru", "2026-10-30T12:00:00+03:00",
			"https://a.example/news/old-story-here | 2026-10-28T09:00:00+03:00 | Школа & музей <b>\n"},
		{"", "english", "", "https://a.example/x | 2026-02-30 | T\nhttps://b.example/y | 2026-10-30 | T\n"},
	} {
		got := newsmapCall(fields(req[:]...))
		want, err := json.Marshal(newsmap.Generate(newsmap.Options{Name: req[0], Language: req[1], CheckedAt: req[2]}, req[3]))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("newsmap call:\n got  %s\n want %s", got, want)
		}
	}
	for in, want := range map[string]string{
		string(fields("N", "ru", "")): `{"error":"newsmap: decode request: 3 fields, want 4"}`,
		`{"name": "N"}`:               `{"error":"newsmap: decode request: field 0: no length and colon at offset 0"}`,
	} {
		if got := string(newsmapCall([]byte(in))); got != want {
			t.Errorf("bad request %q answered %s, want %s", in, got, want)
		}
	}
}
