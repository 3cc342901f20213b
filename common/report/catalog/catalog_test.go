package catalog

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"unicode"
)

func TestSayPlurals(t *testing.T) {
	for _, c := range []struct {
		lang string
		n    int
		want string
	}{
		{"en", 1, "1 item"}, {"en", 1234, "1,234 items"},
		{"de", 1, "1 Eintrag"}, {"de", 50000, "50.000 Einträge"},
		{"ja", 1, "1件"},
		{"ru", 1, "1 запись"}, {"ru", 22, "22 записи"}, {"ru", 25, "25 записей"}, {"ru", 111, "111 записей"}, {"ru", 1234, "1\u00a0234 записи"},
	} {
		if got := Say(c.lang, "items", map[string]any{"count": c.n}); got != c.want {
			t.Errorf("%s %d: %q, want %q", c.lang, c.n, got, c.want)
		}
	}
}

func TestSayArguments(t *testing.T) {
	for _, c := range []struct {
		template string
		args     map[string]any
		want     string
	}{
		{"{a} and {b}", map[string]any{"a": "x", "b": 1234}, "x and 1,234"},
		{"line {n, plain}", map[string]any{"n": 12345.0}, "line 12345"},
		{"{s}", map[string]any{"s": 1.5}, "1.5"},
		{"{w, select, a {A} none {nothing} other {else {w}}}", map[string]any{"w": "a"}, "A"},
		{"{w, select, a {A} none {nothing} other {else {w}}}", map[string]any{"w": "b"}, "else b"},
		{"{w, select, a {A} none {nothing} other {else {w}}}", nil, "nothing"},
		{"{w, select, a {A} other {else}}", map[string]any{"w": ""}, "else"},
		{"{b, select, true {yes} other {no}}", map[string]any{"b": true}, "yes"},
		{"{n, plural, =0 {none} one {# one} other {# many}}", map[string]any{"n": 0}, "none"},
		{"{n, plural, one {# one} other {# many}}", map[string]any{"n": json.Number("3")}, "3 many"},
		{"x{p, phrase, items}", map[string]any{"p": map[string]any{"count": 2}}, "x2 items"},
		{"x{p, phrase, items}", map[string]any{}, "x"},
		{"{l}", map[string]any{"l": []any{"a", 2000}}, "a, 2,000"},
		{"<{o}>", map[string]any{"o": map[string]any{"a": 1}}, "<>"},
	} {
		nodes, err := parse(c.template)
		if err != nil {
			t.Fatal(err)
		}
		tables, _ := load()
		f := filler{lang: "en", l: languages["en"], t: tables["en"], en: tables["en"]}
		var b strings.Builder
		f.fill(&b, nodes, c.args, 0, 0)
		if b.String() != c.want {
			t.Errorf("%q %v: %q, want %q", c.template, c.args, b.String(), c.want)
		}
	}
}

func TestParseRefuses(t *testing.T) {
	for _, s := range []string{
		"{", "}", "{a", "{a, plural, one {x}}", "{a, select, x {y} other {z}", "{a, frobnicate}",
		"{a, phrase}", "{a, phrase, }", "{, plain}", "{a, plain, x}", "{a, select, x {1} x {2} other {3}}",
	} {
		if _, err := parse(s); err == nil {
			t.Errorf("parse(%q) succeeded, want an error", s)
		}
	}
}

// TestCatalogue holds the four sources to each other: the same keys in
// the same order, every template parses, a translation names only
// arguments its English names, every phrase names a message, every plural
// gives exactly its language's categories, and no language repeats
// English except where the words are names, units or punctuation.
func TestCatalogue(t *testing.T) {
	enKeys, en, err := Source("en")
	if err != nil {
		t.Fatal(err)
	}
	if len(enKeys) < 300 {
		t.Fatalf("en has %d messages", len(enKeys))
	}
	for _, lang := range Languages {
		keys, entries, err := Source(lang)
		if err != nil {
			t.Fatal(err)
		}
		if strings.Join(keys, " ") != strings.Join(enKeys, " ") {
			t.Errorf("%s.json: its keys differ from en.json's (or their order does)", lang)
		}
		for _, k := range keys {
			if lang == "en" && entries[k].Description == "" {
				t.Errorf("en.json %s: no description for translators", k)
			}
			if lang != "en" && entries[k].Description != "" {
				t.Errorf("%s.json %s: descriptions are English's", lang, k)
			}
			nodes, err := parse(entries[k].Message)
			if err != nil {
				t.Errorf("%s.json %s: %v", lang, k, err)
				continue
			}
			enNodes, _ := parse(en[k].Message)
			got, want := map[string]bool{}, map[string]bool{}
			names(nodes, got)
			names(enNodes, want)
			for n := range got {
				if !want[n] {
					t.Errorf("%s.json %s: argument %s, which English does not have", lang, k, n)
				}
			}
			ps := map[string]bool{}
			phrases(nodes, ps)
			for p := range ps {
				if _, ok := entries[p]; !ok {
					t.Errorf("%s.json %s: phrase %s is no message", lang, k, p)
				}
			}
			checkPlurals(t, lang, k, nodes)
			if lang != "en" && entries[k].Message == en[k].Message && !languageNeutral[k] {
				t.Errorf("%s.json %s reads as in English (%q): not translated", lang, k, entries[k].Message)
			}
		}
	}
	// Japanese and Russian messages are written in their own scripts.
	for _, c := range []struct {
		lang   string
		script *unicode.RangeTable
	}{{"ja", unicode.Han}, {"ja", unicode.Hiragana}, {"ru", unicode.Cyrillic}} {
		_, entries, _ := Source(c.lang)
		n := 0
		for _, e := range entries {
			if strings.IndexFunc(e.Message, func(r rune) bool { return unicode.Is(c.script, r) }) >= 0 {
				n++
			}
		}
		if n < len(en)/2 {
			t.Errorf("%s: only %d of %d messages use its script", c.lang, n, len(en))
		}
	}
}

// languageNeutral are the messages that may read the same in a language
// as in English: names, units and punctuation patterns.
var languageNeutral = map[string]bool{
	"step_robots": true, "cost": true, "request_line": true, "list_join": true,
	"sentence_end": true, "seconds": true, "milliseconds": true,
	"sentence_join": true, "urls": true,
}

func checkPlurals(t *testing.T, lang, key string, nodes []node) {
	for _, n := range nodes {
		if n.typ == "plural" {
			var got []string
			for b := range n.branches {
				if !strings.HasPrefix(b, "=") {
					got = append(got, b)
				}
			}
			want := append([]string(nil), languages[lang].categories...)
			sort.Strings(got)
			sort.Strings(want)
			if strings.Join(got, " ") != strings.Join(want, " ") {
				t.Errorf("%s.json %s: plural %s has %v, the language's categories are %v", lang, key, n.arg, got, want)
			}
		}
		for _, b := range n.branches {
			checkPlurals(t, lang, key, b)
		}
	}
}

// TestLocalesCurrent: the extension's _locales are what go generate
// writes from the sources.
func TestLocalesCurrent(t *testing.T) {
	for _, lang := range Languages {
		want, err := Locale(lang)
		if err != nil {
			t.Fatal(err)
		}
		path := filepath.Join("..", "..", "..", LocalesDir, lang, "messages.json")
		got, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(got, want) {
			t.Errorf("%s is not what the catalogue makes: run go generate ./common/report/catalog", path)
		}
		var m map[string]map[string]any
		if err := json.Unmarshal(got, &m); err != nil {
			t.Errorf("%s: %v", path, err)
		}
	}
}

// argCases makes argument sets for a template that between them take
// every branch of its selects, the plural categories (1, 2, 5, 22, 1234,
// 1.5) and, for a phrase, an object its message takes; the last set is
// empty (every argument missing).
func argCases(tb table, nodes []node) []map[string]any {
	n := 6
	var widest func([]node, int) int
	widest = func(ns []node, depth int) int {
		w := 0
		for _, x := range ns {
			w = max(w, len(x.branches)+1)
			for _, b := range x.branches {
				w = max(w, widest(b, depth))
			}
			if x.typ == "phrase" && depth < 4 {
				w = max(w, widest(tb[x.key], depth+1))
			}
		}
		return w
	}
	n = max(n, widest(nodes, 0))
	cases := make([]map[string]any, n)
	for i := range cases {
		cases[i] = argsFor(tb, nodes, i, 0)
	}
	return append(cases, map[string]any{})
}

var counts = []float64{1, 2, 5, 22, 1234, 1.5}

func argsFor(tb table, nodes []node, i, depth int) map[string]any {
	args := map[string]any{}
	var walk func([]node)
	walk = func(ns []node) {
		for _, x := range ns {
			if x.arg == "" {
				continue
			}
			switch x.typ {
			case "", "plain", "number":
				if _, ok := args[x.arg]; !ok {
					if x.typ == "" && i%2 == 1 {
						args[x.arg] = counts[i%len(counts)] * 1000
					} else {
						args[x.arg] = "v-" + x.arg
					}
				}
			case "plural":
				args[x.arg] = counts[i%len(counts)]
			case "select":
				keys := make([]string, 0, len(x.branches))
				for k := range x.branches {
					keys = append(keys, k)
				}
				sort.Strings(keys)
				keys = append(keys, "unknown-word")
				if k := keys[i%len(keys)]; k != "none" {
					args[x.arg] = k
				}
			case "phrase":
				// A phrase of an argument the template also says as a word
				// is filled with the same arguments: the word stays.
				if _, said := args[x.arg]; !said && depth < 4 {
					args[x.arg] = argsFor(tb, tb[x.key], i, depth+1)
				}
			}
			for _, b := range x.branches {
				walk(b)
			}
		}
	}
	walk(nodes)
	return args
}

// TestSayAsThePopup fills every template of every language with argument
// sets that take each of its branches, in Go (Say) and with the
// extension's own lib/message.js under Node (numbers and plurals by the
// language's Intl), and requires the same text.
func TestSayAsThePopup(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		if os.Getenv("FEEDSCOUT_REQUIRE_TOOLS") != "" {
			t.Fatal("node is not installed and FEEDSCOUT_REQUIRE_TOOLS is set")
		}
		t.Skip("node is not installed")
	}
	tables, err := load()
	if err != nil {
		t.Fatal(err)
	}
	type jsCase struct {
		Lang string         `json:"lang"`
		Key  string         `json:"key"`
		Args map[string]any `json:"args"`
	}
	var cases []jsCase
	var want []string
	messages := map[string]map[string]string{}
	for _, lang := range Languages {
		_, entries, _ := Source(lang)
		messages[lang] = map[string]string{}
		for k, e := range entries {
			messages[lang][k] = e.Message
		}
		keys := make([]string, 0, len(entries))
		for k := range entries {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		for _, k := range keys {
			for _, a := range argCases(tables[lang], tables[lang][k]) {
				// Through JSON, as the popup gets arguments.
				raw, _ := json.Marshal(a)
				var back map[string]any
				json.Unmarshal(raw, &back)
				cases = append(cases, jsCase{lang, k, back})
				want = append(want, Say(lang, k, back))
			}
		}
	}
	in, _ := json.Marshal(map[string]any{"messages": messages, "cases": cases})
	lib, _ := filepath.Abs(filepath.Join("..", "..", "..", "extension", "lib", "message.js"))
	script := `import { fill } from ` + strconvQuote("file://"+lib) + `;
const chunks = [];
for await (const chunk of process.stdin) chunks.push(chunk);
const { messages, cases } = JSON.parse(Buffer.concat(chunks).toString("utf8"));
const out = cases.map((c) => {
  const numbers = new Intl.NumberFormat(c.lang), rules = new Intl.PluralRules(c.lang);
  return fill(messages[c.lang][c.key], c.args, {
    lookup: (k) => messages[c.lang][k] || "",
    number: (n) => numbers.format(n),
    plural: (n) => rules.select(n),
  });
});
process.stdout.write(JSON.stringify(out));`
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	cmd.Stdin = bytes.NewReader(in)
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatal(err)
	}
	if len(got) != len(cases) || len(cases) < 2000 {
		t.Fatalf("%d answers for %d cases", len(got), len(cases))
	}
	bad := 0
	for i, c := range cases {
		if got[i] != want[i] {
			if bad++; bad <= 20 {
				t.Errorf("%s %s %v:\n JS %q\n Go %q", c.Lang, c.Key, c.Args, got[i], want[i])
			}
		}
	}
}

func strconvQuote(s string) string {
	b, _ := json.Marshal(s)
	return string(b)
}
