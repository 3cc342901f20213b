// Package newsmap writes a Google News sitemap from lines of the form
// `URL | date | title`, and refuses what would be wrong: the generator
// of docs/checking.md ("Making a news sitemap"). It is pure Go (no os,
// no net), so the same code runs in `feedscout-host newsmap` and, through
// the wasm module, on the extension's generator page.
//
// Rules: a publication name and a language code (its form only: two or
// three letters, optionally one subtag, such as ru, ja, zh-tw); one entry a
// line, blank lines skipped; dates as a day (2026-10-28) or to the second
// with a zone (2026-10-28T09:00:00+03:00, or Z); refused, each with its
// line: empty input, a line that is not three fields, a URL that is not
// absolute http(s), an empty title, a malformed or impossible date,
// duplicate URLs, hosts or schemes other than the first line's, more than
// MaxEntries lines. With a moment of checking (time and zone required),
// entries older than NewsWindow are warned about with their age. Every
// value is escaped by encoding/xml.
package newsmap

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"net/url"
	"strconv"
	"strings"
	"time"

	"feedscout/common/report"
)

// Limits of a Google News sitemap: at most 1,000 <news:news> blocks a
// file, articles of the last two days.
const (
	MaxEntries = 1000
	NewsWindow = 48 * time.Hour
)

// Namespaces written on the root element.
const (
	NamespaceSitemap = "http://www.sitemaps.org/schemas/sitemap/0.9"
	NamespaceNews    = "http://www.google.com/schemas/sitemap-news/0.9"
)

// maxReported bounds the refusals listed for one input: past it, one more
// finding says how many were left out.
const maxReported = 50

// Codes of the generator's findings (docs/checking.md).
const (
	CodeName           = "newsmap-name"            // no publication name
	CodeLanguage       = "newsmap-language"        // the language code is malformed
	CodeCheckedAt      = "newsmap-checked-at"      // the moment of checking lacks time or zone
	CodeEmpty          = "newsmap-empty"           // no entry line at all
	CodeTooMany        = "newsmap-too-many"        // more than MaxEntries lines
	CodeFields         = "newsmap-fields"          // a line is not URL | date | title
	CodeURL            = "newsmap-url"             // not an absolute http(s) URL
	CodeTitle          = "newsmap-title"           // an empty title
	CodeDateFormat     = "newsmap-date-format"     // a date in neither accepted form
	CodeDateImpossible = "newsmap-date-impossible" // 2026-02-30, 25:00
	CodeDuplicate      = "newsmap-duplicate"       // a URL already given on an earlier line
	CodeHost           = "newsmap-host"            // a host other than the first line's
	CodeScheme         = "newsmap-scheme"          // a scheme other than the first line's
	CodeMore           = "newsmap-more"            // refusals left out of the list
	CodeOld            = "newsmap-old"             // older than 48 hours at the moment of checking
)

// Options are the generator's fields besides the lines.
type Options struct {
	// Name is the publication's name (news:name), as Google News knows it.
	Name string
	// Language is its language code (news:language).
	Language string
	// CheckedAt, optional, is the moment of checking: a date with time to
	// the second and a zone. Entries older than NewsWindow then are
	// warned about.
	CheckedAt string
}

// Result is what Generate made of one input.
type Result struct {
	// XML is the sitemap, "" when the input was refused.
	XML string `json:"xml"`
	// Entries is how many <url> entries XML holds.
	Entries int `json:"entries"`
	// Findings are the refusals (LevelError: then XML is empty) or the
	// warnings (LevelWarning), in line order.
	Findings []report.Finding `json:"findings"`
}

// Refused reports whether the input was refused.
func (r *Result) Refused() bool { return report.Errors(r.Findings) > 0 }

// entry is one accepted line.
type entry struct {
	line  int
	loc   string
	date  string // as given
	when  time.Time
	day   bool // a date without time
	title string
}

// Generate writes the news sitemap for lines (one `URL | date | title` a
// line) or refuses them. It never fails otherwise.
func Generate(o Options, lines string) *Result {
	res := &Result{Findings: []report.Finding{}}
	refuse := func(line int, code, text string, args map[string]any) {
		f := report.Finding{Level: report.LevelError, Code: code, Args: args, Text: text}
		if line > 0 {
			f.Source = &report.Source{Line: line}
			if f.Args == nil {
				f.Args = map[string]any{}
			}
			f.Args["line"] = line
		}
		res.Findings = append(res.Findings, f)
	}
	name := strings.TrimSpace(o.Name)
	if name == "" {
		refuse(0, CodeName, "The publication name is empty: give the name Google News knows the publication by.", nil)
	}
	lang := strings.TrimSpace(o.Language)
	if !LanguageForm(lang) {
		refuse(0, CodeLanguage, fmt.Sprintf("The language code %q is not of the form of an ISO 639 code: two or three letters, optionally one subtag (ru, ja, zh-tw).", lang),
			map[string]any{"language": lang})
	}
	var checkedAt time.Time
	if s := strings.TrimSpace(o.CheckedAt); s != "" {
		t, day, err := ParseDate(s)
		if err != nil || day {
			refuse(0, CodeCheckedAt, fmt.Sprintf("The moment of checking %q needs a date, a time to the second and a zone, such as 2026-10-30T12:00:00+03:00.", s),
				map[string]any{"checked_at": s})
		} else {
			checkedAt = t
		}
	}

	var entries []entry
	nonBlank := 0
	for _, l := range strings.Split(lines, "\n") {
		if strings.TrimSpace(l) != "" {
			nonBlank++
		}
	}
	switch {
	case nonBlank == 0:
		refuse(0, CodeEmpty, "There are no lines: give one article a line, as URL | date | title.", nil)
	case nonBlank > MaxEntries:
		refuse(0, CodeTooMany, fmt.Sprintf("There are %s lines; a news sitemap holds at most %s articles: split them into several sitemaps.", thousands(nonBlank), thousands(MaxEntries)),
			map[string]any{"lines": nonBlank, "max": MaxEntries})
	default:
		entries = readLines(lines, refuse)
	}
	if res.Refused() {
		if n := len(res.Findings); n > maxReported {
			more := n - maxReported
			res.Findings = append(res.Findings[:maxReported], report.Finding{
				Level: report.LevelError, Code: CodeMore, Args: map[string]any{"more": more},
				Text: fmt.Sprintf("%d more lines are refused for the same reasons.", more),
			})
		}
		return res
	}
	if !checkedAt.IsZero() {
		for _, e := range entries {
			if age := checkedAt.Sub(e.when); age > NewsWindow {
				hours := int(age / time.Hour)
				given, day := e.date, 0
				if e.day {
					given, day = given+" (read as 00:00 UTC)", 1
				}
				res.Findings = append(res.Findings, report.Finding{
					Level: report.LevelWarning, Code: CodeOld,
					Args:   map[string]any{"line": e.line, "date": e.date, "day": day, "hours": hours, "checked_at": strings.TrimSpace(o.CheckedAt)},
					Text:   fmt.Sprintf("line %d: published %s, %d hours before the moment of checking %s: Google News takes only articles of the last 48 hours.", e.line, given, hours, strings.TrimSpace(o.CheckedAt)),
					Source: &report.Source{Line: e.line},
				})
			}
		}
	}
	res.XML = write(name, lang, entries)
	res.Entries = len(entries)
	return res
}

// readLines parses the entry lines, refusing the bad ones.
func readLines(lines string, refuse func(int, string, string, map[string]any)) []entry {
	var entries []entry
	seen := map[string]int{}
	var first *url.URL
	firstLine := 0
	for i, raw := range strings.Split(lines, "\n") {
		n := i + 1
		l := strings.TrimSpace(strings.TrimSuffix(raw, "\r"))
		if l == "" {
			continue
		}
		parts := strings.SplitN(l, "|", 3)
		if len(parts) != 3 {
			refuse(n, CodeFields, fmt.Sprintf("line %d: %d field(s) where URL | date | title are expected: %q.", n, len(parts), clip(l, 80)),
				map[string]any{"fields": len(parts), "text": clip(l, 80)})
			continue
		}
		loc, date, title := strings.TrimSpace(parts[0]), strings.TrimSpace(parts[1]), strings.TrimSpace(parts[2])
		bad := false
		u, ok := report.ParseWebURL(loc)
		if !ok {
			refuse(n, CodeURL, fmt.Sprintf("line %d: %q is not an absolute http or https URL.", n, clip(loc, 80)), map[string]any{"url": clip(loc, 80)})
			bad = true
		}
		if title == "" {
			refuse(n, CodeTitle, fmt.Sprintf("line %d: the title is empty; give the article's title as published.", n), nil)
			bad = true
		}
		when, day, derr := ParseDate(date)
		if derr != nil {
			code := CodeDateFormat
			text := fmt.Sprintf("line %d: the date %q is neither a day (2026-10-28) nor a time to the second with a zone (2026-10-28T09:00:00+03:00).", n, clip(date, 40))
			if derr == ErrImpossible {
				code = CodeDateImpossible
				text = fmt.Sprintf("line %d: the date %q does not exist.", n, clip(date, 40))
			}
			refuse(n, code, text, map[string]any{"date": clip(date, 40)})
			bad = true
		}
		if !bad {
			switch {
			case first == nil:
				first, firstLine = u, n
			case !strings.EqualFold(u.Scheme, first.Scheme):
				refuse(n, CodeScheme, fmt.Sprintf("line %d: %s uses %s, line %d %s; a sitemap's URLs share one scheme.", n, loc, u.Scheme, firstLine, first.Scheme),
					map[string]any{"url": loc, "scheme": u.Scheme, "first_line": firstLine, "first_scheme": first.Scheme})
				bad = true
			case !strings.EqualFold(u.Host, first.Host):
				refuse(n, CodeHost, fmt.Sprintf("line %d: %s is on %s, line %d on %s; a sitemap's URLs share one host.", n, loc, u.Host, firstLine, first.Host),
					map[string]any{"url": loc, "host": u.Host, "first_line": firstLine, "first_host": first.Host})
				bad = true
			}
		}
		if u != nil { // a line whose address is not a web URL has its refusal already
			if prev, ok := seen[loc]; ok {
				refuse(n, CodeDuplicate, fmt.Sprintf("line %d: %s is already on line %d.", n, loc, prev),
					map[string]any{"url": loc, "first_line": prev})
				bad = true
			} else {
				seen[loc] = n
			}
		}
		if !bad {
			entries = append(entries, entry{line: n, loc: loc, date: date, when: when, day: day, title: title})
		}
	}
	return entries
}

// write renders the sitemap; every value goes through xml.EscapeText.
func write(name, lang string, entries []entry) string {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<urlset xmlns="` + NamespaceSitemap + `" xmlns:news="` + NamespaceNews + `">` + "\n")
	for _, e := range entries {
		b.WriteString("  <url>\n    <loc>")
		escape(&b, e.loc)
		b.WriteString("</loc>\n    <news:news>\n      <news:publication>\n        <news:name>")
		escape(&b, name)
		b.WriteString("</news:name>\n        <news:language>")
		escape(&b, lang)
		b.WriteString("</news:language>\n      </news:publication>\n      <news:publication_date>")
		escape(&b, e.date)
		b.WriteString("</news:publication_date>\n      <news:title>")
		escape(&b, e.title)
		b.WriteString("</news:title>\n    </news:news>\n  </url>\n")
	}
	b.WriteString("</urlset>\n")
	return b.String()
}

func escape(b *bytes.Buffer, s string) {
	// EscapeText writes to a bytes.Buffer, which does not fail.
	_ = xml.EscapeText(b, []byte(s))
}

// thousands writes n with commas: 1,001.
func thousands(n int) string {
	s := strconv.Itoa(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
