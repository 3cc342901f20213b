package browser

// The extension's messages (extension/_locales, written from the
// catalogue common/report/catalog): the manifest's default locale and message
// names, and every key the code names exists.

import (
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"feedscout/tests/internal/harness"
)

// locales are the languages the extension speaks; en is default_locale.
var locales = []string{"en", "de", "ja", "ru"}

// TestLocales holds the manifest to the messages: English is the default
// locale, every __MSG_key__ it names exists, and each language's locale
// message names it. The messages themselves are held to each other where
// they are written, in the catalogue (common/report/catalog's TestCatalogue,
// TestSayAsThePopup and TestLocalesCurrent).
func TestLocales(t *testing.T) {
	m := harness.ReadManifest(t)
	if m["default_locale"] != "en" {
		t.Errorf("manifest default_locale = %v, want en", m["default_locale"])
	}
	en := harness.ReadLocale(t, "en")
	if len(en) < 50 {
		t.Fatalf("en has only %d messages", len(en))
	}
	for _, lang := range locales {
		if msg := harness.ReadLocale(t, lang)["locale"].Message; msg != lang {
			t.Errorf("%s: message locale = %q, want %q", lang, msg, lang)
		}
	}
	// The manifest's __MSG_key__ names exist.
	raw, _ := os.ReadFile(filepath.Join(harness.ExtensionSource, "manifest.json"))
	for _, k := range regexp.MustCompile(`__MSG_([A-Za-z0-9_@]+)__`).FindAllStringSubmatch(string(raw), -1) {
		if _, ok := en[k[1]]; !ok {
			t.Errorf("manifest names __MSG_%s__, which en lacks", k[1])
		}
	}
}

// TestLocalesCoverCode finds every message key the extension's pages and
// scripts name (t("key"), tn("key", ...), data-i18n*="key") and checks en
// has it.
func TestLocalesCoverCode(t *testing.T) {
	en := harness.ReadLocale(t, "en")
	calls := regexp.MustCompile(`\b(t|tn)\(\s*"([a-z0-9_]+)"`)
	made := regexp.MustCompile("\\bt\\(`([a-z0-9_]+_)\\$\\{")
	attrs := regexp.MustCompile(`data-i18n(?:-aria-label|-placeholder|-title)?="([a-z0-9_]+)"`)
	found := 0
	err := filepath.WalkDir(harness.ExtensionSource, func(path string, d fs.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		if ext := filepath.Ext(path); ext != ".js" && ext != ".html" {
			return nil
		}
		raw, err := os.ReadFile(path)
		if err != nil {
			return err
		}
		// Comments show the calls as examples: only code counts.
		var code []string
		for _, line := range strings.Split(string(raw), "\n") {
			if l := strings.TrimSpace(line); !strings.HasPrefix(l, "//") && !strings.HasPrefix(l, "*") && !strings.HasPrefix(l, "/*") {
				code = append(code, line)
			}
		}
		src := strings.Join(code, "\n")
		for _, c := range calls.FindAllStringSubmatch(src, -1) {
			found++
			if _, ok := en[c[2]]; !ok {
				t.Errorf("%s names message %s, which en lacks", path, c[2])
			}
		}
		// A key made in code (t(`export_reader_${r}`)): its fixed start
		// names at least one message.
		for _, c := range made.FindAllStringSubmatch(src, -1) {
			found++
			n := 0
			for k := range en {
				if strings.HasPrefix(k, c[1]) {
					n++
				}
			}
			if n == 0 {
				t.Errorf("%s makes message keys %s..., and en has none", path, c[1])
			}
		}
		for _, a := range attrs.FindAllStringSubmatch(src, -1) {
			found++
			if _, ok := en[a[1]]; !ok {
				t.Errorf("%s names message %s, which en lacks", path, a[1])
			}
		}
		return nil
	})
	if err != nil {
		t.Fatal(err)
	}
	if found < 50 {
		t.Errorf("found only %d message keys in the extension's code", found)
	}
}
