package check

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"feedscout/common/report"
)

var now = time.Date(2026, 10, 30, 12, 0, 0, 0, time.FixedZone("", 3*3600))

const head = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
`

// entry is one news <url> of 11 lines.
func entry(loc, name, lang, date, title string) string {
	return fmt.Sprintf(`  <url>
    <loc>%s</loc>
    <news:news>
      <news:publication>
        <news:name>%s</news:name>
        <news:language>%s</news:language>
      </news:publication>
      <news:publication_date>%s</news:publication_date>
      <news:title>%s</news:title>
    </news:news>
  </url>
`, loc, name, lang, date, title)
}

// questions runs the first three questions on body as fetched from
// sitemapURL, stopping like Run does.
func questions(t *testing.T, body, sitemapURL string) (fs []report.Finding, failed int) {
	t.Helper()
	base := &report.Source{Request: 2, URL: sitemapURL}
	d := &dispatch{}
	p, q1, ok := scanXML([]byte(body), base, d)
	fs = append(fs, q1...)
	if !ok {
		return fs, 1
	}
	if d.sm == nil {
		t.Fatalf("not a sitemap: root %v", p.root)
	}
	q2 := questionSitemap(p, d.sm, base)
	fs = append(fs, q2...)
	if report.Errors(q2) > 0 {
		return fs, 2
	}
	q3 := questionPublication(d.sm, sitemapURL, now, base)
	fs = append(fs, q3...)
	if report.Errors(q3) > 0 {
		return fs, 3
	}
	return fs, 0
}

func wantFinding(t *testing.T, fs []report.Finding, level, code, text string, line int) {
	t.Helper()
	for _, f := range fs {
		if f.Code == code && f.Text == text {
			if f.Level != level {
				t.Fatalf("%s: level %s, want %s", code, f.Level, level)
			}
			if line > 0 && (f.Source == nil || f.Source.Line != line || f.Source.Request != 2) {
				t.Fatalf("%s: source %+v, want line %d of request 2", code, f.Source, line)
			}
			return
		}
	}
	var got []string
	for _, f := range fs {
		got = append(got, f.Level+" "+f.Code+": "+f.Text)
	}
	t.Fatalf("no %s finding %q; got:\n%s", code, text, strings.Join(got, "\n"))
}

const good = "https://a.example/news/2026/10/30/biblioteka-otkrylas"

func TestCleanNewsSitemap(t *testing.T) {
	body := head + entry(good, "Городские новости", "ru", "2026-10-30T09:00:00+03:00", "Открылась новая библиотека") + "</urlset>\n"
	fs, failed := questions(t, body, "https://a.example/news-sitemap.xml")
	if failed != 0 || len(fs) != 0 {
		t.Fatalf("failed question %d: %+v", failed, fs)
	}
}

// One case per finding of the first three questions, with its sentence
// word for word and its line; the question it fails stops the others.
func TestSitemapFindings(t *testing.T) {
	ok := entry(good, "Городские новости", "ru", "2026-10-30T09:00:00+03:00", "Открылась")
	cases := []struct {
		name   string
		body   string
		failed int
		level  string
		code   string
		text   string
		line   int
	}{
		{"other host", head + ok + entry("https://b.example/x", "Городские новости", "ru", "2026-10-30", "T") + "</urlset>", 3,
			report.LevelError, CodeHost, "line 15: <loc> https://b.example/x is on b.example, the sitemap on a.example.", 15},
		{"other scheme", head + ok + entry("http://a.example/x", "Городские новости", "ru", "2026-10-30", "T") + "</urlset>", 3,
			report.LevelError, CodeScheme, "line 15: <loc> http://a.example/x uses http, the sitemap https.", 15},
		{"duplicate", head + ok + ok + "</urlset>", 3,
			report.LevelError, CodeDuplicateLoc, "line 15: <loc> " + good + " is already on line 4.", 15},
		{"no name", head + strings.Replace(ok, "<news:name>Городские новости</news:name>", "", 1) + "</urlset>", 3,
			report.LevelError, CodeNewsPublication, "line 5: <news:publication> has no <news:name>: give the name Google News knows the publication by.", 5},
		{"no language", head + strings.Replace(ok, "<news:language>ru</news:language>", "", 1) + "</urlset>", 3,
			report.LevelError, CodeNewsPublication, "line 5: <news:publication> has no <news:language>: give an ISO 639 code such as en, ru or zh-cn.", 5},
		{"language form", head + entry(good, "N", "russian", "2026-10-30", "T") + "</urlset>", 3,
			report.LevelError, CodeNewsLanguage, `line 8: <news:language> "russian" is not of the form of an ISO 639 code (two or three letters, optionally one subtag: en, ru, zh-cn).`, 8},
		{"no title", head + entry(good, "N", "ru", "2026-10-30", "") + "</urlset>", 3,
			report.LevelError, CodeNewsTitle, "line 5: <news:news> has no <news:title>: give the article's title as published.", 5},
		{"date form", head + entry(good, "N", "ru", "30.10.2026", "T") + "</urlset>", 3,
			report.LevelError, CodeNewsDate, `line 10: <news:publication_date> "30.10.2026" is not a W3C date such as 2026-10-30 or 2026-10-30T09:00:00+03:00.`, 10},
		{"date without zone", head + entry(good, "N", "ru", "2026-10-30T09:00:00", "T") + "</urlset>", 3,
			report.LevelError, CodeNewsDate, `line 10: <news:publication_date> "2026-10-30T09:00:00" is not a W3C date such as 2026-10-30 or 2026-10-30T09:00:00+03:00.`, 10},
		// The seed's 51 hours: 28 October 09:00 to 30 October 12:00.
		{"older than 48 hours", head + ok + entry("https://a.example/old-story-2026", "Городские новости", "ru", "2026-10-28T09:00:00+03:00", "Старая") + "</urlset>", 0,
			report.LevelWarning, CodeNewsOld, "1 of 2 entries are older than 48 hours (the oldest, line 21: 2026-10-28T09:00:00+03:00, 51 hours old): Google News takes only the last two days; drop them or their <news:news> block.", 21},
		{"future", head + entry(good, "N", "ru", "2026-10-31T12:00:00+03:00", "T") + "</urlset>", 0,
			report.LevelWarning, CodeNewsFuture, "line 10: <news:publication_date> 2026-10-31T12:00:00+03:00 is 24 hours in the future: the date of first publication, not of the export.", 10},
		{"two names", head + ok + entry("https://a.example/y-y-y-y", "Вечерние новости", "ru", "2026-10-30", "T") + "</urlset>", 0,
			report.LevelWarning, CodeNewsName, `line 18: <news:name> "Вечерние новости" differs from "Городские новости" on line 7; one publication, one name.`, 18},
		{"not news", head + "  <url>\n    <loc>" + good + "</loc>\n  </url>\n</urlset>", 0,
			report.LevelNote, CodeNotNews, "Its 1 URL has no <news:news> block: an ordinary sitemap, not a news sitemap.", 0},
		{"no namespace", "<?xml version=\"1.0\"?>\n<urlset>\n  <url><loc>" + good + "</loc></url>\n</urlset>", 2,
			report.LevelError, CodeNamespace, `line 2: <urlset> declares no namespace; a sitemap's root is xmlns="http://www.sitemaps.org/schemas/sitemap/0.9".`, 2},
		{"news prefix undeclared", "<?xml version=\"1.0\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\">\n  <url><loc>" + good + "</loc>\n<news:news></news:news></url>\n</urlset>", 2,
			report.LevelError, CodeNamespace, `line 4: the news element uses an undeclared prefix; declare xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" on the root.`, 4},
		{"no loc", head + "  <url>\n  </url>\n</urlset>", 2,
			report.LevelError, CodeNoLoc, "line 3: <url> has no <loc>.", 3},
		{"relative loc", head + "  <url>\n    <loc>/news/x</loc>\n  </url>\n</urlset>", 2,
			report.LevelError, CodeLocURL, `line 4: <loc> "/news/x" is not an absolute http or https URL.`, 4},
		{"long loc", head + "  <url>\n    <loc>https://a.example/" + strings.Repeat("a", 2100) + "</loc>\n  </url>\n</urlset>", 2,
			report.LevelError, CodeLocLong, "line 4: <loc> is 2,118 characters long; the protocol allows 2,048.", 4},
		{"lastmod", head + "  <url>\n    <loc>" + good + "</loc>\n    <lastmod>yesterday</lastmod>\n  </url>\n</urlset>", 2,
			report.LevelError, CodeLastmod, `line 5: <lastmod> "yesterday" is not a W3C datetime such as 2026-10-30 or 2026-10-30T09:00:00+03:00.`, 5},
		{"encoding", "<?xml version=\"1.0\" encoding=\"windows-1251\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>" + good + "</loc></url></urlset>", 2,
			report.LevelError, CodeEncoding, "The XML declaration names the encoding windows-1251; a sitemap must be UTF-8.", 1},
		// The first question.
		{"ampersand", head + entry(good, "N", "ru", "2026-10-30", "Школа & музей") + "</urlset>", 1,
			report.LevelError, CodeXMLSyntax, "line 11: not well-formed XML: invalid character entity & (no semicolon).", 11},
		{"html entity", head + entry(good, "N&nbsp;1", "ru", "2026-10-30", "T") + "</urlset>", 1,
			report.LevelError, CodeXMLSyntax, "line 7: not well-formed XML: invalid character entity &nbsp;.", 7},
		{"truncated", head + entry(good, "N", "ru", "2026-10-30", "T") + "  <url>\n    <loc>https://a.e", 1,
			report.LevelError, CodeTruncated, "line 15: the file ends inside <loc>, opened on line 15: it is cut off.", 15},
		{"doctype", "<?xml version=\"1.0\"?>\n<!DOCTYPE urlset [<!ENTITY a \"aaaaaaaaaa\">]>\n<urlset/>", 1,
			report.LevelError, CodeDoctype, `line 2: <!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaa">]> declares a DTD, which neither a sitemap nor a feed needs; feedscout does not read one (entity expansion attacks readers): remove it.`, 2},
		{"junk before the declaration", "Notice: Undefined index: id in /var/www/sitemap.php on line 3\n" + head + "</urlset>", 1,
			report.LevelError, CodeJunk, `line 2: the XML declaration comes after "Notice: Undefined index: id in /var/www/sitemap.php on line 3"; it must be the very first thing in the file (a script printed something first).`, 2},
		{"space before the declaration", "\n\n" + head + "</urlset>", 1,
			report.LevelError, CodeJunk, "line 3: the XML declaration comes after white space; it must be the very first thing in the file (a script printed something first).", 3},
		{"bom before the root", head[:39] + "\xef\xbb\xbf" + head[39:] + "</urlset>", 1,
			report.LevelError, CodeBOM, "line 2: a byte order mark (U+FEFF) at byte 39, before the root element: usually a part saved with a BOM and glued in; save every part as UTF-8 without BOM.", 2},
		{"bom inside", head + entry(good, "N", "ru", "2026-10-30", "\xef\xbb\xbfT") + "</urlset>", 0,
			report.LevelWarning, CodeBOM, "line 11: a byte order mark (U+FEFF) at byte 461, inside the file: usually a part saved with a BOM and glued in; save every part as UTF-8 without BOM.", 11},
		{"second root", head + "</urlset>\n<urlset/>", 1,
			report.LevelError, CodeXMLSyntax, "line 4: a second root element <urlset> after the first one closed; an XML file has exactly one.", 4},
		{"text after", head + "</urlset>\n<!-- ok -->\ngenerated in 0.2 s", 1,
			report.LevelError, CodeJunk, `line 5: text after the root element: "generated in 0.2 s"; nothing but the one root element may hold text.`, 5},
		{"invalid utf-8", head + entry(good, "N", "ru", "2026-10-30", "\xff\xfe") + "</urlset>", 1,
			report.LevelError, CodeXMLSyntax, "line 11: not well-formed XML: invalid UTF-8.", 11},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			fs, failed := questions(t, c.body, "https://a.example/news-sitemap.xml")
			if failed != c.failed {
				t.Errorf("failed question %d, want %d", failed, c.failed)
			}
			wantFinding(t, fs, c.level, c.code, c.text, c.line)
		})
	}
}

// 1,001 news blocks: an error naming the line of the 1,001st; over ten
// findings of one code, the rest are counted.
func TestNewsLimitAndCap(t *testing.T) {
	var b strings.Builder
	b.WriteString(head)
	for i := range 1001 {
		b.WriteString(entry(fmt.Sprintf("https://a.example/news/story-number-%d", i), "N", "ru", "2026-10-30T09:00:00+03:00", "T"))
	}
	b.WriteString("</urlset>\n")
	fs, failed := questions(t, b.String(), "https://a.example/news-sitemap.xml")
	if failed != 3 {
		t.Fatalf("failed %d", failed)
	}
	wantFinding(t, fs, report.LevelError, CodeNewsLimit,
		"1,001 <news:news> blocks: Google News reads at most 1,000 a file, the 1,001st is on line 11,005; split the sitemap.", 11005)

	b.Reset()
	b.WriteString(head)
	for i := range 25 {
		b.WriteString(entry(fmt.Sprintf("https://b.example/news/story-number-%d", i), "N", "ru", "2026-10-30", "T"))
	}
	b.WriteString("</urlset>\n")
	fs, _ = questions(t, b.String(), "https://a.example/news-sitemap.xml")
	hosts := 0
	for _, f := range fs {
		if f.Code == CodeHost {
			hosts++
		}
	}
	if hosts != perCode {
		t.Fatalf("%d host findings, want %d", hosts, perCode)
	}
	wantFinding(t, fs, report.LevelError, CodeMoreLikeThis, "15 more lines like these (host); the first 10 are listed.", 0)
}
