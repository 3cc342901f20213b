//go:build ignore

// firefox_package.go makes the Firefox build of the extension from the
// built Chromium one; build.sh runs it (Go is the only build requirement):
//
//	go run tests/firefox/firefox_package.go DIST/extension DIST/extension-firefox DIST/feedscout-firefox.xpi
//
// It copies every file of the Chromium build unchanged (the same JS, the
// same bundled popup, the same stamped popup.html) and writes a manifest.json
// that is the Chromium one with what Firefox wants instead (firefoxManifest
// below), keeping every other key as it is and in its place, so keys added
// to extension/manifest.json reach Firefox without a change here. The .xpi
// is a zip of that folder with the manifest first, sorted names and a fixed
// time, so the same build gives the same bytes.
package main

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"sort"
	"time"
)

// The Firefox-only values (docs/firefox.md says why each).
const (
	// geckoID is the add-on id the host's Firefox manifest allows.
	geckoID = "feedscout@feedscout.dev"
	// geckoMin is the first Firefox that knows
	// data_collection_permissions: with an older minimum, web-ext lint
	// warns that the key is ignored there.
	geckoMin = "140.0"
	// geckoAndroidMin is the same for Firefox for Android.
	geckoAndroidMin = "142.0"
)

func main() {
	if len(os.Args) != 4 {
		fmt.Fprintln(os.Stderr, "usage: go run tests/firefox/firefox_package.go CHROMIUM_DIR FIREFOX_DIR XPI")
		os.Exit(2)
	}
	if err := run(os.Args[1], os.Args[2], os.Args[3]); err != nil {
		fmt.Fprintf(os.Stderr, "firefox package: %v\n", err)
		os.Exit(1)
	}
}

func run(src, dst, xpi string) error {
	raw, err := os.ReadFile(filepath.Join(src, "manifest.json"))
	if err != nil {
		return fmt.Errorf("read chromium manifest: %w", err)
	}
	manifest, err := firefoxManifest(raw)
	if err != nil {
		return err
	}
	if err := os.RemoveAll(dst); err != nil {
		return fmt.Errorf("clear %s: %w", dst, err)
	}
	var names []string
	err = filepath.WalkDir(src, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		rel, err := filepath.Rel(src, p)
		if err != nil {
			return err
		}
		out := filepath.Join(dst, rel)
		if d.IsDir() {
			return os.MkdirAll(out, 0o755)
		}
		if !d.Type().IsRegular() {
			return fmt.Errorf("%s is not a regular file", p)
		}
		names = append(names, filepath.ToSlash(rel))
		if rel == "manifest.json" {
			return os.WriteFile(out, manifest, 0o644)
		}
		return copyFile(p, out)
	})
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	return writeXPI(dst, names, xpi)
}

// firefoxManifest rewrites the Chromium manifest for Firefox:
//   - no "key" (Firefox: "unexpected property"; the gecko id is the id) and
//     no "minimum_chrome_version";
//   - no "declarativeContent" permission (Firefox has no such API and
//     lints it as an unknown permission);
//   - background: "scripts" naming the service worker's file, no
//     "service_worker" (Firefox runs background scripts as an event page and
//     ignores a service worker, with a lint warning);
//   - action.default_area "navbar": without it the button sits in the
//     Extensions panel, not on the toolbar;
//   - browser_specific_settings: the gecko id, the minimum versions that
//     know data_collection_permissions, and that this add-on collects
//     nothing ("none").
//
// Every other key is kept, in its place.
func firefoxManifest(raw []byte) ([]byte, error) {
	m, err := parseObject(raw)
	if err != nil {
		return nil, fmt.Errorf("parse chromium manifest: %w", err)
	}
	m.del("key")
	m.del("minimum_chrome_version")
	if err := dropPermission(m, "declarativeContent"); err != nil {
		return nil, err
	}

	bgRaw, ok := m.get("background")
	if !ok {
		return nil, fmt.Errorf("chromium manifest has no background")
	}
	bg, err := parseObject(bgRaw)
	if err != nil {
		return nil, fmt.Errorf("parse background: %w", err)
	}
	var worker string
	if w, ok := bg.get("service_worker"); ok {
		if err := json.Unmarshal(w, &worker); err != nil || worker == "" {
			return nil, fmt.Errorf("background.service_worker is not a file name: %s", w)
		}
	}
	if _, ok := bg.get("scripts"); !ok {
		if worker == "" {
			return nil, fmt.Errorf("background has neither service_worker nor scripts")
		}
		bg.set("scripts", mustJSON([]string{worker}))
	}
	bg.del("service_worker")
	m.set("background", bg.json())

	actionRaw, ok := m.get("action")
	if !ok {
		return nil, fmt.Errorf("chromium manifest has no action")
	}
	action, err := parseObject(actionRaw)
	if err != nil {
		return nil, fmt.Errorf("parse action: %w", err)
	}
	action.set("default_area", mustJSON("navbar"))
	m.set("action", action.json())

	bss := &object{}
	if r, ok := m.get("browser_specific_settings"); ok {
		if bss, err = parseObject(r); err != nil {
			return nil, fmt.Errorf("parse browser_specific_settings: %w", err)
		}
	}
	gecko := &object{}
	if r, ok := bss.get("gecko"); ok {
		if gecko, err = parseObject(r); err != nil {
			return nil, fmt.Errorf("parse gecko settings: %w", err)
		}
	}
	gecko.set("id", mustJSON(geckoID))
	gecko.set("strict_min_version", mustJSON(geckoMin))
	gecko.set("data_collection_permissions", mustJSON(map[string][]string{"required": {"none"}}))
	bss.set("gecko", gecko.json())
	bss.set("gecko_android", mustJSON(map[string]string{"strict_min_version": geckoAndroidMin}))
	m.set("browser_specific_settings", bss.json())

	var out bytes.Buffer
	if err := json.Indent(&out, m.json(), "", "  "); err != nil {
		return nil, fmt.Errorf("format firefox manifest: %w", err)
	}
	out.WriteByte('\n')
	return out.Bytes(), nil
}

// object is a JSON object that keeps its keys' order.
type object struct {
	keys []string
	vals map[string]json.RawMessage
}

func parseObject(raw []byte) (*object, error) {
	d := json.NewDecoder(bytes.NewReader(raw))
	tok, err := d.Token()
	if err != nil {
		return nil, err
	}
	if tok != json.Delim('{') {
		return nil, fmt.Errorf("not an object: %s", raw)
	}
	o := &object{vals: map[string]json.RawMessage{}}
	for d.More() {
		tok, err := d.Token()
		if err != nil {
			return nil, err
		}
		k := tok.(string)
		var v json.RawMessage
		if err := d.Decode(&v); err != nil {
			return nil, fmt.Errorf("key %q: %w", k, err)
		}
		if _, dup := o.vals[k]; dup {
			return nil, fmt.Errorf("key %q twice", k)
		}
		o.keys = append(o.keys, k)
		o.vals[k] = v
	}
	if _, err := d.Token(); err != nil {
		return nil, err
	}
	if _, err := d.Token(); err != io.EOF {
		return nil, fmt.Errorf("data after the object")
	}
	return o, nil
}

func (o *object) get(k string) (json.RawMessage, bool) {
	v, ok := o.vals[k]
	return v, ok
}

// set replaces k's value in its place, or appends k.
func (o *object) set(k string, v json.RawMessage) {
	if o.vals == nil {
		o.vals = map[string]json.RawMessage{}
	}
	if _, ok := o.vals[k]; !ok {
		o.keys = append(o.keys, k)
	}
	o.vals[k] = v
}

func (o *object) del(k string) {
	if _, ok := o.vals[k]; !ok {
		return
	}
	delete(o.vals, k)
	for i, key := range o.keys {
		if key == k {
			o.keys = append(o.keys[:i], o.keys[i+1:]...)
			break
		}
	}
}

func (o *object) json() json.RawMessage {
	var b bytes.Buffer
	b.WriteByte('{')
	for i, k := range o.keys {
		if i > 0 {
			b.WriteByte(',')
		}
		b.Write(mustJSON(k))
		b.WriteByte(':')
		b.Write(o.vals[k])
	}
	b.WriteByte('}')
	return b.Bytes()
}

func mustJSON(v any) json.RawMessage {
	b, err := json.Marshal(v)
	if err != nil {
		panic(err)
	}
	return b
}

func copyFile(from, to string) error {
	in, err := os.Open(from)
	if err != nil {
		return err
	}
	defer in.Close()
	fi, err := in.Stat()
	if err != nil {
		return err
	}
	out, err := os.OpenFile(to, os.O_WRONLY|os.O_CREATE|os.O_TRUNC, fi.Mode().Perm())
	if err != nil {
		return err
	}
	if _, err := io.Copy(out, in); err != nil {
		out.Close()
		return err
	}
	return out.Close()
}

// writeXPI zips the files names (slash-separated, relative to dir) into
// path: manifest.json first, the rest sorted, one fixed modification time.
func writeXPI(dir string, names []string, path string) error {
	sort.Slice(names, func(i, j int) bool {
		if (names[i] == "manifest.json") != (names[j] == "manifest.json") {
			return names[i] == "manifest.json"
		}
		return names[i] < names[j]
	})
	tmp := path + ".tmp"
	f, err := os.Create(tmp)
	if err != nil {
		return fmt.Errorf("write xpi: %w", err)
	}
	defer os.Remove(tmp)
	zw := zip.NewWriter(f)
	stamp := time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC)
	for _, n := range names {
		body, err := os.ReadFile(filepath.Join(dir, filepath.FromSlash(n)))
		if err != nil {
			f.Close()
			return fmt.Errorf("write xpi: %w", err)
		}
		w, err := zw.CreateHeader(&zip.FileHeader{Name: n, Method: zip.Deflate, Modified: stamp})
		if err == nil {
			_, err = w.Write(body)
		}
		if err != nil {
			f.Close()
			return fmt.Errorf("write xpi %s: %w", n, err)
		}
	}
	if err := zw.Close(); err != nil {
		f.Close()
		return fmt.Errorf("write xpi: %w", err)
	}
	if err := f.Close(); err != nil {
		return fmt.Errorf("write xpi: %w", err)
	}
	if err := os.Rename(tmp, path); err != nil {
		return fmt.Errorf("write xpi: %w", err)
	}
	return nil
}

// dropPermission removes name from the manifest's permissions.
func dropPermission(m *object, name string) error {
	raw, ok := m.get("permissions")
	if !ok {
		return nil
	}
	var perms []string
	if err := json.Unmarshal(raw, &perms); err != nil {
		return fmt.Errorf("permissions: %w", err)
	}
	kept := perms[:0]
	for _, p := range perms {
		if p != name {
			kept = append(kept, p)
		}
	}
	m.set("permissions", mustJSON(kept))
	return nil
}
