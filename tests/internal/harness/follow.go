package harness

// Helpers for the following tests: a fixture web with a Newsdesk (a site
// that publishes and fails on demand) beside the default sites, the `feed`
// command, and the independent readers its output must pass.

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
)

// DeskHost is the Newsdesk's host name in the following tests.
const DeskHost = "www.followdesk.test"

// FollowWeb is a running fixture web with a Newsdesk and the environment
// for hosts reaching it.
type FollowWeb struct {
	*fixtureweb.Web
	Desk    *fixtureweb.Newsdesk
	State   string // the --state folder of this test
	HostEnv []string
}

// StartFollowWeb starts the default sites, the 50,000-URL sitemap and a
// Newsdesk of sections sections and initial articles (on the real clock).
func StartFollowWeb(t testing.TB, sections, initial int) *FollowWeb {
	t.Helper()
	desk := fixtureweb.NewNewsdesk(DeskHost, sections, initial, nil)
	sites := append(fixtureweb.DefaultSites(), desk.Site("followdesk"))
	for _, s := range fixtureweb.HostileSites() {
		if s.Name == "sitemap-50k" {
			sites = append(sites, s)
		}
	}
	w := StartWeb(t, sites)
	return &FollowWeb{Web: w, Desk: desk, State: t.TempDir(), HostEnv: FastEnv(w)}
}

// Feed runs `feedscout-host feed --state STATE ARGS...` and returns stdout,
// stderr and the exit status.
func (fw *FollowWeb) Feed(t testing.TB, args ...string) (string, string, int) {
	t.Helper()
	return RunHost(t, fw.HostEnv, "", append([]string{"feed", "--state", fw.State}, args...)...)
}

// DeskHits counts the requests the Newsdesk saw for path, and how many
// were answered 304 and carried If-None-Match.
func (fw *FollowWeb) DeskHits(path string) (n, notModified, conditional int) {
	for _, h := range fw.Hits(DeskHost) {
		if h.Path != path {
			continue
		}
		n++
		if h.Status == http.StatusNotModified {
			notModified++
		}
		if h.IfNoneMatch != "" || h.IfModifiedSince != "" {
			conditional++
		}
	}
	return n, notModified, conditional
}

// AtomDoc is the part of an Atom feed the tests compare.
type AtomDoc struct {
	XMLName  xml.Name `xml:"http://www.w3.org/2005/Atom feed"`
	Title    string   `xml:"title"`
	Subtitle string   `xml:"subtitle"`
	Entries  []struct {
		ID        string `xml:"id"`
		Title     string `xml:"title"`
		Published string `xml:"published"`
		Link      struct {
			Href string `xml:"href,attr"`
		} `xml:"link"`
	} `xml:"entry"`
}

// ParseAtom decodes an Atom feed, failing the test when it is not one.
func ParseAtom(t testing.TB, s string) AtomDoc {
	t.Helper()
	var d AtomDoc
	if err := xml.Unmarshal([]byte(s), &d); err != nil {
		t.Fatalf("the feed is not Atom: %v\n%.500s", err, s)
	}
	return d
}

// sitemapDoc reads a (news) sitemap as the fixture serves it.
type sitemapDoc struct {
	URLs []struct {
		Loc     string `xml:"loc"`
		Lastmod string `xml:"lastmod"`
		News    *struct {
			Name  string `xml:"publication>name"`
			Title string `xml:"title"`
			Date  string `xml:"publication_date"`
		} `xml:"news"`
	} `xml:"url"`
}

// FixtureSitemap fetches a sitemap from the fixture web, as any client.
func FixtureSitemap(t testing.TB, w *fixtureweb.Web, u string) sitemapDoc {
	t.Helper()
	resp, err := w.Client().Get(u)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	var d sitemapDoc
	if err := xml.NewDecoder(resp.Body).Decode(&d); err != nil {
		t.Fatalf("fixture sitemap %s: %v", u, err)
	}
	return d
}

// debianPython is Debian's Python, which has python3-feedparser.
const debianPython = "/usr/bin/python3"

// Parsed is what feedparser saw in a feed: bozo, the feed title and the
// entries' titles, links, dates (UTC, RFC 3339) and summaries.
type Parsed struct {
	Bozo     int    `json:"bozo"`
	BozoWhy  string `json:"bozo_exception"`
	Version  string `json:"version"`
	Title    string `json:"title"`
	Subtitle string `json:"subtitle"`
	Entries  []struct {
		Title     string `json:"title"`
		Link      string `json:"link"`
		Published string `json:"published"`
		Summary   string `json:"summary"`
	} `json:"entries"`
}

// FeedparserCheck parses the feed file with Debian's feedparser and returns
// what it saw; it skips without python3-feedparser (fails under
// FEEDSCOUT_REQUIRE_TOOLS).
func FeedparserCheck(t testing.TB, file string) Parsed {
	t.Helper()
	if _, err := os.Stat(debianPython); err != nil {
		Missing(t, "no "+debianPython+" (apt-get install python3-feedparser)")
	}
	script := `import sys, json, time, feedparser
d = feedparser.parse(sys.argv[1])
out = {"bozo": int(d.bozo), "bozo_exception": str(d.get("bozo_exception", "")), "version": d.version,
       "title": d.feed.get("title", ""), "subtitle": d.feed.get("subtitle", ""), "entries": []}
for e in d.entries:
    p = e.get("published_parsed")
    out["entries"].append({"title": e.get("title", ""), "link": e.get("link", ""),
        "published": time.strftime("%Y-%m-%dT%H:%M:%SZ", p) if p else "", "summary": e.get("summary", "")})
print(json.dumps(out))
`
	out, err := exec.Command(debianPython, "-c", script, file).Output()
	if err != nil {
		if ee, ok := err.(*exec.ExitError); ok && strings.Contains(string(ee.Stderr), "No module named 'feedparser'") {
			Missing(t, "Debian's python3 has no feedparser (apt-get install python3-feedparser)")
		}
		t.Fatalf("feedparser: %v", err)
	}
	var p Parsed
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// NewsboatPath finds newsboat, or skips (fails under FEEDSCOUT_REQUIRE_TOOLS).
func NewsboatPath(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("newsboat")
	if err != nil {
		Missing(t, "no newsboat on PATH (apt-get install newsboat)")
	}
	if _, err := exec.LookPath("sqlite3"); err != nil {
		Missing(t, "no sqlite3 on PATH (apt-get install sqlite3)")
	}
	return p
}

// Reader is one newsboat profile: its urls file, cache and config.
type Reader struct {
	Bin, Home, URLs, Cache string
	Env                    []string
}

// NewReader makes a newsboat profile in a temporary HOME subscribed to
// urls; env is added to newsboat's environment.
func NewReader(t testing.TB, env []string, urls ...string) *Reader {
	t.Helper()
	r := &Reader{Bin: NewsboatPath(t), Home: t.TempDir()}
	r.URLs = filepath.Join(r.Home, "urls")
	r.Cache = filepath.Join(r.Home, "cache.db")
	if err := os.WriteFile(r.URLs, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.Home, "config"), []byte("reload-threads 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.Env = append(append(os.Environ(), env...), "HOME="+r.Home, "XDG_CONFIG_HOME="+r.Home, "XDG_DATA_HOME="+r.Home)
	return r
}

// Reload runs `newsboat -x reload` once.
func (r *Reader) Reload(t testing.TB) {
	t.Helper()
	cmd := exec.Command(r.Bin, "-u", r.URLs, "-c", r.Cache, "-C", filepath.Join(r.Home, "config"), "-x", "reload")
	cmd.Env = r.Env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("newsboat -x reload: %v\n%s", err, out)
	}
}

// Item is one row of newsboat's rss_item table.
type Item struct {
	Feed, Title, URL string
	Published        time.Time
}

// Items reads newsboat's cache with sqlite3.
func (r *Reader) Items(t testing.TB) []Item {
	t.Helper()
	out, err := exec.Command("sqlite3", "-separator", "\t", r.Cache, "SELECT feedurl, title, url, pubDate FROM rss_item ORDER BY id").Output()
	if err != nil {
		t.Fatalf("sqlite3 %s: %v", r.Cache, err)
	}
	var its []Item
	for _, line := range strings.Split(strings.TrimRight(string(out), "\n"), "\n") {
		if line == "" {
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) != 4 {
			t.Fatalf("sqlite3 row %q", line)
		}
		var sec int64
		fmt.Sscan(f[3], &sec)
		its = append(its, Item{Feed: f[0], Title: f[1], URL: f[2], Published: time.Unix(sec, 0).UTC()})
	}
	return its
}

// ByFeed groups items by their feed URL.
func ByFeed(its []Item) map[string][]Item {
	m := map[string][]Item{}
	for _, it := range its {
		m[it.Feed] = append(m[it.Feed], it)
	}
	return m
}
