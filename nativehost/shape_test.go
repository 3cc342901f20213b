package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The shape sub-command judges what the popup and the host judge: the
// path with its query, so IDs in the query and pagination are seen.
func TestRunShape(t *testing.T) {
	in := strings.Join([]string{
		"https://abcnews.go.com/US/story?id=77753720",
		"https://www.lemonde.fr/sciences/2/",
		"https://www.nikkei.com/business/startups/",
	}, "\n")
	var out, errOut bytes.Buffer
	if code := runShape([]string{"--json"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := []string{"article", "other", "section"}
	dec := json.NewDecoder(&out)
	for i, w := range want {
		var line struct{ URL, Shape, Rule string }
		if err := dec.Decode(&line); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if line.Shape != w || line.Rule == "" {
			t.Errorf("%s: shape %q rule %q, want %q", line.URL, line.Shape, line.Rule, w)
		}
	}
}

// With -text each URL is judged as a page's link with that anchor text
// (shape.InPage): an imprint whose path has a story's shape is other by
// its text, rule service-text, while the same path alone, or with a
// headline as its text, stays an article.
func TestRunShapeText(t *testing.T) {
	const u = "https://www.example-zeitung.de/index-c.php?ID=235845"
	run := func(args ...string) (shape, rule string) {
		t.Helper()
		var out, errOut bytes.Buffer
		if code := runShape(append([]string{"--json"}, args...), strings.NewReader(""), &out, &errOut); code != 0 {
			t.Fatalf("shape %v: exit %d: %s", args, code, errOut.String())
		}
		var line struct{ URL, Shape, Rule string }
		if err := json.Unmarshal(out.Bytes(), &line); err != nil {
			t.Fatalf("shape %v: %v: %q", args, err, out.String())
		}
		if line.URL != u {
			t.Errorf("shape %v: url %q, want %q", args, line.URL, u)
		}
		return line.Shape, line.Rule
	}
	if s, r := run(u); s != "article" || r == "service-text" {
		t.Errorf("alone: shape %q rule %q, want an article", s, r)
	}
	if s, r := run("-text", "Impressum", u); s != "other" || r != "service-text" {
		t.Errorf("-text Impressum: shape %q rule %q, want other by service-text", s, r)
	}
	if s, r := run("-text", "Stadtrat beschließt neuen Haushalt für 2027", u); s != "article" || r == "service-text" {
		t.Errorf("-text with a headline: shape %q rule %q, want an article", s, r)
	}

	// Text output: the shape, the rule and the URL on one line.
	var out, errOut bytes.Buffer
	if code := runShape([]string{"-text", "Impressum", u}, strings.NewReader(""), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if f := strings.Fields(out.String()); len(f) != 3 || f[0] != "other" || f[1] != "service-text" || f[2] != u {
		t.Errorf("text output %q, want other, service-text and the URL", out.String())
	}
}
