package check

// `feedscout-host check` and `newsmap`, the built binary against the
// check web (tests/fixtureweb/check.go: one site per finding) and the
// default fixture web.

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"runtime"
	"sort"
	"strings"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// checkResult is one line of `check --json`.
type checkResult struct {
	URL     string `json:"url"`
	Kind    string `json:"kind"`
	Format  string `json:"format"`
	Answers []struct {
		Question int    `json:"question"`
		Verdict  string `json:"verdict"`
		Why      string `json:"why"`
	} `json:"answers"`
	Findings []struct {
		Level  string         `json:"level"`
		Code   string         `json:"code"`
		Args   map[string]any `json:"args"`
		Text   string         `json:"text"`
		Source *struct {
			Request int    `json:"request"`
			URL     string `json:"url"`
			Line    int    `json:"line"`
			Header  string `json:"header"`
		} `json:"source"`
	} `json:"findings"`
	Requests    []harness.LogRow `json:"requests"`
	Conditional int              `json:"conditional"`
	Errors      int              `json:"errors"`
	Warnings    int              `json:"warnings"`
	Notes       int              `json:"notes"`
}

// codes is the result's findings as "level code" words, sorted and
// without repeats.
func (r *checkResult) codes() string {
	seen := map[string]bool{}
	var out []string
	for _, f := range r.Findings {
		w := f.Level + " " + f.Code
		if !seen[w] {
			seen[w] = true
			out = append(out, w)
		}
	}
	sort.Strings(out)
	return strings.Join(out, ", ")
}

// verdicts is the four answers as "yes yes no not-asked".
func (r *checkResult) verdicts() string {
	var v []string
	for _, a := range r.Answers {
		v = append(v, a.Verdict)
	}
	return strings.Join(v, " ")
}

// checkAll runs `check --json` on urls in one process.
func checkAll(t *testing.T, env []string, urls ...string) (map[string]*checkResult, int, string) {
	t.Helper()
	out, errOut, code := harness.RunHost(t, env, "", append([]string{"check", "--json"}, urls...)...)
	got := map[string]*checkResult{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		r := &checkResult{}
		if err := json.Unmarshal([]byte(line), r); err != nil {
			t.Fatalf("check output is not JSON: %v\n%s", err, line)
		}
		got[r.URL] = r
	}
	for _, u := range urls {
		if got[u] == nil {
			t.Fatalf("no result for %s; exit %d, stderr:\n%s", u, code, errOut)
		}
	}
	return got, code, errOut
}

// lineOf is the 1-based line of the first occurrence of s in body.
func lineOf(t *testing.T, body []byte, s string) int {
	t.Helper()
	i := bytes.Index(body, []byte(s))
	if i < 0 {
		t.Fatalf("%q not in the file", s)
	}
	return bytes.Count(body[:i], []byte("\n")) + 1
}

// fetchBody gets a fixture's file as the fixture web serves it.
func fetchBody(t *testing.T, w *fixtureweb.Web, u string) []byte {
	t.Helper()
	resp, err := w.Client().Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// expectedChecks are the findings a person would expect of each fixture
// (docs/checking.md has the same table), and the verdicts of the four
// questions for sitemaps.
var expectedChecks = map[string]struct{ codes, verdicts string }{
	"news-ok":            {"", "yes yes yes yes"},
	"news-old":           {"warning news-old", "yes yes yes yes"},
	"news-host":          {"error host", "yes yes no not-asked"},
	"news-duplicate":     {"error duplicate-loc", "yes yes no not-asked"},
	"news-1001":          {"error news-limit, warning news-old", "yes yes no not-asked"},
	"news-html-type":     {"error content-type", "yes yes yes no"},
	"news-no-type":       {"warning content-type", "yes yes yes yes"},
	"news-404":           {"error http-status", "not-asked not-asked not-asked no"},
	"news-60mb":          {"error too-large", "not-asked not-asked not-asked no"},
	"news-gzip-bomb":     {"error too-large", "not-asked not-asked not-asked no"},
	"news-doctype":       {"error doctype", "no not-asked not-asked not-asked"},
	"news-bom-middle":    {"warning bom", "yes yes yes yes"},
	"news-junk":          {"error junk-before-xml", "no not-asked not-asked not-asked"},
	"news-truncated":     {"error truncated", "no not-asked not-asked not-asked"},
	"news-ampersand":     {"error xml-syntax", "no not-asked not-asked not-asked"},
	"news-date":          {"error news-date", "yes yes no not-asked"},
	"news-redirect":      {"note redirect", "yes yes yes yes"},
	"sitemap-plain":      {"note not-news", "yes yes yes yes"},
	"sitemap-index":      {"note sitemap-index", "yes yes not-asked yes"},
	"sitemap-text":       {"note text-sitemap", "yes yes not-asked yes"},
	"page-html":          {"error not-xml", "no not-asked not-asked not-asked"},
	"robots-disallow":    {"error fetch", "not-asked not-asked not-asked no"},
	"empty":              {"error empty", "no not-asked not-asked not-asked"},
	"no-namespace":       {"error sitemap-namespace", "yes no not-asked not-asked"},
	"encoding":           {"error encoding", "yes no not-asked not-asked"},
	"no-loc":             {"error no-loc", "yes no not-asked not-asked"},
	"loc-relative":       {"error loc-url", "yes no not-asked not-asked"},
	"loc-long":           {"error loc-long", "yes no not-asked not-asked"},
	"opml":               {"error not-sitemap", "yes no not-asked not-asked"},
	"lastmod":            {"error lastmod", "yes no not-asked not-asked"},
	"news-no-name":       {"error news-publication", "yes yes no not-asked"},
	"news-language":      {"error news-language", "yes yes no not-asked"},
	"news-two-names":     {"warning news-name", "yes yes yes yes"},
	"news-no-title":      {"error news-title", "yes yes no not-asked"},
	"news-future":        {"warning news-future", "yes yes yes yes"},
	"news-http":          {"error scheme", "yes yes no not-asked"},
	"many-hosts":         {"error host, error more", "yes yes no not-asked"},
	"url-limit":          {"error url-limit, note not-news", "yes yes yes no"},
	"feed-ok":            {"", ""},
	"feed-no-validators": {"warning no-validators", ""},
	"feed-no-304":        {"warning no-304", ""},
	"feed-no-gzip":       {"warning no-gzip", ""},
	"feed-self-missing":  {"warning self-missing", ""},
	"feed-self-mismatch": {"warning self-mismatch", ""},
	"feed-no-hub":        {"note no-hub", ""},
	"feed-duplicate-ids": {"error id-duplicate", ""},
	"feed-bad-dates":     {"error date-unparseable", ""},
	"feed-stale":         {"warning stale", ""},
	"feed-html-type":     {"error content-type", ""},
	"feed-broken":        {"error xml-syntax", ""},
	"atom-ok":            {"", ""},
	"json-feed":          {"note no-hub", ""},
	"json-not-feed":      {"error not-feed", ""},
	"json-broken":        {"error feed-broken", ""},
	"atom-no-id":         {"error id-missing", ""},
	"feed-undated":       {"warning date-missing", ""},
	"feed-future":        {"warning item-future", ""},
	"feed-empty":         {"warning no-items", ""},
}

// TestCheckFixtures checks every fixture of the check web in one host
// process: the findings and verdicts of the table, the sentences word for
// word where they carry evidence (the line, the hosts, the age), the
// source of each, the conditional request in the log, and the exit status.
func TestCheckFixtures(t *testing.T) {
	gen := &fixtureweb.Generated{}
	w := harness.StartWeb(t, fixtureweb.CheckSites(gen))
	fixtures := fixtureweb.CheckFixtures()
	var urls []string
	for _, f := range fixtures {
		urls = append(urls, f.URL())
	}
	got, code, errOut := checkAll(t, harness.FastEnv(w), urls...)
	if code != 1 {
		t.Errorf("exit %d with error findings, want 1; stderr:\n%s", code, errOut)
	}
	started := w.Started
	for _, f := range fixtures {
		r := got[f.URL()]
		want, ok := expectedChecks[f.Name]
		if !ok {
			t.Errorf("%s: no expectation", f.Name)
			continue
		}
		t.Logf("| %s | %s | %s | %s |", f.Name, f.What, r.codes(), r.verdicts())
		if r.codes() != want.codes || r.verdicts() != want.verdicts {
			t.Errorf("%s: findings %q, verdicts %q; want %q, %q\n%s", f.Name, r.codes(), r.verdicts(), want.codes, want.verdicts, texts(r))
		}
		for _, fd := range r.Findings {
			if fd.Source == nil || fd.Source.Request < 1 || fd.Source.Request > len(r.Requests) {
				t.Errorf("%s: finding %s has no request as its source: %+v", f.Name, fd.Code, fd.Source)
				continue
			}
			if row := r.Requests[fd.Source.Request-1]; row.URL != fd.Source.URL {
				t.Errorf("%s: finding %s cites request %d (%s), which is %s", f.Name, fd.Code, fd.Source.Request, fd.Source.URL, row.URL)
			}
		}
		if r.Requests[0].Step != "robots" {
			t.Errorf("%s: the first request is %s, not robots.txt", f.Name, r.Requests[0].URL)
		}
	}

	text := func(name, code string) (string, int) {
		t.Helper()
		for _, fd := range got[fixtureweb.CheckFixture{Name: name, Path: pathOf(fixtures, name)}.URL()].Findings {
			if fd.Code == code {
				return fd.Text, fd.Source.Line
			}
		}
		t.Fatalf("%s: no %s finding", name, code)
		return "", 0
	}
	exact := func(name, code, want string, line int) {
		t.Helper()
		got, gotLine := text(name, code)
		if got != want || gotLine != line {
			t.Errorf("%s %s:\n got  %q (line %d)\n want %q (line %d)", name, code, got, gotLine, want, line)
		}
	}
	like := func(name, code, pattern string) {
		t.Helper()
		got, _ := text(name, code)
		if !regexp.MustCompile("^" + pattern + "$").MatchString(got) {
			t.Errorf("%s %s: %q does not match %q", name, code, got, pattern)
		}
	}
	day := started.UTC().Format("2006/01/02")
	exact("news-host", "host", "line 4: <loc> https://cdn.check.test/news/"+day+"/story-number-0 is on cdn.check.test, the sitemap on news-host.check.test.", 4)
	exact("news-duplicate", "duplicate-loc", "line 15: <loc> https://news-duplicate.check.test/news/"+day+"/story-number-0 is already on line 4.", 15)
	oldest := started.Add(-130*time.Hour - 30*time.Minute).UTC().Format(time.RFC3339)
	exact("news-old", "news-old", "31 of 40 entries are older than 48 hours (the oldest, line 109: "+oldest+", 130 hours old): Google News takes only the last two days; drop them or their <news:news> block.", 109)
	exact("news-1001", "news-limit", "1,001 <news:news> blocks: Google News reads at most 1,000 a file, the 1,001st is on line 11,005; split the sitemap.", 11005)
	exact("news-html-type", "content-type", "Served as text/html: serve the sitemap as application/xml.", 0)
	exact("news-404", "http-status", "It answered 404 Not Found; it must answer 200 OK.", 0)
	exact("news-60mb", "too-large", "The file is larger than 50 MB uncompressed, the sitemap protocol's limit (52,428,800 bytes): split it under a sitemap index.", 0)
	exact("news-gzip-bomb", "too-large", "The file is larger than 50 MB uncompressed, the sitemap protocol's limit (52,428,800 bytes): split it under a sitemap index.", 0)
	exact("news-doctype", "doctype", `line 2: <!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa…> declares a DTD, which neither a sitemap nor a feed needs; feedscout does not read one (entity expansion attacks readers): remove it.`, 2)
	like("news-bom-middle", "bom", `line 22: a byte order mark \(U\+FEFF\) at byte [0-9,]+, inside the file: usually a part saved with a BOM and glued in; save every part as UTF-8 without BOM\.`)
	like("news-junk", "junk-before-xml", `line 3: the XML declaration comes after ".*"; it must be the very first thing in the file \(a script printed something first\)\.`)
	exact("news-ampersand", "xml-syntax", "line 33: not well-formed XML: invalid character entity & (no semicolon).", 33)
	like("news-truncated", "truncated", `line \d+: the file ends inside <[a-z:]+>, opened on line \d+: it is cut off\.`)
	like("news-date", "news-date", `line 10: <news:publication_date> "\d\d\.\d\d\.\d{4} \d\d:\d\d" is not a W3C date such as 2026-10-30 or 2026-10-30T09:00:00\+03:00\.`)
	exact("news-redirect", "redirect", "Reached through a redirect: https://news-redirect.check.test/old-news-sitemap.xml answers at https://news-redirect.check.test/news-sitemap.xml; announce that address (robots.txt, Search Console).", 0)
	exact("opml", "not-sitemap", "line 2: the root element is <opml>: an OPML list, neither a sitemap nor a feed.", 2)
	exact("news-http", "scheme", "line 4: <loc> http://news-http.check.test/news/"+day+"/story-number-0 uses http, the sitemap https.", 4)
	exact("url-limit", "url-limit", "50,001 URLs: a sitemap holds at most 50,000; split it under a sitemap index.", 0)
	exact("sitemap-text", "text-sitemap", "A text sitemap of 4 URLs: it has no titles or dates; a news sitemap must be XML with <news:news> blocks.", 0)
	exact("page-html", "not-xml", "line 1: <!DOCTYPE html> starts a web page (HTML), neither a sitemap nor a feed.", 1)
	exact("robots-disallow", "fetch", "It could not be fetched: robots.txt does not allow feedscout to fetch it (robots-disallow: disallowed by robots.txt).", 0)
	exact("sitemap-plain", "not-news", "None of its 5 URLs has a <news:news> block: an ordinary sitemap, not a news sitemap.", 0)
	exact("feed-no-validators", "no-validators", "No ETag or Last-Modified: readers download it whole every time.", 0)
	like("feed-no-304", "no-304", `It answered the conditional request \(If-None-Match: W/"v1"\) with 200 and the whole feed again \([0-9,]+ bytes\), not 304 Not Modified: readers download it whole every time\.`)
	like("feed-no-gzip", "no-gzip", `Not compressed: asked for gzip, it sent [0-9,]+ bytes uncompressed; turn on gzip for feeds\.`)
	exact("feed-self-missing", "self-missing", `No <atom:link rel="self">: readers cannot tell the feed's own address; add one with https://feed-self-missing.check.test/feed.xml.`, 0)
	exact("feed-self-mismatch", "self-mismatch", `<atom:link rel="self"> is https://feed-self-mismatch.check.test/feed.xml, but the feed was fetched from https://feed-self-mismatch.check.test/rss: readers may move the subscription there.`, 0)
	exact("feed-stale", "stale", "The newest of its 10 items is 45 days old ("+started.Add(-45*24*time.Hour-time.Hour).UTC().Format(time.RFC3339)+"): the feed may have stopped.", 0)
	exact("feed-html-type", "content-type", "Served as text/html: readers and browsers take it for a web page; serve it as application/rss+xml.", 0)

	// Evidence lines checked against the file itself.
	dupBody := fetchBody(t, w, "https://feed-duplicate-ids.check.test/feed.xml")
	second := fmt.Sprintf("https://feed-duplicate-ids.check.test/news/%s/story-number-1</guid>", day)
	first := lineOf(t, dupBody, second)
	again := bytes.LastIndex(dupBody, []byte(second))
	againLine := bytes.Count(dupBody[:again], []byte("\n")) + 1
	id := strings.TrimSuffix(second, "</guid>")
	exact("feed-duplicate-ids", "id-duplicate", fmt.Sprintf("line %d: <guid> %s repeats the id of the item on line %d: readers keep one of the two.", againLine, id, first), againLine)
	badBody := fetchBody(t, w, "https://feed-bad-dates.check.test/feed.xml")
	iso := started.Add(-time.Hour - 4*time.Hour).UTC().Format("2006-01-02")
	exact("feed-bad-dates", "date-unparseable", fmt.Sprintf(`line %d: <pubDate> %q is not an RFC 822 date such as Thu, 08 May 2026 14:30:00 +0300.`, lineOf(t, badBody, "<pubDate>"+iso+"<"), iso), lineOf(t, badBody, "<pubDate>"+iso+"<"))
	brokenBody := fetchBody(t, w, "https://feed-broken.check.test/feed.xml")
	exact("feed-broken", "xml-syntax", fmt.Sprintf("line %d: not well-formed XML: invalid character entity & (no semicolon).", lineOf(t, brokenBody, "C++ &")), lineOf(t, brokenBody, "C++ &"))

	// The conditional request: made for feeds with validators, shown in
	// the log and counted.
	for name, want := range map[string]string{"feed-ok": "304", "feed-no-304": "200", "feed-no-validators": ""} {
		r := got["https://"+name+".check.test/feed.xml"]
		if want == "" {
			if r.Conditional != 0 || len(r.Requests) != 2 {
				t.Errorf("%s: a conditional request without validators: %+v", name, r.Requests)
			}
			continue
		}
		if r.Conditional != 3 || len(r.Requests) != 3 || r.Requests[2].StatusText() != want || !r.Requests[2].Sent {
			t.Errorf("%s: conditional request %d, log %+v; want the third request, %s", name, r.Conditional, r.Requests, want)
		}
	}
	// A clean file alone: exit 0.
	if _, _, code := harness.RunHost(t, harness.FastEnv(w), "", "check", "https://news-ok.check.test/news-sitemap.xml", "https://feed-ok.check.test/feed.xml"); code != 0 {
		t.Errorf("clean files: exit %d, want 0", code)
	}
}

func pathOf(fs []fixtureweb.CheckFixture, name string) string {
	for _, f := range fs {
		if f.Name == name {
			return f.Path
		}
	}
	return ""
}

func texts(r *checkResult) string {
	var b strings.Builder
	for _, f := range r.Findings {
		fmt.Fprintf(&b, "  %s %s: %s\n", f.Level, f.Code, f.Text)
	}
	return b.String()
}

// TestCheckReadable: the readable output names the questions, the
// findings with their request, and marks the conditional request.
func TestCheckReadable(t *testing.T) {
	w := harness.StartWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	out, _, code := harness.RunHost(t, harness.FastEnv(w), "", "check", "https://news-host.check.test/news-sitemap.xml", "https://feed-no-304.check.test/feed.xml")
	if code != 1 {
		t.Fatalf("exit %d", code)
	}
	for _, want := range []string{
		"https://news-host.check.test/news-sitemap.xml  news-sitemap: 1 error, 0 warnings, 0 notes (2 requests)",
		"  1. Is the XML readable?               yes",
		"  3. Are the publication data right?    no",
		"  4. Is the file served right?          not-asked (question 3 failed)",
		"is on cdn.check.test, the sitemap on news-host.check.test.  [request 2]",
		"https://feed-no-304.check.test/feed.xml  feed (rss): 0 errors, 1 warning, 0 notes (3 requests, 1 conditional)",
		"(conditional request)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
}

// The seed's generator through the built binary: its lines, its two
// worked examples, a refusal with its line; what it writes is well-formed
// for xmllint and Python's xml.etree, passes check without an error, and
// discovery judges it a news sitemap.
func TestCheckNewsmapGenerated(t *testing.T) {
	gen := &fixtureweb.Generated{}
	w := harness.StartWeb(t, fixtureweb.CheckSites(gen))
	now := time.Now().In(time.FixedZone("", 3*3600)).Truncate(time.Second)
	h := "https://" + fixtureweb.GeneratedHost
	lines := fmt.Sprintf("%s/news/%s/biblioteka-otkrylas | %s | Открылась новая библиотека\n%s/news/%s/marshrut-avtobusa-izmenilsya | %s | Изменился маршрут автобуса № 5\n%s/news/%s/shkola-i-muzey | %s | Школа & музей\n",
		h, now.Format("2006/01/02"), now.Add(-2*time.Hour).Format(time.RFC3339),
		h, now.Format("2006/01/02"), now.Add(-3*time.Hour).Format(time.RFC3339),
		h, now.Format("2006/01/02"), now.Add(-4*time.Hour).Format(time.RFC3339))
	out, errOut, code := harness.RunHost(t, nil, lines, "newsmap", "--name", "Городские новости", "--lang", "ru", "--checked-at", now.Format(time.RFC3339))
	if code != 0 || errOut != "" {
		t.Fatalf("newsmap exit %d: %s", code, errOut)
	}
	if !strings.Contains(out, "<news:title>Школа &amp; музей</news:title>") {
		t.Fatalf("escaping:\n%s", out)
	}
	file := filepath.Join(t.TempDir(), "news-sitemap.xml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	xmlReaders(t, file, 3)

	gen.Set([]byte(out))
	res, code, errOut := checkAll(t, harness.FastEnv(w), h+"/news-sitemap.xml")
	r := res[h+"/news-sitemap.xml"]
	if code != 0 || r.Errors != 0 || r.Warnings != 0 || r.Kind != "news-sitemap" || r.verdicts() != "yes yes yes yes" {
		t.Fatalf("check of the generated file: exit %d, %s, %q %q\n%s%s", code, r.Kind, r.codes(), r.verdicts(), texts(r), errOut)
	}
	reps := harness.DiscoverAll(t, harness.FastEnv(w), "smart", []fixtureweb.Site{{Name: "generated", Host: fixtureweb.GeneratedHost}})
	rep := reps["generated"]
	if rep.Outcome != "news-sitemap" || len(rep.Sitemaps) != 1 || rep.Sitemaps[0].URL != h+"/news-sitemap.xml" || rep.Sitemaps[0].URLs != 3 {
		t.Fatalf("discovery of the generated file: %s, %+v: %s", rep.Outcome, rep.Sitemaps, rep.Reason)
	}

	// The seed's 51 hours, warned with the age; still written.
	out, errOut, code = harness.RunHost(t, nil, "https://a.example/news/old-story-here | 2026-10-28T09:00:00+03:00 | Старая новость\n",
		"newsmap", "--name", "N", "--lang", "ru", "--checked-at", "2026-10-30T12:00:00+03:00")
	if code != 0 || !strings.Contains(out, "<urlset") ||
		errOut != "feedscout-host newsmap: warning: line 1: published 2026-10-28T09:00:00+03:00, 51 hours before the moment of checking 2026-10-30T12:00:00+03:00: Google News takes only articles of the last 48 hours.\n" {
		t.Fatalf("51 hours: exit %d, stderr %q", code, errOut)
	}
	// A refusal: the line, nothing written, exit 1.
	out, errOut, code = harness.RunHost(t, nil, "https://a.example/news/a-b-c-d | 2026-10-30 | A\nhttps://b.example/news/a-b-c-d | 2026-10-30 | B\n",
		"newsmap", "--name", "N", "--lang", "ru")
	if code != 1 || out != "" || !strings.Contains(errOut, "error: line 2: https://b.example/news/a-b-c-d is on b.example, line 1 on a.example; a sitemap's URLs share one host.") {
		t.Fatalf("refusal: exit %d, stdout %q, stderr %q", code, out, errOut)
	}
	if _, errOut, code = harness.RunHost(t, nil, "", "newsmap", "--name", "N", "--lang", "ru"); code != 1 || !strings.Contains(errOut, "There are no lines") {
		t.Fatalf("empty input: exit %d, %q", code, errOut)
	}
}

// xmlReaders parses file with xmllint --noout and Python's xml.etree,
// and counts its <url> elements with the latter.
func xmlReaders(t *testing.T, file string, urls int) {
	t.Helper()
	if _, err := exec.LookPath("xmllint"); err != nil {
		harness.Missing(t, "xmllint is not installed (libxml2-utils)")
	}
	if out, err := exec.Command("xmllint", "--noout", file).CombinedOutput(); err != nil {
		t.Fatalf("xmllint: %v\n%s", err, out)
	}
	const python = "/usr/bin/python3"
	if _, err := os.Stat(python); err != nil {
		harness.Missing(t, "Debian's /usr/bin/python3 is not installed")
	}
	script := `import sys, xml.etree.ElementTree as ET
root = ET.parse(sys.argv[1]).getroot()
ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "n": "http://www.google.com/schemas/sitemap-news/0.9"}
urls = root.findall("s:url", ns)
titles = [u.find("n:news/n:title", ns).text for u in urls]
print(len(urls), "|".join(titles))
`
	out, err := exec.Command(python, "-c", script, file).CombinedOutput()
	if err != nil {
		t.Fatalf("python xml.etree: %v\n%s", err, out)
	}
	if got := strings.TrimSpace(string(out)); !strings.HasPrefix(got, fmt.Sprint(urls)+" ") || (urls == 3 && !strings.HasSuffix(got, "|Школа & музей")) {
		t.Fatalf("xml.etree read %q", got)
	}
}

// TestCheckBoundedMemory: the 60 MB sitemap and the 1 GiB gzip bomb each
// end in their finding with the host's peak memory bounded (the body cap
// is the protocol's 50 MB).
func TestCheckBoundedMemory(t *testing.T) {
	w := harness.StartWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	for _, u := range []string{"https://news-60mb.check.test/news-sitemap.xml", "https://news-gzip-bomb.check.test/news-sitemap.xml.gz"} {
		cmd := exec.Command(harness.HostBinary(t), "check", "--json", u)
		cmd.Env = append(os.Environ(), harness.FastEnv(w)...)
		out, err := cmd.Output()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 1 {
			t.Fatalf("%s: exit %v, want 1", u, err)
		}
		var r checkResult
		if err := json.Unmarshal(out, &r); err != nil || r.codes() != "error too-large" {
			t.Fatalf("%s: %v %q", u, err, out)
		}
		rss := maxRSS(cmd.ProcessState)
		t.Logf("%s: peak RSS %d MiB", u, rss>>20)
		if rss > 200<<20 {
			t.Errorf("%s: peak RSS %d MiB, over 200 MiB", u, rss>>20)
		}
	}
}

// maxRSS is a finished process's peak resident memory in bytes (Linux).
func maxRSS(ps *os.ProcessState) int64 {
	if ru, ok := ps.SysUsage().(*syscall.Rusage); ok && runtime.GOOS == "linux" {
		return int64(ru.Maxrss) * 1024
	}
	return 0
}
