package release

// The release (./build.sh dist): checksums, one archive per platform with a
// host of that platform in it, the extension's packages, and the same
// bytes from a second build.

import (
	"archive/tar"
	"archive/zip"
	"bytes"
	"compress/gzip"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"sync"
	"testing"

	"feedscout/tests/internal/harness"
)

// releaseEpoch is the SOURCE_DATE_EPOCH of the tests' release: fixed, so
// that a commit made while they run cannot change the archives' times.
const releaseEpoch = "1767225600"

var (
	releaseOnce sync.Once
	releaseOut  string
	releaseErr  string
)

// releaseDir runs ./build.sh dist once per test process (about two minutes
// on two cores: six hosts) into the folder release-build of the product
// under test (so that it goes with it) and returns its release/. The
// release, .deb and Windows tests share it.
func releaseDir(t testing.TB) string {
	t.Helper()
	if _, err := exec.LookPath("dpkg-deb"); err != nil {
		harness.Missing(t, "dpkg-deb is not installed (apt-get install dpkg); build.sh dist needs it")
	}
	dist := harness.DistDir(t)
	releaseOnce.Do(func() {
		dir := filepath.Join(dist, "release-build")
		if err := os.RemoveAll(dir); err != nil {
			releaseErr = err.Error()
			return
		}
		cmd := exec.Command("../../build.sh", "dist")
		cmd.Env = append(os.Environ(), "DIST="+dir, "SOURCE_DATE_EPOCH="+releaseEpoch)
		if out, err := cmd.CombinedOutput(); err != nil {
			releaseErr = "DIST=" + dir + " ../build.sh dist: " + err.Error() + "\n" + string(out)
			return
		}
		releaseOut = filepath.Join(dir, "release")
	})
	if releaseErr != "" {
		t.Fatal(releaseErr)
	}
	return releaseOut
}

// platforms are the release's archives and the words `file` says of the
// host inside.
var platforms = []struct{ name, host, file string }{
	{"windows_amd64.zip", "feedscout-host.exe", "PE32+ executable (console) x86-64"},
	{"windows_arm64.zip", "feedscout-host.exe", "PE32+ executable (console) Aarch64"},
	{"darwin_amd64.tar.gz", "feedscout-host", "Mach-O 64-bit x86_64 executable"},
	{"darwin_arm64.tar.gz", "feedscout-host", "Mach-O 64-bit arm64 executable"},
	{"linux_amd64.tar.gz", "feedscout-host", "ELF 64-bit LSB executable, x86-64"},
	{"linux_arm64.tar.gz", "feedscout-host", "ELF 64-bit LSB executable, ARM aarch64"},
}

func TestReleaseArchives(t *testing.T) {
	rel := releaseDir(t)
	file := harness.ToolPath(t, "file")
	sha := harness.ToolPath(t, "sha256sum")
	cmd := exec.Command(sha, "-c", "SHA256SUMS")
	cmd.Dir = rel
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("sha256sum -c SHA256SUMS: %v\n%s", err, out)
	}
	// Every file of the release is in SHA256SUMS, and nothing else.
	sums, _ := os.ReadFile(filepath.Join(rel, "SHA256SUMS"))
	var listed, present []string
	for _, l := range strings.Split(strings.TrimSpace(string(sums)), "\n") {
		listed = append(listed, strings.TrimSpace(l[64:]))
	}
	ents, _ := os.ReadDir(rel)
	for _, e := range ents {
		if e.Name() != "SHA256SUMS" {
			present = append(present, e.Name())
		}
	}
	sort.Strings(listed)
	if want := append(releaseNames(), "feedscout_0.1.0_amd64.deb", "feedscout_0.1.0_arm64.deb", "feedscout_0.1.0_chromium.zip", "feedscout_0.1.0_firefox.xpi"); !sameSet(listed, want) || !sameSet(present, want) {
		t.Errorf("SHA256SUMS lists %v; the release holds %v; want %v", listed, present, want)
	}

	for _, p := range platforms {
		t.Run(p.name, func(t *testing.T) {
			top := "feedscout_0.1.0_" + strings.TrimSuffix(strings.TrimSuffix(p.name, ".zip"), ".tar.gz")
			files := unpack(t, filepath.Join(rel, "feedscout_0.1.0_"+p.name))
			var names []string
			for n := range files {
				names = append(names, n)
			}
			if want := []string{top + "/README.md", top + "/install.md", top + "/" + p.host}; !sameSet(names, want) {
				t.Fatalf("archive holds %v, want %v", names, want)
			}
			readme, _ := os.ReadFile("../../README.md")
			if !bytes.Equal(files[top+"/README.md"].data, readme) {
				t.Errorf("README.md in the archive is not the project's")
			}
			h := files[top+"/"+p.host]
			if h.mode&0o111 == 0 {
				t.Errorf("%s has mode %o, not executable", p.host, h.mode)
			}
			bin := filepath.Join(t.TempDir(), p.host)
			os.WriteFile(bin, h.data, 0o755)
			out, err := exec.Command(file, "-b", bin).Output()
			if err != nil || !strings.HasPrefix(string(out), p.file) {
				t.Errorf("file says %q (%v), want %q", out, err, p.file)
			}
			if strings.HasPrefix(p.name, "linux_amd64") {
				if out, err := exec.Command(bin, "version").Output(); err != nil || !strings.Contains(string(out), "0.1.0") {
					t.Errorf("%s version: %q %v", bin, out, err)
				}
			}
		})
	}
}

// TestReleaseReproducible builds the Linux amd64 archive a second time, as
// build.sh dist does but in another folder, and wants the same bytes.
func TestReleaseReproducible(t *testing.T) {
	rel := releaseDir(t)
	name := "feedscout_0.1.0_linux_amd64"
	first, err := os.ReadFile(filepath.Join(rel, name+".tar.gz"))
	if err != nil {
		t.Fatal(err)
	}
	// The same README and install.md as the first build (another engineer
	// may be editing the working tree's).
	files := unpack(t, filepath.Join(rel, name+".tar.gz"))
	dir := filepath.Join(t.TempDir(), "elsewhere")
	os.MkdirAll(dir, 0o755)
	for _, f := range []string{"README.md", "install.md"} {
		os.WriteFile(filepath.Join(dir, f), files[name+"/"+f].data, 0o644)
	}
	build := exec.Command("go", "build", "-trimpath", "-buildvcs=false", "-ldflags", "-s -w -X main.version=0.1.0", "-o", filepath.Join(dir, "feedscout-host"), "./nativehost")
	build.Dir = "../.."
	build.Env = append(os.Environ(), "GOOS=linux", "GOARCH=amd64", "CGO_ENABLED=0")
	if out, err := build.CombinedOutput(); err != nil {
		t.Fatalf("go build: %v\n%s", err, out)
	}
	second := filepath.Join(dir, name+".tar.gz")
	pack := exec.Command("go", "run", "nativehost/packaging/release.go", "archive", second, name,
		filepath.Join(dir, "feedscout-host"), filepath.Join(dir, "README.md"), filepath.Join(dir, "install.md"))
	pack.Dir = "../.."
	pack.Env = append(os.Environ(), "SOURCE_DATE_EPOCH="+releaseEpoch)
	if out, err := pack.CombinedOutput(); err != nil {
		t.Fatalf("release.go archive: %v\n%s", err, out)
	}
	again, _ := os.ReadFile(second)
	if !bytes.Equal(first, again) {
		a, b := unpack(t, filepath.Join(rel, name+".tar.gz")), unpack(t, second)
		for n := range a {
			if !bytes.Equal(a[n].data, b[n].data) {
				t.Errorf("%s differs between the two builds", n)
			}
		}
		t.Fatalf("the second build of %s.tar.gz differs (%d and %d bytes)", name, len(first), len(again))
	}
}

// TestReleaseExtension holds the store zip to the built extension (the
// same files, byte for byte, manifest first, the key that gives the fixed
// ID) and lints the .xpi with web-ext.
func TestReleaseExtension(t *testing.T) {
	rel := releaseDir(t)
	z, err := zip.OpenReader(filepath.Join(rel, "feedscout_0.1.0_chromium.zip"))
	if err != nil {
		t.Fatal(err)
	}
	defer z.Close()
	if len(z.File) == 0 || z.File[0].Name != "manifest.json" {
		t.Fatalf("the zip does not start with manifest.json")
	}
	got := map[string][]byte{}
	for _, f := range z.File {
		r, _ := f.Open()
		got[f.Name], _ = io.ReadAll(r)
		r.Close()
	}
	want := harness.TreeFiles(t, filepath.Join(filepath.Dir(rel), "extension"))
	if !reflect.DeepEqual(harness.Keys(got), harness.Keys(want)) {
		t.Fatalf("zip holds %v, dist/extension %v", harness.Keys(got), harness.Keys(want))
	}
	for n, b := range want {
		if !bytes.Equal(got[n], b) {
			t.Errorf("%s differs from dist/extension", n)
		}
	}
	var m struct {
		Key             string `json:"key"`
		ManifestVersion int    `json:"manifest_version"`
	}
	if err := json.Unmarshal(got["manifest.json"], &m); err != nil || m.ManifestVersion != 3 || m.Key != harness.ReadManifest(t)["key"] {
		t.Errorf("the zip's manifest: version %d, key %q... (%v)", m.ManifestVersion, m.Key[:min(len(m.Key), 12)], err)
	}

	exe := harness.WebExt(t)
	src := filepath.Join(t.TempDir(), "xpi")
	for n, f := range unpack(t, filepath.Join(rel, "feedscout_0.1.0_firefox.xpi")) {
		p := filepath.Join(src, filepath.FromSlash(n))
		os.MkdirAll(filepath.Dir(p), 0o755)
		os.WriteFile(p, f.data, 0o644)
	}
	cmd := exec.Command(exe, "lint", "--source-dir", src, "--output", "json", "--no-config-discovery")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, _ := cmd.Output()
	var res struct {
		Errors, Warnings []struct{ Code, Message, File string }
	}
	if err := json.Unmarshal(out, &res); err != nil {
		t.Fatalf("web-ext lint printed no JSON report: %v\n%s", err, out)
	}
	for _, e := range res.Errors {
		t.Errorf("lint error %s in %s: %s", e.Code, e.File, e.Message)
	}
	for _, w := range res.Warnings {
		if _, ok := harness.KeptLintWarnings[w.Code]; !ok {
			t.Errorf("lint warning %s in %s: %s", w.Code, w.File, w.Message)
		}
	}
}

// releaseNames are the platform archives' file names.
func releaseNames() []string {
	var n []string
	for _, p := range platforms {
		n = append(n, "feedscout_0.1.0_"+p.name)
	}
	return n
}

// archived is one file of an archive.
type archived struct {
	mode int64
	data []byte
}

// unpack reads a .zip (or .xpi) or .tar.gz into its regular files by name.
func unpack(t testing.TB, path string) map[string]archived {
	t.Helper()
	out := map[string]archived{}
	if strings.HasSuffix(path, ".tar.gz") {
		f, err := os.Open(path)
		if err != nil {
			t.Fatal(err)
		}
		defer f.Close()
		gz, err := gzip.NewReader(f)
		if err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		tr := tar.NewReader(gz)
		for {
			h, err := tr.Next()
			if err == io.EOF {
				break
			}
			if err != nil {
				t.Fatalf("%s: %v", path, err)
			}
			if h.Typeflag == tar.TypeReg {
				b, _ := io.ReadAll(tr)
				out[h.Name] = archived{h.Mode, b}
			}
		}
		return out
	}
	z, err := zip.OpenReader(path)
	if err != nil {
		t.Fatalf("%s: %v", path, err)
	}
	defer z.Close()
	for _, f := range z.File {
		r, _ := f.Open()
		b, _ := io.ReadAll(r)
		r.Close()
		out[f.Name] = archived{int64(f.Mode().Perm()), b}
	}
	return out
}

// sameSet reports whether a and b hold the same strings.
func sameSet(a, b []string) bool {
	a, b = append([]string(nil), a...), append([]string(nil), b...)
	sort.Strings(a)
	sort.Strings(b)
	return reflect.DeepEqual(a, b)
}
