package firefox

// The Firefox build: the same files as the Chromium one with a manifest
// made for Firefox (firefox_package.go), an .xpi of them, and web-ext lint
// on it with no error and only the warnings written down below.

import (
	"archive/zip"
	"bytes"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"feedscout/tests/internal/harness"
)

func TestFirefoxLint(t *testing.T) {
	exe := harness.WebExt(t)
	dir := filepath.Join(firefoxDist(t), "extension-firefox")
	cmd := exec.Command(exe, "lint", "--source-dir", dir, "--output", "json", "--no-config-discovery")
	cmd.Env = append(os.Environ(), "HOME="+t.TempDir())
	out, err := cmd.Output()
	// web-ext lint exits non-zero when there are errors; the JSON says which.
	var res struct {
		Summary                   struct{ Errors, Warnings, Notices int }
		Errors, Warnings, Notices []struct {
			Code, Message, Description, File string
		}
		Metadata struct {
			ID                      string
			FirefoxStrictMinVersion int
		}
	}
	if jerr := json.Unmarshal(out, &res); jerr != nil {
		t.Fatalf("web-ext lint (%v) printed no JSON report: %v\n%s", err, jerr, out)
	}
	for _, e := range res.Errors {
		t.Errorf("lint error %s in %s: %s", e.Code, e.File, e.Message)
	}
	for _, w := range res.Warnings {
		if _, ok := harness.KeptLintWarnings[w.Code]; !ok {
			t.Errorf("lint warning %s in %s not written down in keptLintWarnings and docs/firefox.md: %s (%s)", w.Code, w.File, w.Message, w.Description)
		}
	}
	for _, n := range res.Notices {
		t.Logf("lint notice %s in %s: %s", n.Code, n.File, n.Message)
	}
	if res.Metadata.ID != harness.GeckoID || res.Metadata.FirefoxStrictMinVersion != 140 {
		t.Errorf("lint read id %q, minimum Firefox %d; want %s, 140", res.Metadata.ID, res.Metadata.FirefoxStrictMinVersion, harness.GeckoID)
	}
	doc, err := os.ReadFile("../../docs/firefox.md")
	if err != nil {
		t.Fatal(err)
	}
	for code := range harness.KeptLintWarnings {
		if !bytes.Contains(doc, []byte(code)) {
			t.Errorf("docs/firefox.md does not explain the kept lint warning %s", code)
		}
	}
}

// TestFirefoxPackage holds the Firefox build to the Chromium one: the
// same files byte for byte except manifest.json, whose keys are the
// Chromium manifest's with only the Firefox changes, and an .xpi holding
// exactly the unpacked Firefox folder, manifest first.
func TestFirefoxPackage(t *testing.T) {
	dist := firefoxDist(t)
	chromium, firefox := filepath.Join(dist, "extension"), filepath.Join(dist, "extension-firefox")
	cf, ff := harness.TreeFiles(t, chromium), harness.TreeFiles(t, firefox)
	if !reflect.DeepEqual(harness.Keys(cf), harness.Keys(ff)) {
		t.Fatalf("files differ:\nchromium %v\nfirefox  %v", harness.Keys(cf), harness.Keys(ff))
	}
	for name, body := range cf {
		if name != "manifest.json" && !bytes.Equal(body, ff[name]) {
			t.Errorf("%s differs between the Chromium and Firefox builds", name)
		}
	}

	var cm, fm map[string]any
	if err := json.Unmarshal(cf["manifest.json"], &cm); err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(ff["manifest.json"], &fm); err != nil {
		t.Fatal(err)
	}
	checkFirefoxManifest(t, cm, fm)

	zr, err := zip.OpenReader(filepath.Join(dist, "feedscout-firefox.xpi"))
	if err != nil {
		t.Fatal(err)
	}
	defer zr.Close()
	var names []string
	for i, f := range zr.File {
		if i == 0 && f.Name != "manifest.json" {
			t.Errorf("the .xpi starts with %s, not manifest.json", f.Name)
		}
		names = append(names, f.Name)
		rc, err := f.Open()
		if err != nil {
			t.Fatal(err)
		}
		body, err := io.ReadAll(rc)
		rc.Close()
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(body, ff[f.Name]) {
			t.Errorf("%s in the .xpi differs from extension-firefox/", f.Name)
		}
	}
	sort.Strings(names)
	if !reflect.DeepEqual(names, harness.Keys(ff)) {
		t.Errorf(".xpi holds %v, extension-firefox/ %v", names, harness.Keys(ff))
	}
}

// checkFirefoxManifest checks that fm is cm with exactly the Firefox
// changes.
func checkFirefoxManifest(t *testing.T, cm, fm map[string]any) {
	t.Helper()
	for _, k := range []string{"key", "minimum_chrome_version"} {
		if _, ok := fm[k]; ok {
			t.Errorf("the Firefox manifest has %q", k)
		}
	}
	for k, v := range cm {
		switch k {
		case "key", "minimum_chrome_version", "background", "action", "browser_specific_settings":
			continue
		case "permissions":
			// Firefox has no declarativeContent (its lint: an invalid
			// permission): the one permission its manifest leaves out.
			var want []any
			for _, p := range v.([]any) {
				if p != "declarativeContent" {
					want = append(want, p)
				}
			}
			if !reflect.DeepEqual(fm[k], want) {
				t.Errorf("Firefox permissions %v, want %v", fm[k], want)
			}
			continue
		}
		if !reflect.DeepEqual(fm[k], v) {
			t.Errorf("manifest key %q: Chromium %v, Firefox %v", k, v, fm[k])
		}
	}
	for k := range fm {
		if _, ok := cm[k]; !ok && k != "browser_specific_settings" {
			t.Errorf("the Firefox manifest adds %q", k)
		}
	}
	bg, _ := fm["background"].(map[string]any)
	cbg, _ := cm["background"].(map[string]any)
	if _, ok := bg["service_worker"]; ok {
		t.Error("the Firefox manifest has background.service_worker")
	}
	if !reflect.DeepEqual(bg["scripts"], []any{cbg["service_worker"]}) || bg["type"] != cbg["type"] {
		t.Errorf("Firefox background %v, want scripts [%v] of type %v", bg, cbg["service_worker"], cbg["type"])
	}
	action, _ := fm["action"].(map[string]any)
	caction, _ := cm["action"].(map[string]any)
	if action["default_area"] != "navbar" {
		t.Errorf("action.default_area %v, want navbar", action["default_area"])
	}
	for k, v := range caction {
		if !reflect.DeepEqual(action[k], v) {
			t.Errorf("action.%s: Chromium %v, Firefox %v", k, v, action[k])
		}
	}
	raw, _ := json.Marshal(fm["browser_specific_settings"])
	want := `{"gecko":{"data_collection_permissions":{"required":["none"]},"id":"feedscout@feedscout.dev","strict_min_version":"140.0"},"gecko_android":{"strict_min_version":"142.0"}}`
	if string(raw) != want {
		t.Errorf("browser_specific_settings %s, want %s", raw, want)
	}
}

// TestFirefoxPackageCarriesEveryKey runs the packager on a manifest with
// keys the extension does not have today (options_ui, default_locale, a
// side panel, commands) and a _locales folder: everything but the Firefox
// changes comes through unchanged and in its place.
func TestFirefoxPackageCarriesEveryKey(t *testing.T) {
	src, dst := t.TempDir(), filepath.Join(t.TempDir(), "ff")
	xpi := filepath.Join(t.TempDir(), "x.xpi")
	manifest := `{
  "manifest_version": 3,
  "name": "__MSG_name__",
  "version": "9.9.9",
  "default_locale": "en",
  "key": "abc",
  "permissions": ["storage"],
  "options_ui": {"page": "options/options.html", "open_in_tab": true},
  "commands": {"_execute_action": {"suggested_key": {"default": "Alt+Shift+F"}}},
  "action": {"default_popup": "popup/popup.html"},
  "background": {"service_worker": "background.js", "type": "module"},
  "minimum_chrome_version": "121",
  "web_accessible_resources": [{"resources": ["generator/*"], "matches": ["<all_urls>"]}]
}`
	files := map[string]string{
		"manifest.json":             manifest,
		"background.js":             "export {};\n",
		"_locales/en/messages.json": `{"name": {"message": "feedscout"}}`,
		"_locales/ja/messages.json": `{"name": {"message": "フィードスカウト"}}`,
		"options/options.html":      "<!doctype html><title>o</title>\n",
		"generator/generator.html":  "<!doctype html><title>g</title>\n",
		"wasm/classify.wasm.gz":     "\x1f\x8b\x08",
	}
	for name, body := range files {
		p := filepath.Join(src, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(p), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(p, []byte(body), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	if out, err := exec.Command("go", "run", "firefox_package.go", src, dst, xpi).CombinedOutput(); err != nil {
		t.Fatalf("go run firefox_package.go: %v\n%s", err, out)
	}
	got := harness.TreeFiles(t, dst)
	if !reflect.DeepEqual(harness.Keys(got), sortedKeys(files)) {
		t.Fatalf("packaged %v, want %v", harness.Keys(got), sortedKeys(files))
	}
	for name, body := range files {
		if name != "manifest.json" && string(got[name]) != body {
			t.Errorf("%s changed", name)
		}
	}
	var cm, fm map[string]any
	json.Unmarshal([]byte(manifest), &cm)
	if err := json.Unmarshal(got["manifest.json"], &fm); err != nil {
		t.Fatal(err)
	}
	checkFirefoxManifest(t, cm, fm)
	// The keys keep their order: a reader comparing the two files sees
	// only the changes.
	raw, last := string(got["manifest.json"]), -1
	for _, k := range []string{"manifest_version", "name", "default_locale", "permissions", "options_ui", "commands", "action", "background", "web_accessible_resources", "browser_specific_settings"} {
		i := strings.Index(raw, `"`+k+`"`)
		if i < last {
			t.Errorf("key %q out of the Chromium manifest's order:\n%s", k, raw)
		}
		last = i
	}
	if _, err := zip.OpenReader(xpi); err != nil {
		t.Errorf("the .xpi is not a zip: %v", err)
	}
}

func sortedKeys(m map[string]string) []string {
	var ks []string
	for k := range m {
		ks = append(ks, k)
	}
	sort.Strings(ks)
	return ks
}
