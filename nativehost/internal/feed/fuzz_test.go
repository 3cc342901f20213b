package feed

import (
	"bytes"
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"unicode/utf8"
)

// FuzzParse feeds arbitrary bodies and Content-Types to Parse and checks
// invariants: deterministic, body untouched, every error wraps exactly one
// of ErrNotFeed and ErrBroken, every summary is well-formed and agrees with
// Items.
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, file := range files {
		name := filepath.Base(file)
		if (strings.HasSuffix(name, ".json") && !strings.HasSuffix(name, ".in.json")) || strings.HasSuffix(name, ".content-type") {
			continue
		}
		b, err := os.ReadFile(file)
		if err != nil {
			continue
		}
		ct, _ := os.ReadFile(filepath.Join("testdata", stem(name)+".content-type"))
		f.Add(b, strings.TrimSpace(string(ct)))
	}
	f.Add([]byte(`{"version":"https://jsonfeed.org/version/1","items":[{"url":5}]}`), "application/feed+json")
	f.Add([]byte("\xff\xfe<\x00r\x00s\x00s\x00/\x00>\x00"), "")
	f.Add([]byte(`<rss><channel><item><title>x</title></item></channel></rss>`), "text/xml; charset=koi8-r")
	f.Fuzz(func(t *testing.T, body []byte, contentType string) {
		orig := bytes.Clone(body)
		s, err := Parse(body, contentType)
		s2, err2 := Parse(body, contentType)
		if !bytes.Equal(body, orig) {
			t.Fatal("Parse modified body")
		}
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) || !reflect.DeepEqual(s, s2) {
			t.Fatalf("Parse is not deterministic: %v / %v", err, err2)
		}
		items, ierr := Items(body, contentType)
		if (err == nil) != (ierr == nil) {
			t.Fatalf("Parse err %v but Items err %v", err, ierr)
		}
		if err != nil {
			if s != nil || errors.Is(err, ErrNotFeed) == errors.Is(err, ErrBroken) || !strings.HasPrefix(err.Error(), "parse feed: ") {
				t.Fatalf("bad error %v (summary %v)", err, s)
			}
			return
		}
		switch s.Format {
		case "rss", "atom", "json":
		default:
			t.Fatalf("format %q", s.Format)
		}
		if s.Items != len(items) || s.Items < 0 {
			t.Fatalf("summary says %d items, Items gave %d", s.Items, len(items))
		}
		if !s.Newest.IsZero() && s.Newest.Location().String() != "UTC" {
			t.Fatalf("newest %v not UTC", s.Newest)
		}
		for _, it := range items {
			if it.Published.After(s.Newest) {
				t.Fatalf("item %v newer than Newest %v", it.Published, s.Newest)
			}
		}
		if strings.TrimSpace(s.Title) != s.Title || !utf8.ValidString(s.Title) {
			t.Fatalf("title %q", s.Title)
		}
	})
}
