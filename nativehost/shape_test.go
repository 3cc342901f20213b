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

// With --page the page itself and every same-host link of a saved page
// are judged as the page classifier judges them, with their place and the
// rule that decided: the page first (a home page is other by its root), a
// menu's tag is a section, a post's rel=tag label and a footer-only word
// are not, and nothing is fetched.
func TestRunShapePage(t *testing.T) {
	page := `<html><body><header><nav>
<a href="/politik/">Politik</a><a href="/sport/">Sport</a><a href="/kultur/">Kultur</a>
<a href="/wissen/">Wissen</a><a href="/tag/klima/">Klima</a></nav></header>
<main><article><h2><a href="/2026/11/30/hochwasser-an-der-elbe/">Hochwasser an der Elbe</a></h2>
<a href="/thema/hochwasser/" rel="tag">Hochwasser</a></article></main>
<footer><a href="/sport/">Sport</a><a href="/lesertreff">Lesertreff</a><a href="https://elsewhere.example/">x</a></footer>
</body></html>`
	var out, errOut bytes.Buffer
	code := runShape([]string{"--json", "--page", "-", "https://www.example.de/"}, strings.NewReader(page), &out, &errOut)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	type line struct{ URL, Shape, Rule, Place string }
	got := map[string]line{}
	dec := json.NewDecoder(&out)
	for dec.More() {
		var l line
		if err := dec.Decode(&l); err != nil {
			t.Fatal(err)
		}
		got[strings.TrimPrefix(l.URL, "https://www.example.de")] = l
	}
	for path, want := range map[string]line{
		"/":                                   {Shape: "other", Rule: "root", Place: "page"},
		"/politik/":                           {Shape: "section", Rule: "section", Place: "menu"},
		"/tag/klima/":                         {Shape: "section", Rule: "menu-tag", Place: "menu"},
		"/sport/":                             {Shape: "section", Rule: "section", Place: "menu"},
		"/2026/11/30/hochwasser-an-der-elbe/": {Shape: "article", Rule: "dated-path", Place: "body"},
		"/thema/hochwasser/":                  {Shape: "other", Rule: "story-tag", Place: "body"},
		"/lesertreff":                         {Shape: "other", Rule: "footer-only", Place: "footer"},
	} {
		g := got[path]
		if g.Shape != want.Shape || g.Rule != want.Rule || g.Place != want.Place {
			t.Errorf("%s: %s by %s in the %s, want %s by %s in the %s", path, g.Shape, g.Rule, g.Place, want.Shape, want.Rule, want.Place)
		}
	}
	if len(got) != 9 {
		t.Errorf("%d lines, want the page itself and its 8 same-host links: %v", len(got), got)
	}
	for _, bad := range [][]string{{"--page", "-"}, {"--page", "-", "not a url"}, {"--page", "/no/such/file.html", "https://www.example.de/"}} {
		var o, e bytes.Buffer
		if code := runShape(bad, strings.NewReader(page), &o, &e); code == 0 || e.Len() == 0 {
			t.Errorf("shape %q: exit %d, stderr %q; want a failure with a reason", bad, code, e.String())
		}
	}
}
