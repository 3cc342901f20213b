package browser

// extension/lib/readers.js under Node.js: each reader's subscribe address
// for a feed, the checks of base URLs and custom templates.

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"testing"

	"feedscout/tests/internal/harness"
)

// readerFeed is the feed the reader tests send: a query and a non-ASCII
// path, so encoding shows.
const readerFeed = "https://www.example.co.jp/rss/トップ.xml?cat=a&b=1"

// readerFeedEncoded is readerFeed as encodeURIComponent writes it (after
// URL parsing, which percent-encodes the path).
const readerFeedEncoded = "https%3A%2F%2Fwww.example.co.jp%2Frss%2F%25E3%2583%2588%25E3%2583%2583%25E3%2583%2597.xml%3Fcat%3Da%26b%3D1"

// readerCase is one setting and the address it must give for readerFeed
// (empty: none, with problem the check's code).
type readerCase struct {
	Setting map[string]string `json:"setting"`
	Want    string            `json:"want"`
	Problem string            `json:"problem"`
	Label   string            `json:"label"`
}

// builtInReaders are the readers of DESIGN's list with the address each
// must open for readerFeed; self-hosted ones with a base URL.
var builtInReaders = []readerCase{
	{Setting: map[string]string{"id": "feedly"}, Want: "https://feedly.com/i/subscription/feed/" + readerFeedEncoded, Label: "Feedly"},
	{Setting: map[string]string{"id": "inoreader"}, Want: "https://www.inoreader.com/?add_feed=" + readerFeedEncoded, Label: "Inoreader"},
	{Setting: map[string]string{"id": "newsblur"}, Want: "https://www.newsblur.com/?url=" + readerFeedEncoded, Label: "NewsBlur"},
	{Setting: map[string]string{"id": "theoldreader"}, Want: "https://theoldreader.com/feeds/subscribe?url=" + readerFeedEncoded, Label: "The Old Reader"},
	{Setting: map[string]string{"id": "feedbin"}, Want: "https://feedbin.com/?subscribe=" + readerFeedEncoded, Label: "Feedbin"},
	{Setting: map[string]string{"id": "bazqux"}, Want: "https://bazqux.com/add?url=" + readerFeedEncoded, Label: "BazQux"},
	{Setting: map[string]string{"id": "miniflux", "base": "https://rss.home.example/"}, Want: "https://rss.home.example/bookmarklet?uri=" + readerFeedEncoded, Label: "Miniflux"},
	{Setting: map[string]string{"id": "freshrss", "base": "https://home.example/freshrss/p"}, Want: "https://home.example/freshrss/p/i/?c=feed&a=add&url_rss=" + readerFeedEncoded, Label: "FreshRSS"},
	{Setting: map[string]string{"id": "ttrss", "base": "http://192.168.1.9/tt-rss//"}, Want: "http://192.168.1.9/tt-rss/public.php?op=bookmarklets--subscribe&feed_url=" + readerFeedEncoded, Label: "Tiny Tiny RSS"},
	{Setting: map[string]string{"id": "nextcloud", "base": "https://cloud.home.example/index.php"}, Want: "https://cloud.home.example/index.php/apps/news/?subscribe_to=" + readerFeedEncoded, Label: "Nextcloud News"},
	{Setting: map[string]string{"id": "feed"}, Want: "feed:https://www.example.co.jp/rss/%E3%83%88%E3%83%83%E3%83%97.xml?cat=a&b=1", Label: ""},
	{Setting: map[string]string{"id": "custom", "template": "https://reader.example/add?u=%s&again=%s"}, Want: "https://reader.example/add?u=" + readerFeedEncoded + "&again=" + readerFeedEncoded, Label: "reader.example"},
}

// badReaders are settings that cannot send, and the check's word for each.
var badReaders = []readerCase{
	{Setting: nil, Problem: "no-reader"},
	{Setting: map[string]string{"id": "netvibes"}, Problem: "no-reader"},
	{Setting: map[string]string{"id": "miniflux"}, Problem: "bad-base"},
	{Setting: map[string]string{"id": "miniflux", "base": "rss.home.example"}, Problem: "bad-base"},
	{Setting: map[string]string{"id": "freshrss", "base": "javascript:alert(1)//"}, Problem: "bad-base"},
	{Setting: map[string]string{"id": "nextcloud", "base": "https://me:secret@cloud.example/"}, Problem: "bad-base"},
	{Setting: map[string]string{"id": "custom", "template": "https://reader.example/add"}, Problem: "bad-template"},
	{Setting: map[string]string{"id": "custom", "template": "javascript:alert('%s')"}, Problem: "bad-template"},
	{Setting: map[string]string{"id": "custom", "template": "%s"}, Problem: "bad-template"},
}

func TestReadersJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		harness.Missing(t, "node is not installed (apt-get install nodejs)")
	}
	lib, err := filepath.Abs(filepath.Join(harness.ExtensionSource, "lib", "readers.js"))
	if err != nil {
		t.Fatal(err)
	}
	cases := append(append([]readerCase{}, builtInReaders...), badReaders...)
	in, _ := json.Marshal(cases)
	dir := t.TempDir()
	script := `import { pathToFileURL } from "node:url";
import { readFileSync } from "node:fs";
const [lib, cases] = process.argv.slice(2);
const r = await import(pathToFileURL(lib).href);
const out = JSON.parse(readFileSync(cases, "utf8")).map((c) => ({
  url: r.subscribeURL(c.setting, ` + "`" + readerFeed + "`" + `),
  problem: r.check(c.setting),
  label: r.readerLabel(c.setting ?? {}),
  notHTTP: r.subscribeURL(c.setting, "javascript:alert(1)"),
}));
process.stdout.write(JSON.stringify({ out, ids: r.READERS.map((x) => x.id) }));
`
	if err := os.WriteFile(filepath.Join(dir, "run.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "cases.json"), in, 0o644); err != nil {
		t.Fatal(err)
	}
	var stderr bytes.Buffer
	cmd := exec.Command(node, filepath.Join(dir, "run.mjs"), lib, filepath.Join(dir, "cases.json"))
	cmd.Stderr = &stderr
	raw, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got struct {
		Out []struct {
			URL     *string `json:"url"`
			Problem string  `json:"problem"`
			Label   string  `json:"label"`
			NotHTTP *string `json:"notHTTP"`
		} `json:"out"`
		IDs []string `json:"ids"`
	}
	if err := json.Unmarshal(raw, &got); err != nil {
		t.Fatalf("node output %s: %v", raw, err)
	}
	if len(got.Out) != len(cases) {
		t.Fatalf("node answered %d cases, want %d", len(got.Out), len(cases))
	}
	for i, c := range cases {
		g := got.Out[i]
		url := ""
		if g.URL != nil {
			url = *g.URL
		}
		if url != c.Want || g.Problem != c.Problem {
			t.Errorf("%v: subscribeURL %q, check %q; want %q, %q", c.Setting, url, g.Problem, c.Want, c.Problem)
		}
		if c.Problem == "" && g.Label != c.Label {
			t.Errorf("%v: label %q, want %q", c.Setting, g.Label, c.Label)
		}
		if g.NotHTTP != nil {
			t.Errorf("%v: a javascript: feed URL gives %q, want null", c.Setting, *g.NotHTTP)
		}
	}
	want := []string{"feedly", "inoreader", "newsblur", "theoldreader", "feedbin", "bazqux", "miniflux", "freshrss", "ttrss", "nextcloud"}
	if b, _ := json.Marshal(got.IDs); string(b) != mustJSON(want) {
		t.Errorf("READERS = %s, want %s", b, mustJSON(want))
	}
}

func mustJSON(v any) string {
	b, _ := json.Marshal(v)
	return string(b)
}
