package harness

import (
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"io"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
)

// moduleRoot is the module's root seen from a test package (tests/GROUP).
const moduleRoot = "../.."

// distSources are what ./build.sh build reads, relative to the module
// root: a change to any of them is a new product. Tests and test data
// are left out (the build reads none).
var distSources = []string{"build.sh", "go.mod", "go.sum", "common", "extension", "nativehost", "wasm", "tests/firefox/firefox_package.go"}

// Dist returns the product built from the module's sources as they are
// now, building it when no test package has yet: in
// $TMPDIR/feedscout-dist-KEY, KEY a hash of every source file's path and
// bytes. A lock on the folder makes concurrent test packages wait for the
// one that builds, and keeps it while they run; release gives it up. The
// folder stays for the next run of the same sources; building a new one
// removes those no run holds.
func Dist() (dir string, release func(), err error) {
	key, err := sourceKey()
	if err != nil {
		return "", nil, fmt.Errorf("hash the product's sources: %w", err)
	}
	base := filepath.Join(os.TempDir(), "feedscout-dist-")
	dir = base + key
	l, err := lockFile(dir + ".lock")
	if err != nil {
		return "", nil, err
	}
	if err := l.exclusive(); err != nil {
		l.close()
		return "", nil, err
	}
	if _, err := os.Stat(filepath.Join(dir, ".built")); err != nil {
		os.RemoveAll(dir)
		cmd := exec.Command(filepath.Join(moduleRoot, "build.sh"), "build")
		cmd.Env = append(os.Environ(), "DIST="+dir)
		if out, err := cmd.CombinedOutput(); err != nil {
			l.close()
			return "", nil, fmt.Errorf("build the product (DIST=%s ./build.sh build): %w\n%s", dir, err, out)
		}
		if err := os.WriteFile(filepath.Join(dir, ".built"), nil, 0o644); err != nil {
			l.close()
			return "", nil, err
		}
		removeStale(base, dir)
	}
	if err := l.shared(); err != nil {
		l.close()
		return "", nil, err
	}
	return dir, l.close, nil
}

// sourceKey hashes the path and bytes of every file of distSources.
func sourceKey() (string, error) {
	h := sha256.New()
	for _, src := range distSources {
		err := filepath.WalkDir(filepath.Join(moduleRoot, src), func(p string, d fs.DirEntry, err error) error {
			if err != nil {
				return err
			}
			if d.IsDir() {
				if d.Name() == "testdata" {
					return filepath.SkipDir
				}
				return nil
			}
			if strings.HasSuffix(p, "_test.go") {
				return nil
			}
			f, err := os.Open(p)
			if err != nil {
				return err
			}
			defer f.Close()
			fmt.Fprintf(h, "%s\x00", filepath.ToSlash(p))
			_, err = io.Copy(h, f)
			return err
		})
		if err != nil {
			return "", err
		}
	}
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// removeStale removes the other built products whose lock no run holds.
func removeStale(base, keep string) {
	locks, _ := filepath.Glob(base + "*.lock")
	for _, lp := range locks {
		dir := strings.TrimSuffix(lp, ".lock")
		if dir == keep {
			continue
		}
		l, err := lockFile(lp)
		if err != nil {
			continue
		}
		if l.tryExclusive() {
			os.RemoveAll(dir)
			os.Remove(lp)
		}
		l.close()
	}
}
