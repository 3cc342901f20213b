package browser

// Reasons and the popup in the user's language, in a real Chromium: the
// popup says every reason code of docs/reasons.md in English exactly as
// report.Sentence does, and Chromium started with --lang=de, ja or ru
// shows the popup and the reasons of the eight source-article sites in
// that language.

import (
	"encoding/json"
	"fmt"
	"os"
	"regexp"
	"sort"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"

	reportpkg "feedscout/common/report"
	"feedscout/common/report/catalog"
	"feedscout/tests/internal/harness"
)

// reasonCases are reason codes with arguments, every code of
// docs/reasons.md at least once, with the problems, previews, homepage
// sentences, causes and "then" they can carry. Counts are above 1 and
// below 1,000 so that English plurals and digit grouping agree with Go's
// %d.
var reasonCases = []struct {
	code string
	args map[string]any
}{
	{"feed-advertised", map[string]any{"host": "www.theverge.com", "where": "homepage", "items": 20}},
	{"feed-advertised", map[string]any{"host": "a.example", "where": "pages", "items": 7, "home_problem": map[string]any{"problem": "status", "status": 503}}},
	{"feed-advertised-unchecked", map[string]any{"host": "a.example", "where": "homepage", "preview": "listed"}},
	{"feed-advertised-unchecked", map[string]any{"host": "a.example", "where": "homepage", "preview": "other"}},
	{"feed-advertised-unchecked", map[string]any{"host": "a.example", "where": "pages", "preview": "stopped"}},
	{"feed-advertised-unchecked", map[string]any{"host": "a.example", "where": "homepage", "preview": "dtd"}},
	{"feed-advertised-unchecked", map[string]any{"host": "a.example", "where": "homepage", "preview": "failed", "feed_problem": map[string]any{"problem": "robots-disallow"}}},
	{"feed-anchor", map[string]any{"host": "a.example", "items": 12, "home_problem": map[string]any{"problem": "unreadable"}}},
	{"feed-guess", map[string]any{"host": "a.example", "path": "a.example/feed", "items": 10, "home_problem": map[string]any{"problem": "timeout"}}},
	{"feed", map[string]any{"host": "a.example", "home_problem": map[string]any{"problem": "unfetched"}}},
	{"feed-derived", map[string]any{"host": "github.com", "rule": "github-commits", "items": 4}},
	{"feed-derived", map[string]any{"host": "www.youtube.com", "rule": "youtube-channel", "items": 15, "home_problem": map[string]any{"problem": "timeout"}}},
	{"news-sitemap", map[string]any{"host": "www.yomiuri.co.jp", "urls": 187}},
	{"news-sitemap-departments", map[string]any{"host": "www.asahi.com", "departments": 5}},
	{"article-sitemap", map[string]any{"host": "a.example", "urls": 100}},
	{"sections", map[string]any{"host": "www.nikkei.com", "sections": 185, "then": map[string]any{"code": "stopped-budget", "args": map[string]any{"budget": 25}}}},
	{"refused-robots-unreachable", map[string]any{"host": "a.example"}},
	{"refused-robots-unreachable", map[string]any{"host": "a.example", "word": "dns"}},
	{"refused-robots-status", map[string]any{"host": "a.example", "status": 503}},
	{"refused-robots-named", map[string]any{"host": "www.reuters.com"}},
	{"refused-robots", map[string]any{"host": "a.example"}},
	{"refused-home", map[string]any{"host": "apnews.com", "status": 403}},
	{"refused-429", map[string]any{"path": "a.example/rss"}},
	{"refused-first-guess", map[string]any{"status": 403, "path": "a.example/feed"}},
	{"refused-first-request", map[string]any{"status": 401, "path": "a.example/"}},
	{"none", map[string]any{"host": "a.example", "home": "no-feed", "guessed": true, "sitemaps": "unlisted"}},
	{"none", map[string]any{"host": "a.example", "home": "broken-feeds", "sitemaps": "unusable"}},
	{"none", map[string]any{"host": "a.example", "home": "failed", "home_problem": map[string]any{"problem": "too-large", "limit_mib": 8}, "guessed": true,
		"sitemaps": "failed", "sitemap": "https://a.example/sitemap.xml", "sitemap_problem": map[string]any{"problem": "doctype"}}},
	{"none", map[string]any{"host": "a.example", "home": "failed", "home_problem": map[string]any{"problem": "status", "status": 500}, "sitemaps": "failed",
		"sitemap": "https://a.example/s.xml", "sitemap_problem": map[string]any{"problem": "too-many-redirects", "hops": 10}}},
	{"none", map[string]any{"host": "a.example", "home": "failed", "home_problem": map[string]any{"problem": "unreadable"}, "sitemaps": "failed",
		"sitemap": "https://a.example/s.xml", "sitemap_problem": map[string]any{"problem": "not-sitemap"}, "then": map[string]any{"code": "stopped-deadline", "args": map[string]any{"seconds": 60}}}},
	{"none", map[string]any{"host": "a.example", "home": "failed", "home_problem": map[string]any{"problem": "unfetched"}, "sitemaps": "failed",
		"sitemap": "https://a.example/s.xml", "sitemap_problem": map[string]any{"problem": "truncated"}, "then": map[string]any{"code": "stopped-canceled"}}},
	{"none", map[string]any{"host": "a.example", "home": "no-feed", "sitemaps": "failed", "sitemap": "https://a.example/s.xml", "sitemap_problem": map[string]any{"problem": "sitemap-too-large"},
		"then": map[string]any{"code": "stopped-timeout", "args": map[string]any{"path": "a.example/sitemap.xml"}}}},
	{"news-sitemap", map[string]any{"host": "a.example", "urls": 3, "then": map[string]any{"code": "refused-429", "args": map[string]any{"path": "a.example/x"}}}},
	{"section-status", map[string]any{"status": 404}},
	{"section-disallowed", nil},
	{"section-budget", map[string]any{"budget": 25}},
	{"section-unreadable", nil},
}

// problemWords are the problem objects a section-failed case is made of,
// one each: every problem phrase of docs/reasons.md.
var problemWords = []map[string]any{
	{"problem": "timeout"}, {"problem": "too-large", "limit_mib": 8}, {"problem": "redirect-loop"},
	{"problem": "too-many-redirects", "hops": 10}, {"problem": "bad-redirect"}, {"problem": "refused-address"},
	{"problem": "robots-disallow"}, {"problem": "bad-encoding"}, {"problem": "dns"}, {"problem": "tls"},
	{"problem": "status", "status": 410}, {"problem": "truncated"}, {"problem": "sitemap-too-large"},
	{"problem": "doctype"}, {"problem": "not-sitemap"}, {"problem": "unreadable"}, {"problem": "unfetched"},
	{"problem": "network"}, {"problem": "budget"},
}

// TestPopupReasonsEnglish renders every case with the popup's own
// lib/reasons.js and compares with Go's English (report.Sentence); every
// code docs/reasons.md lists has a case, and a code the popup does not
// know shows the report's English reason.
func TestPopupReasonsEnglish(t *testing.T) {
	doc, err := os.ReadFile("../../docs/reasons.md")
	if err != nil {
		t.Fatal(err)
	}
	documented := map[string]bool{}
	for _, m := range regexp.MustCompile("(?m)^### `([a-z0-9-]+)`").FindAllStringSubmatch(string(doc), -1) {
		documented[m[1]] = true
	}
	type jsCase struct {
		Code string         `json:"reason_code"`
		Args map[string]any `json:"reason_args"`
		Want string         `json:"reason"`
	}
	var cases []jsCase
	covered := map[string]bool{}
	for _, c := range reasonCases {
		cases = append(cases, jsCase{c.code, c.args, reportpkg.Sentence(c.code, c.args)})
		covered[c.code] = true
		if then, ok := c.args["then"].(map[string]any); ok {
			covered[then["code"].(string)] = true
		}
	}
	for _, p := range problemWords {
		args := map[string]any{"page_problem": p}
		cases = append(cases, jsCase{"section-failed", args, reportpkg.Sentence("section-failed", args)})
		covered["section-failed"] = true
	}
	var missingCodes []string
	for code := range documented {
		if !covered[code] {
			missingCodes = append(missingCodes, code)
		}
	}
	sort.Strings(missingCodes)
	if len(documented) < 25 || len(missingCodes) > 0 {
		t.Errorf("docs/reasons.md lists %d codes; no case for %v", len(documented), missingCodes)
	}

	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx := harness.LibPage(t, b)
	raw, _ := json.Marshal(cases)
	got := harness.Eval[[]string](t, ctx, fmt.Sprintf(`import("/lib/reasons.js").then(m => %s.map(c => m.reasonText(c)))`, raw))
	for i, c := range cases {
		if got[i] != c.Want {
			t.Errorf("%s %v:\n popup %q\n    Go %q", c.Code, c.Args, got[i], c.Want)
		}
	}
	unknown := harness.Eval[string](t, ctx, `import("/lib/reasons.js").then(m => m.reasonText({reason: "A newer host's sentence.", reason_code: "from-the-future", reason_args: {}}))`)
	if unknown != "A newer host's sentence." {
		t.Errorf("an unknown code shows %q, want the report's English reason", unknown)
	}
}

// pluralWant are tn("items", n) for n = 1, 2, 5, 21, 22, 25, 111.
var pluralWant = map[string][]string{
	"de": {"1 Eintrag", "2 Einträge", "5 Einträge", "21 Einträge", "22 Einträge", "25 Einträge", "111 Einträge"},
	"ja": {"1件", "2件", "5件", "21件", "22件", "25件", "111件"},
	"ru": {"1 запись", "2 записи", "5 записей", "21 запись", "22 записи", "25 записей", "111 записей"},
}

// eightSites are the source article's sites in the fixture web.
var eightSites = []string{"theverge", "techcrunch", "itmedia", "nikkei", "asahi", "yomiuri", "apnews", "reuters"}

// templateRegexp turns a message into a pattern its rendering matches:
// its text as written, each argument (with its branches) any text.
func templateRegexp(msg string) *regexp.Regexp {
	var b strings.Builder
	depth, start := 0, 0
	for i, c := range msg {
		switch c {
		case '{':
			if depth == 0 {
				b.WriteString(regexp.QuoteMeta(msg[start:i]))
			}
			depth++
		case '}':
			if depth--; depth == 0 {
				b.WriteString(".*?")
				start = i + 1
			}
		}
	}
	b.WriteString(regexp.QuoteMeta(msg[start:]))
	return regexp.MustCompile("^" + b.String())
}

func TestPopupInLanguages(t *testing.T) {
	en := harness.ReadLocale(t, "en")
	scripts := map[string]*regexp.Regexp{
		"ja": regexp.MustCompile(`[\p{Han}\p{Hiragana}\p{Katakana}]`),
		"ru": regexp.MustCompile(`\p{Cyrillic}`),
		"de": regexp.MustCompile(`(?i)\b(der|die|das|hat|keinen|seine[nr]?|auf|von|daher)\b`),
	}
	for _, lang := range []string{"de", "ja", "ru"} {
		t.Run(lang, func(t *testing.T) {
			msgs := harness.ReadLocale(t, lang)
			b, web := harness.WebBrowserLang(t, lang, eightSites...)
			for _, name := range eightSites {
				ctx := harness.PopupOnSite(t, b, web, name)
				if name == eightSites[0] {
					ui := harness.Eval[map[string]string](t, ctx, `({
						ui: chrome.i18n.getUILanguage(),
						lang: document.documentElement.lang,
						find: document.getElementById("find").textContent,
						site: document.getElementById("tab-site").textContent,
						heading: document.getElementById("page-h").textContent,
						options: document.getElementById("options").textContent,
					})`)
					needLang(t, ui["ui"], lang)
					if ui["lang"] != lang {
						t.Fatalf("page lang %q, want %s", ui["lang"], lang)
					}
					for id, key := range map[string]string{"find": "find", "site": "tab_site", "heading": "page_heading", "options": "options"} {
						if ui[id] != msgs[key].Message {
							t.Errorf("%s: %s shows %q, want %q", name, id, ui[id], msgs[key].Message)
						}
					}
				}
				r := harness.Find(t, ctx)
				code := harness.Eval[string](t, ctx, `document.getElementById("reason").dataset.code`)
				t.Logf("%s %s: %s | %s", lang, name, r.Reason, r.Cost)
				key := "reason_" + strings.ReplaceAll(code, "-", "_")
				m, ok := msgs[key]
				if !ok {
					t.Errorf("%s: reason code %q has no message %s", name, code, key)
					continue
				}
				if !templateRegexp(m.Message).MatchString(r.Reason) || templateRegexp(en[key].Message).MatchString(r.Reason) {
					t.Errorf("%s: reason %q is not the %s message %s (%q)", name, r.Reason, lang, key, m.Message)
				}
				if !scripts[lang].MatchString(r.Reason) {
					t.Errorf("%s: reason %q is not written in %s", name, r.Reason, lang)
				}
				if !scripts[lang].MatchString(r.Cost) && lang != "de" {
					t.Errorf("%s: cost %q is not in %s", name, r.Cost, lang)
				}
				if lang == "de" && !strings.Contains(r.Cost, "Anfrage") {
					t.Errorf("%s: cost %q is not in German", name, r.Cost)
				}
				if r.Outcome == "sections" && !scripts[lang].MatchString(r.Sections) {
					t.Errorf("%s: sections heading %q is not in %s", name, r.Sections, lang)
				}
				if r.Outcome == "feed" {
					// The item count and the newest date, in the language
					// and its date format (Intl with the UI language).
					want := harness.Eval[string](t, ctx, `(() => {
						const f = new Intl.DateTimeFormat(chrome.i18n.getUILanguage(), {dateStyle: "medium", timeStyle: "short"});
						const d = document.querySelector("#found-feeds li .headline time");
						return d ? f.format(new Date(d.getAttribute("datetime"))) + "|" + d.textContent : "no headline";
					})()`)
					if parts := strings.SplitN(want, "|", 2); len(parts) != 2 || parts[0] != parts[1] {
						t.Errorf("%s: headline date %q, want it as Intl writes it in %s", name, want, lang)
					}
					if len(r.FeedMeta) == 0 || !scripts[lang].MatchString(r.FeedMeta[0]) && lang != "de" || lang == "de" && !strings.Contains(r.FeedMeta[0], "Einträge") {
						t.Errorf("%s: feed meta %q is not in %s", name, r.FeedMeta, lang)
					}
				}
			}

			// The settings page speaks the language too.
			octx := b.Popup(-1, nil)
			if _, err := chromedp.Run(octx, chromedp.Navigate(harness.ExtensionOrigin+"options/options.html")); err != nil {
				t.Fatal(err)
			}
			harness.WaitJS(t, octx, `document.body.dataset.state === "ready"`, 10*time.Second)
			opts := harness.Eval[map[string]string](t, octx, `({
				title: document.title, legend: document.querySelector("legend").textContent,
				save: document.getElementById("save").textContent, none: document.querySelector("label:has(#reader-none)").textContent.trim(),
				lang: document.documentElement.lang,
			})`)
			for k, key := range map[string]string{"title": "options_title", "legend": "reader_legend", "save": "save", "none": "reader_none"} {
				if opts[k] != msgs[key].Message {
					t.Errorf("options %s %q, want %q", k, opts[k], msgs[key].Message)
				}
			}
			if opts["lang"] != lang {
				t.Errorf("options page lang %q", opts["lang"])
			}
			// Plural forms by the language's rules (Russian has three).
			counts := harness.Eval[[]string](t, octx, `import("/lib/i18n.js").then(m => [1, 2, 5, 21, 22, 25, 111].map(n => m.tn("items", n)))`)
			if want := pluralWant[lang]; fmt.Sprint(counts) != fmt.Sprint(want) {
				t.Errorf("item counts %q, want %q", counts, want)
			}
		})
	}
}

// needLang skips the test (fails it under FEEDSCOUT_REQUIRE_TOOLS) when
// Chromium did not take --lang=lang: Debian's chromium needs the
// chromium-l10n package for any UI language but English.
func needLang(t *testing.T, ui, lang string) {
	t.Helper()
	if !strings.HasPrefix(ui, lang) {
		harness.Missing(t, fmt.Sprintf("chromium runs in %q, not %s, with --lang=%s (apt-get install chromium-l10n)", ui, lang, lang))
	}
}

// TestPopupHostErrorsInGerman shows each error code the worker and the
// host send (lib/protocol.js CODES and HOST_CODES, the host's from
// nativehost/PROTOCOL.md's table) in a German Chromium, with the args the
// host sends: the catalogue's German sentence for it (the one Go fills in
// for the same template and args), never the host's English sentence.
func TestPopupHostErrorsInGerman(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true, Env: []string{"LANGUAGE=de"}, Flags: []chromedp.ExecAllocatorOption{chromedp.Flag("lang", "de")}})
	ctx := harness.LibPage(t, b)
	needLang(t, harness.Eval[string](t, ctx, `chrome.i18n.getUILanguage()`), "de")
	codes := harness.Eval[[]string](t, ctx, `import("/lib/protocol.js").then(m => [...new Set([...Object.values(m.CODES), ...Object.values(m.HOST_CODES)])])`)
	if len(codes) < 18 {
		t.Fatalf("the popup knows %d error codes: %v", len(codes), codes)
	}
	// args as the host sends them, for the codes whose sentence has
	// variants or names values; the others send none.
	args := map[string][]map[string]any{
		"host-exited":     {{"detail": "Native host has exited."}, {}},
		"bad-json":        {{}, {"why": "several"}},
		"bad-request":     {{}, {"why": "shape", "detail": "json: cannot unmarshal number into Go struct field .type of type string"}, {"why": "page", "type": "check"}, {"why": "spent", "spent": -1, "max": 1000}, {"why": "id-long", "limit": 200}},
		"unknown-type":    {{"type": "crawl"}},
		"bad-url":         {{"why": "scheme", "field": "url", "scheme": "ftp"}, {"why": "relative", "field": "url", "url": "/feed"}, {"why": "missing", "field": "page.url"}},
		"too-large":       {{"limit": 8454144}},
		"reply-too-large": {{"bytes": 70000000}},
		"internal":        {{}, {"detail": "it cannot follow sources: mkdir /x: permission denied"}},
		"shutdown":        {{"why": "section"}, {"why": "feed"}},
		"not-followable":  {{"url": "https://a.example/sitemap_index.xml", "detail": "a sitemap index: follow one of its sitemaps."}},
		"no-feed-yet":     {{"url": "https://a.example/news.xml", "detail": "The site answered 503."}},
		"fetch-failed":    {{"reason_code": "section-status", "status": 404}},
	}
	for _, code := range codes {
		cases := args[code]
		if cases == nil {
			cases = []map[string]any{{}}
		}
		for _, a := range cases {
			raw, _ := json.Marshal(map[string]any{"type": "error", "code": code, "error": "An English sentence.", "args": a})
			got := harness.Eval[string](t, ctx, fmt.Sprintf(`import("/popup/popup.js").then(m => (m.showError(%s), document.getElementById("discover-status").textContent))`, raw))
			key := "error_" + strings.ReplaceAll(code, "-", "_")
			want, english := catalog.Say("de", key, a), catalog.English(key, a)
			if code == "fetch-failed" {
				want, english = reportpkg.SentenceIn("de", a["reason_code"].(string), a), reportpkg.Sentence(a["reason_code"].(string), a)
			}
			if !catalog.Has(key) || got != want || want == english || strings.ContainsAny(got, "{}") {
				t.Errorf("%s %v shows %q, want the German %q (English %q)", code, a, got, want, english)
			}
		}
	}
	got := harness.Eval[string](t, ctx, `import("/popup/popup.js").then(m => (m.showError({type: "error", code: "from-a-newer-host", error: "A newer host's sentence."}), document.getElementById("discover-status").textContent))`)
	if want := catalog.Say("de", "error_unknown", map[string]any{"error": "A newer host's sentence."}); got != want || !strings.Contains(got, "A newer host's sentence.") {
		t.Errorf("an unknown code shows %q, want %q", got, want)
	}
}
