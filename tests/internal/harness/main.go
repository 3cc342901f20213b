package harness

import (
	"fmt"
	"os"
	"testing"
)

// Main runs a test package's tests, its TestMain being
//
//	func TestMain(m *testing.M) { os.Exit(harness.Main(m)) }
//
// The tests find the built product in $FEEDSCOUT_DIST: ./build.sh test
// sets it; when it is unset (go test ./tests/...), the product is built
// into a folder keyed on its sources (Dist) that every test package of the
// run shares, so it is built once, and FEEDSCOUT_DIST points there for
// every test of the process. The hosts the tests start get a state folder
// of their own ($XDG_STATE_HOME), removed at the end.
func Main(m *testing.M) int {
	if os.Getenv("FEEDSCOUT_DIST") == "" {
		dir, release, err := Dist()
		if err != nil {
			fmt.Fprintf(os.Stderr, "tests: %v\n", err)
			return 1
		}
		defer release()
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

// DistDir is the built product under test ($FEEDSCOUT_DIST, see Main).
func DistDir(t testing.TB) string {
	t.Helper()
	d := os.Getenv("FEEDSCOUT_DIST")
	if d == "" {
		t.Fatal("FEEDSCOUT_DIST is unset: TestMain did not call harness.Main")
	}
	return d
}
