package main

import (
	"bytes"
	"encoding/json"
	"testing"

	"feedscout/common/opml"
	"feedscout/wasm/opmlimport"
)

// TestOPMLImportCall: opml_import reads back what opml_export writes
// (opml.WriteFor), hostile titles included, and answers byte for byte
// json.Marshal of opmlimport.Read's subscriptions.
func TestOPMLImportCall(t *testing.T) {
	subs := []opml.Subscription{
		{Kind: "feed", URL: "https://blog.example.com/feed/", Title: `<img src=x onerror=alert(1)>`, Site: "https://blog.example.com/", Format: "rss"},
		{Kind: "section", URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ & \"more\"", Site: "https://www.nikkei.com/", Added: "2026-11-30T09:00:00Z"},
	}
	var doc bytes.Buffer
	if err := opml.WriteFor(&doc, subs, opml.Options{Title: "mine"}); err != nil {
		t.Fatal(err)
	}
	out := opmlImportCall(fields(doc.String()))
	want, _ := json.Marshal(map[string]any{"subscriptions": subs})
	if !bytes.Equal(out, want) {
		t.Errorf("import call = %s\nwant %s", out, want)
	}
	back, err := opmlimport.Read(bytes.NewReader(doc.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	if want, _ := json.Marshal(map[string]any{"subscriptions": back}); !bytes.Equal(out, want) {
		t.Errorf("import call = %s\nopmlimport.Read = %s", out, want)
	}
}

func TestOPMLImportCallErrors(t *testing.T) {
	for in, want := range map[string]string{
		string(fields("<rss/>")):       "opml: read: root element is <rss>, not <opml>",
		string(fields("<opml/>", "x")): "opml_import: decode request: 2 fields, want 1",
		`{"opml": "<opml/>"}`:          "opml_import: decode request: field 0: no length and colon at offset 0",
	} {
		var got struct{ Error string }
		out := opmlImportCall([]byte(in))
		if err := json.Unmarshal(out, &got); err != nil {
			t.Fatalf("answer is not JSON: %s", out)
		}
		if got.Error != want {
			t.Errorf("import %q: error %q, want %q", in, got.Error, want)
		}
	}
}

func TestAppendSubsMatchesEncodingJSON(t *testing.T) {
	for _, subs := range [][]opml.Subscription{
		nil, {},
		{{Kind: "feed", URL: "u", Title: "<t>", Site: "s", Format: "rss", Added: "2026"}, {Kind: "section", URL: "v"}},
	} {
		want, _ := json.Marshal(subs)
		if got := appendSubs(nil, subs); !bytes.Equal(got, want) {
			t.Errorf("appendSubs = %s, want %s", got, want)
		}
	}
}
