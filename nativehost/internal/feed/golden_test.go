package feed

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite testdata/*.json from the current output")

// golden is what a golden file records about one input.
type golden struct {
	Error   string   `json:"error,omitempty"`
	ErrorIs string   `json:"error_is,omitempty"`
	Summary *Summary `json:"summary,omitempty"`
	// Items: the first five.
	Items []Item `json:"items,omitempty"`
}

func describe(body []byte, contentType string) golden {
	s, err := Parse(body, contentType)
	if err != nil {
		g := golden{Error: err.Error(), ErrorIs: "?"}
		switch {
		case errors.Is(err, ErrNotFeed):
			g.ErrorIs = "not-feed"
		case errors.Is(err, ErrBroken):
			g.ErrorIs = "broken"
		}
		return g
	}
	items, err := Items(body, contentType)
	if err != nil {
		return golden{Error: "Items failed after Parse succeeded: " + err.Error()}
	}
	return golden{Summary: s, Items: items[:min(len(items), 5)]}
}

// stem maps an input to its golden's name: rss2.xml -> rss2,
// jsonfeed.in.json -> jsonfeed.
func stem(name string) string {
	if s, ok := strings.CutSuffix(name, ".in.json"); ok {
		return s
	}
	return strings.TrimSuffix(name, filepath.Ext(name))
}

// TestGolden parses every input in testdata (name.xml, name.html,
// name.in.json; name.content-type holds a Content-Type when the case needs
// one) and compares with name.json; -update rewrites the goldens.
func TestGolden(t *testing.T) {
	files, err := filepath.Glob("testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, f := range files {
		name := filepath.Base(f)
		if (strings.HasSuffix(name, ".json") && !strings.HasSuffix(name, ".in.json")) || strings.HasSuffix(name, ".content-type") {
			continue
		}
		n++
		t.Run(name, func(t *testing.T) {
			body, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			ct, err := os.ReadFile(filepath.Join("testdata", stem(name)+".content-type"))
			if err != nil && !errors.Is(err, os.ErrNotExist) {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(describe(body, strings.TrimSpace(string(ct))), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", stem(name)+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (rerun with -update and review the diff):\n%s", path, got)
			}
		})
	}
	if n < 20 {
		t.Fatalf("only %d golden inputs found", n)
	}
}
