package follow

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"net/http"
	"testing"
	"time"

	"feedscout/nativehost/internal/fetch"
)

// FuzzInterpret: whatever a source serves, reading it never panics, and
// what it gives writes as Atom and JSON Feed.
func FuzzInterpret(f *testing.F) {
	for _, s := range []string{
		`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9"><url><loc>https://a.example/n/1</loc><news:news><news:publication><news:name>A &amp; B</news:name><news:language>en</news:language></news:publication><news:publication_date>2026-11-30T10:00:00Z</news:publication_date><news:title>T</news:title></news:news></url></urlset>`,
		`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc>https://a.example/news/2026/11/30/some-long-story-title/</loc><lastmod>2026-11-30</lastmod></url></urlset>`,
		`<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>https://a.example/s1.xml</loc></sitemap></sitemapindex>`,
		`<!DOCTYPE html><html><head><title>World | A</title></head><body><a href="/article/2026/11/30/a-story-about-things/">A story</a><a href="/article/2026/11/30/another-story-here/">\x00Another</a></body></html>`,
		`<rss version="2.0"><channel><title>x</title><item><title>i</title></item></channel></rss>`,
		"https://a.example/one-long-article-name-here\nhttps://a.example/two\n",
		"\xff\xfe<urlset",
		`{"version": "https://jsonfeed.org/version/1.1", "title": "J", "items": [{"id": "1", "url": "/a", "content_html": "<p>x<script>y</script></p>\u0001", "date_published": "2026-11-30T10:00:00Z"}, {"id": "https://a.example/b", "summary": "s"}]}`,
		`<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1" xmlns:video="http://www.google.com/schemas/sitemap-video/1.1"><url><loc>https://a.example/p/1</loc><lastmod>2026-11-30</lastmod><image:image><image:title>I</image:title></image:image><video:video><video:title>V</video:title></video:video></url></urlset>`,
	} {
		f.Add([]byte(s), "text/html")
	}
	now := time.Date(2026, 11, 30, 12, 0, 0, 0, time.UTC)
	f.Fuzz(func(t *testing.T, body []byte, ctype string) {
		resp := &fetch.Response{URL: "https://a.example/section/", Status: 200, Header: http.Header{"Content-Type": {ctype}}, Body: body}
		st := &State{Version: stateVersion, Source: resp.URL, URL: resp.URL, Status: StatusOK, LastOK: now, Entries: []Entry{{URL: "https://a.example/article/old-story-that-was-here/", Title: "old", Published: now.Add(-time.Hour)}}}
		r, err := interpret(resp, st, now)
		if err != nil {
			if err.Error() == "" {
				t.Fatal("an error without a sentence")
			}
			return
		}
		st.Kind, st.Title, st.Entries = r.kind, r.title, r.entries
		for _, format := range []string{FormatAtom, FormatJSON} {
			var b bytes.Buffer
			if err := Write(&b, st, format, ""); err != nil {
				t.Fatalf("write %s: %v", format, err)
			}
			var back struct {
				Entries []struct {
					Title string `xml:"title"`
				} `xml:"entry"`
			}
			if format == FormatAtom {
				if err := xml.Unmarshal(b.Bytes(), &back); err != nil || len(back.Entries) != len(st.Entries) {
					t.Fatalf("the Atom written does not read back (%v, %d of %d entries):\n%s", err, len(back.Entries), len(st.Entries), b.Bytes())
				}
			} else if !json.Valid(b.Bytes()) {
				t.Fatalf("the JSON Feed written is not JSON:\n%s", b.Bytes())
			}
		}
	})
}
