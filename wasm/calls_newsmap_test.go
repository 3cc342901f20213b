package main

import (
	"encoding/json"
	"testing"

	"feedscout/wasm/newsmap"
)

// The newsmap call answers byte for byte what json.Marshal gives for the
// generator's Result: a sitemap with a warning, and a refusal.
func TestNewsmapCallMatchesMarshal(t *testing.T) {
	for _, req := range []map[string]string{
		{"name": "Городские новости", "language": "ru", "checked_at": "2026-10-30T12:00:00+03:00",
			"lines": "https://a.example/news/old-story-here | 2026-10-28T09:00:00+03:00 | Школа & музей <b>\n"},
		{"name": "", "language": "english", "checked_at": "", "lines": "https://a.example/x | 2026-02-30 | T\nhttps://b.example/y | 2026-10-30 | T\n"},
	} {
		in, _ := json.Marshal(req)
		got := newsmapCall(in)
		want, err := json.Marshal(newsmap.Generate(newsmap.Options{Name: req["name"], Language: req["language"], CheckedAt: req["checked_at"]}, req["lines"]))
		if err != nil {
			t.Fatal(err)
		}
		if string(got) != string(want) {
			t.Fatalf("newsmap call:\n got  %s\n want %s", got, want)
		}
	}
	if got := string(newsmapCall([]byte(`{"name": 1}`))); got[:10] != `{"error":"` {
		t.Fatalf("bad request answered %s", got)
	}
}
