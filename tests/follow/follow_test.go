package follow

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// TestFollowFeedSources runs the built `feed` on each kind of source of the
// fixture web (an Asahi department, Yomiuri's news sitemap, a Nikkei
// section, the 50,000-URL article sitemap, a JSON Feed for readers that
// read none) and checks the Atom it prints
// with two independent readers (Debian's feedparser: no bozo; xmllint
// --noout) against the fixture's own documents.
func TestFollowFeedSources(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 10)
	dir := t.TempDir()
	for _, c := range []struct {
		name, url, title string
		entries          int
	}{
		{"asahi-national", "https://www.asahi.com/sitemap_national.xml", "朝日新聞デジタル · national", 20},
		{"yomiuri", "https://www.yomiuri.co.jp/sitemap-news.xml", "読売新聞オンライン", 60},
		{"nikkei-startups", "https://www.nikkei.com/business/startups/", "", 20},
		{"sitemap-50k", "https://sitemap-50k.hostile.test/sitemap.xml", "sitemap-50k.hostile.test · articles", 100},
		{"jsonfeed", "https://www.lindqvist.blog/feed.json", "", 12},
	} {
		t.Run(c.name, func(t *testing.T) {
			out, errOut, code := fw.Feed(t, c.url)
			if code != 0 {
				t.Fatalf("feed %s: exit %d: %s", c.url, code, errOut)
			}
			file := filepath.Join(dir, c.name+".xml")
			if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
				t.Fatal(err)
			}
			xmllintCheck(t, file)
			p := harness.FeedparserCheck(t, file)
			if p.Bozo != 0 || p.Version != "atom10" {
				t.Errorf("feedparser: bozo %d (%s), version %q", p.Bozo, p.BozoWhy, p.Version)
			}
			if len(p.Entries) != c.entries {
				t.Fatalf("feedparser sees %d entries, want %d", len(p.Entries), c.entries)
			}
			if c.title != "" && p.Title != c.title {
				t.Errorf("feed title %q, want %q", p.Title, c.title)
			}
			for i := 1; i < len(p.Entries); i++ {
				if p.Entries[i].Published > p.Entries[i-1].Published {
					t.Fatalf("entries not newest first: %s after %s", p.Entries[i].Published, p.Entries[i-1].Published)
				}
			}
			switch {
			case c.name == "jsonfeed":
				// Every item of the fixture's JSON Feed: link, title, date
				// and its text as the summary.
				resp, err := fw.Client().Get(c.url)
				if err != nil {
					t.Fatal(err)
				}
				var jf struct {
					Title string
					Items []struct {
						URL           string `json:"url"`
						Title         string `json:"title"`
						ContentText   string `json:"content_text"`
						DatePublished string `json:"date_published"`
					}
				}
				err = json.NewDecoder(resp.Body).Decode(&jf)
				resp.Body.Close()
				if err != nil || len(jf.Items) != c.entries {
					t.Fatalf("fixture JSON Feed: %v, %d items", err, len(jf.Items))
				}
				if p.Title != jf.Title {
					t.Errorf("feed title %q, want the JSON Feed's %q", p.Title, jf.Title)
				}
				want := map[string][3]string{}
				for _, it := range jf.Items {
					d, _ := time.Parse(time.RFC3339, it.DatePublished)
					want[it.URL] = [3]string{it.Title, d.UTC().Format(time.RFC3339), strings.Join(strings.Fields(it.ContentText), " ")}
				}
				for _, e := range p.Entries {
					if w, ok := want[e.Link]; !ok || w != [3]string{e.Title, e.Published, e.Summary} {
						t.Errorf("entry %s %q %s %q, fixture has %q", e.Link, e.Title, e.Published, e.Summary, w)
					}
				}
			case strings.HasSuffix(c.url, ".xml") && c.name != "sitemap-50k":
				// A news sitemap: every <url> with its news:title and date.
				sm := harness.FixtureSitemap(t, fw.Web, c.url)
				want := map[string][2]string{}
				for _, u := range sm.URLs {
					d, _ := time.Parse(time.RFC3339, u.News.Date)
					want[u.Loc] = [2]string{u.News.Title, d.UTC().Format(time.RFC3339)}
				}
				for _, e := range p.Entries {
					if w, ok := want[e.Link]; !ok || w[0] != e.Title || w[1] != e.Published {
						t.Errorf("entry %s %q %s, fixture has %q %s", e.Link, e.Title, e.Published, w[0], w[1])
					}
				}
			case c.name == "sitemap-50k":
				sm := harness.FixtureSitemap(t, fw.Web, c.url)
				sort.SliceStable(sm.URLs, func(i, j int) bool { return sm.URLs[i].Lastmod > sm.URLs[j].Lastmod })
				for i, e := range p.Entries {
					if e.Link != sm.URLs[i].Loc {
						t.Fatalf("entry %d is %s, want the %dth newest %s", i, e.Link, i+1, sm.URLs[i].Loc)
					}
				}
			default:
				// A section: the articles `section` finds, titled by their anchors.
				sec, errOut, code := harness.RunHost(t, fw.HostEnv, "", "section", "--json", c.url)
				if code != 0 {
					t.Fatalf("section: %s", errOut)
				}
				var res struct {
					Articles []struct{ URL, Title string }
				}
				json.Unmarshal([]byte(sec), &res)
				titles := map[string]string{}
				for _, a := range res.Articles {
					titles[a.URL] = a.Title
				}
				for _, e := range p.Entries {
					if titles[e.Link] == "" || titles[e.Link] != e.Title || !strings.Contains(e.Link, "/article/") {
						t.Errorf("entry %s %q is not an article of the section (%q)", e.Link, e.Title, titles[e.Link])
					}
				}
				if !strings.Contains(p.Title, "日本経済新聞") {
					t.Errorf("section feed title %q does not name the site", p.Title)
				}
			}
		})
	}
}

// TestFollowFeedJSON: --format json is a JSON Feed 1.1 with the same items.
func TestFollowFeedJSON(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 10)
	out, errOut, code := fw.Feed(t, "--format", "json", "https://www.yomiuri.co.jp/sitemap-news.xml")
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	var jf struct {
		Version string `json:"version"`
		Title   string `json:"title"`
		Items   []struct {
			ID, URL, Title string
			ContentText    string `json:"content_text"`
			DatePublished  string `json:"date_published"`
		} `json:"items"`
	}
	if err := json.Unmarshal([]byte(out), &jf); err != nil {
		t.Fatalf("not JSON: %v", err)
	}
	if jf.Version != "https://jsonfeed.org/version/1.1" || jf.Title != "読売新聞オンライン" || len(jf.Items) != 60 {
		t.Fatalf("version %q title %q, %d items", jf.Version, jf.Title, len(jf.Items))
	}
	for _, it := range jf.Items {
		if it.ID == "" || it.URL == "" || it.Title == "" || it.ContentText == "" {
			t.Errorf("item %+v misses a field JSON Feed 1.1 needs", it)
		}
		if _, err := time.Parse(time.RFC3339, it.DatePublished); err != nil {
			t.Errorf("date_published %q: %v", it.DatePublished, err)
		}
	}
}

// TestFollowFeedRefuses: a feed, a sitemap index, bad input: exit 1 (2 for
// usage) with a sentence, and nothing fetched for what must not be.
func TestFollowFeedRefuses(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 10)
	for _, c := range []struct {
		args []string
		code int
		says string
	}{
		{[]string{"https://www.theverge.com/rss/index.xml"}, 1, "already a feed: subscribe to it directly"},
		{[]string{"https://www.asahi.com/sitemap_news.xml"}, 1, "is a sitemap index of 8 sitemaps; follow one of them, such as https://www.asahi.com/sitemap_national.xml"},
		{[]string{"file:///etc/passwd"}, 1, "is not an absolute http or https address"},
		{[]string{"http://169.254.169.254/latest/"}, 1, "link-local"},
		{[]string{"--format", "rss", "https://www.asahi.com/sitemap_national.xml"}, 2, "unknown format \"rss\""},
		{[]string{}, 2, "usage: feedscout-host feed"},
	} {
		_, errOut, code := fw.Feed(t, c.args...)
		if code != c.code || !strings.Contains(errOut, c.says) {
			t.Errorf("feed %v: exit %d, stderr %q; want %d saying %q", c.args, code, errOut, c.code, c.says)
		}
	}
	if n := len(fw.Hits("169.254.169.254")); n != 0 {
		t.Errorf("%d requests to the link-local address", n)
	}
}
