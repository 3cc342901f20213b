package reader

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"

	"feedscout/common/opml"
	reportpkg "feedscout/common/report"
	"feedscout/common/report/kind"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// TestReaderOPMLCommand runs the built host's opml command: reports from
// stdin or a file into OPML for each reader, what each site gives, and
// clear errors for bad input.
func TestReaderOPMLCommand(t *testing.T) {
	t.Parallel()
	reps := []reportpkg.Report{
		{Site: "https://www.asahi.com/", Outcome: reportpkg.OutcomeNewsSitemap, Sitemaps: []reportpkg.Sitemap{
			{URL: "https://www.asahi.com/sitemap.xml", Kind: reportpkg.SitemapNews, Departments: []reportpkg.Department{
				{URL: "https://www.asahi.com/sitemap_national.xml", Name: "national"},
				{URL: "https://www.asahi.com/sitemap_business.xml?a=1&b=2", Name: "business"}}}}},
		{Site: "https://www.nikkei.com/", Outcome: reportpkg.OutcomeSections, Sections: []reportpkg.Section{
			{URL: "https://www.nikkei.com/old/", Lastmod: "2026-11-01T00:00:00Z"},
			{URL: "https://www.nikkei.com/new/", Name: "New", Lastmod: "2026-11-29T00:00:00Z"},
			{URL: "https://www.nikkei.com/mid/", Lastmod: "2026-11-15T00:00:00Z"}}},
		{Site: "https://www.reuters.com/", Outcome: reportpkg.OutcomeRefused},
		{Site: "https://www.theverge.com/", Outcome: reportpkg.OutcomeFeed, Feeds: []reportpkg.Feed{
			{URL: "https://www.theverge.com/rss/index.xml", Title: "The Verge", Format: "atom"}}},
	}
	var lines bytes.Buffer
	for _, r := range reps {
		b, err := json.Marshal(r)
		if err != nil {
			t.Fatal(err)
		}
		lines.Write(b)
		lines.WriteString("\n\n") // blank lines are skipped
	}
	// Per site the best it offers (follow.FromReport, held by its own
	// test): every department of the news sitemap, the two most recently
	// modified sections, nothing of a refused site, the feed.
	want := []opml.Subscription{
		{Kind: kind.NewsSitemap, URL: "https://www.asahi.com/sitemap_national.xml", Title: "national", Site: "https://www.asahi.com/"},
		{Kind: kind.NewsSitemap, URL: "https://www.asahi.com/sitemap_business.xml?a=1&b=2", Title: "business", Site: "https://www.asahi.com/"},
		{Kind: kind.Section, URL: "https://www.nikkei.com/new/", Title: "New", Site: "https://www.nikkei.com/"},
		{Kind: kind.Section, URL: "https://www.nikkei.com/mid/", Site: "https://www.nikkei.com/"},
		{Kind: kind.Feed, URL: "https://www.theverge.com/rss/index.xml", Title: "The Verge", Site: "https://www.theverge.com/", Format: "atom"},
	}
	file := filepath.Join(t.TempDir(), "reports.jsonl")
	if err := os.WriteFile(file, lines.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	host, err := filepath.EvalSymlinks(harness.HostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	for _, reader := range opml.Readers {
		for _, fromFile := range []bool{false, true} {
			args := []string{"opml", "--reader", reader, "--sections", "2"}
			bridge := ""
			if reader == opml.ReaderRSSBridge {
				bridge = "https://rss-bridge.example.org/"
				args = append(args, "--bridge", bridge)
			}
			stdin := lines.String()
			if fromFile {
				args, stdin = append(args, file), ""
			}
			out, errOut, code := harness.RunHost(t, nil, stdin, args...)
			if code != 0 {
				t.Fatalf("%v: exit %d: %s", args, code, errOut)
			}
			got, err := opmlimport.Read(strings.NewReader(out))
			if err != nil {
				t.Fatalf("%v: %v\n%s", args, err, out)
			}
			if !reflect.DeepEqual(got, want) {
				t.Errorf("%v: read back\n%v\nwant\n%v", args, got, want)
			}
			var buf bytes.Buffer
			if err := opml.WriteFor(&buf, want, opml.Options{Title: "feedscout subscriptions", Reader: reader, Host: host, Bridge: bridge}); err != nil {
				t.Fatal(err)
			}
			if out != buf.String() {
				t.Errorf("%v: the command's OPML differs from opml.WriteFor's (host %s):\n%s", args, host, out)
			}
		}
	}

	for _, c := range []struct {
		name  string
		args  []string
		stdin string
		code  int
		says  string
	}{
		{"unknown reader", []string{"--reader", "feedly"}, "", 2, `unknown reader "feedly"`},
		{"bad gateway", []string{"--gateway", "ftp://x"}, "", 2, `gateway "ftp://x" is not an http(s) base URL`},
		{"negative sections", []string{"--sections", "-1"}, "", 2, "--sections -1: want 0 or more"},
		{"two files", []string{"a", "b"}, "", 2, "usage: feedscout-host opml"},
		{"no such file", []string{filepath.Join(t.TempDir(), "none.jsonl")}, "", 1, "no such file"},
		{"not JSON", nil, lines.String() + "{oops\n", 1, "read stdin: line 9: not a report"},
		{"not a report", nil, `{"feeds": []}` + "\n", 1, "read stdin: line 1: not a report: no site and outcome"},
	} {
		_, errOut, code := harness.RunHost(t, nil, c.stdin, append([]string{"opml"}, c.args...)...)
		if code != c.code || !strings.Contains(errOut, c.says) {
			t.Errorf("%s: exit %d %q, want %d saying %q", c.name, code, errOut, c.code, c.says)
		}
	}
	out, _, code := harness.RunHost(t, nil, "", "opml")
	if got, err := opmlimport.Read(strings.NewReader(out)); code != 0 || err != nil || len(got) != 0 {
		t.Errorf("no reports: exit %d, %d subscriptions, %v", code, len(got), err)
	}
}
