package feed

import (
	"bytes"
	"errors"
	"os"
	"testing"

	"github.com/mmcdole/gofeed"
)

// TestGofeedAlone records what gofeed v1.4.2 does on its own with the
// inputs the wrapper exists for, so a gofeed upgrade that fixes (or
// changes) one shows up here and the wrapper can shrink.
func TestGofeedAlone(t *testing.T) {
	cases := []struct {
		file string
		// accepts: gofeed returns a feed (wrongly, for these inputs);
		// otherwise it fails with an error that says nothing of why.
		accepts bool
	}{
		{"sjis-content-type.xml", false},          // charset only in Content-Type: "invalid UTF-8"
		{"long-comment.xml", false},               // root past its 4 KiB peek: "failed to detect feed type"
		{"php-notice.xml", false},                 // junk before <?xml: "failed to detect feed type"
		{"notice-text-no-declaration.xml", false}, // text before the root: same
		{"json-error.in.json", true},              // {"error": ...} taken for a JSON Feed
		{"doctype-entity.xml", true},              // ENTITY declarations not refused
	}
	for _, c := range cases {
		t.Run(c.file, func(t *testing.T) {
			body, err := os.ReadFile("testdata/" + c.file)
			if err != nil {
				t.Fatal(err)
			}
			_, gerr := gofeed.NewParser().Parse(bytes.NewReader(body))
			if (gerr == nil) != c.accepts {
				t.Errorf("gofeed alone: err = %v, want accepted=%v", gerr, c.accepts)
			}
		})
	}
	// Truncated XML: gofeed fails like for any other bad input; the
	// wrapper says "broken" so the report can say "try later".
	body, err := os.ReadFile("testdata/truncated.xml")
	if err != nil {
		t.Fatal(err)
	}
	if _, gerr := gofeed.NewParser().Parse(bytes.NewReader(body)); gerr == nil {
		t.Error("gofeed alone accepted truncated.xml")
	}
	if _, err := Parse(body, ""); !errors.Is(err, ErrBroken) {
		t.Errorf("Parse(truncated.xml) = %v, want ErrBroken", err)
	}
}
