package opml

import (
	"bytes"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strings"
	"testing"

	"feedscout/common/report/kind"
	"feedscout/tests/readertest"
)

// outlines returns the attributes of every outline that is not a folder
// (has no child outline), feedscout's and FreshRSS's under their prefixes.
func outlines(t *testing.T, doc []byte) []map[string]string {
	t.Helper()
	return readertest.Outlines(t, doc, map[string]string{Namespace: Prefix, FreshRSSNamespace: FreshRSSPrefix})
}

// TestFlavourOutlines: in every flavour each subscription is one outline
// a reader can follow, carrying feedscout's kind and address.
func TestFlavourOutlines(t *testing.T) {
	host := "/opt/feed scout/feedscout-host"
	for _, reader := range Readers {
		t.Run(reader, func(t *testing.T) {
			var b bytes.Buffer
			bridge := "https://bridge.example/rss"
			if err := WriteFor(&b, withJSON(), Options{Reader: reader, Host: host, Bridge: bridge}); err != nil {
				t.Fatal(err)
			}
			subs := grouped(withJSON())
			got := outlines(t, b.Bytes())
			if len(got) != len(subs) {
				t.Fatalf("%d outlines for %d subscriptions", len(got), len(subs))
			}
			for i, s := range subs {
				o := got[i]
				if o[Prefix+":kind"] != string(s.Kind) || o[Prefix+":href"] != s.URL {
					t.Errorf("outline %d: feedscout:kind %q href %q, want %q %q", i, o[Prefix+":kind"], o[Prefix+":href"], s.Kind, s.URL)
				}
				if s.Kind == kind.Feed {
					typ, xmlURL := "rss", s.URL
					switch {
					case s.Format == "json" && reader == ReaderNewsboat:
						// newsboat 2.21 reads no JSON Feed: feed gives it as Atom.
						xmlURL = "|" + NewsboatCommand(host, s.URL)
					case s.Format == "json" && reader == ReaderFreshRSS:
						typ = TypeJSONFeed
					}
					if o["type"] != typ || o["xmlUrl"] != xmlURL {
						t.Errorf("feed outline %d: type %q xmlUrl %q, want %q %q", i, o["type"], o["xmlUrl"], typ, xmlURL)
					}
					continue
				}
				switch reader {
				case ReaderAny:
					u, err := url.Parse(o["xmlUrl"])
					if err != nil || o["type"] != "rss" || u.Scheme+"://"+u.Host != DefaultGateway || u.Path != "/feed" || u.Query().Get("url") != s.URL {
						t.Errorf("outline %d: type %q xmlUrl %q, want the gateway's URL for %s", i, o["type"], o["xmlUrl"], s.URL)
					}
				case ReaderRSSBridge:
					if o["type"] != "rss" || o["xmlUrl"] != BridgeURL(bridge, s) && !(gzipFile(s.URL) && o["xmlUrl"] == GatewayURL(DefaultGateway, s.URL)) {
						t.Errorf("outline %d: type %q xmlUrl %q, want the bridge's URL for %s", i, o["type"], o["xmlUrl"], s.URL)
					}
				case ReaderNewsboat:
					if o["type"] != "rss" || o["xmlUrl"] != "|"+NewsboatCommand(host, s.URL) {
						t.Errorf("outline %d: type %q xmlUrl %q", i, o["type"], o["xmlUrl"])
					}
				case ReaderFreshRSS:
					x := XPathFor(s)
					if o["type"] != x.Type || o["xmlUrl"] != s.URL || o["frss:xPathItem"] != x.Item ||
						o["frss:xPathItemTitle"] != x.Title || o["frss:xPathItemUri"] != x.URI ||
						o["frss:xPathItemUid"] != x.UID || o["frss:xPathItemTimestamp"] != x.Timestamp {
						t.Errorf("outline %d: %v, want %+v", i, o, x)
					}
					want := TypeXMLXPath
					if s.Kind == kind.Section {
						want = TypeHTMLXPath
					}
					if x.Type != want {
						t.Errorf("outline %d: %s is %s, want %s", i, s.Kind, x.Type, want)
					}
				}
			}
		})
	}
}

// argsScript writes a shell script into dir that prints each argument it
// gets on a line of its own.
func argsScript(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "feedscout-host")
	if err := os.WriteFile(p, []byte("#!/bin/sh\nprintf '%s\\n' \"$@\"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// awkward are sources whose characters the newsboat command must carry
// through newsboat's urls file and /bin/sh.
var awkward = []string{
	"https://www.asahi.com/sitemap_national.xml",
	"https://news.example.org/sitemap.xml?a=1&b=2;c=$HOME`id`|x",
	"https://news.example.org/it's \"quoted\"/back\\slash/#frag",
	"https://news.example.org/a b/日本語/?q=%41*",
}

// TestNewsboatCommandShell: the command gives the host exactly `feed` and
// the source (its quote, double quote and backslash percent-encoded, the
// rest as it was) when /bin/sh runs it, from a directory whose name has a
// space, a quote and a double quote.
func TestNewsboatCommandShell(t *testing.T) {
	sh := readertest.Tool(t, "sh")
	dir := filepath.Join(t.TempDir(), `o'neil "x" $y`)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	host := argsScript(t, dir)
	for _, src := range awkward {
		out, err := exec.Command(sh, "-c", NewsboatCommand(host, src)).Output()
		if err != nil {
			t.Fatalf("sh -c %s: %v", NewsboatCommand(host, src), err)
		}
		want := "feed\n" + urlSafe(src) + "\n"
		if string(out) != want {
			t.Errorf("%s: the host got %q, want %q", src, out, want)
		}
		if u, err := url.Parse(urlSafe(src)); err != nil || u.Host != "news.example.org" && u.Host != "www.asahi.com" {
			t.Errorf("%s: %q does not parse as the same URL (%v)", src, urlSafe(src), err)
		}
	}
}

// rssScript writes a stand-in for feedscout-host into dir: `feed URL`
// prints an RSS feed with one item whose title and link are the URL it was
// given, so newsboat's cache shows what each exec: line ran (newsboat
// percent-encodes non-ASCII in links, titles stay as they are).
func rssScript(t *testing.T, dir string) string {
	t.Helper()
	p := filepath.Join(dir, "feedscout-host")
	script := `#!/bin/sh
[ "$1" = feed ] || { echo "want feed, got $1" >&2; exit 2; }
u=$(printf '%s' "$2" | sed -e 's/&/\&amp;/g' -e 's/</\&lt;/g')
printf '<?xml version="1.0"?><rss version="2.0"><channel><title>t</title><link>%s</link><item><title>%s</title><link>%s</link><guid>%s</guid></item></channel></rss>\n' "$u" "$u" "$u" "$u"
`
	if err := os.WriteFile(p, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

// newsboat runs newsboat with its files in home.
func newsboat(t *testing.T, home string, args ...string) string {
	t.Helper()
	cmd := exec.Command(readertest.Tool(t, "newsboat"), append([]string{"-u", filepath.Join(home, "urls"),
		"-c", filepath.Join(home, "cache.db"), "-C", filepath.Join(home, "config")}, args...)...)
	cmd.Env = append(os.Environ(), "HOME="+home, "XDG_CONFIG_HOME="+home, "XDG_DATA_HOME="+home)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("newsboat %v: %v\n%s", args, err, out)
	}
	return string(out)
}

// urlsOf lists the first word of each line of a newsboat urls file.
func urlsOf(t *testing.T, file string) []string {
	t.Helper()
	listed, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, line := range strings.Split(string(listed), "\n") {
		line = strings.TrimSpace(line)
		if line == "" || strings.HasPrefix(line, "#") {
			continue
		}
		if strings.HasPrefix(line, `"`) {
			// "exec:... \"x\"" "tag": up to the first unescaped quote.
			end := 1
			for end < len(line) && (line[end] != '"' || line[end-1] == '\\') {
				end++
			}
			got = append(got, strings.ReplaceAll(line[1:end], `\"`, `"`))
			continue
		}
		got = append(got, strings.Fields(line)[0])
	}
	sort.Strings(got)
	return got
}

// TestNewsboatImport has Debian's newsboat import the newsboat flavour:
// the RSS and Atom feeds as they are, every other subscription (a JSON
// Feed too) as an exec: line that runs the host; a reload runs each of them and the cache holds an item
// titled with its source, so every source reached the host intact.
func TestNewsboatImport(t *testing.T) {
	sqlite := readertest.Tool(t, "sqlite3")
	home := t.TempDir()
	dir := filepath.Join(home, `my "tools" o'neil`)
	if err := os.Mkdir(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	host := rssScript(t, dir)
	var subs []Subscription
	for i, src := range awkward {
		subs = append(subs, Subscription{Kind: []kind.SourceKind{kind.NewsSitemap, kind.Section, kind.ArticleSitemap}[i%3], URL: src, Title: "S", Site: "https://news.example.org/"})
	}
	const jsonFeed = "https://www.lindqvist.blog/feed.json"
	subs = append(subs, Subscription{Kind: kind.Feed, URL: "https://blog.example.com/feed/", Site: "https://blog.example.com/"},
		Subscription{Kind: kind.Feed, URL: jsonFeed, Site: "https://www.lindqvist.blog/", Format: "json"})
	var b bytes.Buffer
	if err := WriteFor(&b, subs, Options{Reader: ReaderNewsboat, Host: host}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(home, "export.opml")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	newsboat(t, home, "-i", file)
	var want []string
	for _, s := range subs {
		if s.Kind == kind.Feed && s.Format != "json" {
			want = append(want, s.URL)
		} else {
			want = append(want, "exec:"+NewsboatCommand(host, s.URL))
		}
	}
	sort.Strings(want)
	if got := urlsOf(t, filepath.Join(home, "urls")); !reflect.DeepEqual(got, want) {
		t.Fatalf("newsboat imported\n%q\nwant\n%q", got, want)
	}
	// Only newsboat's own exec: lines, as it wrote them: the feed's host
	// does not exist here.
	listed, err := os.ReadFile(filepath.Join(home, "urls"))
	if err != nil {
		t.Fatal(err)
	}
	var execs []string
	for _, line := range strings.Split(string(listed), "\n") {
		if strings.HasPrefix(line, `"exec:`) {
			execs = append(execs, line)
		}
	}
	if len(execs) != len(awkward)+1 {
		t.Fatalf("%d exec: lines in newsboat's urls file, want %d:\n%s", len(execs), len(awkward)+1, listed)
	}
	if err := os.WriteFile(filepath.Join(home, "urls"), []byte(strings.Join(execs, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	newsboat(t, home, "-x", "reload")
	out, err := exec.Command(sqlite, filepath.Join(home, "cache.db"), "select title from rss_item order by title").Output()
	if err != nil {
		t.Fatalf("sqlite3: %v", err)
	}
	var links []string
	for _, src := range append(awkward, jsonFeed) {
		links = append(links, urlSafe(src))
	}
	sort.Strings(links)
	if got := strings.Split(strings.TrimSpace(string(out)), "\n"); !reflect.DeepEqual(got, links) {
		t.Errorf("newsboat's items are titled\n%q\nwant the sources\n%q", got, links)
	}
}

// TestAnyNewsboatImport: newsboat imports the any flavour as the feeds
// and the gateway's URL for everything else.
func TestAnyNewsboatImport(t *testing.T) {
	home := t.TempDir()
	var b bytes.Buffer
	if err := WriteFor(&b, sample(), Options{Gateway: "http://127.0.0.1:9999"}); err != nil {
		t.Fatal(err)
	}
	file := filepath.Join(home, "export.opml")
	if err := os.WriteFile(file, b.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
	newsboat(t, home, "-i", file)
	var want []string
	for _, s := range grouped(sample()) {
		if s.Kind == kind.Feed {
			want = append(want, s.URL)
		} else {
			want = append(want, GatewayURL("http://127.0.0.1:9999", s.URL))
		}
	}
	sort.Strings(want)
	if got := urlsOf(t, filepath.Join(home, "urls")); !reflect.DeepEqual(got, want) {
		t.Errorf("newsboat imported\n%q\nwant\n%q", got, want)
	}
}
