package tsv

import (
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

func TestRead(t *testing.T) {
	path := filepath.Join(t.TempDir(), "c.tsv")
	long := strings.Repeat("x", 100_000) // past bufio.Scanner's default line
	body := "# a comment\nhttps://a.example/\tsection\tnav\n\n#\tnot a row\nhttps://a.example/x\tother\t" + long + "\n"
	if err := os.WriteFile(path, []byte(body), 0o644); err != nil {
		t.Fatal(err)
	}
	got, err := Read(path)
	if err != nil {
		t.Fatal(err)
	}
	want := []Row{
		{Line: 2, Cols: []string{"https://a.example/", "section", "nav"}},
		{Line: 5, Cols: []string{"https://a.example/x", "other", long}},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("Read = %v, want %v", got, want)
	}
	if _, err := Read(filepath.Join(t.TempDir(), "missing.tsv")); err == nil {
		t.Error("Read of a missing file: no error")
	}
}
