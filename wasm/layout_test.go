package main

import (
	"os/exec"
	"slices"
	"strings"
	"testing"
)

// testOnly are the packages under common/ that only tests import: the
// reader of the URL shape corpora (classify's and shape's tests).
var testOnly = []string{"feedscout/common/internal/tsv"}

// TestLayout holds the layout docs/ARCHITECTURE.md explains ("Why these
// folders"): every package under common/ is linked by the host and by at
// least one wasm module (a package one side stops linking moves to that
// side's folder), no package under wasm/ is linked by the host, and the
// test-only packages and the commands go generate runs (package main
// under common/, such as the catalogue's gen) by neither.
func TestLayout(t *testing.T) {
	deps := func(env []string, pkgs ...string) []string {
		t.Helper()
		cmd := exec.Command("go", append([]string{"list", "-deps"}, pkgs...)...)
		cmd.Dir = ".."
		cmd.Env = append(cmd.Environ(), env...)
		out, err := cmd.Output()
		if err != nil {
			t.Fatalf("go list -deps %v %v: %v", env, pkgs, err)
		}
		return strings.Fields(string(out))
	}
	host := deps(nil, "./nativehost")
	wasm := deps([]string{"GOOS=wasip1", "GOARCH=wasm"}, "./wasm", "./wasm/newsmapwasm")
	cmd := exec.Command("go", "list", "-f", "{{.ImportPath}} {{.Name}}", "./common/...", "./wasm/...")
	cmd.Dir = ".."
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("go list: %v", err)
	}
	var common int
	for _, line := range strings.Split(strings.TrimSpace(string(out)), "\n") {
		p, name, _ := strings.Cut(line, " ")
		inHost, inWasm := slices.Contains(host, p), slices.Contains(wasm, p)
		switch {
		case slices.Contains(testOnly, p), strings.HasPrefix(p, "feedscout/common/") && name == "main":
			if inHost || inWasm {
				t.Errorf("%s is test-only or a go generate command, but the host (%v) or a module (%v) links it", p, inHost, inWasm)
			}
		case strings.HasPrefix(p, "feedscout/common/"):
			common++
			if !inHost || !inWasm {
				t.Errorf("%s is under common/, but linked by the host: %v, by a wasm module: %v; move it to the folder of the side that links it", p, inHost, inWasm)
			}
		case strings.HasPrefix(p, "feedscout/wasm"):
			if inHost {
				t.Errorf("%s is under wasm/, but the host links it; move it to common/", p)
			}
			if !inWasm {
				t.Errorf("%s is under wasm/, but no module links it", p)
			}
		}
	}
	if common == 0 {
		t.Fatal("go list found no package under common/")
	}
}
