package classify

import (
	"go/parser"
	"go/token"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
)

// forbidden are packages classify must not use: it runs in the popup as
// WebAssembly and in the host, so it does no I/O of its own.
var forbidden = []string{"net", "net/http", "os", "os/exec", "syscall/js"}

// TestImports guards that: no source file of the package imports a
// forbidden package, and neither does any package it depends on, for the
// host platform and for wasip1 (os is left out of that second check: fmt,
// which every Go program links, imports it).
func TestImports(t *testing.T) {
	files, err := filepath.Glob("*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, parser.ImportsOnly)
		if err != nil {
			t.Fatal(err)
		}
		for _, imp := range f.Imports {
			path, _ := strconv.Unquote(imp.Path.Value)
			for _, bad := range forbidden {
				if path == bad {
					t.Errorf("%s imports %s", name, path)
				}
			}
		}
	}
	for _, env := range [][]string{nil, {"GOOS=wasip1", "GOARCH=wasm"}} {
		cmd := exec.Command("go", "list", "-deps", ".")
		cmd.Env = append(cmd.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", env, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, bad := range forbidden {
				if dep == bad && bad != "os" {
					t.Errorf("%v: classify depends on %s", env, dep)
				}
			}
		}
	}
}
