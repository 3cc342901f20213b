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
)

// TestCodes holds Codes to the package: every Code constant is listed
// once and nothing else is, and every finding the package builds (finding,
// notServed) names its code by one of those constants, so that a code
// cannot be emitted without being in Codes.
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
		if len(c.Args) < 2 {
			t.Errorf("%s: a finding without a code", pos)
			continue
		}
		id, ok := c.Args[1].(*ast.Ident)
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
