package newsmap

import (
	"encoding/xml"
	"fmt"
	"strings"
	"testing"

	"feedscout/common/report"
)

// The regional paper of the worked example: two entries, the library and
// the bus route, taken from the published pages.
const twoLines = `https://gazeta.example/news/2026/10/30/biblioteka-otkrylas | 2026-10-30T09:00:00+03:00 | Открылась новая библиотека
https://gazeta.example/news/2026/10/30/marshrut-avtobusa | 2026-10-30 | Изменился маршрут автобуса № 5
`

func TestTwoEntries(t *testing.T) {
	res := Generate(Options{Name: "Городские новости", Language: "ru"}, twoLines)
	if res.Refused() || len(res.Findings) != 0 {
		t.Fatalf("findings: %+v", res.Findings)
	}
	want := `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
  <url>
    <loc>https://gazeta.example/news/2026/10/30/biblioteka-otkrylas</loc>
    <news:news>
      <news:publication>
        <news:name>Городские новости</news:name>
        <news:language>ru</news:language>
      </news:publication>
      <news:publication_date>2026-10-30T09:00:00+03:00</news:publication_date>
      <news:title>Открылась новая библиотека</news:title>
    </news:news>
  </url>
  <url>
    <loc>https://gazeta.example/news/2026/10/30/marshrut-avtobusa</loc>
    <news:news>
      <news:publication>
        <news:name>Городские новости</news:name>
        <news:language>ru</news:language>
      </news:publication>
      <news:publication_date>2026-10-30</news:publication_date>
      <news:title>Изменился маршрут автобуса № 5</news:title>
    </news:news>
  </url>
</urlset>
`
	if res.XML != want {
		t.Fatalf("XML:\n%s\nwant:\n%s", res.XML, want)
	}
	if res.Entries != 2 {
		t.Fatalf("Entries = %d", res.Entries)
	}
}

// The seed's escaping example, exactly: the ampersand becomes &amp; and the
// title keeps its meaning (decoding gives the typed string back).
func TestEscapingSchoolAndMuseum(t *testing.T) {
	res := Generate(Options{Name: "Вести & Co", Language: "ru"},
		"https://a.example/news/shkola-i-muzey-2026 | 2026-10-30 | Школа & музей\n")
	if res.Refused() {
		t.Fatalf("refused: %+v", res.Findings)
	}
	if !strings.Contains(res.XML, "<news:title>Школа &amp; музей</news:title>") {
		t.Fatalf("title not escaped as Школа &amp; музей:\n%s", res.XML)
	}
	if !strings.Contains(res.XML, "<news:name>Вести &amp; Co</news:name>") {
		t.Fatalf("name not escaped:\n%s", res.XML)
	}
	var doc struct {
		URLs []struct {
			Title string `xml:"news>title"`
		} `xml:"url"`
	}
	if err := xml.Unmarshal([]byte(res.XML), &doc); err != nil {
		t.Fatal(err)
	}
	if len(doc.URLs) != 1 || doc.URLs[0].Title != "Школа & музей" {
		t.Fatalf("decoded %+v", doc.URLs)
	}
	// Already escaped text is taken as typed: the XML describes "&amp;".
	res = Generate(Options{Name: "N", Language: "ru"}, "https://a.example/x-y-z-w | 2026-10-30 | Школа &amp; музей\n")
	if !strings.Contains(res.XML, "<news:title>Школа &amp;amp; музей</news:title>") {
		t.Fatalf("typed entity not kept as typed:\n%s", res.XML)
	}
}

// The seed's time example, exactly: 28 October 09:00 to 30 October 12:00
// in one zone is 51 hours, over 48: warned, with the age.
func TestFiftyOneHoursWarned(t *testing.T) {
	res := Generate(Options{Name: "N", Language: "ru", CheckedAt: "2026-10-30T12:00:00+03:00"},
		"https://a.example/news/old-story-here | 2026-10-28T09:00:00+03:00 | Старая новость\n"+
			"https://a.example/news/new-story-here | 2026-10-29T09:00:00+03:00 | Новая новость\n")
	if res.Refused() {
		t.Fatalf("refused: %+v", res.Findings)
	}
	if len(res.Findings) != 1 {
		t.Fatalf("findings = %+v, want one warning", res.Findings)
	}
	f := res.Findings[0]
	want := "line 1: published 2026-10-28T09:00:00+03:00, 51 hours before the moment of checking 2026-10-30T12:00:00+03:00: Google News takes only articles of the last 48 hours."
	if f.Level != report.LevelWarning || f.Code != CodeOld || f.Text != want || f.Args["hours"] != 51 || f.Source.Line != 1 {
		t.Fatalf("finding = %+v\nwant text %q", f, want)
	}
	if res.XML == "" || res.Entries != 2 {
		t.Fatal("a warning must not stop the sitemap")
	}
	// Exactly 48 hours is not older than 48 hours.
	res = Generate(Options{Name: "N", Language: "ru", CheckedAt: "2026-10-30T09:00:00+03:00"},
		"https://a.example/news/old-story-here | 2026-10-28T09:00:00+03:00 | Старая новость\n")
	if len(res.Findings) != 0 {
		t.Fatalf("48 h exactly warned: %+v", res.Findings)
	}
	// A day alone is read as midnight UTC, and said so.
	res = Generate(Options{Name: "N", Language: "ru", CheckedAt: "2026-10-30T12:00:00Z"},
		"https://a.example/news/old-story-here | 2026-10-28 | Старая новость\n")
	if len(res.Findings) != 1 || res.Findings[0].Text != "line 1: published 2026-10-28 (read as 00:00 UTC), 60 hours before the moment of checking 2026-10-30T12:00:00Z: Google News takes only articles of the last 48 hours." {
		t.Fatalf("findings = %+v", res.Findings)
	}
}

// One case per refusal, with its sentence.
func TestRefusals(t *testing.T) {
	ok := "https://a.example/news/one-story-here | 2026-10-30 | One\n"
	cases := []struct {
		name  string
		o     Options
		lines string
		code  string
		text  string
	}{
		{"empty", Options{Name: "N", Language: "en"}, "\n  \n", CodeEmpty,
			"There are no lines: give one article a line, as URL | date | title."},
		{"no name", Options{Name: " ", Language: "en"}, ok, CodeName,
			"The publication name is empty: give the name Google News knows the publication by."},
		{"language", Options{Name: "N", Language: "english"}, ok, CodeLanguage,
			`The language code "english" is not of the form of an ISO 639 code: two or three letters, optionally one subtag (ru, ja, zh-tw).`},
		{"checked-at without zone", Options{Name: "N", Language: "en", CheckedAt: "2026-10-30T12:00:00"}, ok, CodeCheckedAt,
			`The moment of checking "2026-10-30T12:00:00" needs a date, a time to the second and a zone, such as 2026-10-30T12:00:00+03:00.`},
		{"checked-at a day", Options{Name: "N", Language: "en", CheckedAt: "2026-10-30"}, ok, CodeCheckedAt,
			`The moment of checking "2026-10-30" needs a date, a time to the second and a zone, such as 2026-10-30T12:00:00+03:00.`},
		{"fields", Options{Name: "N", Language: "en"}, ok + "https://a.example/x | 2026-10-30\n", CodeFields,
			`line 2: 2 field(s) where URL | date | title are expected: "https://a.example/x | 2026-10-30".`},
		{"url", Options{Name: "N", Language: "en"}, "/news/x | 2026-10-30 | T\n", CodeURL,
			`line 1: "/news/x" is not an absolute http or https URL.`},
		{"ftp url", Options{Name: "N", Language: "en"}, "ftp://a.example/x | 2026-10-30 | T\n", CodeURL,
			`line 1: "ftp://a.example/x" is not an absolute http or https URL.`},
		{"title", Options{Name: "N", Language: "en"}, "https://a.example/x | 2026-10-30 |  \n", CodeTitle,
			"line 1: the title is empty; give the article's title as published."},
		{"date format", Options{Name: "N", Language: "en"}, "https://a.example/x | 30.10.2026 | T\n", CodeDateFormat,
			`line 1: the date "30.10.2026" is neither a day (2026-10-28) nor a time to the second with a zone (2026-10-28T09:00:00+03:00).`},
		{"date without zone", Options{Name: "N", Language: "en"}, "https://a.example/x | 2026-10-30T09:00:00 | T\n", CodeDateFormat,
			`line 1: the date "2026-10-30T09:00:00" is neither a day (2026-10-28) nor a time to the second with a zone (2026-10-28T09:00:00+03:00).`},
		{"date to the minute", Options{Name: "N", Language: "en"}, "https://a.example/x | 2026-10-30T09:00+03:00 | T\n", CodeDateFormat,
			`line 1: the date "2026-10-30T09:00+03:00" is neither a day (2026-10-28) nor a time to the second with a zone (2026-10-28T09:00:00+03:00).`},
		{"february 30", Options{Name: "N", Language: "en"}, "https://a.example/x | 2026-02-30 | T\n", CodeDateImpossible,
			`line 1: the date "2026-02-30" does not exist.`},
		{"25 o'clock", Options{Name: "N", Language: "en"}, "https://a.example/x | 2026-10-30T25:00:00Z | T\n", CodeDateImpossible,
			`line 1: the date "2026-10-30T25:00:00Z" does not exist.`},
		{"duplicate", Options{Name: "N", Language: "en"}, ok + "\n" + ok, CodeDuplicate,
			"line 3: https://a.example/news/one-story-here is already on line 1."},
		{"host", Options{Name: "N", Language: "en"}, ok + "https://b.example/news/x | 2026-10-30 | T\n", CodeHost,
			"line 2: https://b.example/news/x is on b.example, line 1 on a.example; a sitemap's URLs share one host."},
		{"scheme", Options{Name: "N", Language: "en"}, ok + "http://a.example/news/x | 2026-10-30 | T\n", CodeScheme,
			"line 2: http://a.example/news/x uses http, line 1 https; a sitemap's URLs share one scheme."},
		{"1001 lines", Options{Name: "N", Language: "en"}, lines(1001), CodeTooMany,
			"There are 1,001 lines; a news sitemap holds at most 1,000 articles: split them into several sitemaps."},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			res := Generate(c.o, c.lines)
			if !res.Refused() || res.XML != "" {
				t.Fatalf("not refused: %+v", res)
			}
			for _, f := range res.Findings {
				if f.Code == c.code {
					if f.Text != c.text || f.Level != report.LevelError {
						t.Fatalf("finding %+v\nwant text %q", f, c.text)
					}
					return
				}
			}
			t.Fatalf("no %s finding in %+v", c.code, res.Findings)
		})
	}
	// 1,000 lines pass.
	if res := Generate(Options{Name: "N", Language: "en"}, lines(1000)); res.Refused() || res.Entries != 1000 {
		t.Fatalf("1000 lines: %+v", res.Findings)
	}
}

// Many bad lines: each gets its line, up to a cap, then a count.
func TestRefusalsCapped(t *testing.T) {
	res := Generate(Options{Name: "N", Language: "en"}, strings.Repeat("not a line\n", 80))
	if len(res.Findings) != maxReported+1 {
		t.Fatalf("%d findings", len(res.Findings))
	}
	if last := res.Findings[maxReported]; last.Code != CodeMore || last.Text != "30 more lines are refused for the same reasons." {
		t.Fatalf("last = %+v", last)
	}
	if res.Findings[3].Source.Line != 4 || res.Findings[3].Args["line"] != 4 {
		t.Fatalf("line of the 4th: %+v", res.Findings[3])
	}
}

func lines(n int) string {
	var b strings.Builder
	for i := range n {
		fmt.Fprintf(&b, "https://a.example/news/story-number-%d | 2026-10-30T09:00:00+03:00 | Story %d\n", i, i)
	}
	return b.String()
}

func TestLanguageForm(t *testing.T) {
	for _, c := range []string{"ru", "ja", "eng", "zh-cn", "zh-TW", "pt-br", "sr-latn", "es-419"} {
		if !LanguageForm(c) {
			t.Errorf("%q refused", c)
		}
	}
	for _, c := range []string{"", "r", "russ", "english", "zh_cn", "zh-", "zh-c", "ru-abcde", "1a", "en-us-x"} {
		if LanguageForm(c) {
			t.Errorf("%q accepted", c)
		}
	}
}
