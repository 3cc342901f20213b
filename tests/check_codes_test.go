package tests

// The popup's words for the full check's findings (extension/lib/findings.js)
// held to the host: every finding code nativehost/internal/check can emit
// (check.Codes, read from its source: tests/ cannot import an internal
// package) has an entry; every finding of the check web, and a case for
// every other args shape an entry reads, resolves to a message that exists
// in all four languages with exactly the placeholders the entry fills; in
// English each finding of the check web reads as the host's sentence, word
// for word; a code or args shape the popup does not know shows the host's
// text.

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
)

// checkCodes reads check.Codes from nativehost/internal/check: the
// constants' values in the order the list names them.
func checkCodes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../nativehost/internal/check/*.go")
	if err != nil {
		t.Fatal(err)
	}
	fset := token.NewFileSet()
	consts := map[string]string{}
	var list []ast.Expr
	for _, name := range files {
		if strings.HasSuffix(name, "_test.go") {
			continue
		}
		f, err := parser.ParseFile(fset, name, nil, 0)
		if err != nil {
			t.Fatal(err)
		}
		ast.Inspect(f, func(n ast.Node) bool {
			spec, ok := n.(*ast.ValueSpec)
			if !ok {
				return true
			}
			for i, id := range spec.Names {
				if i >= len(spec.Values) {
					continue
				}
				if lit, ok := spec.Values[i].(*ast.BasicLit); ok && lit.Kind == token.STRING && strings.HasPrefix(id.Name, "Code") {
					consts[id.Name], _ = strconv.Unquote(lit.Value)
				}
				if cl, ok := spec.Values[i].(*ast.CompositeLit); ok && id.Name == "Codes" {
					list = cl.Elts
				}
			}
			return true
		})
	}
	var codes []string
	for _, e := range list {
		id, ok := e.(*ast.Ident)
		if !ok || consts[id.Name] == "" {
			t.Fatalf("check.Codes holds %v, not a Code constant", e)
		}
		codes = append(codes, consts[id.Name])
	}
	if len(codes) < 50 {
		t.Fatalf("check.Codes has %d codes, want at least 50", len(codes))
	}
	return codes
}

// findingCase is one finding with the check result it belongs to, as
// findings.js takes them; Text is the host's sentence ("" for a made-up
// args shape, which has no English to compare with).
type findingCase struct {
	Finding map[string]any `json:"finding"`
	Result  map[string]any `json:"result"`
	Name    string         `json:"name"`
}

// shapeCases are the args shapes the check web does not show, one for each
// branch of an entry in findings.js, and shapes the popup must not guess.
var shapeCases = []struct {
	name, code, level string
	args              map[string]any
	result            map[string]any
	fallback          bool
}{
	{"fetch timeout", "fetch", "error", map[string]any{"word": "timeout", "url": "https://a.example/x"}, nil, false},
	{"too large for the browser", "too-large", "error", map[string]any{"max_bytes": 8 << 20}, nil, false},
	{"bom before the root", "bom", "error", map[string]any{"line": 1, "offset": 40}, nil, false},
	{"white space before the declaration", "junk-before-xml", "error", map[string]any{"line": 2, "before": "white space"}, nil, false},
	{"text before the root", "junk-before-xml", "error", map[string]any{"line": 2, "before": "oops", "where": "before"}, nil, false},
	{"text after the root", "junk-before-xml", "error", map[string]any{"line": 9, "before": "oops", "where": "after"}, nil, false},
	{"second root", "xml-syntax", "error", map[string]any{"line": 9, "error": "second root", "element": "urlset"}, nil, false},
	{"no root", "not-xml", "error", nil, nil, false},
	{"html root", "not-sitemap", "error", map[string]any{"line": 1, "root": "html"}, nil, false},
	{"other root", "not-sitemap", "error", map[string]any{"line": 1, "root": "svg"}, nil, false},
	{"root in another namespace", "sitemap-namespace", "error", map[string]any{"line": 2, "namespace": "http://example.com/ns", "root": "urlset"}, nil, false},
	{"news namespace", "sitemap-namespace", "error", map[string]any{"line": 5, "namespace": "http://example.com/news"}, nil, false},
	{"news prefix", "sitemap-namespace", "error", map[string]any{"line": 5, "namespace": ""}, nil, false},
	{"two locs", "no-loc", "error", map[string]any{"line": 3, "count": 2, "entry": "url"}, nil, false},
	{"text sitemap line", "loc-url", "error", map[string]any{"line": 3, "url": "/x"}, map[string]any{"kind": "text-sitemap"}, false},
	{"empty index", "sitemap-index", "note", map[string]any{"sitemaps": 0, "first": ""}, nil, false},
	{"two news blocks", "news-publication", "error", map[string]any{"line": 3, "count": 2}, nil, false},
	{"no publication", "news-publication", "error", map[string]any{"line": 3, "missing": "publication"}, nil, false},
	{"no language", "news-publication", "error", map[string]any{"line": 3, "missing": "language"}, nil, false},
	{"no publication date", "news-date", "error", map[string]any{"line": 3, "date": ""}, nil, false},
	{"old news, health", "news-old", "warning", map[string]any{"old": 3, "total": 5}, nil, false},
	{"news limit, health", "news-limit", "error", map[string]any{"count": 1001, "max": 1000, "line": 0}, nil, false},
	{"text sitemap limit", "url-limit", "error", map[string]any{"urls": 50001}, map[string]any{"kind": "text-sitemap"}, false},
	{"feed without type", "content-type", "warning", map[string]any{"content_type": "", "want": "application/atom+xml", "of": "feed", "form": "missing"}, nil, false},
	{"feed as xml", "content-type", "note", map[string]any{"content_type": "text/xml", "want": "application/rss+xml", "of": "feed", "form": "xml"}, nil, false},
	{"feed as text", "content-type", "warning", map[string]any{"content_type": "text/plain", "want": "application/rss+xml", "of": "feed", "form": "wrong"}, nil, false},
	{"feed unparsed", "feed-broken", "error", map[string]any{"error": "EOF"}, nil, false},
	{"json broken, no line", "feed-broken", "error", map[string]any{"line": 0, "error": "unexpected end of JSON input"}, map[string]any{"format": "json"}, false},
	{"json duplicate id", "id-duplicate", "error", map[string]any{"line": 0, "item": 3, "id": "1", "first": 1, "element": `"id"`}, map[string]any{"format": "json"}, false},
	{"json bad date", "date-unparseable", "error", map[string]any{"line": 0, "item": 2, "element": "date_published", "date": "May 8"}, map[string]any{"format": "json"}, false},
	{"no dates at all", "date-missing", "warning", map[string]any{"items": 4}, nil, false},
	{"json future item", "item-future", "warning", map[string]any{"line": 0, "item": 1, "date": "2099-01-01T00:00:00Z", "hours": 50, "element": "date_published"}, map[string]any{"format": "json"}, false},
	{"one more", "more", "error", map[string]any{"code": "host", "more": 1}, nil, false},
	{"updates pushed, health", "hub", "note", map[string]any{"hub": "https://websub.example.net/"}, nil, false},

	{"a newer host's code", "from-the-future", "error", map[string]any{"line": 1}, nil, true},
	{"fetch without a word", "fetch", "error", nil, nil, true},
	{"fetch with an unknown word", "fetch", "error", map[string]any{"word": "quantum", "url": "https://a.example/"}, nil, true},
	{"a status without a phrase", "http-status", "error", map[string]any{"status": 299}, nil, true},
	{"a failed conditional request", "no-304", "warning", map[string]any{"sent": "If-None-Match: \"1\""}, nil, true},
	{"an unknown missing part", "news-publication", "error", map[string]any{"line": 3, "missing": "wings"}, nil, true},
	{"an older host's doctype", "doctype", "error", map[string]any{"line": 2}, nil, true},
	{"an unknown date element", "date-unparseable", "error", map[string]any{"line": 4, "item": 1, "element": "when", "date": "x"}, nil, true},
}

// findingsJSOut is what the Node script answers for each case.
type findingsJSOut struct {
	Entries []string `json:"entries"`
	Cases   []struct {
		Key    string   `json:"key"`
		Names  []string `json:"names"`
		Plural bool     `json:"plural"`
		Text   string   `json:"text"`
	} `json:"cases"`
}

// runFindingsJS renders cases with extension/lib/findings.js under Node,
// chrome.i18n played by the English messages.json (its placeholders and
// $1...$9, as Chromium fills them).
func runFindingsJS(t *testing.T, cases []findingCase) findingsJSOut {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		missing(t, "node is not installed (apt-get install nodejs); the popup's finding messages are not checked")
	}
	lib, _ := filepath.Abs(filepath.Join(extensionSource, "lib", "findings.js"))
	en, _ := filepath.Abs(filepath.Join(extensionSource, "_locales", "en", "messages.json"))
	dir := t.TempDir()
	raw, _ := json.Marshal(cases)
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import { readFileSync } from "node:fs";
const en = JSON.parse(readFileSync(` + jsString(en) + `, "utf8"));
globalThis.chrome = { i18n: {
  getUILanguage: () => "en",
  getMessage: (key) => (en[key] ? en[key].message.replaceAll("$$", "$") : ""),
} };
const { FINDINGS, findingMessage, findingText } = await import(` + jsString(lib) + `);
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
const out = { entries: Object.keys(FINDINGS), cases: [] };
for (const c of cases) {
  const m = findingMessage(c.finding, c.result);
  const names = m ? Object.keys(m[1]) : [];
  if (m && m.length > 2) names.push("count");
  out.cases.push({ key: m ? m[0] : "", names, plural: !!m && m.length > 2, text: findingText(c.finding, c.result) });
}
console.log(JSON.stringify(out));
`
	if err := os.WriteFile(filepath.Join(dir, "run.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(node, filepath.Join(dir, "run.mjs"), filepath.Join(dir, "cases.json"))
	out, err := cmd.Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node: %v\n%s", err, stderr)
	}
	var got findingsJSOut
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
	if len(got.Cases) != len(cases) {
		t.Fatalf("node answered %d cases, want %d", len(got.Cases), len(cases))
	}
	return got
}

// templateArgs are the names of a template's arguments, sorted, once each.
func templateArgs(msg string) []string {
	seen := map[string]bool{}
	for _, m := range regexp.MustCompile(`\{\s*([a-z0-9_]+)\s*[,}]`).FindAllStringSubmatch(msg, -1) {
		seen[m[1]] = true
	}
	var names []string
	for n := range seen {
		names = append(names, n)
	}
	sort.Strings(names)
	return names
}

func TestCheckFindingsInEveryLanguage(t *testing.T) {
	codes := checkCodes(t)

	// Every finding of the check web, with the result it came in.
	w := startWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	var urls []string
	for _, f := range fixtureweb.CheckFixtures() {
		urls = append(urls, f.URL())
	}
	results, _, _ := checkAll(t, fastEnv(w), urls...)
	var cases []findingCase
	var texts []string
	sort.Strings(urls)
	for _, u := range urls {
		raw, _ := json.Marshal(results[u])
		var r map[string]any
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatal(err)
		}
		for _, f := range r["findings"].([]any) {
			f := f.(map[string]any)
			cases = append(cases, findingCase{Finding: f, Result: map[string]any{"kind": r["kind"], "format": r["format"], "requests": r["requests"]}, Name: u})
			texts = append(texts, f["text"].(string))
		}
	}
	web := len(cases)
	for _, c := range shapeCases {
		f := map[string]any{"level": c.level, "code": c.code, "text": "The host's English for " + c.name + "."}
		if c.args != nil {
			f["args"] = c.args
		}
		res := c.result
		if res == nil {
			res = map[string]any{}
		}
		cases = append(cases, findingCase{Finding: f, Result: res, Name: c.name})
		texts = append(texts, f["text"].(string))
	}

	got := runFindingsJS(t, cases)

	// One entry per code, no more.
	entries := map[string]bool{}
	for _, e := range got.Entries {
		entries[e] = true
	}
	for _, c := range codes {
		if !entries[c] {
			t.Errorf("check emits %s; lib/findings.js has no entry for it", c)
		}
		delete(entries, c)
	}
	for e := range entries {
		t.Errorf("lib/findings.js has an entry for %s, which check.Codes does not list", e)
	}

	locales := map[string]map[string]message{}
	for _, l := range []string{"en", "de", "ja", "ru"} {
		locales[l] = readLocale(t, l)
	}
	said := map[string]bool{}
	for i, c := range cases {
		g := got.Cases[i]
		code := c.Finding["code"].(string)
		fallback := i >= web && shapeCases[i-web].fallback
		switch {
		case fallback:
			if g.Key != "" || g.Text != texts[i] {
				t.Errorf("%s: a shape the popup does not know reads %q (message %q), want the host's text", c.Name, g.Text, g.Key)
			}
			continue
		case g.Key == "":
			t.Errorf("%s: %s %v has no message: it would show the host's English in every language", c.Name, code, c.Finding["args"])
			continue
		}
		said[code] = true
		// In English, word for word what the host says.
		if i < web && g.Text != texts[i] {
			t.Errorf("%s: %s in English:\n popup %q\n  host %q", c.Name, code, g.Text, texts[i])
		}
		keys := []string{g.Key}
		want := append([]string(nil), g.Names...)
		sort.Strings(want)
		for lang, msgs := range locales {
			for _, k := range keys {
				m, ok := msgs[k]
				if !ok {
					t.Errorf("%s: %s lacks %s", c.Name, lang, k)
					continue
				}
				have := templateArgs(m.Message)
				if strings.Join(have, ",") != strings.Join(want, ",") {
					t.Errorf("%s: %s %s has placeholders %v; the entry fills %v", c.Name, lang, k, have, want)
				}
			}
		}
	}
	for _, c := range codes {
		if !said[c] {
			t.Errorf("no case says %s through a message", c)
		}
	}
	t.Logf("%d findings of the check web and %d made-up shapes; %d codes", web, len(shapeCases), len(codes))
}
