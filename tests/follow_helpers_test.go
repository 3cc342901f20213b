package tests

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

// deskHost is the Newsdesk's host name in the following tests.
const deskHost = "www.followdesk.test"

// followWeb is a running fixture web with a Newsdesk and the environment
// for hosts reaching it.
type followWeb struct {
	*fixtureweb.Web
	desk  *fixtureweb.Newsdesk
	state string // the --state folder of this test
	env   []string
}

// startFollowWeb starts the default sites, the 50,000-URL sitemap and a
// Newsdesk of sections sections and initial articles (on the real clock).
func startFollowWeb(t testing.TB, sections, initial int) *followWeb {
	t.Helper()
	desk := fixtureweb.NewNewsdesk(deskHost, sections, initial, nil)
	sites := append(fixtureweb.DefaultSites(), desk.Site("followdesk"))
	for _, s := range fixtureweb.HostileSites() {
		if s.Name == "sitemap-50k" {
			sites = append(sites, s)
		}
	}
	w := startWeb(t, sites)
	return &followWeb{Web: w, desk: desk, state: t.TempDir(), env: fastEnv(w)}
}

// feed runs `feedscout-host feed --state STATE ARGS...` and returns stdout,
// stderr and the exit status.
func (fw *followWeb) feed(t testing.TB, args ...string) (string, string, int) {
	t.Helper()
	return runHost(t, fw.env, "", append([]string{"feed", "--state", fw.state}, args...)...)
}

// deskHits counts the requests the Newsdesk saw for path, and how many
// were answered 304 and carried If-None-Match.
func (fw *followWeb) deskHits(path string) (n, notModified, conditional int) {
	for _, h := range fw.Hits(deskHost) {
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

// atomDoc is the part of an Atom feed the tests compare.
type atomDoc struct {
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

func parseAtom(t testing.TB, s string) atomDoc {
	t.Helper()
	var d atomDoc
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

// fixtureSitemap fetches a sitemap from the fixture web, as any client.
func fixtureSitemap(t testing.TB, w *fixtureweb.Web, u string) sitemapDoc {
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

// feedparserCheck parses the feed file with feedparser and returns what it
// saw: bozo, the feed title and the entries' titles, links, dates (UTC,
// RFC 3339) and summaries.
type parsed struct {
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

func feedparserCheck(t testing.TB, file string) parsed {
	t.Helper()
	if _, err := os.Stat(debianPython); err != nil {
		missing(t, "no "+debianPython+" (apt-get install python3-feedparser)")
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
			missing(t, "Debian's python3 has no feedparser (apt-get install python3-feedparser)")
		}
		t.Fatalf("feedparser: %v", err)
	}
	var p parsed
	if err := json.Unmarshal(out, &p); err != nil {
		t.Fatal(err)
	}
	return p
}

// xmllintCheck runs xmllint --noout on the file: well-formed XML.
func xmllintCheck(t testing.TB, file string) {
	t.Helper()
	xl, err := exec.LookPath("xmllint")
	if err != nil {
		missing(t, "no xmllint on PATH (apt-get install libxml2-utils)")
	}
	if out, err := exec.Command(xl, "--noout", file).CombinedOutput(); err != nil || len(out) > 0 {
		t.Errorf("xmllint --noout %s: %v\n%s", file, err, out)
	}
}

// newsboatPath finds newsboat, or skips (fails under FEEDSCOUT_REQUIRE_TOOLS).
func newsboatPath(t testing.TB) string {
	t.Helper()
	p, err := exec.LookPath("newsboat")
	if err != nil {
		missing(t, "no newsboat on PATH (apt-get install newsboat)")
	}
	if _, err := exec.LookPath("sqlite3"); err != nil {
		missing(t, "no sqlite3 on PATH (apt-get install sqlite3)")
	}
	return p
}

// reader is one newsboat profile: its urls file, cache and config.
type reader struct {
	bin, home, urls, cache string
	env                    []string
}

func newReader(t testing.TB, env []string, urls ...string) *reader {
	t.Helper()
	r := &reader{bin: newsboatPath(t), home: t.TempDir()}
	r.urls = filepath.Join(r.home, "urls")
	r.cache = filepath.Join(r.home, "cache.db")
	if err := os.WriteFile(r.urls, []byte(strings.Join(urls, "\n")+"\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(r.home, "config"), []byte("reload-threads 1\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	r.env = append(append(os.Environ(), env...), "HOME="+r.home, "XDG_CONFIG_HOME="+r.home, "XDG_DATA_HOME="+r.home)
	return r
}

// reload runs `newsboat -x reload` once.
func (r *reader) reload(t testing.TB) {
	t.Helper()
	cmd := exec.Command(r.bin, "-u", r.urls, "-c", r.cache, "-C", filepath.Join(r.home, "config"), "-x", "reload")
	cmd.Env = r.env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("newsboat -x reload: %v\n%s", err, out)
	}
}

// item is one row of newsboat's rss_item table.
type item struct {
	Feed, Title, URL string
	Published        time.Time
}

// items reads newsboat's cache with sqlite3.
func (r *reader) items(t testing.TB) []item {
	t.Helper()
	out, err := exec.Command("sqlite3", "-separator", "\t", r.cache, "SELECT feedurl, title, url, pubDate FROM rss_item ORDER BY id").Output()
	if err != nil {
		t.Fatalf("sqlite3 %s: %v", r.cache, err)
	}
	var its []item
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
		its = append(its, item{Feed: f[0], Title: f[1], URL: f[2], Published: time.Unix(sec, 0).UTC()})
	}
	return its
}

// byFeed groups items by their feed URL.
func byFeed(its []item) map[string][]item {
	m := map[string][]item{}
	for _, it := range its {
		m[it.Feed] = append(m[it.Feed], it)
	}
	return m
}

// writeFile writes s to path or fails the test.
func writeFile(t testing.TB, path, s string) {
	t.Helper()
	if err := os.WriteFile(path, []byte(s), 0o644); err != nil {
		t.Fatal(err)
	}
}
