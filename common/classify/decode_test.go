//go:build !wasip1

package classify

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// TestDecodePageThenText holds the host's path for a saved page
// (DecodePage, then ClassifyText: what `feedscout-host classify` runs) to
// Classify on the raw bytes, on every golden page (itmedia-sjis is
// Shift_JIS, declared only by its <meta>) and on pages whose charset only
// a BOM or nothing at all names.
func TestDecodePageThenText(t *testing.T) {
	pages := map[string][]byte{
		"utf-16le BOM":            []byte("\xff\xfe<\x00t\x00i\x00t\x00l\x00e\x00>\x00c\x00a\x00f\x00\xe9\x00<\x00/\x00t\x00i\x00t\x00l\x00e\x00>\x00"),
		"undeclared windows-1252": []byte(`<title>caf` + "\xe9" + `</title><a href="/news/">Actualit` + "\xe9" + `s</a>`),
		"undeclared utf-8, late":  []byte(strings.Repeat(" ", 2000) + `<title>café</title>`),
	}
	files, err := filepath.Glob(filepath.Join("testdata", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden pages: %v", err)
	}
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		pages[filepath.Base(name)] = body
	}
	for name, body := range pages {
		t.Run(name, func(t *testing.T) {
			raw, err := Classify("https://www.example.com/news/", body, "")
			if err != nil {
				t.Fatal(err)
			}
			text, err := ClassifyText("https://www.example.com/news/", DecodePage(body, ""))
			if err != nil {
				t.Fatal(err)
			}
			if got, want := text.AppendJSON(nil, true), raw.AppendJSON(nil, true); !bytes.Equal(got, want) {
				t.Errorf("DecodePage then ClassifyText differs from Classify on the bytes:\n got %.1500s\nwant %.1500s", got, want)
			}
		})
	}
}
