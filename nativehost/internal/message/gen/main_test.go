package main

import (
	"bytes"
	"os"
	"testing"
)

// The extension's protocol_gen.js is what the generator writes now: a
// constant changed in Go without go generate fails here.
func TestGeneratedFileIsCurrent(t *testing.T) {
	const path = "../../../../extension/lib/protocol_gen.js"
	got, err := os.ReadFile(path)
	if err != nil {
		t.Fatal(err)
	}
	if want := render(); !bytes.Equal(got, want) {
		t.Errorf("%s is not what the generator writes; run go generate ./nativehost/internal/message\n got:\n%s\nwant:\n%s", path, got, want)
	}
}

func TestCamel(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"bad-json", "badJson"},
		{"reply-too-large", "replyTooLarge"},
		{"internal", "internal"},
	} {
		if got := camel(c.in); got != c.want {
			t.Errorf("camel(%q) = %q, want %q", c.in, got, c.want)
		}
	}
}
