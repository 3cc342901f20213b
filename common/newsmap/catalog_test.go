package newsmap

import (
	"strings"
	"testing"

	"feedscout/common/report/catalog"
)

// TestTemplatesSayTheText holds the generator's sentences to the
// catalogue: the generator page says a finding by its code's template,
// finding_<code> (extension/lib/findings.js), filled with its args, and in
// English that is the finding's Text, for every code. (The wasm module
// writes its English itself: linking the catalogue would carry every
// language's messages into newsmap.wasm.)
func TestTemplatesSayTheText(t *testing.T) {
	ok := "https://a.example/news/one-story-here | 2026-10-30 | One\n"
	inputs := []struct {
		o     Options
		lines string
	}{
		{Options{Name: " ", Language: "english", CheckedAt: "2026-10-30"}, "\n  \n"},
		{Options{Name: "N", Language: "en"}, lines(1001)},
		{Options{Name: "N", Language: "en"}, ok + "https://a.example/x | 2026-10-30\n" + "/news/x | 2026-10-30 | T\n" +
			"https://a.example/x | 2026-10-30 |  \n" + "https://a.example/y | 30.10.2026 | T\n" + "https://a.example/z | 2026-02-30 | T\n" +
			ok + "https://b.example/news/x | 2026-10-30 | T\n" + "http://a.example/news/x | 2026-10-30 | T\n"},
		{Options{Name: "N", Language: "en"}, strings.Repeat("not a line\n", 80)},
		{Options{Name: "N", Language: "en", CheckedAt: "2026-10-30T12:00:00+03:00"},
			"https://a.example/news/a | 2026-10-28T09:00:00+03:00 | A\nhttps://a.example/news/b | 2026-10-28 | B\n"},
	}
	said := map[string]bool{}
	for _, in := range inputs {
		for _, f := range Generate(in.o, in.lines).Findings {
			key := "finding_" + strings.ReplaceAll(f.Code, "-", "_")
			if got := catalog.English(key, f.Args); got != f.Text {
				t.Errorf("%s %v:\n template %q\n     Text %q", f.Code, f.Args, got, f.Text)
			}
			for _, lang := range catalog.Languages[1:] {
				if got := catalog.Say(lang, key, f.Args); got == f.Text || got == key {
					t.Errorf("%s in %s: %q", f.Code, lang, got)
				}
			}
			said[f.Code] = true
		}
	}
	for _, code := range []string{CodeName, CodeLanguage, CodeCheckedAt, CodeEmpty, CodeTooMany, CodeFields, CodeURL, CodeTitle,
		CodeDateFormat, CodeDateImpossible, CodeDuplicate, CodeHost, CodeScheme, CodeMore, CodeOld} {
		if !said[code] {
			t.Errorf("no input gives %s", code)
		}
	}
}
