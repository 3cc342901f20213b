package classify

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
)

// TestAppendJSONMatchesEncodingJSON holds the hand-written encoder to
// json.Marshal on every golden page of package classify and on pages with
// every optional field set and unset.
func TestAppendJSONMatchesEncodingJSON(t *testing.T) {
	pages := []*Page{
		{},
		{URL: "https://x/", Kind: "home", Feeds: []Feed{}, FeedAnchors: []Link{}, Sections: []Link{}, Articles: []Link{}},
		{URL: "https://x/<&>", Base: "b", Kind: "article", Generator: "g", CMS: "c", Title: "t\u2028",
			Feeds:       []Feed{{URL: "u", Title: "", Type: "application/rss+xml", Format: "rss", Comments: true, Group: 12, Scope: "comments"}, {URL: "d", Type: "application/atom+xml", Format: "atom", Group: 13, Scope: "main", Rule: "youtube-channel"}},
			FeedAnchors: []Link{{URL: "a"}, {URL: "b", Text: "RSS"}},
			Sections:    []Link{{URL: "s", Text: "S"}}, Articles: nil,
			LinksToArticles: true, SameHostLinks: 271, Truncated: true},
	}
	files, err := filepath.Glob(filepath.Join("testdata", "*.html"))
	if err != nil {
		t.Fatal(err)
	}
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		p, err := Classify("https://www.example.com/news/", body, "")
		if err != nil {
			t.Fatal(err)
		}
		pages = append(pages, p)
	}
	if len(files) == 0 {
		t.Error("no golden pages found in testdata")
	}
	for i, p := range pages {
		want, err := json.Marshal(p)
		if err != nil {
			t.Fatal(err)
		}
		if got := p.AppendJSON(nil, true); !bytes.Equal(got, want) {
			t.Errorf("page %d: AppendJSON differs from json.Marshal:\n got %s\nwant %s", i, got, want)
		}
	}
}

// filled returns a value of type t with every field set, recursively: a
// non-empty string, true, 1, a slice of one filled element. A field json
// would write and the hand-written writer forgets then shows in the diff
// against json.Marshal, omitempty fields included.
func filled(t reflect.Type) reflect.Value {
	v := reflect.New(t).Elem()
	switch t.Kind() {
	case reflect.String:
		v.SetString("x <&> " + t.Name())
	case reflect.Bool:
		v.SetBool(true)
	case reflect.Int, reflect.Int64, reflect.Int32:
		v.SetInt(7)
	case reflect.Slice:
		v.Set(reflect.Append(reflect.MakeSlice(t, 0, 1), filled(t.Elem())))
	case reflect.Pointer:
		p := reflect.New(t.Elem())
		p.Elem().Set(filled(t.Elem()))
		v.Set(p)
	case reflect.Struct:
		for i := 0; i < t.NumField(); i++ {
			if t.Field(i).IsExported() {
				v.Field(i).Set(filled(t.Field(i).Type))
			}
		}
	default:
		panic("filled: no value for kind " + t.Kind().String() + ": teach the test (and answer.go) the new field type")
	}
	return v
}

// TestAppendJSONCoversPage ties answer.go to Page by reflection:
// with every field (and every field of its feeds and links) set, the hand
// writer gives what json.Marshal gives, and each json member name of the
// struct types appears in its output. A field added to Page, Feed or Link
// without a line in answer.go fails here.
func TestAppendJSONCoversPage(t *testing.T) {
	p := filled(reflect.TypeFor[Page]()).Addr().Interface().(*Page)
	want, err := json.Marshal(p)
	if err != nil {
		t.Fatal(err)
	}
	got := p.AppendJSON(nil, true)
	if !bytes.Equal(got, want) {
		t.Fatalf("AppendJSON of a page with every field set differs from json.Marshal:\n got %s\nwant %s", got, want)
	}
	for _, typ := range []reflect.Type{reflect.TypeFor[Page](), reflect.TypeFor[Feed](), reflect.TypeFor[Link]()} {
		for i := 0; i < typ.NumField(); i++ {
			f := typ.Field(i)
			name, _, _ := strings.Cut(f.Tag.Get("json"), ",")
			if !f.IsExported() || name == "-" {
				continue
			}
			if name == "" {
				name = f.Name
			}
			if !bytes.Contains(got, []byte(`"`+name+`":`)) {
				t.Errorf("%s.%s (json %q) is not written by answer.go", typ.Name(), f.Name, name)
			}
		}
	}
	// Without lists, the same minus sections and articles.
	var full, short map[string]any
	json.Unmarshal(want, &full)
	if err := json.Unmarshal(p.AppendJSON(nil, false), &short); err != nil {
		t.Fatal(err)
	}
	delete(full, "sections")
	delete(full, "articles")
	if !reflect.DeepEqual(short, full) {
		t.Errorf("AppendJSON without lists = %v\nwant %v", short, full)
	}
}

// TestClassifyText holds ClassifyText to what it promises: the text read
// as UTF-8 whatever its <meta> or a BOM-less declaration says, invalid
// UTF-8 replaced by U+FFFD before anything reads it.
func TestClassifyText(t *testing.T) {
	cases := []struct {
		name, html, title string
	}{
		{"utf-8", `<title>café</title>`, "café"},
		{"meta names another charset", `<meta charset="shift_jis"><title>café</title>`, "café"},
		{"invalid byte", "<title>caf\xe9</title>", "caf\ufffd"},
		{"cut rune", "<title>caf\xc3</title>", "caf\ufffd"},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			p, err := ClassifyText("https://x.example/", []byte(c.html))
			if err != nil {
				t.Fatal(err)
			}
			if p.Title != c.title {
				t.Errorf("title %q, want %q", p.Title, c.title)
			}
		})
	}
	if _, err := ClassifyText("mailto:a@x.example", []byte("<title>x</title>")); err == nil {
		t.Error("ClassifyText of a mailto: page gave no error")
	}
}
