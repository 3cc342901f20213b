package follow

import (
	"context"
	"errors"
	"fmt"
	"hash/crc32"
	"net/http"
	"strings"
	"testing"
	"time"

	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/feed"
	"feedscout/tests/fixtureweb"
)

// media is a web of one site serving a JSON Feed, an RSS feed and an
// article sitemap with image and video titles, answering If-None-Match.
func media(t *testing.T, jsonFeed *string) *desk {
	t.Helper()
	const rss = `<?xml version="1.0"?><rss version="2.0"><channel><title>R</title><link>https://media.follow.test/</link>
<item><title>One</title><link>https://media.follow.test/one</link></item></channel></rss>`
	const sm = `<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1">
<url><loc>https://media.follow.test/2026/11/29/a1b2c3/</loc><lastmod>2026-11-29T10:00:00Z</lastmod>
 <image:image><image:loc>https://media.follow.test/i/1.jpg</image:loc><image:title>The harbour at dawn</image:title></image:image>
 <image:image><image:loc>https://media.follow.test/i/2.jpg</image:loc><image:title>Second picture</image:title></image:image></url>
<url><loc>https://media.follow.test/2026/11/29/film/</loc><lastmod>2026-11-29T09:00:00Z</lastmod>
 <image:image><image:loc>https://media.follow.test/i/3.jpg</image:loc><image:title>A still</image:title></image:image>
 <video:video><video:thumbnail_loc>https://media.follow.test/i/3.jpg</video:thumbnail_loc><video:title>Ferry &amp; tide,   in one minute</video:title></video:video></url>
<url><loc>https://media.follow.test/2026/11/28/garden-notes_from%20the-north.html</loc><lastmod>2026-11-28T10:00:00Z</lastmod></url>
<url><loc>https://media.follow.test/story/winter-market-opens/12345.html</loc><lastmod>2026-11-27T10:00:00Z</lastmod></url>
<url><loc>https://media.follow.test/2026/11/26/%E5%86%AC%E3%81%AE%E5%B8%82/</loc><lastmod>2026-11-26T10:00:00Z</lastmod></url>
<url><loc>https://media.follow.test/news/98765</loc><lastmod>2026-11-25T10:00:00Z</lastmod></url>
</urlset>`
	mux := http.NewServeMux()
	serve := func(ctype string, body func() string) http.HandlerFunc {
		return func(w http.ResponseWriter, r *http.Request) {
			b := body()
			etag := fmt.Sprintf(`"%08x"`, crc32.ChecksumIEEE([]byte(b)))
			w.Header().Set("ETag", etag)
			if r.Header.Get("If-None-Match") == etag {
				w.WriteHeader(http.StatusNotModified)
				return
			}
			w.Header().Set("Content-Type", ctype)
			w.Write([]byte(b))
		}
	}
	mux.HandleFunc("/robots.txt", serve("text/plain", func() string { return "User-agent: *\nAllow: /\n" }))
	mux.HandleFunc("/feed.json", serve("application/feed+json", func() string { return *jsonFeed }))
	mux.HandleFunc("/rss.xml", serve("application/rss+xml", func() string { return rss }))
	mux.HandleFunc("/sitemap.xml", serve("application/xml", func() string { return sm }))
	site := fixtureweb.Site{Name: "media", Host: "media.follow.test", Handler: mux}
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{site}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	d := &desk{web: w, clock: &fakeClock{t: time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC)}}
	d.Newsdesk = fixtureweb.NewNewsdesk("media.follow.test", 1, 1, d.clock.Now) // for URL and Host only
	d.f = d.follower(t, t.TempDir(), 15*time.Minute)
	return d
}

// TestJSONFeed: a JSON Feed becomes Atom with its entries (link, title,
// date, summary as text), newest first, with the manners of every source:
// no request within the interval, then a conditional one; an RSS feed
// stays refused.
func TestJSONFeed(t *testing.T) {
	t.Parallel()
	doc := `{"version": "https://jsonfeed.org/version/1.1", "title": "  Lindqvist\n blog ", "home_page_url": "https://media.follow.test/",
 "items": [
  {"id": "1", "url": "/2026/11/28/older", "title": "Older", "content_html": "<p>First <b>bold</b> paragraph.</p><script>alert(1)</script><p>Second &amp; last.</p>", "date_published": "2026-11-28T10:00:00+01:00"},
  {"id": "https://media.follow.test/2026/11/29/newer", "content_text": "A note without a title, long enough to be cut somewhere after eighty characters of text, at a word.", "date_published": "2026-11-29T08:00:00Z"},
  {"id": "3", "url": "https://media.follow.test/2026/11/27/modified", "title": "Only modified", "summary": "Said in one line.", "date_modified": "2026-11-27T08:00:00Z"},
  {"id": 4, "title": "No link at all"},
  {"id": "5", "url": "javascript:alert(1)", "title": "Not a web link"},
  {"id": "6", "url": "https://media.follow.test/undated", "title": "Undated"}
 ]}`
	d := media(t, &doc)
	st := d.feed(t, "/feed.json")
	if st.Kind != kind.JSONFeed || st.Title != "Lindqvist blog" {
		t.Errorf("kind %q title %q", st.Kind, st.Title)
	}
	now := d.clock.Now()
	want := []Entry{
		{URL: "https://media.follow.test/undated", Title: "Undated", Published: now},
		{URL: "https://media.follow.test/2026/11/29/newer", Title: "A note without a title, long enough to be cut somewhere after eighty…",
			Summary: "A note without a title, long enough to be cut somewhere after eighty characters of text, at a word.", Published: time.Date(2026, 11, 29, 8, 0, 0, 0, time.UTC)},
		{URL: "https://media.follow.test/2026/11/28/older", Title: "Older", Summary: "First bold paragraph. Second & last.", Published: time.Date(2026, 11, 28, 9, 0, 0, 0, time.UTC)},
		{URL: "https://media.follow.test/2026/11/27/modified", Title: "Only modified", Summary: "Said in one line.", Published: time.Date(2026, 11, 27, 8, 0, 0, 0, time.UTC)},
	}
	if len(st.Entries) != len(want) {
		t.Fatalf("%d entries, want %d: %+v", len(st.Entries), len(want), st.Entries)
	}
	for i, e := range st.Entries {
		if e.URL != want[i].URL || e.Title != want[i].Title || e.Summary != want[i].Summary || !e.Published.Equal(want[i].Published) {
			t.Errorf("entry %d = %+v\nwant %+v", i, e, want[i])
		}
	}
	out := atom(t, st)
	items, err := feed.Items([]byte(out), "application/atom+xml")
	if err != nil || len(items) != len(want) || items[1].Title != want[1].Title {
		t.Errorf("Atom read back: %d items, err %v", len(items), err)
	}
	if !strings.Contains(out, `<summary type="text">First bold paragraph. Second &amp; last.</summary>`) || strings.Contains(out, "alert") {
		t.Errorf("Atom summary:\n%s", out)
	}
	if !strings.Contains(out, "JSON Feed "+d.URL("/feed.json")+", followed by feedscout.") {
		t.Errorf("subtitle:\n%s", out)
	}

	// Within the interval: no request. After it: one conditional request,
	// 304, the same entries, the undated item keeping its first date.
	d.clock.Add(10 * time.Minute)
	d.feed(t, "/feed.json")
	if n, _ := d.hits("/feed.json"); n != 1 {
		t.Errorf("%d requests within the interval, want 1 in all", n)
	}
	d.clock.Add(10 * time.Minute)
	st = d.feed(t, "/feed.json")
	if n, nm := d.hits("/feed.json"); n != 2 || nm != 1 || st.Result != "304" || len(st.Entries) != 4 {
		t.Errorf("after the interval: %d requests, %d answered 304, result %s, %d entries", n, nm, st.Result, len(st.Entries))
	}
	// The feed changes: a new item, and the undated one keeps its date.
	doc = strings.Replace(doc, `"items": [`, `"items": [{"id": "7", "url": "/new", "title": "New", "date_published": "2026-11-30T06:30:00Z"},`, 1)
	d.clock.Add(20 * time.Minute)
	st = d.feed(t, "/feed.json")
	if len(st.Entries) != 5 || st.Entries[0].Title != "New" || !st.Entries[1].Published.Equal(now) {
		t.Errorf("after a change: %+v", st.Entries)
	}
	// Malformed later: the entries stay, the subtitle says why.
	doc = `{"version": "https://jsonfeed.org/version/1.1", "items": [`
	d.clock.Add(20 * time.Minute)
	st = d.feed(t, "/feed.json")
	if st.Status != StatusFailing || len(st.Entries) != 5 || !strings.Contains(Subtitle(st), "no longer reads as a JSON Feed") {
		t.Errorf("malformed: status %s, %d entries, %q", st.Status, len(st.Entries), Subtitle(st))
	}

	_, err = d.f.Feed(context.Background(), d.URL("/rss.xml"))
	if !errors.Is(err, ErrAlreadyFeed) {
		t.Errorf("RSS: %v, want already a feed", err)
	}
}

// TestSitemapTitles: an article sitemap's entries are titled with the best
// the sitemap offers: video:title, else image:title, else a readable
// title from the address.
func TestSitemapTitles(t *testing.T) {
	t.Parallel()
	none := ""
	d := media(t, &none)
	st := d.feed(t, "/sitemap.xml")
	want := []string{
		"The harbour at dawn",          // the first image:title
		"Ferry & tide, in one minute",  // video:title before image:title
		"Garden notes from the north",  // the slug: extension cut, decoded, hyphens and underscores as spaces
		"Winter market opens",          // a bare id passed over for the slug before it
		"冬の市",                          // percent-decoded
		"media.follow.test/news/98765", // no words in the address
	}
	if st.Kind != kind.ArticleSitemap || len(st.Entries) != len(want) {
		t.Fatalf("kind %s, %d entries", st.Kind, len(st.Entries))
	}
	for i, e := range st.Entries {
		if e.Title != want[i] {
			t.Errorf("entry %d (%s): title %q, want %q", i, e.URL, e.Title, want[i])
		}
	}
}

// TestSlugTitle: titles made from addresses.
func TestSlugTitle(t *testing.T) {
	for loc, want := range map[string]string{
		"https://a.example/news/story-number-00001-of-the-day/": "Story number 00001 of the day",
		"https://a.example/2026/11/29/garden-notes/":            "Garden notes",
		"https://a.example/a/b/garden-notes/index.html":         "Garden notes",
		"https://a.example/p/story.php?id=3":                    "Story",
		"https://a.example/v1.2-release-notes":                  "V1.2 release notes",
		"https://a.example/%E7%89%B9%E9%9B%86/":                 "特集",
		"https://a.example/":                                    "a.example/",
		"https://a.example/12345":                               "a.example/12345",
	} {
		if got := slugTitle(loc); got != want {
			t.Errorf("slugTitle(%s) = %q, want %q", loc, got, want)
		}
	}
}
