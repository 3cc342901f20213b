package check

// The check's findings in every language (docs/checking.md): every finding
// code nativehost/internal/check can emit (check.Codes, read from its
// source: tests/ cannot import an internal package) has one template in the
// catalogue, finding_<code>; every finding of the check web, and a case for
// each variant the check web does not show, renders through the real
// extension/lib/findings.js under Node, chrome.i18n played by each
// language's generated _locales, exactly as catalog.Say renders the same
// template with the same args, in all four languages; in English that is
// the host's Text, word for word; a code the catalogue lacks shows the
// host's Text.

import (
	"encoding/json"
	"go/ast"
	"go/parser"
	"go/token"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strconv"
	"strings"
	"testing"

	"feedscout/common/report/catalog"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// checkCodes reads check.Codes from nativehost/internal/check: the
// constants' values in the order the list names them.
func checkCodes(t *testing.T) []string {
	t.Helper()
	files, err := filepath.Glob("../../nativehost/internal/check/*.go")
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

// findingKey is a code's template (check.Key, lib/findings.js findingKey).
func findingKey(code string) string { return "finding_" + strings.ReplaceAll(code, "-", "_") }

// shapeCases are findings as the host builds them for the variants of a
// template the check web does not show, each with the sentence the host
// wrote for it before its words moved to the catalogue.
var shapeCases = []struct {
	name, code string
	args       map[string]any
	want       string
}{
	{"fetch timeout", "fetch", map[string]any{"word": "timeout", "url": "https://a.example/x"}, "It could not be fetched: the server did not answer in time (timeout)."},
	{"fetch with a note", "fetch", map[string]any{"word": "refused-address", "url": "https://a.example/x", "note": "127.0.0.1"},
		"It could not be fetched: it leads to a private or local address, which feedscout does not visit (refused-address: 127.0.0.1)."},
	{"fetch with an unknown word", "fetch", map[string]any{"word": "quantum", "url": "https://a.example/"}, "It could not be fetched: quantum (quantum)."},
	{"fetch without a word", "fetch", map[string]any{"error": `unsupported protocol scheme "ftp"`}, `It could not be fetched: unsupported protocol scheme "ftp".`},
	{"not found", "http-status", map[string]any{"status": 404, "phrase": "Not Found"}, "It answered 404 Not Found; it must answer 200 OK."},
	{"too large for the browser", "too-large", map[string]any{"max_bytes": 8 << 20, "browser": true, "size_unit": "KB", "size_value": 8192},
		"The file is larger than 8192 KB uncompressed, the most the browser's check reads: run feedscout-host check with this URL in a terminal, which reads up to the sitemap limit of 50 MB."},
	{"too large for the protocol", "too-large", map[string]any{"max_bytes": 50 << 20, "browser": false, "size_unit": "MB", "size_value": 50},
		"The file is larger than 50 MB uncompressed, the sitemap protocol's limit (52,428,800 bytes): split it under a sitemap index."},
	{"bom before the root", "bom", map[string]any{"line": 1, "offset": 40, "where": "before"},
		"line 1: a byte order mark (U+FEFF) at byte 40, before the root element: usually a part saved with a BOM and glued in; save every part as UTF-8 without BOM."},
	{"bom inside", "bom", map[string]any{"line": 1200, "offset": 12345, "where": "inside"},
		"line 1200: a byte order mark (U+FEFF) at byte 12,345, inside the file: usually a part saved with a BOM and glued in; save every part as UTF-8 without BOM."},
	{"white space before the declaration", "junk-before-xml", map[string]any{"line": 2, "before": "white space", "space": true},
		"line 2: the XML declaration comes after white space; it must be the very first thing in the file (a script printed something first)."},
	{"text before the declaration", "junk-before-xml", map[string]any{"line": 2, "before": `"oops"`, "space": false},
		`line 2: the XML declaration comes after "oops"; it must be the very first thing in the file (a script printed something first).`},
	{"text before the root", "junk-before-xml", map[string]any{"line": 2, "before": "oops", "where": "before", "text_shown": `"oops"`},
		`line 2: text before the root element: "oops"; nothing but the one root element may hold text.`},
	{"text after the root", "junk-before-xml", map[string]any{"line": 9, "before": "oops", "where": "after", "text_shown": `"oops"`},
		`line 9: text after the root element: "oops"; nothing but the one root element may hold text.`},
	{"doctype", "doctype", map[string]any{"line": 2, "directive": "DOCTYPE urlset SYSTEM \"x.dtd\""},
		`line 2: <!DOCTYPE urlset SYSTEM "x.dtd"> declares a DTD, which neither a sitemap nor a feed needs; feedscout does not read one (entity expansion attacks readers): remove it.`},
	{"syntax", "xml-syntax", map[string]any{"line": 3, "error": "unexpected EOF"}, "line 3: not well-formed XML: unexpected EOF."},
	{"second root", "xml-syntax", map[string]any{"line": 9, "error": "second root", "element": "urlset"},
		"line 9: a second root element <urlset> after the first one closed; an XML file has exactly one."},
	{"cut off", "truncated", map[string]any{"line": 12, "element": "url", "opened": 4}, "line 12: the file ends inside <url>, opened on line 4: it is cut off."},
	{"gzip broken", "truncated", map[string]any{"error": "gzip: invalid header"}, "The gzip file does not decompress: gzip: invalid header."},
	{"no root", "not-xml", nil, "The file has no root element: it is not XML."},
	{"a web page", "not-xml", map[string]any{"line": 1, "directive": "DOCTYPE html"}, "line 1: <!DOCTYPE html> starts a web page (HTML), neither a sitemap nor a feed."},
	{"html root", "not-sitemap", map[string]any{"line": 1, "root": "HTML", "root_kind": "html"}, "line 1: the root element is <HTML>: a web page, neither a sitemap nor a feed."},
	{"opml root", "not-sitemap", map[string]any{"line": 1, "root": "opml", "root_kind": "opml"}, "line 1: the root element is <opml>: an OPML list, neither a sitemap nor a feed."},
	{"other root", "not-sitemap", map[string]any{"line": 1, "root": "svg", "root_kind": "xml"}, "line 1: the root element is <svg>: another kind of XML, neither a sitemap nor a feed."},
	{"root without namespace", "sitemap-namespace", map[string]any{"line": 2, "namespace": "", "root": "urlset"},
		`line 2: <urlset> declares no namespace; a sitemap's root is xmlns="http://www.sitemaps.org/schemas/sitemap/0.9".`},
	{"root in another namespace", "sitemap-namespace", map[string]any{"line": 2, "namespace": "http://example.com/ns", "root": "urlset"},
		`line 2: <urlset> is in the namespace http://example.com/ns; a sitemap's root is xmlns="http://www.sitemaps.org/schemas/sitemap/0.9".`},
	{"news namespace", "sitemap-namespace", map[string]any{"line": 5, "namespace": "http://example.com/news", "undeclared": false},
		`line 5: the news element uses the namespace http://example.com/news; declare xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" on the root.`},
	{"news prefix", "sitemap-namespace", map[string]any{"line": 5, "namespace": "", "undeclared": true},
		`line 5: the news element uses an undeclared prefix; declare xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" on the root.`},
	{"latin-1", "encoding", map[string]any{"encoding": "ISO-8859-1"}, "The XML declaration names the encoding ISO-8859-1; a sitemap must be UTF-8."},
	{"no loc", "no-loc", map[string]any{"line": 3, "entry": "sitemap"}, "line 3: <sitemap> has no <loc>."},
	{"two locs", "no-loc", map[string]any{"line": 3, "count": 2, "entry": "url"}, "line 3: <url> has 2 <loc> elements; it takes exactly one."},
	{"loc not a URL", "loc-url", map[string]any{"line": 3, "url": "/x", "url_shown": `"/x"`}, `line 3: <loc> "/x" is not an absolute http or https URL.`},
	{"text sitemap line", "loc-url", map[string]any{"line": 3, "url": "/x", "url_shown": `"/x"`, "text_sitemap": true}, `line 3: "/x" is not an absolute http or https URL.`},
	{"long loc", "loc-long", map[string]any{"line": 3, "length": 2100, "max": 2048}, "line 3: <loc> is 2,100 characters long; the protocol allows 2,048."},
	{"lastmod", "lastmod", map[string]any{"line": 4, "value": "yesterday", "value_shown": `"yesterday"`},
		`line 4: <lastmod> "yesterday" is not a W3C datetime such as 2026-10-30 or 2026-10-30T09:00:00+03:00.`},
	{"index", "sitemap-index", map[string]any{"sitemaps": 1200, "first": "https://a.example/s1.xml"},
		"A sitemap index of 1,200 sitemaps: check each of them (the first: https://a.example/s1.xml)."},
	{"empty index", "sitemap-index", map[string]any{"sitemaps": 0, "first": ""}, "A sitemap index of 0 sitemaps: check each of them."},
	{"text sitemap", "text-sitemap", map[string]any{"urls": 3}, "A text sitemap of 3 URLs: it has no titles or dates; a news sitemap must be XML with <news:news> blocks."},
	{"not news", "not-news", map[string]any{"urls": 1234}, "None of its 1,234 URLs has a <news:news> block: an ordinary sitemap, not a news sitemap."},
	{"two news blocks", "news-publication", map[string]any{"line": 3, "count": 2}, "line 3: <url> has 2 <news:news> blocks; it takes one."},
	{"no publication", "news-publication", map[string]any{"line": 3, "missing": "publication"}, "line 3: <news:news> has no <news:publication> with <news:name> and <news:language>."},
	{"no name", "news-publication", map[string]any{"line": 3, "missing": "name"}, "line 3: <news:publication> has no <news:name>: give the name Google News knows the publication by."},
	{"no language", "news-publication", map[string]any{"line": 3, "missing": "language"}, "line 3: <news:publication> has no <news:language>: give an ISO 639 code such as en, ru or zh-cn."},
	{"language", "news-language", map[string]any{"line": 3, "language": "english", "language_shown": `"english"`},
		`line 3: <news:language> "english" is not of the form of an ISO 639 code (two or three letters, optionally one subtag: en, ru, zh-cn).`},
	{"names differ", "news-name", map[string]any{"line": 9, "name": "B", "first": "A", "first_line": 4, "name_shown": `"B"`, "first_shown": `"A"`},
		`line 9: <news:name> "B" differs from "A" on line 4; one publication, one name.`},
	{"no title", "news-title", map[string]any{"line": 3}, "line 3: <news:news> has no <news:title>: give the article's title as published."},
	{"no publication date", "news-date", map[string]any{"line": 3, "date": ""}, "line 3: <news:news> has no <news:publication_date>."},
	{"bad publication date", "news-date", map[string]any{"line": 3, "date": "May 8", "date_shown": `"May 8"`},
		`line 3: <news:publication_date> "May 8" is not a W3C date such as 2026-10-30 or 2026-10-30T09:00:00+03:00.`},
	{"old news, health", "news-old", map[string]any{"old": 3, "total": 5},
		"3 of 5 entries are older than 48 hours: Google News takes only the last two days; drop them or their <news:news> block."},
	{"old news", "news-old", map[string]any{"old": 3, "total": 5, "line": 7, "date": "2026-01-01", "hours": 1000},
		"3 of 5 entries are older than 48 hours (the oldest, line 7: 2026-01-01, 1000 hours old): Google News takes only the last two days; drop them or their <news:news> block."},
	{"future news", "news-future", map[string]any{"line": 4, "date": "2099-01-01", "hours": 3},
		"line 4: <news:publication_date> 2099-01-01 is 3 hours in the future: the date of first publication, not of the export."},
	{"news limit, health", "news-limit", map[string]any{"count": 1001, "max": 1000, "line": 0, "over": 1001},
		"1,001 <news:news> blocks: Google News reads at most 1,000 a file; split the sitemap."},
	{"news limit", "news-limit", map[string]any{"count": 1001, "max": 1000, "line": 1203, "over": 1001},
		"1,001 <news:news> blocks: Google News reads at most 1,000 a file, the 1,001st is on line 1,203; split the sitemap."},
	{"host", "host", map[string]any{"line": 3, "url": "https://b.example/x", "host": "b.example", "sitemap_host": "a.example"},
		"line 3: <loc> https://b.example/x is on b.example, the sitemap on a.example."},
	{"scheme", "scheme", map[string]any{"line": 3, "url": "http://a.example/x", "scheme": "http", "sitemap_scheme": "https"},
		"line 3: <loc> http://a.example/x uses http, the sitemap https."},
	{"duplicate", "duplicate-loc", map[string]any{"line": 9, "url": "https://a.example/x", "first_line": 3}, "line 9: <loc> https://a.example/x is already on line 3."},
	{"url limit", "url-limit", map[string]any{"urls": 50001, "max": 50000}, "50,001 URLs: a sitemap holds at most 50,000; split it under a sitemap index."},
	{"text sitemap limit", "url-limit", map[string]any{"urls": 50001, "max": 50000, "text_sitemap": true}, "50,001 URLs: a sitemap holds at most 50,000; split it."},
	{"sitemap without type", "content-type", map[string]any{"content_type": "", "of": "sitemap", "form": "missing"},
		"The response has no Content-Type: serve the sitemap as application/xml."},
	{"sitemap as text", "content-type", map[string]any{"content_type": "text/html", "of": "sitemap", "form": "wrong"},
		"Served as text/html: serve the sitemap as application/xml."},
	{"feed without type", "content-type", map[string]any{"content_type": "", "want": "application/atom+xml", "of": "feed", "form": "missing"},
		"The response has no Content-Type: serve the feed as application/atom+xml."},
	{"feed as xml", "content-type", map[string]any{"content_type": "text/xml", "want": "application/rss+xml", "of": "feed", "form": "xml"},
		"Served as text/xml, which readers accept; application/rss+xml names the format."},
	{"feed as html", "content-type", map[string]any{"content_type": "text/html", "want": "application/rss+xml", "of": "feed", "form": "html"},
		"Served as text/html: readers and browsers take it for a web page; serve it as application/rss+xml."},
	{"feed as text", "content-type", map[string]any{"content_type": "text/plain", "want": "application/rss+xml", "of": "feed", "form": "wrong"},
		"Served as text/plain: serve it as application/rss+xml."},
	{"json without version", "not-feed", map[string]any{"version": "1.0", "version_shown": `"1.0"`},
		`The JSON has no JSON Feed version (https://jsonfeed.org/version/1.1), found "1.0": it is not a feed.`},
	{"feed unparsed", "feed-broken", map[string]any{"error": "EOF"}, "It does not read as a feed: EOF."},
	{"json broken, no line", "feed-broken", map[string]any{"line": 0, "error": "unexpected end of JSON input"}, "The JSON does not decode: unexpected end of JSON input."},
	{"json broken", "feed-broken", map[string]any{"line": 5, "error": "invalid character '}'"}, "line 5: the JSON does not decode: invalid character '}'."},
	{"no validators", "no-validators", nil, "No ETag or Last-Modified: readers download it whole every time."},
	{"no 304", "no-304", map[string]any{"sent": `If-None-Match: "1"`, "status": 200, "bytes": 86016, "size_unit": "KB", "size_value": 84},
		`It answered the conditional request (If-None-Match: "1") with 200 and the whole feed again (84 KB), not 304 Not Modified: readers download it whole every time.`},
	{"no 304, small", "no-304", map[string]any{"sent": "If-Modified-Since: x", "status": 200, "bytes": 1234, "size_unit": "bytes", "size_value": 1234},
		"It answered the conditional request (If-Modified-Since: x) with 200 and the whole feed again (1,234 bytes), not 304 Not Modified: readers download it whole every time."},
	{"no 304, failed", "no-304", map[string]any{"sent": `If-None-Match: "1"`, "error": "timeout"}, `The conditional request (If-None-Match: "1") failed: timeout.`},
	{"no gzip", "no-gzip", map[string]any{"bytes": 6210, "size": "6,210 bytes", "size_unit": "bytes", "size_value": 6210},
		"Not compressed: asked for gzip, it sent 6,210 bytes uncompressed; turn on gzip for feeds."},
	{"no self", "self-missing", map[string]any{"element": `<atom:link rel="self">`, "url": "https://a.example/feed"},
		`No <atom:link rel="self">: readers cannot tell the feed's own address; add one with https://a.example/feed.`},
	{"another self", "self-mismatch", map[string]any{"element": "feed_url", "self": "https://b.example/feed", "url": "https://a.example/feed"},
		"feed_url is https://b.example/feed, but the feed was fetched from https://a.example/feed: readers may move the subscription there."},
	{"no hub", "no-hub", nil, `No WebSub hub (link rel="hub"): readers learn of new items only by polling.`},
	{"updates pushed, health", "hub", map[string]any{"hub": "https://websub.example.net/"}, "Updates are pushed: the feed names the WebSub hub https://websub.example.net/."},
	{"no ids", "id-missing", map[string]any{"missing": 2, "items": 5, "element": "<guid>"},
		"2 of 5 items have no <guid>: readers fall back to the link or the title to tell items apart, and show edited items twice."},
	{"duplicate id", "id-duplicate", map[string]any{"line": 9, "item": 3, "id": "x", "id_shown": "x", "first": 4, "element": "<guid>", "format": "rss"},
		"line 9: <guid> x repeats the id of the item on line 4: readers keep one of the two."},
	{"json duplicate id", "id-duplicate", map[string]any{"line": 0, "item": 3, "id": "1", "id_shown": "1", "first": 1, "element": `"id"`, "format": "json"},
		`item 3: "id" 1 repeats the id of item 1: readers keep one of the two.`},
	{"rss bad date", "date-unparseable", map[string]any{"line": 4, "item": 1, "element": "pubDate", "date": "May 8", "date_shown": `"May 8"`, "element_shown": `"pubDate"`, "format": "rss"},
		`line 4: <pubDate> "May 8" is not an RFC 822 date such as Thu, 08 May 2026 14:30:00 +0300.`},
	{"dc bad date", "date-unparseable", map[string]any{"line": 4, "item": 1, "element": "dc:date", "date": "May 8", "date_shown": `"May 8"`, "element_shown": `"dc:date"`, "format": "rss"},
		`line 4: <dc:date> "May 8" is not a W3C date such as 2026-05-08T14:30:00+03:00.`},
	{"json bad date", "date-unparseable", map[string]any{"line": 0, "item": 2, "element": "date_published", "date": "May 8", "date_shown": `"May 8"`, "element_shown": `"date_published"`, "format": "json"},
		`item 2: "date_published" "May 8" is not an RFC 3339 date such as 2026-05-08T14:30:00+03:00.`},
	{"no dates at all", "date-missing", map[string]any{"items": 4}, "None of its 4 items has a date: readers cannot order them or tell new from old."},
	{"some without dates", "date-missing", map[string]any{"missing": 1, "items": 4, "element": "<entry>"}, "1 of 4 <entry> elements have no date: readers cannot place them in time."},
	{"stale", "stale", map[string]any{"days": 40, "items": 3, "newest": "2026-01-01T00:00:00Z"},
		"The newest of its 3 items is 40 days old (2026-01-01T00:00:00Z): the feed may have stopped."},
	{"future item", "item-future", map[string]any{"line": 4, "item": 1, "date": "2099-01-01", "hours": 50, "element": "pubDate", "element_shown": `"pubDate"`, "format": "rss"},
		"line 4: <pubDate> 2099-01-01 is 50 hours in the future: readers sort it above every new item until then."},
	{"json future item", "item-future", map[string]any{"line": 0, "item": 1, "date": "2099-01-01T00:00:00Z", "hours": 50, "element": "date_published", "element_shown": `"date_published"`, "format": "json"},
		`item 1: "date_published" 2099-01-01T00:00:00Z is 50 hours in the future: readers sort it above every new item until then.`},
	{"more", "more", map[string]any{"code": "host", "more": 1234, "first": 10}, "1,234 more lines like these (host); the first 10 are listed."},
	{"no items", "no-items", nil, "The feed has no items."},
	{"redirect", "redirect", map[string]any{"url": "https://a.example/s", "final": "https://a.example/s2"},
		"Reached through a redirect: https://a.example/s answers at https://a.example/s2; announce that address (robots.txt, Search Console)."},
	{"empty", "empty", nil, "The answer is empty: there is nothing to read."},
}

// findingCase is one finding as findings.js takes it.
type findingCase struct {
	Finding map[string]any `json:"finding"`
	Name    string         `json:"name"`
}

// runFindingsJS renders cases with extension/lib/findings.js under Node in
// language lang, chrome.i18n played by that language's generated
// messages.json (the messages Chromium gives back) and its UI language.
func runFindingsJS(t *testing.T, lang string, cases []findingCase) []string {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		harness.Missing(t, "node is not installed (apt-get install nodejs); the popup's finding messages are not checked")
	}
	lib, _ := filepath.Abs(filepath.Join(harness.ExtensionSource, "lib", "findings.js"))
	locale, _ := filepath.Abs(filepath.Join(harness.ExtensionSource, "_locales", lang, "messages.json"))
	dir := t.TempDir()
	raw, _ := json.Marshal(cases)
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), raw, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import { readFileSync } from "node:fs";
const messages = JSON.parse(readFileSync(` + harness.JSString(locale) + `, "utf8"));
globalThis.chrome = { i18n: {
  getUILanguage: () => ` + harness.JSString(lang) + `,
  getMessage: (key) => (messages[key] ? messages[key].message.replaceAll("$$", "$") : ""),
} };
const { findingText } = await import(` + harness.JSString(lib) + `);
const cases = JSON.parse(readFileSync(process.argv[2], "utf8"));
console.log(JSON.stringify(cases.map((c) => findingText(c.finding))));
`
	if err := os.WriteFile(filepath.Join(dir, "run.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	out, err := exec.Command(node, filepath.Join(dir, "run.mjs"), filepath.Join(dir, "cases.json")).Output()
	if err != nil {
		var stderr []byte
		if ee, ok := err.(*exec.ExitError); ok {
			stderr = ee.Stderr
		}
		t.Fatalf("node: %v\n%s", err, stderr)
	}
	var got []string
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node output %s: %v", out, err)
	}
	if len(got) != len(cases) {
		t.Fatalf("node answered %d cases, want %d", len(got), len(cases))
	}
	return got
}

func TestCheckFindingsInEveryLanguage(t *testing.T) {
	codes := checkCodes(t)
	languages := []string{"en", "de", "ja", "ru"}

	// One template per code, in the catalogue and in every _locales.
	for _, lang := range languages {
		msgs := harness.ReadLocale(t, lang)
		for _, c := range codes {
			if _, ok := msgs[findingKey(c)]; !ok {
				t.Errorf("check emits %s; %s/messages.json has no %s", c, lang, findingKey(c))
			}
		}
	}
	for _, c := range codes {
		if !catalog.Has(findingKey(c)) {
			t.Errorf("check emits %s; the catalogue has no %s", c, findingKey(c))
		}
	}

	// Every finding of the check web, as the host sent it.
	w := harness.StartWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	var urls []string
	for _, f := range fixtureweb.CheckFixtures() {
		urls = append(urls, f.URL())
	}
	results, _, _ := checkAll(t, harness.FastEnv(w), urls...)
	sort.Strings(urls)
	var cases []findingCase
	var english []string // the host's Text, or the sentence it wrote
	for _, u := range urls {
		raw, _ := json.Marshal(results[u])
		var r map[string]any
		if err := json.Unmarshal(raw, &r); err != nil {
			t.Fatal(err)
		}
		for _, f := range r["findings"].([]any) {
			f := f.(map[string]any)
			cases = append(cases, findingCase{Finding: f, Name: u})
			english = append(english, f["text"].(string))
		}
	}
	web := len(cases)
	if web < 40 {
		t.Fatalf("the check web gave %d findings, want more", web)
	}
	for _, c := range shapeCases {
		f := map[string]any{"level": "error", "code": c.code, "text": c.want}
		if c.args != nil {
			f["args"] = c.args
		}
		cases = append(cases, findingCase{Finding: f, Name: c.name})
		english = append(english, c.want)
	}
	// A newer host's code: the host's Text in every language.
	newer := len(cases)
	cases = append(cases,
		findingCase{Finding: map[string]any{"level": "error", "code": "from-the-future", "args": map[string]any{"line": 1}, "text": "line 1: a finding from the future."}, Name: "a newer host's code"},
		findingCase{Finding: map[string]any{"level": "error", "text": "A finding without a code."}, Name: "no code"})

	said := map[string]bool{}
	for _, lang := range languages {
		got := runFindingsJS(t, lang, cases)
		for i, c := range cases {
			if i >= newer {
				if want := c.Finding["text"].(string); got[i] != want {
					t.Errorf("%s, %s: %q, want the host's text %q", c.Name, lang, got[i], want)
				}
				continue
			}
			code := c.Finding["code"].(string)
			args, _ := c.Finding["args"].(map[string]any)
			want := catalog.Say(lang, findingKey(code), args)
			if got[i] != want {
				t.Errorf("%s, %s in %s:\n popup %q\n    Go %q", c.Name, code, lang, got[i], want)
			}
			if lang == "en" && got[i] != english[i] {
				t.Errorf("%s, %s in English:\n popup %q\n  host %q", c.Name, code, got[i], english[i])
			}
			if lang != "en" && got[i] == english[i] {
				t.Errorf("%s, %s in %s reads as in English: %q", c.Name, code, lang, got[i])
			}
			said[code] = true
		}
	}
	for _, c := range codes {
		if !said[c] {
			t.Errorf("no case says %s", c)
		}
	}
	t.Logf("%d findings of the check web and %d shapes; %d codes", web, len(shapeCases), len(codes))
}
