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

// forbidden are packages classify, and the shape rules and tokenizer it is
// built on, must not use: they run in the popup as WebAssembly and in the
// host, so they do no I/O of their own.
var forbidden = []string{"net", "net/http", "os", "os/exec", "syscall/js"}

// guarded are the directories TestImports checks: this package, the shape
// rules, the tokenizer copy and the JSON writer of its answer.
var guarded = []string{".", "../shape", "../internal/htmltok", "../jsonw"}

// TestImports guards that: no source file of the guarded packages imports
// a forbidden package, and neither does any package they depend on, for the
// host platform and for wasip1 (os is left out of that second check: fmt,
// which every Go program links, imports it).
func TestImports(t *testing.T) {
	var files []string
	for _, dir := range guarded {
		names, err := filepath.Glob(filepath.Join(dir, "*.go"))
		if err != nil || len(names) == 0 {
			t.Fatalf("no Go files in %s: %v", dir, err)
		}
		files = append(files, names...)
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
		cmd := exec.Command("go", append([]string{"list", "-deps"}, guarded...)...)
		cmd.Env = append(cmd.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list %v: %v", env, err)
		}
		for _, dep := range strings.Fields(string(out)) {
			for _, bad := range forbidden {
				if dep == bad && bad != "os" {
					t.Errorf("%v: %v depend on %s", env, guarded, dep)
				}
			}
		}
	}
}
