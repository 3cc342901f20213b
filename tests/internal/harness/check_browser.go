package harness

// Inputs of the news sitemap generator that make every refusal and warning
// (in Chromium and in newsmap.wasm), and a JS string literal of a Go
// string.

import (
	"strings"
)

// JSQuote quotes s as a JavaScript string literal.
func JSQuote(s string) string {
	var b strings.Builder
	b.WriteByte('"')
	for _, r := range s {
		switch r {
		case '"', '\\':
			b.WriteByte('\\')
			b.WriteRune(r)
		case '\n':
			b.WriteString(`\n`)
		default:
			b.WriteRune(r)
		}
	}
	b.WriteByte('"')
	return b.String()
}

// GeneratorCases are inputs that make every refusal and warning of the
// generator.
var GeneratorCases = []struct{ Name, Lang, CheckedAt, Lines string }{
	{"", "english", "2026-10-30", "https://a.example/news/one | 2026-10-30 | A\n" +
		"https://a.example/x | 2026-10-30\n" +
		"/news/x | 2026-10-30 | T\n" +
		"https://a.example/y | 2026-10-30 |  \n" +
		"https://a.example/z | 30.10.2026 | T\n" +
		"https://a.example/w | 2026-02-30 | T\n" +
		"https://a.example/news/one | 2026-10-30 | B\n" +
		"https://b.example/v | 2026-10-30 | T\n" +
		"http://a.example/u | 2026-10-30 | T\n"},
	{"N", "ru", "", " \n\n"},
	{"N", "ru", "", strings.Repeat("https://a.example/news/story | 2026-10-30 | T\n", 1001)},
	{"N", "ru", "", strings.Repeat("not a line\n", 60)},
	{"N", "ru", "2026-10-30T12:00:00+03:00", "https://a.example/news/a | 2026-10-28T09:00:00+03:00 | A\nhttps://a.example/news/b | 2026-10-28 | B\n"},
}
