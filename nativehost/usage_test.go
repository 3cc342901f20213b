package main

import (
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

var update = flag.Bool("update", false, "rewrite the usage blocks of README.md and docs/ARCHITECTURE.md from main.go's usage")

// The documents that show the CLI's usage: each holds it between these
// markers, copied from usage by `go test ./nativehost -run
// TestUsageInDocs -update`, so that main.go's is the one copy written by
// hand.
const (
	usageStart = "<!-- usage: generated from nativehost/main.go by go test ./nativehost -run TestUsageInDocs -update -->"
	usageEnd   = "<!-- end of usage -->"
)

var usageDocs = []string{"../README.md", "../docs/ARCHITECTURE.md"}

// usageBlock is usage as a Markdown code block between the markers.
func usageBlock() string {
	return usageStart + "\n\n```\n" + strings.TrimPrefix(usage, "usage:\n") + "```\n\n" + usageEnd
}

// TestUsageInDocs: README.md and docs/ARCHITECTURE.md show exactly the
// usage the program prints.
func TestUsageInDocs(t *testing.T) {
	for _, name := range usageDocs {
		b, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		doc := string(b)
		i, j := strings.Index(doc, usageStart), strings.Index(doc, usageEnd)
		if i < 0 || j < i {
			t.Fatalf("%s has no usage block between %q and %q", filepath.Base(name), usageStart, usageEnd)
		}
		got := doc[i : j+len(usageEnd)]
		if got == usageBlock() {
			continue
		}
		if !*update {
			t.Errorf("%s's usage block differs from main.go's usage; run go test ./nativehost -run TestUsageInDocs -update", name)
			continue
		}
		if err := os.WriteFile(name, []byte(doc[:i]+usageBlock()+doc[j+len(usageEnd):]), 0o644); err != nil {
			t.Fatal(err)
		}
	}
}
