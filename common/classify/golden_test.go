package classify

import (
	"bytes"
	"encoding/json"
	"flag"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite generated fixtures and testdata/*.golden from the current output")

// fixtureHeader reads a golden page's first lines: "<!-- url: U -->"
// (required) and "<!-- content-type: T -->" (optional), the URL the page
// was fetched from and its Content-Type header.
var headerLine = regexp.MustCompile(`^<!-- (url|content-type): (.*) -->$`)

func fixtureHeader(t testing.TB, body []byte) (pageURL, contentType string) {
	t.Helper()
	for _, line := range strings.SplitN(string(body), "\n", 3)[:2] {
		if m := headerLine.FindStringSubmatch(line); m != nil {
			if m[1] == "url" {
				pageURL = m[2]
			} else {
				contentType = m[2]
			}
		}
	}
	if pageURL == "" {
		t.Fatal("fixture lacks its first line <!-- url: ... -->")
	}
	return pageURL, contentType
}

// TestGolden classifies every testdata/*.html and compares the Page, as
// indented JSON, with testdata/*.golden; go test -update rewrites them.
func TestGolden(t *testing.T) {
	if *update {
		writeGenerated(t)
	}
	files, err := filepath.Glob(filepath.Join("testdata", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden pages: %v", err)
	}
	for _, name := range files {
		t.Run(strings.TrimSuffix(filepath.Base(name), ".html"), func(t *testing.T) {
			body, err := os.ReadFile(name)
			if err != nil {
				t.Fatal(err)
			}
			pageURL, ct := fixtureHeader(t, body)
			p, err := Classify(pageURL, body, ct)
			if err != nil {
				t.Fatal(err)
			}
			checkInvariants(t, p)
			got, err := json.MarshalIndent(p, "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			golden := strings.TrimSuffix(name, ".html") + ".golden"
			if *update {
				if err := os.WriteFile(golden, got, 0o644); err != nil {
					t.Fatal(err)
				}
			}
			want, err := os.ReadFile(golden)
			if err != nil {
				t.Fatalf("%v (go test -update writes it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("Classify(%s) differs from %s (go test -update to accept, then review the diff):\n%s", name, golden, got)
			}
		})
	}
}
