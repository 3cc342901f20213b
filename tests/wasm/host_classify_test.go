package wasm

// `feedscout-host classify`, the popup's classification from the command
// line, held to the popup's own classifier: the built host against the
// built classify.wasm under wazero, on saved pages.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unicode/utf8"

	"feedscout/common/classify"
	"feedscout/tests/internal/harness"
)

// hostClassifyPages are saved pages beyond the golden ones: platform
// pages (a feed derived from the page's address, one from its canonical
// link), a page in windows-1252 that declares nothing and a UTF-8 page
// with a byte that is not UTF-8.
func hostClassifyPages(t *testing.T) []goldenCase {
	t.Helper()
	wordpress, err := os.ReadFile(filepath.Join("../..", "common", "classify", "testdata", "wordpress-home.html"))
	if err != nil {
		t.Fatal(err)
	}
	return []goldenCase{
		{name: "youtube-channel-address", url: "https://www.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA/videos", body: wordpress},
		{name: "youtube-handle-canonical", url: "https://www.youtube.com/@riverfilms", body: []byte(`<!DOCTYPE html><html><head>` +
			`<title>River Films - YouTube</title><link rel="canonical" href="https://www.youtube.com/channel/UCuAXFkgsw1L7xaCfnd5JJOw">` +
			`</head><body><a href="/@riverfilms/videos">Videos</a></body></html>`)},
		{name: "github-releases", url: "https://github.com/golang/go/releases", body: []byte(`<title>Releases · golang/go</title><a href="/golang/go/releases/tag/go1.23.0">go1.23.0</a>`)},
		{name: "undeclared-windows-1252", url: "https://www.example.fr/", body: []byte(`<title>Actualit` + "\xe9" + `s</title><a href="/politique/">Politique</a>`)},
		{name: "utf8-with-a-bad-byte", url: "https://www.example.org/", body: []byte(`<meta charset="utf-8"><title>caf` + "\xff" + `é</title><a href="/world/">World` + "\xc3" + `</a>`)},
	}
}

// TestHostClassifyMatchesWASM: `feedscout-host classify --json --page F
// URL`, the real host, answers byte for byte what the built classify.wasm
// answers under wazero to classify_html with lists for the same page as
// the popup hands it over (the file decoded as a browser decodes it), on
// every golden page of common/classify/testdata (Shift_JIS among them), a 1
// MB homepage and the pages above; one of them read from stdin (--page -).
// The answers are not empty of what the command is for: platform feeds,
// named sections, feed anchors, articles.
func TestHostClassifyMatchesWASM(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	dir := t.TempDir()
	cases := append(append(goldenCases(t), realSizePages()...), hostClassifyPages(t)...)
	var derived, named, anchors, articles, decoded int
	for i, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w.t = t
			file := filepath.Join(dir, c.name+".html")
			if err := os.WriteFile(file, c.body, 0o644); err != nil {
				t.Fatal(err)
			}
			args, stdin := []string{"classify", "--json", "--page", file, c.url}, ""
			if i == 0 {
				args[3], stdin = "-", string(c.body)
			}
			out, errOut, code := harness.RunHost(t, nil, stdin, args...)
			if code != 0 {
				t.Fatalf("feedscout-host %v: exit %d: %s", args, code, errOut)
			}
			got, ok := strings.CutSuffix(out, "\n")
			if !ok || strings.Contains(got, "\n") {
				t.Fatalf("feedscout-host classify --json printed %.300q, want one line", out)
			}
			text := asText(t, c)
			want := w.classifyHTML(c.url, text, true)
			if !bytes.Equal([]byte(got), want) {
				t.Fatalf("feedscout-host classify --json differs from classify.wasm's classify_html:\nhost %.2000s\nwasm %.2000s", got, want)
			}
			var p classify.Page
			if err := json.Unmarshal(want, &p); err != nil {
				t.Fatalf("classify_html answered %.300s: %v", want, err)
			}
			if p.URL == "" || p.Kind == "" {
				t.Errorf("the answer has no url or kind: %.300s", want)
			}
			for _, f := range p.Feeds {
				if f.Rule != "" {
					derived++
					break
				}
			}
			for _, s := range p.Sections {
				if s.Name != "" {
					named++
					break
				}
			}
			if len(p.FeedAnchors) > 0 {
				anchors++
			}
			if len(p.Articles) > 0 {
				articles++
			}
			if !utf8.Valid(c.body) && p.Title != "" && !strings.ContainsRune(p.Title, utf8.RuneError) {
				decoded++
			}
		})
	}
	if derived < 3 || named < 3 || anchors < 1 || articles < 3 || decoded < 2 {
		t.Errorf("pages with a derived feed %d (want 3), named sections %d (want 3), feed anchors %d (want 1), articles %d (want 3), a title decoded from another charset %d (want 2)",
			derived, named, anchors, articles, decoded)
	}
}

// TestHostClassifySummary: without --json the host prints the same
// classification to read, the derived feeds marked with their rule; a
// page it cannot read exits 1 and a URL that is not one exits 2, both
// with a sentence on stderr and nothing on stdout.
func TestHostClassifySummary(t *testing.T) {
	c := hostClassifyPages(t)[0]
	file := filepath.Join(t.TempDir(), "page.html")
	if err := os.WriteFile(file, c.body, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := harness.RunHost(t, nil, "", "classify", "--page", file, c.url)
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	for _, s := range []string{
		c.url + "  section  \"Field Notes – Notes from the field, mostly about rivers\"\n",
		"  feed     rss   main      #1  https://blog.example.com/feed/  \"Field Notes » Feed\"\n",
		"  feed     atom  main      #3  https://www.youtube.com/feeds/videos.xml?channel_id=UCsBjURrPoezykLs9EqgamOA  derived (youtube-channel)\n",
		"  anchor   https://blog.example.com/?feed=atom  \"Atom\"\n",
	} {
		if !strings.Contains(out, s) {
			t.Errorf("the summary\n%s\nlacks %q", out, s)
		}
	}
	for _, bad := range []struct {
		args []string
		code int
		say  string
	}{
		{[]string{"classify", "--page", filepath.Join(t.TempDir(), "none.html"), c.url}, 1, "read the page"},
		{[]string{"classify", "--page", file, "youtube.com/channel"}, 2, "is not an http or https URL"},
	} {
		out, errOut, code := harness.RunHost(t, nil, "", bad.args...)
		if code != bad.code || out != "" || !strings.Contains(errOut, bad.say) {
			t.Errorf("feedscout-host %v: exit %d, stdout %q, stderr %q; want exit %d, nothing, %q", bad.args, code, out, errOut, bad.code, bad.say)
		}
	}
}
