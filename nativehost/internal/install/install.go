package install

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"strings"
)

// Result is what happened to one target.
type Result struct {
	Browser string
	Path    string // the manifest file
}

// Install writes the host manifest for b, naming the binary at hostPath
// (absolute), then reads it back and checks it (see Check).
func Install(b Browser, hostPath string) (Result, error) {
	if !filepath.IsAbs(hostPath) {
		return Result{}, fmt.Errorf("install %s: host path %q is not absolute", b.Name, hostPath)
	}
	body, err := render(b.Family, hostPath)
	if err != nil {
		return Result{}, err
	}
	if err := os.MkdirAll(b.Dir, 0o755); err != nil {
		return Result{}, fmt.Errorf("install %s: %w", b.Name, err)
	}
	p := b.ManifestPath()
	tmp := p + ".tmp"
	if err := os.WriteFile(tmp, body, 0o644); err != nil {
		return Result{}, fmt.Errorf("install %s: %w", b.Name, err)
	}
	if err := os.Rename(tmp, p); err != nil {
		os.Remove(tmp)
		return Result{}, fmt.Errorf("install %s: %w", b.Name, err)
	}
	if b.Key != "" {
		if err := setKey(b.Key, p); err != nil {
			return Result{}, fmt.Errorf("install %s: %w", b.Name, err)
		}
	}
	if err := Check(b, hostPath); err != nil {
		return Result{}, err
	}
	return Result{Browser: b.Name, Path: p}, nil
}

// Check reads b's manifest back and verifies what a browser needs: valid
// JSON, our host name, type stdio, the path of an executable file equal to
// hostPath, and exactly our extension as the allowed caller; on Windows
// also that b's registry key names the manifest.
func Check(b Browser, hostPath string) error {
	p := b.ManifestPath()
	if b.Key != "" {
		v, ok, err := readKey(b.Key)
		if err != nil {
			return fmt.Errorf("check %s: %w", b.Name, err)
		}
		if !ok || v != p {
			return fmt.Errorf("check %s: registry key HKCU\\%s names %q, not %q", b.Name, b.Key, v, p)
		}
	}
	raw, err := os.ReadFile(p)
	if err != nil {
		return fmt.Errorf("check %s manifest: %w", b.Name, err)
	}
	var m Manifest
	d := json.NewDecoder(bytes.NewReader(raw))
	d.DisallowUnknownFields()
	if err := d.Decode(&m); err != nil {
		return fmt.Errorf("check %s manifest %s: %w", b.Name, p, err)
	}
	var problems []string
	if m.Name != HostName {
		problems = append(problems, fmt.Sprintf("name is %q", m.Name))
	}
	if m.Type != "stdio" {
		problems = append(problems, fmt.Sprintf("type is %q", m.Type))
	}
	if m.Path != hostPath {
		problems = append(problems, fmt.Sprintf("path is %q, not %q", m.Path, hostPath))
	}
	if fi, err := os.Stat(m.Path); err != nil || !fi.Mode().IsRegular() || !executable(m.Path, fi.Mode()) {
		problems = append(problems, fmt.Sprintf("path %q is not an executable file", m.Path))
	}
	want := []string{"chrome-extension://" + ChromeExtensionID + "/"}
	got := m.AllowedOrigins
	if b.Family == "firefox" {
		want, got = []string{FirefoxAddonID}, m.AllowedExtensions
	}
	if len(got) != 1 || got[0] != want[0] {
		problems = append(problems, fmt.Sprintf("allowed callers are %q, want %q", got, want))
	}
	if len(problems) > 0 {
		return fmt.Errorf("check %s manifest %s: %s", b.Name, p, strings.Join(problems, "; "))
	}
	return nil
}

// executable reports whether the file at path with mode m can be run: an
// execute bit on Unix; on Windows, which has none, an .exe.
func executable(path string, m fs.FileMode) bool {
	if runtime.GOOS == "windows" {
		return strings.EqualFold(filepath.Ext(path), ".exe")
	}
	return m.Perm()&0o111 != 0
}

// Uninstall removes b's manifest, and on Windows b's registry key (named
// after our host, so ours). It reports whether there was either; a
// manifest that is not ours (another host name inside) is left alone.
func Uninstall(b Browser) (bool, error) {
	key := false
	if b.Key != "" {
		var err error
		if key, err = deleteKey(b.Key); err != nil {
			return false, fmt.Errorf("uninstall %s: %w", b.Name, err)
		}
	}
	p := b.ManifestPath()
	raw, err := os.ReadFile(p)
	if errors.Is(err, fs.ErrNotExist) {
		return key, nil
	}
	if err != nil {
		return false, fmt.Errorf("uninstall %s: %w", b.Name, err)
	}
	var m Manifest
	if json.Unmarshal(raw, &m) == nil && m.Name != "" && m.Name != HostName {
		return false, fmt.Errorf("uninstall %s: %s names host %q, not ours; left in place", b.Name, p, m.Name)
	}
	if err := os.Remove(p); err != nil {
		return false, fmt.Errorf("uninstall %s: %w", b.Name, err)
	}
	return true, nil
}

// Present reports whether b's browser looks installed for this user (its
// configuration folder exists).
func Present(b Browser) bool {
	fi, err := os.Stat(b.Config)
	return err == nil && fi.IsDir()
}

// HostPath is the absolute path of the running binary with symlinks
// resolved, as the manifest must name it.
func HostPath() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find host binary: %w", err)
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	return filepath.Abs(p)
}
