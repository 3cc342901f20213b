package opml

import (
	"go/ast"
	"go/parser"
	"go/token"
	"strconv"
	"testing"

	"feedscout/report"
)

// TestWASIKindsAreReports: the kinds the WebAssembly build spells out
// (kinds_wasip1.go) are package report's, every one of them.
func TestWASIKindsAreReports(t *testing.T) {
	f, err := parser.ParseFile(token.NewFileSet(), "kinds_wasip1.go", nil, 0)
	if err != nil {
		t.Fatal(err)
	}
	want := map[string]string{"KindFeed": report.KindFeed, "KindNewsSitemap": report.KindNewsSitemap,
		"KindArticleSitemap": report.KindArticleSitemap, "KindSection": report.KindSection}
	got := map[string]string{}
	for _, d := range f.Decls {
		g, ok := d.(*ast.GenDecl)
		if !ok || g.Tok != token.CONST {
			continue
		}
		for _, s := range g.Specs {
			v := s.(*ast.ValueSpec)
			for i, n := range v.Names {
				lit, ok := v.Values[i].(*ast.BasicLit)
				if !ok {
					t.Fatalf("%s is not a string literal", n.Name)
				}
				got[n.Name], _ = strconv.Unquote(lit.Value)
			}
		}
	}
	if len(got) != len(want) {
		t.Errorf("kinds_wasip1.go has %d kinds, report %d: %v", len(got), len(want), got)
	}
	for k, w := range want {
		if got[k] != w {
			t.Errorf("kinds_wasip1.go: %s = %q, report says %q", k, got[k], w)
		}
	}
}
