package browser

// Table tests of the extension's pure modules (extension/lib), run in the
// extension's own origin in Chromium: the modules are plain ES modules, so
// the test imports them into an extension page and calls them.

import (
	"context"
	"encoding/json"
	"fmt"
	"reflect"
	"strings"
	"testing"

	"feedscout/tests/internal/harness"
)

// jsCall calls export fn of the module at path (absolute in the extension)
// with args, and returns its result as JSON.
func jsCall(t *testing.T, ctx context.Context, path, fn string, args ...any) string {
	t.Helper()
	a, err := json.Marshal(args)
	if err != nil {
		t.Fatal(err)
	}
	expr := fmt.Sprintf(`import(%q).then(m => JSON.stringify(m[%q](...%s) ?? null))`, path, fn, a)
	return harness.Eval[string](t, ctx, expr)
}

func TestExtensionLib(t *testing.T) {
	b := harness.StartBrowser(t, harness.BrowserOptions{NoHost: true})
	ctx := harness.LibPage(t, b)

	t.Run("format", func(t *testing.T) {
		for _, c := range []struct {
			fn   string
			args []any
			want string
		}{
			{"safeHref", []any{"https://example.com/feed"}, `"https://example.com/feed"`},
			{"safeHref", []any{"http://example.com/a b"}, `"http://example.com/a%20b"`},
			{"safeHref", []any{"javascript:alert(1)"}, `null`},
			{"safeHref", []any{" JaVaScRiPt:alert(1)"}, `null`},
			{"safeHref", []any{"data:text/html,<script>alert(1)</script>"}, `null`},
			{"safeHref", []any{"file:///etc/passwd"}, `null`},
			{"safeHref", []any{"/relative"}, `null`},
			{"safeHref", []any{42}, `null`},
			{"siteOf", []any{"https://www.nikkei.com/business/startups/"}, `"https://www.nikkei.com/"`},
			{"formatCode", []any{"json"}, `"json"`},
			{"formatCode", []any{"atom"}, `"atom"`},
			{"formatCode", []any{"text/html"}, `""`},
			{"oneLine", []any{"  a\n\tb  ", 10}, `"a b"`},
			{"oneLine", []any{"abcdefghijkl", 5}, `"abcd…"`},
		} {
			if got := jsCall(t, ctx, "/lib/format.js", c.fn, c.args...); got != c.want {
				t.Errorf("%s(%v) = %s, want %s", c.fn, c.args, got, c.want)
			}
		}
	})

	// The popup's phrases made of values, in the browser's language
	// (English here): what the popup shows while discovery runs and under
	// its report. A request is a row the host marked sent, whatever its
	// status says.
	t.Run("words", func(t *testing.T) {
		for _, c := range []struct {
			fn   string
			args []any
			want string
		}{
			{"requestLine", []any{map[string]any{"step": "robots", "url": "https://a.example/robots.txt", "status": 200, "ms": 120.4}}, `"robots.txt 200, 120 ms"`},
			{"requestLine", []any{map[string]any{"step": "guess", "url": "https://a.example/rss.xml", "status": 404, "ms": 35}, "https://a.example/"}, `"/rss.xml 404, 35 ms"`},
			{"requestLine", []any{map[string]any{"step": "feed", "url": "https://rss.b.example/all.rdf", "status": 200, "ms": 80}, "https://a.example/"}, `"https://rss.b.example/all.rdf 200, 80 ms"`},
			{"requestLine", []any{map[string]any{"step": "guess", "url": "https://a.example/feed", "status": "robots-disallow"}, "https://a.example/"}, `"/feed robots-disallow"`},
			{"costSummary", []any{[]any{map[string]any{"status": 200, "ms": 100, "sent": true}, map[string]any{"status": 404, "ms": 100, "sent": true}}, 6200}, `"2 requests, 6.2 s"`},
			{"costSummary", []any{[]any{map[string]any{"status": 200, "ms": 100, "sent": true}, map[string]any{"status": "robots-disallow", "sent": false}}}, `"1 request, 100 ms"`},
			{"costSummary", []any{[]any{map[string]any{"status": 301, "ms": 50, "sent": true}, map[string]any{"status": "bad-redirect", "sent": false}}}, `"1 request, 50 ms"`},
			{"sectionsHeading", []any{60, 185}, `"Showing 60 of 185 sections"`},
			{"sectionsHeading", []any{3, 10000, "biz"}, `"Showing 3 of 10,000 sections matching “biz”"`},
			{"formatName", []any{"atom"}, `"Atom"`},
			{"formatName", []any{"json"}, `"JSON Feed"`},
			{"formatName", []any{"application/atom+xml"}, `"feed"`}, // no MIME judging in JS
			{"shortDate", []any{"not a date"}, `""`},
		} {
			module := "/lib/words.js"
			if c.fn == "shortDate" {
				module = "/lib/i18n.js"
			}
			if got := jsCall(t, ctx, module, c.fn, c.args...); got != c.want {
				t.Errorf("%s(%v) = %s, want %s", c.fn, c.args, got, c.want)
			}
		}
	})

	t.Run("protocol", func(t *testing.T) {
		for msg, want := range map[string]string{
			"Specified native messaging host not found.":                  "host-missing",
			"Access to the specified native messaging host is forbidden.": "host-forbidden",
			"Native host has exited.":                                     "host-exited",
			"No such native application dev.feedscout.host":               "host-missing",
		} {
			if got := jsCall(t, ctx, "/lib/protocol.js", "hostErrorCode", msg); got != `"`+want+`"` {
				t.Errorf("hostErrorCode(%q) = %s, want %s", msg, got, want)
			}
		}
		for req, want := range map[string]bool{
			`{"type":"discover","url":"https://a.example/"}`:                                                  true,
			`{"type":"discover","url":"https://a.example/","page":{"url":"u","html":"h","content_type":"t"}}`: true,
			`{"type":"discover","url":"javascript:alert(1)"}`:                                                 false,
			`{"type":"section","url":"https://a.example/","page":{"url":"u","html":"h","content_type":"t"}}`:  false,
			`{"type":"version"}`:                                 true,
			`{"type":"shell","url":"https://a/"}`:                false,
			`{"type":"discover","url":"https://a/","page":null}`: false,
		} {
			var v any
			json.Unmarshal([]byte(req), &v)
			if got := jsCall(t, ctx, "/lib/protocol.js", "isRequest", v); got != fmt.Sprint(want) {
				t.Errorf("isRequest(%s) = %s, want %v", req, got, want)
			}
		}
	})

	t.Run("store", func(t *testing.T) {
		good := func(url, added string) map[string]any {
			return map[string]any{"kind": "feed", "url": url, "title": "T", "site": "https://a.example/", "format": "rss", "added": added}
		}
		items := map[string]any{
			"sub:https://a.example/feed":  good("https://a.example/feed", "2026-11-29T10:00:00.000Z"),
			"sub:https://a.example/feed2": good("https://a.example/feed2", "2026-11-28T10:00:00.000Z"),
			"sub:https://a.example/x":     "garbage",
			"sub:https://a.example/y":     map[string]any{"kind": "podcast", "url": "https://a.example/y"},
			"sub:https://a.example/z":     good("javascript:alert(1)", "2026-11-29T10:00:00.000Z"),
			"sub:https://a.example/w":     good("https://a.example/other", "2026-11-29T10:00:00.000Z"),
			"settings":                    map[string]any{"theme": "dark"},
		}
		var got struct {
			Subs []map[string]any `json:"subs"`
			Bad  []struct {
				Key    string `json:"key"`
				Reason string `json:"reason"`
			} `json:"bad"`
		}
		if err := json.Unmarshal([]byte(jsCall(t, ctx, "/lib/store.js", "readAll", items)), &got); err != nil {
			t.Fatal(err)
		}
		var urls []string
		for _, s := range got.Subs {
			urls = append(urls, s["url"].(string))
		}
		if want := []string{"https://a.example/feed2", "https://a.example/feed"}; !reflect.DeepEqual(urls, want) {
			t.Errorf("readAll kept %v, want %v (oldest first)", urls, want)
		}
		if len(got.Bad) != 4 {
			t.Errorf("readAll reported %d bad entries, want 4: %+v", len(got.Bad), got.Bad)
		}

		existing := []any{good("https://a.example/feed", "2026-11-29T10:00:00.000Z")}
		incoming := []any{
			map[string]any{"kind": "feed", "url": "https://a.example/feed#top", "title": "dup"},
			map[string]any{"kind": "section", "url": "https://a.example/business/", "title": "Business", "added": "2026-01-02T03:04:05Z"},
			map[string]any{"kind": "section", "url": "https://a.example/business/", "title": "again"},
			map[string]any{"kind": "feed", "url": "javascript:alert(1)"},
			map[string]any{"kind": "nonsense", "url": "https://a.example/n"},
		}
		var m struct {
			Add       []map[string]any `json:"add"`
			Duplicate int              `json:"duplicate"`
			Invalid   int              `json:"invalid"`
		}
		if err := json.Unmarshal([]byte(jsCall(t, ctx, "/lib/store.js", "merge", existing, incoming)), &m); err != nil {
			t.Fatal(err)
		}
		if len(m.Add) != 1 || m.Add[0]["url"] != "https://a.example/business/" || m.Add[0]["added"] != "2026-01-02T03:04:05.000Z" || m.Duplicate != 2 || m.Invalid != 2 {
			t.Errorf("merge = %+v, want one new section (its time kept), 2 duplicates, 2 invalid", m)
		}
		if got := jsCall(t, ctx, "/lib/store.js", "keyFor", "HTTPS://A.example:443/feed#x"); got != `"sub:https://a.example/feed"` {
			t.Errorf("keyFor = %s", got)
		}
		if got := jsCall(t, ctx, "/lib/store.js", "check", good("https://a.example/feed", "yesterday")); !strings.Contains(got, "added") {
			t.Errorf("check(bad time) = %s, want a reason naming added", got)
		}
	})
}
