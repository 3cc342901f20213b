package check

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"feedscout/common/report"
	"feedscout/common/report/catalog"
)

// TestCodes holds Codes to the package: every Code constant is listed
// once and nothing else is, and every finding the package builds (finding,
// notServed) names its code by one of those constants, so that a code
// cannot be emitted without being in Codes.
//
// Every code has its template in the catalogue (Key), which says its
// Text: TestTemplates.
func TestCodes(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	consts := map[string]string{}
	var calls []*ast.CallExpr
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		src, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		f, err := parser.ParseFile(fset, name, src, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			switch n := n.(type) {
			case *ast.ValueSpec:
				for i, id := range n.Names {
					if strings.HasPrefix(id.Name, "Code") && i < len(n.Values) {
						if lit, ok := n.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
							consts[id.Name], _ = strconv.Unquote(lit.Value)
						}
					}
				}
			case *ast.CallExpr:
				if id, ok := n.Fun.(*ast.Ident); ok && id.Name == "finding" {
					calls = append(calls, n)
				}
				if sel, ok := n.Fun.(*ast.SelectorExpr); ok && sel.Sel.Name == "notServed" {
					calls = append(calls, n)
				}
			}
			return true
		})
	}
	if len(consts) < 50 {
		t.Fatalf("found %d Code constants, want at least 50", len(consts))
	}
	for name, code := range consts {
		if n := strings.Count(","+strings.Join(Codes, ",")+",", ","+code+","); n != 1 {
			t.Errorf("%s (%q) is in Codes %d times, want once", name, code, n)
		}
	}
	if len(Codes) != len(consts) {
		t.Errorf("Codes has %d entries, the package %d Code constants", len(Codes), len(consts))
	}
	if len(calls) < 50 {
		t.Fatalf("found %d findings built, want more", len(calls))
	}
	for _, c := range calls {
		pos := fset.Position(c.Pos())
		at := 1 // finding(level, code, ...)
		if _, ok := c.Fun.(*ast.SelectorExpr); ok {
			at = 0 // r.notServed(code, ...)
		}
		if len(c.Args) <= at {
			t.Errorf("%s: a finding without a code", pos)
			continue
		}
		id, ok := c.Args[at].(*ast.Ident)
		switch {
		case !ok:
			t.Errorf("%s: the code is not a Code constant", pos)
		case id.Name == "code":
			// notServed and limiter pass on a code their callers named.
		case !slices.Contains(Codes, consts[id.Name]) || consts[id.Name] == "":
			t.Errorf("%s: code %s is not one of Codes", pos, id.Name)
		}
	}
}

// TestTemplates: every code of Codes has its message in the catalogue,
// in every language, and a finding's Text is that message said in
// English with the finding's args.
func TestTemplates(t *testing.T) {
	for _, code := range Codes {
		if !catalog.Has(Key(code)) {
			t.Errorf("%s: no message %s in the catalogue", code, Key(code))
		}
		for _, lang := range catalog.Languages {
			_, entries, err := catalog.Source(lang)
			if err != nil {
				t.Fatal(err)
			}
			if _, ok := entries[Key(code)]; !ok {
				t.Errorf("%s: %s.json has no %s", code, lang, Key(code))
			}
		}
	}
	f := finding(report.LevelWarning, CodeGzip, nil, append([]any{"bytes", 86016, "size", bytesText(86016)}, sizeArgs(86016)...)...)
	if want := "Not compressed: asked for gzip, it sent 84 KB uncompressed; turn on gzip for feeds."; f.Text != want {
		t.Errorf("no-gzip Text %q, want %q", f.Text, want)
	}
	if de := catalog.Say("de", Key(f.Code), f.Args); !strings.Contains(de, "84 KB") || de == f.Text {
		t.Errorf("no-gzip in German: %q", de)
	}
}
