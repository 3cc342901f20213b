package tests

// The extension's messages (extension/_locales): every key in every
// language, with a message, the same placeholders and the placeholder
// order lib/i18n.js fills them in; every key the code names exists.

import (
	"encoding/json"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"
	"unicode"
)

// locales are the languages the extension speaks; en is default_locale.
var locales = []string{"en", "de", "ja", "ru"}

// pluralForms are the forms lib/i18n.js's tn asks for (Intl.PluralRules,
// with "zero" and "two" read as "other").
var pluralForms = []string{"one", "few", "many", "other"}

// message is one entry of a messages.json.
type message struct {
	Message      string `json:"message"`
	Description  string `json:"description"`
	Placeholders map[string]struct {
		Content string `json:"content"`
	} `json:"placeholders"`
}

// readLocale reads extension/_locales/lang/messages.json.
func readLocale(t *testing.T, lang string) map[string]message {
	t.Helper()
	raw, err := os.ReadFile(filepath.Join(extensionSource, "_locales", lang, "messages.json"))
	if err != nil {
		t.Fatal(err)
	}
	var m map[string]message
	if err := json.Unmarshal(raw, &m); err != nil {
		t.Fatalf("%s/messages.json: %v", lang, err)
	}
	return m
}

var placeholderRef = regexp.MustCompile(`\$([A-Za-z0-9_@]+)\$`)

// languageNeutral are the messages that may read the same in a language
// as in English: names, units and punctuation patterns.
var languageNeutral = map[string]bool{
	"step_robots": true, "cost": true, "request_line": true, "list_join": true,
	"sentence_end": true, "seconds": true, "milliseconds": true,
	"cause_join": true, "sentence_join": true,
	"urls_one": true, "urls_few": true, "urls_many": true, "urls_other": true,
	"finding_size_mb": true, "finding_size_kb": true,
}

func TestLocales(t *testing.T) {
	m := readManifest(t)
	if m["default_locale"] != "en" {
		t.Errorf("manifest default_locale = %v, want en", m["default_locale"])
	}
	all := map[string]map[string]message{}
	for _, lang := range locales {
		all[lang] = readLocale(t, lang)
	}
	en := all["en"]
	if len(en) < 50 {
		t.Fatalf("en has only %d messages", len(en))
	}
	keyName := regexp.MustCompile(`^[a-z0-9_]+$`)
	for key, e := range en {
		if !keyName.MatchString(key) {
			t.Errorf("key %q: use lowercase letters, digits and _", key)
		}
		if strings.TrimSpace(e.Description) == "" {
			t.Errorf("en %s has no description for translators", key)
		}
	}
	for _, lang := range locales {
		msgs := all[lang]
		for key := range en {
			if _, ok := msgs[key]; !ok {
				t.Errorf("%s lacks %s", lang, key)
			}
		}
		for key, e := range msgs {
			if _, ok := en[key]; !ok {
				t.Errorf("%s has %s, which en lacks", lang, key)
				continue
			}
			if strings.TrimSpace(e.Message) == "" {
				t.Errorf("%s %s: empty message", lang, key)
			}
			checkPlaceholders(t, lang, key, e, en[key])
			if lang != "en" && e.Message == en[key].Message && !languageNeutral[key] {
				t.Errorf("%s %s reads as in English (%q): not translated", lang, key, e.Message)
			}
		}
		if msgs["locale"].Message != lang {
			t.Errorf("%s: message locale = %q, want %q", lang, msgs["locale"].Message, lang)
		}
	}
	// Japanese and Russian messages are written in their own scripts.
	for _, c := range []struct {
		lang   string
		script *unicode.RangeTable
	}{{"ja", unicode.Han}, {"ja", unicode.Hiragana}, {"ru", unicode.Cyrillic}} {
		n := 0
		for _, e := range all[c.lang] {
			if strings.IndexFunc(e.Message, func(r rune) bool { return unicode.Is(c.script, r) }) >= 0 {
				n++
			}
		}
		if n < len(en)/2 {
			t.Errorf("%s: only %d of %d messages use its script", c.lang, n, len(en))
		}
	}
	// Plural families are whole: tn may ask for any form.
	for key := range en {
		for _, f := range pluralForms {
			if base, ok := strings.CutSuffix(key, "_"+f); ok {
				for _, g := range pluralForms {
					if _, ok := en[base+"_"+g]; !ok {
						t.Errorf("plural %s has no form %s", base, g)
					}
				}
			}
		}
	}
	// The manifest's __MSG_key__ names exist.
	raw, _ := os.ReadFile(filepath.Join(extensionSource, "manifest.json"))
	for _, k := range regexp.MustCompile(`__MSG_([A-Za-z0-9_@]+)__`).FindAllStringSubmatch(string(raw), -1) {
		if _, ok := en[k[1]]; !ok {
			t.Errorf("manifest names __MSG_%s__, which en lacks", k[1])
		}
	}
}

// checkPlaceholders holds one message to lib/i18n.js's convention: every
// $NAME$ is declared, every declared name used, the names the same as in
// English, and their contents $1, $2, ... in alphabetical order of names.
func checkPlaceholders(t *testing.T, lang, key string, e, en message) {
	t.Helper()
	used := map[string]bool{}
	for _, r := range placeholderRef.FindAllStringSubmatch(e.Message, -1) {
		used[strings.ToLower(r[1])] = true
	}
	var names []string
	for n := range e.Placeholders {
		names = append(names, strings.ToLower(n))
		if !used[strings.ToLower(n)] {
			t.Errorf("%s %s declares $%s$ but does not use it", lang, key, n)
		}
	}
	for n := range used {
		if _, ok := e.Placeholders[n]; !ok {
			t.Errorf("%s %s uses $%s$ without declaring it", lang, key, n)
		}
	}
	sort.Strings(names)
	var enNames []string
	for n := range en.Placeholders {
		enNames = append(enNames, strings.ToLower(n))
	}
	sort.Strings(enNames)
	if strings.Join(names, ",") != strings.Join(enNames, ",") {
		t.Errorf("%s %s has placeholders %v, en has %v", lang, key, names, enNames)
	}
	for i, n := range names {
		if want := "$" + string(rune('1'+i)); e.Placeholders[n].Content != want {
			t.Errorf("%s %s: placeholder %s has content %q, want %q (alphabetical order)", lang, key, n, e.Placeholders[n].Content, want)
		}
	}
	if len(names) > 9 {
		t.Errorf("%s %s: %d placeholders, chrome.i18n takes at most 9", lang, key, len(names))
	}
}

// TestLocalesCoverCode finds every message key the extension's pages and
// scripts name (t("key"), tn("key", ...), data-i18n*="key") and checks en
// has it.
func TestLocalesCoverCode(t *testing.T) {
	en := readLocale(t, "en")
	calls := regexp.MustCompile(`\b(t|tn)\(\s*"([a-z0-9_]+)"`)
	made := regexp.MustCompile("\\bt\\(`([a-z0-9_]+_)\\$\\{")
	attrs := regexp.MustCompile(`data-i18n(?:-aria-label|-placeholder|-title)?="([a-z0-9_]+)"`)
	found := 0
	err := filepath.WalkDir(extensionSource, func(path string, d fs.DirEntry, err error) error {
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
			keys := []string{c[2]}
			if c[1] == "tn" {
				keys = nil
				for _, f := range pluralForms {
					keys = append(keys, c[2]+"_"+f)
				}
			}
			for _, k := range keys {
				if _, ok := en[k]; !ok {
					t.Errorf("%s names message %s, which en lacks", path, k)
				}
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
