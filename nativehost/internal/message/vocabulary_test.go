package message

import (
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"slices"
	"strconv"
	"strings"
	"testing"
)

// declared is every string constant of the package (its non-test files)
// whose name starts with prefix, in declaration order.
func declared(t *testing.T, prefix string) []string {
	t.Helper()
	fset := token.NewFileSet()
	pkgs, err := parser.ParseDir(fset, ".", func(fi os.FileInfo) bool { return !strings.HasSuffix(fi.Name(), "_test.go") }, 0)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, f := range pkgs["message"].Files {
		for _, d := range f.Decls {
			g, ok := d.(*ast.GenDecl)
			if !ok || g.Tok != token.CONST {
				continue
			}
			for _, spec := range g.Specs {
				v := spec.(*ast.ValueSpec)
				for i, n := range v.Names {
					if !strings.HasPrefix(n.Name, prefix) || i >= len(v.Values) {
						continue
					}
					if lit, ok := v.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING {
						s, _ := strconv.Unquote(lit.Value)
						out = append(out, s)
					}
				}
			}
		}
	}
	return out
}

// sameSet fails the test when got and want do not hold the same words,
// naming the missing and the extra ones.
func sameSet(t *testing.T, what string, got, want []string) {
	t.Helper()
	for _, w := range want {
		if !slices.Contains(got, w) {
			t.Errorf("%s: %q is missing", what, w)
		}
	}
	for _, g := range got {
		if !slices.Contains(want, g) {
			t.Errorf("%s: %q is extra", what, g)
		}
	}
	if len(got) != len(want) {
		t.Errorf("%s: %d entries %q, want %d %q", what, len(got), got, len(want), want)
	}
}

// The lists the extension's constants are generated from hold every
// Type and Code constant of the package, once.
func TestVocabularyIsComplete(t *testing.T) {
	sameSet(t, "RequestTypes and ReplyTypes vs the Type constants", append(slices.Clone(RequestTypes), ReplyTypes...), declared(t, "Type"))
	sameSet(t, "Codes vs the Code constants", Codes, declared(t, "Code"))
}

// table is the first column of the first Markdown table under the
// heading "## heading" of doc, without its backquotes.
func table(t *testing.T, doc, heading string) []string {
	t.Helper()
	_, rest, ok := strings.Cut(doc, "\n## "+heading+"\n")
	if !ok {
		t.Fatalf("PROTOCOL.md has no heading %q", heading)
	}
	if end := strings.Index(rest, "\n## "); end >= 0 {
		rest = rest[:end]
	}
	var col []string
	inTable := false
	for _, line := range strings.Split(rest, "\n") {
		if !strings.HasPrefix(line, "|") {
			if inTable {
				break
			}
			continue
		}
		if !inTable { // the header row, then the |---| row
			inTable = true
			continue
		}
		cell := strings.TrimSpace(strings.Split(line, "|")[1])
		if strings.Trim(cell, "-") == "" {
			continue
		}
		col = append(col, strings.Trim(cell, "`"))
	}
	if len(col) == 0 {
		t.Fatalf("PROTOCOL.md has no table under %q", heading)
	}
	return col
}

// PROTOCOL.md's tables of request types, reply types and error codes are
// exactly what the package declares.
func TestProtocolDocument(t *testing.T) {
	b, err := os.ReadFile("../../PROTOCOL.md")
	if err != nil {
		t.Fatal(err)
	}
	doc := string(b)
	sameSet(t, "PROTOCOL.md's request types", table(t, doc, "Requests"), RequestTypes)
	sameSet(t, "PROTOCOL.md's reply types", table(t, doc, "Replies"), ReplyTypes)
	sameSet(t, "PROTOCOL.md's error codes", table(t, doc, "Error codes"), Codes)
}
