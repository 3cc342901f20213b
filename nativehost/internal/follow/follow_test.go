package follow

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"testing"
	"time"

	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/feed"
	"feedscout/tests/fixtureweb"
)

// TestNewsSitemap: a news sitemap becomes entries with the sitemap's
// titles, links and dates, newest first, titled by the publication; the
// output parses as Atom with the same items.
func TestNewsSitemap(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 3, 12, time.Minute)
	st := d.feed(t, "/news-sitemap.xml")
	if st.Kind != kind.NewsSitemap || st.Title != fixtureweb.NewsdeskName {
		t.Errorf("kind %q title %q", st.Kind, st.Title)
	}
	arts := d.Articles()
	if len(st.Entries) != len(arts) {
		t.Fatalf("%d entries, want %d", len(st.Entries), len(arts))
	}
	for i, e := range st.Entries {
		a := arts[len(arts)-1-i]
		if e.URL != a.URL || e.Title != a.Title || !e.Published.Equal(a.Published) {
			t.Errorf("entry %d = %+v, want %+v", i, e, a)
		}
	}
	items, err := feed.Items([]byte(atom(t, st)), "application/atom+xml")
	if err != nil || len(items) != len(arts) || items[0].Title != arts[len(arts)-1].Title {
		t.Errorf("Atom read back: %d items, err %v", len(items), err)
	}
}

// TestDepartment: one department of a news sitemap index is titled with
// the publication and the department; the index itself is refused with a
// way on; so are a feed and a list of sections.
func TestDepartment(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 3, 12, time.Minute)
	st := d.feed(t, "/sitemap_business.xml")
	if st.Title != fixtureweb.NewsdeskName+" · business" || len(st.Entries) != 4 {
		t.Errorf("title %q, %d entries", st.Title, len(st.Entries))
	}
	for _, c := range []struct {
		path string
		kind error
		says string
	}{
		{"/sitemap_news.xml", ErrBadSource, "sitemap index of 2 sitemaps; follow one of them"},
		{"/feed.xml", ErrAlreadyFeed, "already a feed: subscribe to it directly"},
		{"/sections-sitemap.xml", ErrBadSource, "lists section pages, not articles"},
	} {
		for range 2 { // fetched, then answered from the state within the interval
			_, err := d.f.Feed(context.Background(), d.URL(c.path))
			if !errors.Is(err, c.kind) || !strings.Contains(err.Error(), c.says) {
				t.Errorf("%s: error %v, want %v saying %q", c.path, err, c.kind, c.says)
			}
		}
		if n, _ := d.hits(c.path); n != 1 {
			t.Errorf("%s fetched %d times, want once per interval", c.path, n)
		}
	}
}

// TestSectionFirstSeen: a section page's articles, titled by their anchor
// text and dated when first seen; two published later get the later date
// and come first.
func TestSectionFirstSeen(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 2, 6, time.Minute)
	st := d.feed(t, "/section/world/")
	if st.Kind != kind.Section || st.Title != "World | "+fixtureweb.NewsdeskName || len(st.Entries) != 3 {
		t.Fatalf("kind %q title %q, %d entries", st.Kind, st.Title, len(st.Entries))
	}
	first := d.clock.Now()
	for _, e := range st.Entries {
		if !e.Published.Equal(first) || !strings.Contains(e.Title, "story") {
			t.Errorf("entry %+v: want dated %v, titled by its anchor", e, first)
		}
	}
	d.clock.Add(2 * time.Minute)
	added := d.Publish(2, 0)
	st = d.feed(t, "/section/world/")
	if len(st.Entries) != 5 {
		t.Fatalf("%d entries after publishing 2, want 5", len(st.Entries))
	}
	for i, e := range st.Entries {
		want := first
		if i < 2 {
			want = d.clock.Now()
		}
		if !e.Published.Equal(want) {
			t.Errorf("entry %d %s dated %v, want %v", i, e.URL, e.Published, want)
		}
	}
	if st.Entries[0].URL != added[0].URL && st.Entries[0].URL != added[1].URL {
		t.Errorf("newest entry %s is not a new article", st.Entries[0].URL)
	}
}

// TestIntervalAndConditional: within the interval no request; after it one
// conditional request answered 304 when nothing changed; after a change a
// full download with exactly the new entries.
func TestIntervalAndConditional(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 3, 5, 15*time.Minute)
	const p = "/news-sitemap.xml"
	d.feed(t, p)
	d.clock.Add(14 * time.Minute)
	res, err := d.f.Feed(context.Background(), d.URL(p))
	if err != nil || res.Fetched {
		t.Fatalf("within the interval: fetched %v, err %v", res != nil && res.Fetched, err)
	}
	if n, _ := d.hits(p); n != 1 {
		t.Errorf("%d requests within the interval, want 1", n)
	}
	d.clock.Add(time.Minute)
	st := d.feed(t, p)
	if n, nm := d.hits(p); n != 2 || nm != 1 || st.Result != "304" {
		t.Errorf("after the interval: %d requests, %d answered 304, result %q; want 2, 1, 304", n, nm, st.Result)
	}
	d.clock.Add(15 * time.Minute)
	d.Publish(2, -1)
	st = d.feed(t, p)
	if len(st.Entries) != 7 || st.Downloads != 2 {
		t.Errorf("after publishing 2: %d entries, %d downloads; want 7, 2", len(st.Entries), st.Downloads)
	}
}

// TestCacheControl: max-age holds a source back beyond the interval, up to
// an hour, no more.
func TestCacheControl(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 3, 5, time.Minute)
	d.SetMaxAge(7200)
	st := d.feed(t, "/news-sitemap.xml")
	if got := st.NextFetch.Sub(st.LastFetch); got != MaxCacheWait {
		t.Errorf("next fetch %v after the last, want the 1 h cap", got)
	}
	d.SetMaxAge(300)
	d.clock.Add(time.Hour)
	st = d.feed(t, "/news-sitemap.xml")
	if got := st.NextFetch.Sub(st.LastFetch); got != 5*time.Minute {
		t.Errorf("next fetch %v after the last, want max-age 5 min", got)
	}
}

// TestFaults: 301 remembered, an hour of 500 then back (entries kept,
// backing off, said in the subtitle), a malformed sitemap, a section whose
// layout changed, 410 for good.
func TestFaults(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 2, 6, 15*time.Minute)
	const p = "/news-sitemap.xml"
	good := d.feed(t, p)

	// An hour of 500s then back: tries at 15, 30 (doubling: +30), 60 min.
	d.Set(p, fixtureweb.Mode{Status: 500})
	var tries []time.Duration
	start := d.clock.Now()
	for range 60 {
		d.clock.Add(time.Minute)
		res, err := d.f.Feed(context.Background(), d.URL(p))
		if err != nil {
			t.Fatal(err)
		}
		if res.Fetched {
			tries = append(tries, d.clock.Now().Sub(start))
		}
		if st := res.State; st.Status == StatusFailing {
			if len(st.Entries) != len(good.Entries) {
				t.Fatalf("failing feed has %d entries, want the last good %d", len(st.Entries), len(good.Entries))
			}
			if sub := Subtitle(st); !strings.Contains(sub, "answered 500") || !strings.Contains(sub, "tries again after") {
				t.Fatalf("subtitle %q does not say why and when", sub)
			}
		}
	}
	if want := []time.Duration{15 * time.Minute, 30 * time.Minute, 60 * time.Minute}; !equalDurations(tries, want) {
		t.Errorf("tries during the outage at %v, want %v", tries, want)
	}
	d.Set(p, fixtureweb.Mode{})
	d.clock.Add(2 * time.Hour)
	st := d.feed(t, p)
	if st.Status != StatusOK || st.Failures != 0 || strings.Contains(Subtitle(st), "failed") {
		t.Errorf("back: status %q, failures %d, subtitle %q", st.Status, st.Failures, Subtitle(st))
	}

	// Malformed sitemap.
	d.Set(p, fixtureweb.Mode{Body: "<?xml version=\"1.0\"?><urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\"><url><loc>x", ContentType: "application/xml"})
	d.clock.Add(time.Hour)
	st = d.feed(t, p)
	if st.Status != StatusFailing || len(st.Entries) != len(good.Entries) || !strings.Contains(st.Problem, "no longer reads as a sitemap") {
		t.Errorf("malformed: status %q, %d entries, problem %q", st.Status, len(st.Entries), st.Problem)
	}
	d.Set(p, fixtureweb.Mode{})

	// Layout change on a section.
	const s = "/section/business/"
	sec := d.feed(t, s)
	d.Set(s, fixtureweb.Mode{Body: "<!DOCTYPE html><html><head><title>Business</title></head><body><p>New design, coming soon.</p><a href=\"/about/\">About</a></body></html>"})
	d.clock.Add(time.Hour)
	st = d.feed(t, s)
	if st.Status != StatusFailing || len(st.Entries) != len(sec.Entries) || !strings.Contains(Subtitle(st), "links to no articles any more") {
		t.Errorf("layout change: status %q, %d entries, subtitle %q", st.Status, len(st.Entries), Subtitle(st))
	}

	// 301: followed and remembered.
	d.Set(p, fixtureweb.Mode{Location: d.URL("/moved/news.xml"), Status: http.StatusMovedPermanently})
	d.Set("/moved/news.xml", fixtureweb.Mode{Location: d.URL("/news-sitemap.xml?v=2"), Status: http.StatusPermanentRedirect})
	d.clock.Add(time.Hour)
	st = d.feed(t, p)
	if st.URL != d.URL("/news-sitemap.xml?v=2") || !strings.Contains(Subtitle(st), "moved permanently (301, 308)") {
		t.Errorf("after 301+308: url %s, subtitle %q", st.URL, Subtitle(st))
	}
	before, _ := d.hits(p)
	d.clock.Add(time.Hour)
	d.feed(t, p)
	if after, _ := d.hits(p); after != before {
		t.Errorf("the old URL was asked again after a permanent redirect")
	}

	// 410: stops for good.
	d.Set("/news-sitemap.xml?v=2", fixtureweb.Mode{Status: http.StatusGone})
	d.clock.Add(time.Hour)
	st = d.feed(t, p)
	if st.Status != StatusGone || !strings.Contains(Subtitle(st), "410 Gone") || len(st.Entries) == 0 {
		t.Errorf("410: status %q, subtitle %q, %d entries", st.Status, Subtitle(st), len(st.Entries))
	}
	n, _ := d.hits("/news-sitemap.xml?v=2")
	d.clock.Add(48 * time.Hour)
	if res, err := d.f.Feed(context.Background(), d.URL(p)); err != nil || res.Fetched {
		t.Errorf("after 410: fetched again (%v)", err)
	}
	if m, _ := d.hits("/news-sitemap.xml?v=2"); m != n {
		t.Errorf("a gone source was fetched again")
	}
}

func equalDurations(a, b []time.Duration) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

// TestSlowServer: a timeout on the first fetch is no feed yet, with the
// reason; on a later fetch the last good entries stay.
func TestSlowServer(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 2, 4, time.Minute)
	d.Set("/news-sitemap.xml", fixtureweb.Mode{Delay: 5 * time.Second})
	_, err := d.f.Feed(context.Background(), d.URL("/news-sitemap.xml"))
	if !errors.Is(err, ErrNoFeedYet) || !strings.Contains(err.Error(), "did not answer within 2s") {
		t.Fatalf("slow first fetch: %v", err)
	}
	d.Set("/news-sitemap.xml", fixtureweb.Mode{})
	d.clock.Add(time.Minute)
	good := d.feed(t, "/news-sitemap.xml")
	d.Set("/news-sitemap.xml", fixtureweb.Mode{Delay: 5 * time.Second})
	d.clock.Add(time.Minute)
	st := d.feed(t, "/news-sitemap.xml")
	if st.Status != StatusFailing || len(st.Entries) != len(good.Entries) || st.Result != "timeout" {
		t.Errorf("slow later fetch: status %q result %q, %d entries", st.Status, st.Result, len(st.Entries))
	}
}

// TestCheckSource refuses what must not be fetched, before any request.
func TestCheckSource(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 1, 1, time.Minute)
	strict := d.follower(t, t.TempDir(), time.Minute)
	strict.client = newStrictClient()
	for _, u := range []string{"file:///etc/passwd", "http://127.0.0.1:22/", "http://169.254.169.254/latest/meta-data/",
		"http://localhost/x", "https://" + strings.Repeat("a", 100<<10) + ".com/", "not a url", "https://user:pw@example.com/"} {
		if _, err := strict.Feed(context.Background(), u); !errors.Is(err, ErrBadSource) {
			t.Errorf("%.60s: error %v, want ErrBadSource", u, err)
		}
	}
	if len(d.web.HitHosts()) != 0 {
		t.Errorf("requests were made: %v", d.web.HitHosts())
	}
}

// TestSectionsSitemap: with several sections of one site followed, the
// site's sections sitemap (named in robots.txt, with lastmod) is read first
// and only the section that moved is fetched again.
func TestSectionsSitemap(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 4, 8, 15*time.Minute)
	for _, s := range d.Sections {
		d.feed(t, "/section/"+s+"/")
	}
	d.clock.Add(15 * time.Minute)
	d.Publish(1, 2) // into the third section only
	d.clock.Add(time.Second)
	var results []string
	for _, s := range d.Sections {
		results = append(results, d.feed(t, "/section/"+s+"/").Result)
	}
	for i, s := range d.Sections {
		n, _ := d.hits("/section/" + s + "/")
		want, result := 1, "skipped: unchanged in the sections sitemap"
		switch i {
		case 0:
			// The first section was followed before the second made the
			// sitemap worth reading: it has no lastmod yet, so one more fetch.
			want, result = 2, "304"
		case 2:
			want, result = 2, "200"
		}
		if n != want || results[i] != result {
			t.Errorf("section %s: %d fetches, result %q; want %d, %q", s, n, results[i], want, result)
		}
	}
	if n, _ := d.hits("/sections-sitemap.xml"); n != 2 {
		t.Errorf("sections sitemap read %d times, want once per interval (found in the first round, read in the second)", n)
	}
	st := d.feed(t, "/section/"+d.Sections[2]+"/")
	if len(st.Entries) != 3 {
		t.Errorf("the moved section has %d entries, want 3", len(st.Entries))
	}
	// The next interval: nothing moved; the sitemap answers 304, no section is fetched.
	d.clock.Add(15 * time.Minute)
	for _, s := range d.Sections {
		d.feed(t, "/section/"+s+"/")
	}
	if n, nm := d.hits("/sections-sitemap.xml"); n != 3 || nm != 1 {
		t.Errorf("sections sitemap: %d reads, %d answered 304; want 3, 1", n, nm)
	}
	for i, s := range d.Sections {
		want := 1
		if i == 0 || i == 2 {
			want = 2
		}
		if n, _ := d.hits("/section/" + s + "/"); n != want {
			t.Errorf("section %s fetched %d times, want %d", s, n, want)
		}
	}
}

// TestCanceled: a fetch the caller gives up on is not the site's failure:
// the state stays as it was, and the next call fetches at once.
func TestCanceled(t *testing.T) {
	t.Parallel()
	d := startDesk(t, 2, 4, time.Minute)
	d.Set("/news-sitemap.xml", fixtureweb.Mode{Delay: time.Second})
	ctx, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	if _, err := d.f.Feed(ctx, d.URL("/news-sitemap.xml")); !errors.Is(err, context.DeadlineExceeded) {
		t.Fatalf("canceled fetch: %v", err)
	}
	d.Set("/news-sitemap.xml", fixtureweb.Mode{})
	st := d.feed(t, "/news-sitemap.xml")
	if st.Failures != 0 || st.Status != StatusOK || len(st.Entries) != 4 {
		t.Errorf("after a canceled fetch: status %q, %d failures, %d entries", st.Status, st.Failures, len(st.Entries))
	}
}

// TestNikkeiSections: on the Nikkei fixture (robots.txt names a company
// sitemap first, then sections_sitemap.xml with lastmod), following three
// sections finds the sections sitemap, and once each section's lastmod is
// kept, a round costs one conditional read of that sitemap and no section.
func TestNikkeiSections(t *testing.T) {
	t.Parallel()
	var nikkei fixtureweb.Site
	for _, s := range fixtureweb.DefaultSites() {
		if s.Name == "nikkei" {
			nikkei = s
		}
	}
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{nikkei}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	d := &desk{web: w, clock: &fakeClock{t: time.Now()}}
	f := d.follower(t, t.TempDir(), 15*time.Minute)
	sections := []string{"https://www.nikkei.com/business/startups/", "https://www.nikkei.com/economy/", "https://www.nikkei.com/technology/ai/"}
	hits := func(path string) int {
		n := 0
		for _, h := range w.Hits("www.nikkei.com") {
			if h.Path == path {
				n++
			}
		}
		return n
	}
	for round := range 3 {
		for _, s := range sections {
			res, err := f.Feed(context.Background(), s)
			if err != nil {
				t.Fatalf("round %d, %s: %v", round, s, err)
			}
			if len(res.State.Entries) != 20 {
				t.Errorf("round %d, %s: %d entries, want 20", round, s, len(res.State.Entries))
			}
		}
		d.clock.Add(15 * time.Minute)
	}
	if n := hits("/sitemap_nkd.xml"); n != 1 {
		t.Errorf("the company sitemap was read %d times, want once (looked at, not a sections sitemap)", n)
	}
	if n := hits("/sections_sitemap.xml"); n != 3 {
		t.Errorf("sections_sitemap.xml read %d times, want once per round", n)
	}
	// The first section was followed before the second made the sitemap
	// worth reading: one more fetch in round 2; the others only once.
	for i, s := range []string{"/business/startups/", "/economy/", "/technology/ai/"} {
		want := 1
		if i == 0 {
			want = 2
		}
		if n := hits(s); n != want {
			t.Errorf("%s fetched %d times in 3 rounds, want %d", s, n, want)
		}
	}
}
