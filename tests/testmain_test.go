package tests

import (
	"fmt"
	"os"
	"os/exec"
	"testing"
)

// TestMain makes sure the tests find a built product in $FEEDSCOUT_DIST:
// ./build.sh test sets it; when it is unset (go test ./tests), the product
// is built once into a temporary directory (DIST=$tmp ../build.sh build)
// and FEEDSCOUT_DIST points there for every test of the process, then the
// directory is removed.
func TestMain(m *testing.M) { os.Exit(testMain(m)) }

func testMain(m *testing.M) int {
	if os.Getenv("FEEDSCOUT_DIST") == "" {
		dir, err := os.MkdirTemp("", "feedscout-dist-")
		if err != nil {
			fmt.Fprintf(os.Stderr, "tests: make a dist directory: %v\n", err)
			return 1
		}
		defer os.RemoveAll(dir)
		cmd := exec.Command("../build.sh", "build")
		cmd.Env = append(os.Environ(), "DIST="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			fmt.Fprintf(os.Stderr, "tests: build the product (DIST=%s ../build.sh build): %v\n%s", dir, err, out)
			return 1
		}
		os.Setenv("FEEDSCOUT_DIST", dir)
	}
	// Host processes share pacing and robots.txt through their state
	// folder: the tests' hosts get one of their own, never the user's
	// (a fixture web's Env gives each web its own inside it).
	state, err := os.MkdirTemp("", "feedscout-state-")
	if err != nil {
		fmt.Fprintf(os.Stderr, "tests: make a state directory: %v\n", err)
		return 1
	}
	defer os.RemoveAll(state)
	os.Setenv("XDG_STATE_HOME", state)
	return m.Run()
}

// distDir is the built product under test ($FEEDSCOUT_DIST, see TestMain).
func distDir(t testing.TB) string {
	t.Helper()
	d := os.Getenv("FEEDSCOUT_DIST")
	if d == "" {
		t.Fatal("FEEDSCOUT_DIST is unset: TestMain did not run")
	}
	return d
}
