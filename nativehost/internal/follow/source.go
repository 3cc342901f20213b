package follow

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"slices"
	"strings"
	"time"

	"feedscout/common/classify"
	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"

	"feedscout/common/report"
	"feedscout/common/report/kind"
)

// read is what one fetched body of a source gives.
type read struct {
	kind    kind.SourceKind
	title   string
	entries []Entry
}

// interpret reads a fetched source: an RSS or Atom feed (refused:
// subscribe to it directly), a JSON Feed (into Atom, for readers that read
// no JSON Feed), a sitemap (news or article; an index or a list of
// sections is refused with the way on), or an HTML section page. st gives
// the first-seen dates of a section's articles and of a JSON Feed's
// undated items.
func interpret(resp *fetch.Response, st *State, now time.Time) (*read, error) {
	body, ctype := resp.Body, resp.Header.Get("Content-Type")
	// The sitemap reader first: it streams, and most sources are sitemaps.
	sm, err := sitemap.Parse(bytes.NewReader(body))
	if err == nil {
		return fromSitemap(sm, body, resp.URL, now)
	}
	if sum, ferr := feed.Parse(body, ctype); ferr == nil {
		if sum.Format == "json" {
			return fromJSONFeed(body, resp.URL, st, now)
		}
		return nil, &sourceError{kind: ErrAlreadyFeed, sentence: "already a feed: subscribe to it directly (" + resp.URL + ")."}
	} else if st.Kind == kind.JSONFeed {
		return nil, fmt.Errorf("%s no longer reads as a JSON Feed (%s); the publisher may be changing it.", resp.URL, strings.TrimPrefix(ferr.Error(), "parse feed: "))
	}
	if !errors.Is(err, sitemap.ErrNotSitemap) || st.Kind == kind.NewsSitemap || st.Kind == kind.ArticleSitemap {
		return nil, fmt.Errorf("%s no longer reads as a sitemap (%s); the publisher may be changing it.", resp.URL, strings.TrimPrefix(err.Error(), "parse sitemap: "))
	}
	if !htmlish(ctype, body) {
		return nil, badSource("%s is neither a sitemap, a JSON Feed nor a web page (Content-Type %q); give the address of a news sitemap, an article sitemap, a section page or a JSON Feed.", resp.URL, ctype)
	}
	return fromSection(resp, st, now)
}

// htmlish: served as HTML, or looks like it.
func htmlish(ctype string, body []byte) bool {
	if strings.Contains(strings.ToLower(ctype), "html") {
		return true
	}
	head := bytes.ToLower(body[:min(len(body), 512)])
	return bytes.Contains(head, []byte("<html")) || bytes.Contains(head, []byte("<!doctype html"))
}

// fromSitemap makes the entries of a news or article sitemap; body is the
// file as fetched, read again for titles (mediaTitles.best) only when an
// entry needs one.
func fromSitemap(sm *sitemap.Sitemap, body []byte, at string, now time.Time) (*read, error) {
	if sm.Kind == sitemap.KindIndex {
		first := ""
		if len(sm.Entries) > 0 {
			first = ", such as " + sm.Entries[0].Loc
		}
		return nil, badSource("%s is a sitemap index of %d sitemaps; follow one of them%s.", at, len(sm.Entries), first)
	}
	base, _ := url.Parse(at)
	abs := func(loc string) string {
		if u, err := base.Parse(loc); err == nil {
			return u.String()
		}
		return loc
	}
	news := slices.ContainsFunc(sm.Entries, func(e sitemap.Entry) bool { return e.News != nil })
	if news {
		r := &read{kind: kind.NewsSitemap}
		name := ""
		untitled := map[string]bool{}
		for _, e := range sm.Entries {
			if e.News != nil && strings.TrimSpace(e.News.Title) == "" {
				untitled[e.Loc] = true
			}
		}
		media := sitemapTitles(body, untitled)
		for _, e := range sm.Entries {
			if e.News == nil {
				continue
			}
			if name == "" {
				name = e.News.PublicationName
			}
			date := e.News.PublicationDate
			if date.IsZero() {
				date = e.Lastmod
			}
			title := media[e.Loc].best(e.News.Title, e.Loc)
			r.entries = append(r.entries, Entry{URL: abs(e.Loc), Title: title, Published: date})
		}
		r.title = siteTitle(name, base.Hostname(), sitemap.Department(at))
		newestFirst(r.entries)
		// Google News reads at most 1,000 entries of a news sitemap; a
		// file with more is not one to keep whole.
		r.entries = r.entries[:min(len(r.entries), sitemap.NewsLimit)]
		return r, nil
	}
	if sitemap.Judge(sm, now).Usable == report.SitemapSections {
		return nil, badSource("%s lists section pages, not articles; follow one of its sections instead.", at)
	}
	newest := newestDated(sm.Entries, MaxEntries)
	if len(newest) == 0 {
		return nil, badSource("%s lists no dated pages (no <lastmod>), so its newest articles cannot be told; follow a news sitemap or a section page of the site instead.", at)
	}
	r := &read{kind: kind.ArticleSitemap, title: siteTitle("", base.Hostname(), "articles")}
	want := make(map[string]bool, len(newest))
	for _, i := range newest {
		want[sm.Entries[i].Loc] = true
	}
	media := sitemapTitles(body, want)
	for _, i := range newest {
		e := sm.Entries[i]
		r.entries = append(r.entries, Entry{URL: abs(e.Loc), Title: media[e.Loc].best("", e.Loc), Published: e.Lastmod})
	}
	return r, nil
}

// newestDated returns the indexes of the n entries with the latest
// lastmod, newest first (file order among equal dates), without copying
// the entries: a 50,000-URL sitemap is read once, keeping n indexes.
func newestDated(es []sitemap.Entry, n int) []int {
	var top []int                  // sorted newest first
	later := func(i, j int) bool { // i sorts before j
		if c := es[i].Lastmod.Compare(es[j].Lastmod); c != 0 {
			return c > 0
		}
		return i < j
	}
	for i := range es {
		if es[i].Lastmod.IsZero() || (len(top) == n && !later(i, top[n-1])) {
			continue
		}
		at, _ := slices.BinarySearchFunc(top, i, func(t, i int) int {
			if later(t, i) {
				return -1
			}
			return 1
		})
		if len(top) == n {
			top = top[:n-1]
		}
		top = slices.Insert(top, at, i)
	}
	return top
}

// fromSection makes the entries of a section page: the section rule's
// articles (same-host article links, the dominant segment), titled with
// their anchor text, dated when first seen. A page with no article link
// left is an error (its layout changed), so the last good entries stay.
func fromSection(resp *fetch.Response, st *State, now time.Time) (*read, error) {
	p, err := classify.Classify(resp.URL, resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		return nil, fmt.Errorf("%s could not be read as a web page: %v.", resp.URL, err)
	}
	links := classify.Dominant(p.Articles)
	if len(links) == 0 {
		if st.LastOK.IsZero() {
			return nil, badSource("%s links to no articles, so it is not a section page feedscout can follow.", resp.URL)
		}
		return nil, fmt.Errorf("%s links to no articles any more (its layout may have changed).", resp.URL)
	}
	seen := make(map[string]time.Time, len(st.Entries))
	for _, e := range st.Entries {
		seen[e.URL] = e.Published
	}
	u, _ := url.Parse(resp.URL)
	r := &read{kind: kind.Section, title: p.Title}
	if r.title == "" {
		r.title = siteTitle("", u.Hostname(), strings.Trim(u.Path, "/"))
	}
	for _, l := range links {
		date, ok := seen[l.URL]
		if !ok {
			date = now.UTC().Truncate(time.Second)
		}
		title := strings.TrimSpace(l.Text)
		if title == "" {
			title = slugTitle(l.URL)
		}
		r.entries = append(r.entries, Entry{URL: l.URL, Title: title, Published: date})
	}
	newestFirst(r.entries) // stable: the page's order among links first seen together
	r.entries = r.entries[:min(len(r.entries), MaxEntries)]
	return r, nil
}

// newestFirst sorts entries by date, newest first, keeping the file's
// order among equal dates.
func newestFirst(es []Entry) {
	slices.SortStableFunc(es, func(a, b Entry) int { return b.Published.Compare(a.Published) })
}

// siteTitle names the site and what of it is followed: "朝日新聞デジタル ·
// national", "www.example.com · articles".
func siteTitle(name, host, part string) string {
	if name == "" {
		name = host
	}
	if part == "" {
		return name
	}
	return name + " · " + part
}
