package main

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedscout/common/classify"
)

// classifyPage is a small saved page with an advertised feed, a feed-like
// anchor, two named sections and five articles.
const classifyPage = `<!DOCTYPE html><html><head><title>Daily Example</title>
<link rel="alternate" type="application/rss+xml" title="All news" href="/feed/">
</head><body><nav><a href="/business/">Business</a> <a href="/science/">Science</a></nav>
<a href="/2026/11/29/first-story-of-the-day/">First story of the day</a>
<a href="/2026/11/28/second-story-of-the-day/">Second story of the day</a>
<a href="/2026/11/27/third-story-of-the-day/">Third story of the day</a>
<a href="/2026/11/26/fourth-story-of-the-day/">Fourth story of the day</a>
<a href="/2026/11/25/fifth-story-of-the-day/">Fifth story of the day</a>
<a href="/atom.xml">Atom</a></body></html>`

// TestRunClassify holds the command's flags and errors: usage errors exit
// 2 and name what is wrong, an unreadable page exits 1, and a page (a file
// or stdin) gives the module's JSON with --json, byte for byte
// ClassifyText and AppendJSON with lists, or the summary without.
func TestRunClassify(t *testing.T) {
	dir := t.TempDir()
	file := filepath.Join(dir, "page.html")
	if err := os.WriteFile(file, []byte(classifyPage), 0o644); err != nil {
		t.Fatal(err)
	}
	// A Shift_JIS page that says so only in its <meta>: read as a browser
	// reads it, its title is Japanese (ニュース).
	sjis := filepath.Join(dir, "sjis.html")
	if err := os.WriteFile(sjis, []byte(`<meta charset="Shift_JIS"><title>`+"\x83\x6a\x83\x85\x81\x5b\x83\x58"+`</title>`), 0o644); err != nil {
		t.Fatal(err)
	}
	const u = "https://daily.example/"
	p, err := classify.ClassifyText(u, []byte(classifyPage))
	if err != nil {
		t.Fatal(err)
	}
	wantJSON := string(p.AppendJSON(nil, true)) + "\n"
	cases := []struct {
		name   string
		args   []string
		stdin  string
		code   int
		stdout []string // substrings of stdout, or the whole of it when wantJSON
		stderr string   // a substring of stderr
		json   bool
	}{
		{"no page", []string{u}, "", exitUsage, nil, "--page FILE", false},
		{"no url", []string{"--page", file}, "", exitUsage, nil, "the URL the page was fetched from", false},
		{"two urls", []string{"--page", file, u, u}, "", exitUsage, nil, "one URL, not 2", false},
		{"flag after the url", []string{"--page", file, u, "--json"}, "", exitUsage, nil, "flags go before it", false},
		{"not a web url", []string{"--page", file, "mailto:news@daily.example"}, "", exitUsage, nil, "is not an http or https URL", false},
		{"relative url", []string{"--page", file, "/news/"}, "", exitUsage, nil, "is not an http or https URL", false},
		{"unknown flag", []string{"--lists", "--page", file, u}, "", exitUsage, nil, "flag provided but not defined", false},
		{"page without a value", []string{"--page"}, "", exitUsage, nil, "flag needs an argument", false},
		{"missing file", []string{"--page", filepath.Join(dir, "gone.html"), u}, "", exitFail, nil, "read the page", false},
		{"a directory", []string{"--page", dir, u}, "", exitFail, nil, "read the page", false},
		{"json from a file", []string{"--json", "--page", file, u}, "", exitOK, []string{wantJSON}, "", true},
		{"json from stdin", []string{"--json", "--page", "-", u}, classifyPage, exitOK, []string{wantJSON}, "", true},
		{"summary", []string{"--page", file, u}, "", exitOK, []string{
			"https://daily.example/  home  \"Daily Example\"\n",
			"  feed     rss   main      #1  https://daily.example/feed/  \"All news\"\n",
			"  anchor   https://daily.example/atom.xml  \"Atom\"\n",
			"  sections 2\n    https://daily.example/business/  \"Business\"\n    https://daily.example/science/  \"Science\"\n",
			"  articles 5\n    https://daily.example/2026/11/29/first-story-of-the-day/  \"First story of the day\"\n",
			"  same-host links 8, links to articles: yes\n",
		}, "", false},
		{"summary from stdin", []string{"--page", "-", u}, classifyPage, exitOK, []string{"  articles 5\n"}, "", false},
		{"shift_jis by its meta", []string{"--page", sjis, u}, "", exitOK, []string{"\"ニュース\""}, "", false},
		{"no feed", []string{"--page", "-", u}, "<title>Plain</title><p>Nothing here.</p>", exitOK, []string{"No feed is advertised, derived from the address or linked as a feed.\n"}, "", false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var out, errOut bytes.Buffer
			code := doMain(append([]string{"classify"}, c.args...), strings.NewReader(c.stdin), &out, &errOut)
			if code != c.code {
				t.Fatalf("exit %d, want %d; stderr %q", code, c.code, errOut.String())
			}
			if !strings.Contains(errOut.String(), c.stderr) {
				t.Errorf("stderr %q, want it to contain %q", errOut.String(), c.stderr)
			}
			if c.code == exitUsage && !strings.Contains(errOut.String(), "usage") {
				t.Errorf("a usage error without the usage: %q", errOut.String())
			}
			if c.code != exitOK && out.Len() > 0 {
				t.Errorf("stdout %q on a failure, want nothing", out.String())
			}
			if c.json {
				if out.String() != c.stdout[0] {
					t.Errorf("stdout\n%s\nwant\n%s", out.String(), c.stdout[0])
				}
				var page classify.Page
				if err := json.Unmarshal(out.Bytes(), &page); err != nil || page.Title != "Daily Example" || len(page.Sections) != 2 || len(page.Articles) != 5 {
					t.Errorf("the JSON reads back as %+v, %v; want the page with its lists", page, err)
				}
				return
			}
			for _, s := range c.stdout {
				if !strings.Contains(out.String(), s) {
					t.Errorf("stdout\n%s\nwant it to contain %q", out.String(), s)
				}
			}
		})
	}
}

// TestRunClassifyLongLists: the summary lists ten sections and ten
// articles and says how many more --json has.
func TestRunClassifyLongLists(t *testing.T) {
	var page strings.Builder
	for i := range 12 {
		page.WriteString(`<a href="/2026/11/` + string(rune('a'+i)) + `/a-long-story-about-the-river/">A long story about the river</a>`)
	}
	var out, errOut bytes.Buffer
	if code := doMain([]string{"classify", "--page", "-", "https://daily.example/"}, strings.NewReader(page.String()), &out, &errOut); code != exitOK {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	if !strings.Contains(out.String(), "  articles 12\n") || !strings.Contains(out.String(), "    ... and 2 more (--json lists all)\n") {
		t.Errorf("stdout\n%s\nwant 12 articles, ten of them listed", out.String())
	}
	if n := strings.Count(out.String(), "a-long-story-about-the-river/"); n != 10 {
		t.Errorf("%d articles listed, want 10", n)
	}
}
