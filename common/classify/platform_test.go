package classify

import (
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"
	"time"
)

// feedLines is a page's derived feeds as "rule URL" lines, and its
// advertised ones as "- URL".
func feedLines(p *Page) []string {
	var out []string
	for _, f := range p.Feeds {
		r := f.Rule
		if r == "" {
			r = "-"
		}
		out = append(out, r+" "+f.URL)
	}
	return out
}

// TestPlatformMiniflux reproduces Miniflux's own cases
// (internal/reader/subscription/finder_test.go: TestFindYoutubeFeed and
// TestFindGitHubFeed), URL alone, with Miniflux's expected feeds in its
// order. Two of theirs differ on purpose, noted in place; Miniflux's
// "invalid URL" cases are Platform's error.
func TestPlatformMiniflux(t *testing.T) {
	const yt = "https://www.youtube.com/feeds/videos.xml?"
	cases := []struct {
		url  string
		want []string
	}{
		// Miniflux: TestFindYoutubeFeed.
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ", nil},
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ&t=1", nil},
		{"https://www.youtube.com/watch?t=1&v=dQw4w9WgXcQ", nil},
		{"https://www.youtube.com/channel/UC-Qj80avWItNRjkZ41rzHyw", []string{
			"youtube-channel " + yt + "channel_id=UC-Qj80avWItNRjkZ41rzHyw",
			"youtube-videos " + yt + "playlist_id=UULF-Qj80avWItNRjkZ41rzHyw",
			"youtube-shorts " + yt + "playlist_id=UUSH-Qj80avWItNRjkZ41rzHyw",
			"youtube-live " + yt + "playlist_id=UULV-Qj80avWItNRjkZ41rzHyw"}},
		{"https://www.youtube.com/@ABCDEFG", nil}, // the page's canonical link decides (TestPlatformPages)
		{"https://www.youtube.com/playlist?list=PLOOwEPgFWm_NHcQd9aCi5JXWASHO_n5uR", []string{"youtube-playlist " + yt + "playlist_id=PLOOwEPgFWm_NHcQd9aCi5JXWASHO_n5uR"}},
		{"https://www.youtube.com/watch?v=dQw4w9WgXcQ&list=PLOOwEPgFWm_N42HlCLhqyJ0ZBWr5K1QDM", []string{"youtube-playlist " + yt + "playlist_id=PLOOwEPgFWm_N42HlCLhqyJ0ZBWr5K1QDM"}},
		{"https://www.youtube.com/watch?v=6IutBmRJNLk&list=PLOOwEPgFWm_NHcQd9aCi5JXWASHO_n5uR&index=4", []string{"youtube-playlist " + yt + "playlist_id=PLOOwEPgFWm_NHcQd9aCi5JXWASHO_n5uR"}},
		{"https://www.youtube.com/playlist?list=", nil},
		{"https://www.example.com/channel/UC-Qj80avWItNRjkZ41rzHyw", nil},
		// Miniflux: TestFindGitHubFeed.
		{"https://github.com/jvoisin", []string{"github-user https://github.com/jvoisin.atom"}},
		{"https://github.com/miniflux", []string{"github-user https://github.com/miniflux.atom"}},
		{"https://github.com/jvoisin/", []string{"github-user https://github.com/jvoisin.atom"}},
		{"https://www.github.com/jvoisin", []string{"github-user https://github.com/jvoisin.atom"}},
		{"https://github.com/miniflux/v2", []string{
			"github-commits https://github.com/miniflux/v2/commits.atom",
			"github-releases https://github.com/miniflux/v2/releases.atom",
			"github-tags https://github.com/miniflux/v2/tags.atom"}},
		{"https://github.com/miniflux/v2/", []string{
			"github-commits https://github.com/miniflux/v2/commits.atom",
			"github-releases https://github.com/miniflux/v2/releases.atom",
			"github-tags https://github.com/miniflux/v2/tags.atom"}},
		{"https://github.com/miniflux/v2/blob/main/README.md", nil},
		{"https://github.com/jvoisin/mat2/test/something/wrong/lol", nil},
		{"https://github.com/", nil},
		{"https://github.com", nil},
		{"https://example.org/jvoisin", nil},
		{"https://notgithub.com/jvoisin", nil},
	}
	for _, c := range cases {
		feeds, err := Platform(c.url)
		if err != nil {
			t.Errorf("Platform(%s): %v", c.url, err)
			continue
		}
		if got := feedLines(&Page{Feeds: feeds}); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Platform(%s)\n got %q\nwant %q", c.url, got, c.want)
		}
	}
	for _, bad := range []string{"https://example|org/", "https://github|com/"} {
		if _, err := Platform(bad); err == nil {
			t.Errorf("Platform(%q): no error", bad)
		}
	}
}

// TestPlatformRules holds each platform's rule to real URLs of the
// platform (feedscout's cases; Get RSS Feed URL's where noted) and to
// the platform's own pages, which are no one's feed.
func TestPlatformRules(t *testing.T) {
	cases := []struct {
		url  string
		want []string
	}{
		// YouTube's mobile and music hosts, a channel's tab, youtu.be.
		{"https://m.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA/videos", []string{
			"youtube-channel https://www.youtube.com/feeds/videos.xml?channel_id=UCsBjURrPoezykLs9EqgamOA",
			"youtube-videos https://www.youtube.com/feeds/videos.xml?playlist_id=UULFsBjURrPoezykLs9EqgamOA",
			"youtube-shorts https://www.youtube.com/feeds/videos.xml?playlist_id=UUSHsBjURrPoezykLs9EqgamOA",
			"youtube-live https://www.youtube.com/feeds/videos.xml?playlist_id=UULVsBjURrPoezykLs9EqgamOA"}},
		{"https://m.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs", []string{"youtube-playlist https://www.youtube.com/feeds/videos.xml?playlist_id=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs"}},
		{"https://youtu.be/dQw4w9WgXcQ?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs", []string{"youtube-playlist https://www.youtube.com/feeds/videos.xml?playlist_id=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs"}},
		{"https://www.youtube.com/channel/UC", nil},
		{"https://www.youtube.com/playlist?list=PL1%26channel_id%3DUCx", nil}, // nothing that needs escaping
		{"https://www.youtube.com/results?search_query=golang", nil},
		// GitHub: the releases or tags page's own feed; reserved paths.
		{"https://github.com/golang/go/releases", []string{"github-releases https://github.com/golang/go/releases.atom"}},
		{"https://github.com/golang/go/releases/tag/go1.22.0", []string{"github-releases https://github.com/golang/go/releases.atom"}},
		{"https://github.com/golang/go/tags", []string{"github-tags https://github.com/golang/go/tags.atom"}},
		{"https://github.com/settings", nil},
		{"https://github.com/settings/profile", nil},
		{"https://github.com/topics/go", nil},
		{"https://github.com/features/actions", nil},
		{"https://github.com/orgs/golang/repositories", nil},
		{"https://github.com/marketplace", nil},
		{"https://github.com/sponsors/jvoisin", nil},
		// GitLab (Get RSS Feed URL derives GitLab projects too).
		{"https://gitlab.com/gitlab-org/gitlab", []string{
			"gitlab-project https://gitlab.com/gitlab-org/gitlab.atom",
			"gitlab-tags https://gitlab.com/gitlab-org/gitlab/-/tags?format=atom"}},
		{"https://gitlab.com/gitlab-org/gitlab/-/issues/1", []string{"gitlab-project https://gitlab.com/gitlab-org/gitlab.atom"}},
		{"https://gitlab.com/sytses", []string{"gitlab-user https://gitlab.com/sytses.atom"}},
		{"https://gitlab.com/explore/projects", nil},
		{"https://gitlab.com/users/sign_in", nil},
		// Reddit (Get RSS Feed URL: the path + .rss), old.reddit too.
		{"https://www.reddit.com/r/golang/", []string{"reddit-subreddit https://www.reddit.com/r/golang/.rss"}},
		{"https://old.reddit.com/r/golang/top/?t=week", []string{"reddit-subreddit https://www.reddit.com/r/golang/.rss"}},
		{"https://www.reddit.com/r/golang/comments/1b2c3d4/go_122_is_released/", []string{"reddit-thread https://www.reddit.com/r/golang/comments/1b2c3d4/.rss"}},
		{"https://www.reddit.com/user/spez/", []string{"reddit-user https://www.reddit.com/user/spez/.rss"}},
		{"https://www.reddit.com/u/spez", []string{"reddit-user https://www.reddit.com/user/spez/.rss"}},
		{"https://www.reddit.com/settings", nil},
		// Medium (Get RSS Feed URL: users, tags, publications).
		{"https://medium.com/@ev", []string{"medium-user https://medium.com/feed/@ev"}},
		{"https://medium.com/@ev/welcome-to-medium-9e53ca408c48", []string{"medium-user https://medium.com/feed/@ev"}},
		{"https://medium.com/tag/golang", []string{"medium-tag https://medium.com/feed/tag/golang"}},
		{"https://medium.com/better-programming/a-story-1234", []string{"medium-publication https://medium.com/feed/better-programming"}},
		{"https://towardsdatascience.medium.com/", []string{"medium-publication https://towardsdatascience.medium.com/feed"}},
		{"https://medium.com/m/signin", nil},
		{"https://medium.com/membership", nil},
		// Substack, Tumblr, Blogger.
		{"https://astralcodexten.substack.com/p/some-post", []string{"substack https://astralcodexten.substack.com/feed"}},
		{"https://staff.tumblr.com/", []string{"tumblr https://staff.tumblr.com/rss"}},
		{"https://www.tumblr.com/staff", []string{"tumblr https://staff.tumblr.com/rss"}},
		{"https://www.tumblr.com/explore/trending", nil},
		{"https://googleblog.blogspot.com/2024/01/post.html", []string{"blogger https://googleblog.blogspot.com/feeds/posts/default"}},
		{"https://www.blogspot.com/", nil},
		// Vimeo channels (Get RSS Feed URL).
		{"https://vimeo.com/channels/staffpicks", []string{"vimeo-channel https://vimeo.com/channels/staffpicks/videos/rss"}},
		{"https://vimeo.com/channels/staffpicks/123456", []string{"vimeo-channel https://vimeo.com/channels/staffpicks/videos/rss"}},
		{"https://vimeo.com/123456", nil},
		// Stack Exchange questions.
		{"https://stackoverflow.com/questions/11227809/why-is-processing-a-sorted-array-faster", []string{"stackexchange-question https://stackoverflow.com/feeds/question/11227809"}},
		{"https://unix.stackexchange.com/questions/4126/what-is-the-exact-difference", []string{"stackexchange-question https://unix.stackexchange.com/feeds/question/4126"}},
		{"https://stackoverflow.com/questions/tagged/go", nil},
		// Steam, arXiv, Letterboxd.
		{"https://store.steampowered.com/app/620/Portal_2/", []string{"steam-app https://store.steampowered.com/feeds/news/app/620/"}},
		{"https://arxiv.org/list/cs.AI/recent", []string{"arxiv-listing https://rss.arxiv.org/rss/cs.AI"}},
		{"https://arxiv.org/abs/1706.03762", nil},
		{"https://letterboxd.com/dave/", []string{"letterboxd-user https://letterboxd.com/dave/rss/"}},
		{"https://letterboxd.com/dave/films/diary/", []string{"letterboxd-user https://letterboxd.com/dave/rss/"}},
		{"https://letterboxd.com/film/dune-part-two/", nil},
		// Mastodon and Bluesky profiles.
		{"https://mastodon.social/@Gargron", []string{"mastodon-profile https://mastodon.social/@Gargron.rss"}},
		{"https://mastodon.social/@Gargron/112345678901234567", []string{"mastodon-profile https://mastodon.social/@Gargron.rss"}},
		{"https://mastodon.social/explore", nil},
		{"https://bsky.app/profile/bsky.app", []string{"bluesky-profile https://bsky.app/profile/bsky.app/rss"}},
		// No platform: nothing derived.
		{"https://www.nikkei.com/business/", nil},
	}
	for _, c := range cases {
		feeds, err := Platform(c.url)
		if err != nil {
			t.Errorf("Platform(%s): %v", c.url, err)
			continue
		}
		if got := feedLines(&Page{Feeds: feeds}); !reflect.DeepEqual(got, c.want) {
			t.Errorf("Platform(%s)\n got %q\nwant %q", c.url, got, c.want)
		}
	}
}

// TestPlatformPages reads the platforms' own markup (snippets of the real
// pages' heads): the advertised feed stays first and is not repeated; a
// YouTube @handle page is its channel through its canonical link, a watch
// page through its channelId; a Substack on its own domain through its
// CMS.
func TestPlatformPages(t *testing.T) {
	const yt = "https://www.youtube.com/feeds/videos.xml?"
	cases := []struct {
		name, url, html string
		want            []string
	}{
		{"youtube handle", "https://www.youtube.com/@Fireship",
			`<link rel="canonical" href="https://www.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA">` +
				`<link rel="alternate" type="application/rss+xml" title="RSS" href="https://www.youtube.com/feeds/videos.xml?channel_id=UCsBjURrPoezykLs9EqgamOA">`,
			[]string{"- " + yt + "channel_id=UCsBjURrPoezykLs9EqgamOA",
				"youtube-videos " + yt + "playlist_id=UULFsBjURrPoezykLs9EqgamOA",
				"youtube-shorts " + yt + "playlist_id=UUSHsBjURrPoezykLs9EqgamOA",
				"youtube-live " + yt + "playlist_id=UULVsBjURrPoezykLs9EqgamOA"}},
		{"youtube watch", "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
			`<link rel="canonical" href="https://www.youtube.com/watch?v=dQw4w9WgXcQ"><meta itemprop="channelId" content="UCuAXFkgsw1L7xaCfnd5JJOw">`,
			[]string{"youtube-channel " + yt + "channel_id=UCuAXFkgsw1L7xaCfnd5JJOw",
				"youtube-videos " + yt + "playlist_id=UULFuAXFkgsw1L7xaCfnd5JJOw",
				"youtube-shorts " + yt + "playlist_id=UUSHuAXFkgsw1L7xaCfnd5JJOw",
				"youtube-live " + yt + "playlist_id=UULVuAXFkgsw1L7xaCfnd5JJOw"}},
		{"youtube handle, no canonical", "https://www.youtube.com/@Fireship",
			`<meta itemprop="identifier" content="UCsBjURrPoezykLs9EqgamOA">`,
			[]string{"youtube-channel " + yt + "channel_id=UCsBjURrPoezykLs9EqgamOA",
				"youtube-videos " + yt + "playlist_id=UULFsBjURrPoezykLs9EqgamOA",
				"youtube-shorts " + yt + "playlist_id=UUSHsBjURrPoezykLs9EqgamOA",
				"youtube-live " + yt + "playlist_id=UULVsBjURrPoezykLs9EqgamOA"}},
		{"youtube watch, the video's identifier", "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
			`<meta itemprop="identifier" content="dQw4w9WgXcQ">`, nil},
		{"old reddit", "https://old.reddit.com/r/golang/",
			`<link rel="alternate" type="application/atom+xml" title="RSS" href="https://old.reddit.com/r/golang/.rss">`,
			[]string{"- https://old.reddit.com/r/golang/.rss"}},
		{"mastodon", "https://mastodon.social/@Gargron",
			`<link href="https://mastodon.social/@Gargron.rss" rel="alternate" type="application/rss+xml">`,
			[]string{"- https://mastodon.social/@Gargron.rss"}},
		{"substack own domain", "https://www.slowboring.com/p/a-post",
			`<meta name="generator" content="Substack"><link rel="stylesheet" href="https://substackcdn.com/bundle/theme/main.css">`,
			[]string{"substack https://www.slowboring.com/feed"}},
		{"canonical elsewhere", "https://www.example.com/mirror",
			`<link rel="canonical" href="https://github.com/golang/go">`,
			[]string{"github-commits https://github.com/golang/go/commits.atom", "github-releases https://github.com/golang/go/releases.atom", "github-tags https://github.com/golang/go/tags.atom"}},
		{"channelId off youtube", "https://www.example.com/video",
			`<meta itemprop="channelId" content="UCuAXFkgsw1L7xaCfnd5JJOw">`, nil},
	}
	for _, c := range cases {
		p, err := Classify(c.url, []byte("<!DOCTYPE html><html><head>"+c.html+"</head><body></body></html>"), TextContentType)
		if err != nil {
			t.Fatal(err)
		}
		if got := feedLines(p); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s\n got %q\nwant %q", c.name, got, c.want)
		}
		for i, f := range p.Feeds {
			if f.Group != i+1 {
				t.Errorf("%s: feed %d in group %d", c.name, i, f.Group)
			}
		}
	}
}

// TestAutodiscoveryStandard is HTML's reading of feed links (the HTML
// standard, "Link types": alternate with an RSS or Atom type, the feed
// keyword with or without a type, rel a set of ASCII case-insensitive
// tokens), case by case as Firefox's own test page holds it
// (browser/base/content/test/general/feed_discovery.html: 13 feeds, 13
// bogus links), plus the Atom entry document (whatwg/html#7483). One
// deviation: application/rdf+xml, which Firefox's page calls bogus, is
// RSS 1.0 here (sites of the seed advertise it so).
func TestAutodiscoveryStandard(t *testing.T) {
	feeds := []string{
		`<link rel="alternate" type="application/atom+xml" href="/1.atom">`,
		`<link rel="alternate" type="application/rss+xml" href="/2.rss">`,
		`<link rel="feed" href="/3.xml">`,
		`<link rel=" alternate " type="application/atom+xml" href="/4.atom">`,
		`<link rel="foo alternate" type="application/atom+xml" href="/5.atom">`,
		`<link rel="alternate foo" type="application/atom+xml" href="/6.atom">`,
		`<link rel="foo alternate foo" type="application/atom+xml" href="/7.atom">`,
		`<link rel="meat feed cake" href="/8.atom">`,
		`<link rel="ALTERNate" type="application/atom+xml" href="/9.atom">`,
		`<link rel="fEEd" href="/10.atom">`,
		`<link rel="alternate" type="  application/atom+xml  " href="/11.atom">`,
		`<link rel="alternate" type="aPPliCAtion/ATom+xML" href="/12.atom">`,
		`<link rel="feed stylesheet" href="/13.atom">`,
	}
	bogus := []string{
		`<link rel="disabled-alternate" type="application/atom+xml" href="/b1">`,
		`<link rel="alternates" type="application/atom+xml" href="/b2">`,
		`<link rel=" alternate-like" type="application/atom+xml" href="/b3">`,
		`<link rel="alternate" type="text/xml" title="scissorsshaped" href="/b4">`,
		`<link rel="alternate" type="application/xml" title="scissorsshaped" href="/b5">`,
		`<link rel="alternate" type="text/plain" title="rss" href="/b7">`,
		`<link rel="foopy" type="application/atom+xml" title="Atom and RSS" href="/b8">`,
		`<link rel="goats" type="application/rss+xml" title="RSS and Atom" href="/b9">`,
		`<link rel="alternate" type="application/xml" title="RSS and Atom" href="/b11">`,
		`<link rel="alternate" type="text/xml" title="RSS and Atom" href="/b12">`,
		`<link rel="alternate stylesheet" type="application/rss+xml" title="RSS" href="/b13">`,
		`<link rel="alternate" type="application/atom+xml;type=entry" href="/b14">`,
		`<link rel="alternate" type="application/atom+xml; type=&quot;entry&quot;" href="/b15">`,
	}
	page := "<!DOCTYPE html><html><head>" + strings.Join(feeds, "") + strings.Join(bogus, "") + "</head></html>"
	p, err := Classify("https://feeds.example/", []byte(page), TextContentType)
	if err != nil {
		t.Fatal(err)
	}
	var got []string
	for _, f := range p.Feeds {
		got = append(got, strings.TrimPrefix(f.URL, "https://feeds.example"))
	}
	want := []string{"/1.atom", "/2.rss", "/3.xml", "/4.atom", "/5.atom", "/6.atom", "/7.atom", "/8.atom", "/9.atom", "/10.atom", "/11.atom", "/12.atom", "/13.atom"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("feeds\n got %q\nwant %q", got, want)
	}
	for _, a := range p.FeedAnchors {
		t.Errorf("feed anchor %s: no bogus link is a feed candidate", a.URL)
	}
	if p.Feeds[2].Format != "rss" || p.Feeds[7].Format != "atom" {
		t.Errorf("untyped rel=feed formats from their URLs: %s %s", p.Feeds[2].Format, p.Feeds[7].Format)
	}
}

// TestAutodiscoveryBase: a feed link resolves against <base href>, the
// canonical link too.
func TestAutodiscoveryBase(t *testing.T) {
	p, err := Classify("https://mirror.example/page", []byte(`<base href="https://github.com/golang/"><link rel="feed" href="go.atom"><link rel="canonical" href="go/releases">`), TextContentType)
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"- https://github.com/golang/go.atom", "github-releases https://github.com/golang/go/releases.atom"}
	if got := feedLines(p); !reflect.DeepEqual(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
}

// BenchmarkPlatformRules is the platform rules' share of Classify on the
// saved pages of testdata: per page, the median time of Classify and of
// the rules' step alone (pageAliases, platformFeeds, withPlatform: what
// Classify runs for them), and the median page's share, for the pages at
// their own addresses ("own-%": no rule matches, the cost every other
// site pays) and the same pages at a YouTube channel's and a GitHub
// repository's address ("platform-%": the rules derive three or four
// feeds), with the rules' own median time there ("platform-µs").
// docs/platforms.md records the figures.
func BenchmarkPlatformRules(b *testing.B) {
	files, err := filepath.Glob(filepath.Join("testdata", "*.html"))
	if err != nil || len(files) == 0 {
		b.Fatal("no pages", err)
	}
	median := func(d []time.Duration) time.Duration {
		slices.Sort(d)
		return d[len(d)/2]
	}
	var cost []time.Duration // the rules' step on the platform addresses
	share := func(pageURL string, body []byte, ct string, onPlatform bool) float64 {
		var whole, rules []time.Duration
		for i := 0; i < 7; i++ {
			t0 := time.Now()
			if _, err := Classify(pageURL, body, ct); err != nil {
				b.Fatal(err)
			}
			whole = append(whole, time.Since(t0))
			pu, d, _, _ := read(pageURL, body, ct)
			r, _ := resolverFor(pu, d)
			_, cms := detectCMS(pu, d)
			t1 := time.Now()
			_ = withPlatform(nil, platformFeeds(pu, cms, pageAliases(r, pu, d)))
			rules = append(rules, time.Since(t1))
		}
		if onPlatform {
			cost = append(cost, median(rules))
		}
		return 100 * float64(median(rules)) / float64(median(whole))
	}
	var own, platform []float64
	for b.Loop() {
		own, platform, cost = own[:0], platform[:0], cost[:0]
		for _, f := range files {
			u, body, ct := readFixture(b, filepath.Base(f))
			own = append(own, share(u, body, ct, false))
			platform = append(platform, share("https://www.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA", body, ct, true), share("https://github.com/golang/go", body, ct, true))
		}
	}
	slices.Sort(own)
	slices.Sort(platform)
	b.ReportMetric(own[len(own)/2], "own-%")
	b.ReportMetric(platform[len(platform)/2], "platform-%")
	b.ReportMetric(float64(median(cost))/1e3, "platform-µs")
}
