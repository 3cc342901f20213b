package classify

import (
	"net/url"
	"strings"
	"testing"
)

func TestPathShape(t *testing.T) {
	cases := []struct {
		path string
		want Shape
		rule string
	}{
		// The source article's examples.
		{"/coronavirus-2026", ShapeSection, "section"},
		{"/news/tech-and-science/", ShapeSection, "section"},
		{"/article/DGXZQOUC026TI0S6A101C2000000/", ShapeArticle, "id-number"},
		{"/article/DGXZQOUCABCDEFGH1A2B/", ShapeArticle, "id-token"},
		{"/business/startups/", ShapeSection, "section"},
		{"/national/20261129-OYT1T50001/", ShapeArticle, "id-number"},
		{"/articles/ASV1234567.html", ShapeArticle, "id-number"},
		{"/this-is-a-story", ShapeArticle, "slug"},

		// Issue 8: dates with short or generic last segments.
		{"/2014/07/24/world/africa/air-algerie-flight/index.html", ShapeArticle, "dated-path"},
		{"/news/2021/05/18/belo/", ShapeArticle, "dated-path"},
		{"/2026/11/29/world/story.html", ShapeArticle, "dated-path"},
		{"/world/2024/may/18/ukraine-kharkiv", ShapeArticle, "dated-path"},
		{"/politik/deutschland/2024-05/haushalt", ShapeArticle, "dated-path"},
		{"/politics/18/05/2024/66489abc9a7947123456789a", ShapeArticle, "dated-path"},
		{"/world/europe/russia-captures-villages-2024-05-18/", ShapeArticle, "dated-slug"},
		// IDs: 6-7 digits, in the query, in a parent.
		{"/doc/4816739", ShapeArticle, "id-number"},
		{"/articles/-/3178894", ShapeArticle, "id-number"},
		{"/US/story?id=77753720", ShapeArticle, "query-id"},
		{"/?p=1234", ShapeArticle, "query-id"},
		{"/politik/article251234567/Haushalt.html", ShapeArticle, "id-in-path"},
		{"/news/articleView.html?idxno=317123", ShapeArticle, "query-id"},
		// Sections that look like stories.
		{"/aktuell/wirtschaft/klima-energie-und-umwelt/", ShapeSection, "section"},
		{"/pages/world/africa/index.html", ShapeSection, "section"},
		{"/topics/election-2024/", ShapeSection, "listing"},
		{"/news/topics/c302m85q5ljt", ShapeSection, "listing"},
		{"/tag/video-games/", ShapeSection, "listing"},
		{"/rubric/3", ShapeSection, "listing-id"},
		{"/search/label/Travel", ShapeSection, "listing"},
		{"/index.php?option=com_content&view=category&id=8", ShapeSection, "query-listing"},
		{"/sport/football/teams/arsenal", ShapeSection, "section"},
		{"/2024/apple-and-the-ai-race/", ShapeArticle, "dated-path"},
		// Other: pagination, editions, archives, profiles, legal, feeds.
		{"/", ShapeOther, "root"},
		{"", ShapeOther, "root"},
		{"/page/2", ShapeOther, "pagination"},
		{"/sciences/2/", ShapeOther, "pagination"},
		{"/category/news/page/3/", ShapeOther, "pagination"},
		{"/world/?page=2", ShapeOther, "query-pagination"},
		{"/es/", ShapeOther, "edition-root"},
		{"/aktuell/", ShapeOther, "edition-root"},
		{"/2024/05/", ShapeOther, "date-archive"},
		{"/20240518/", ShapeOther, "date-archive"},
		{"/author/jane-doe/", ShapeOther, "author"},
		{"/@jdoe", ShapeOther, "author"},
		{"/privacy-policy/", ShapeOther, "blocked-segment"},
		{"/politique-de-confidentialite/", ShapeOther, "utility-page"},
		{"/info-pages/privacy-statement/", ShapeOther, "utility-page"},
		{"/v2/collectConsent?sessionId=1", ShapeOther, "blocked-segment"},
		{"/zustimmung?url=https%3A%2F%2Fwww.zeit.de%2F", ShapeOther, "blocked-segment"},
		{"/About/", ShapeOther, "blocked-segment"},
		{"/feed/", ShapeOther, "blocked-segment"},
		{"/rss/index.xml", ShapeOther, "file-extension"},
		{"/logo.png", ShapeOther, "file-extension"},
		{".php", ShapeSection, "section"}, // a bare extension is a name (found by fuzzing)
		{"/.html/", ShapeSection, "section"},
		{"/search?q=x", ShapeOther, "blocked-segment"},
		{"/xmlrpc.php?rsd", ShapeOther, "blocked-segment"},
		{"/archive/", ShapeOther, "archive"},
		// Nikkei's sections_sitemap.xml: 184 of 187 are sections, these not.
		{"/help/", ShapeOther, "blocked-segment"},
		{"/markets/worldindices/index.aspx", ShapeOther, "script-page"},
		{"/special/2026/expo/overview/", ShapeOther, "numbered-path"},
		{"/?page=2", ShapeOther, "root"},
		// Further pages of an article stay the article.
		{"/politik/2024-05/haushalt-streit/seite-2", ShapeArticle, "article-page"},
		{"/national/20240518-OYT1T50123/2/", ShapeArticle, "article-page"},
		{"/articles/-/3178894?page=2", ShapeArticle, "article-page"},
		// A fragment never counts.
		{"/world/#top", ShapeSection, "section"},
	}
	for _, c := range cases {
		got := PathShape(c.path)
		if got.Shape != c.want || got.Rule != c.rule {
			t.Errorf("PathShape(%q) = %v, want {%s %s}", c.path, got, c.want, c.rule)
		}
	}
}

func TestSeedPathShape(t *testing.T) {
	cases := []struct {
		path string
		want Shape
	}{
		{"/", ShapeOther},
		{"", ShapeOther},
		{"/coronavirus-2026", ShapeSection},
		{"/news/tech-and-science/", ShapeSection},
		{"/article/DGXZQOUC026TI0S6A101C2000000/", ShapeArticle},
		{"/business/startups/", ShapeSection},
		{"/this-is-a-story", ShapeArticle},
		{"/2026/11/29/world/story.html", ShapeOther}, // short last: the seed's known miss
		{"/2026/11/29/world/stories.html", ShapeArticle},
		{"/news/2026/11/brief", ShapeOther},
		{"/news/2026/11/longer-slug", ShapeArticle},
		{"/world/africa/", ShapeSection},
		{"/a/b/c/d/", ShapeOther},
		{"/search/", ShapeOther},
		{"/About/", ShapeOther},
		{"/logo.png", ShapeOther},
		{"/politics.html", ShapeSection},
		{"/politics.html.htm", ShapeOther},
		{"/news/story-123.html", ShapeArticle},
		{"/national/20261129-OYT1T50001/", ShapeArticle},
		{"/articles/ASV1234567.html", ShapeArticle},
		{"/tech/", ShapeSection},
		{"/?page=2", ShapeOther},
		{"/tag/video-games/", ShapeOther}, // the seed blocks tag pages
	}
	for _, c := range cases {
		if got := SeedPathShape(c.path); got.Shape != c.want {
			t.Errorf("SeedPathShape(%q) = %v, want %v", c.path, got, c.want)
		}
	}
}

func TestBlocked(t *testing.T) {
	for _, seg := range []string{"search", "Login", "IMPRESSUM", "privacy-policy", "wp-login.php", "feed"} {
		if !Blocked(seg) {
			t.Errorf("Blocked(%q) = false, want true", seg)
		}
	}
	for _, seg := range []string{"news", "tag", "politics", "startups", "", strings.Repeat("a", 100)} {
		if Blocked(seg) {
			t.Errorf("Blocked(%q) = true, want false", seg)
		}
	}
}

func TestShapeInput(t *testing.T) {
	for raw, want := range map[string]string{
		"https://abcnews.go.com/US/story?id=77753720":   "/US/story?id=77753720",
		"https://example.com/caf%C3%A9/":                "/caf%C3%A9/",
		"https://example.com/news/#top":                 "/news/",
		"https://example.com":                           "",
		"https://example.com/a%2Fb/c?x=1&y=2#frag-ment": "/a%2Fb/c?x=1&y=2",
	} {
		u, err := url.Parse(raw)
		if err != nil {
			t.Fatal(err)
		}
		if got := ShapeInput(u); got != want {
			t.Errorf("ShapeInput(%s) = %q, want %q", raw, got, want)
		}
	}
}

func TestShapeInContext(t *testing.T) {
	// A page of a site whose stories sit under /news/, most with long slugs
	// or ids, two with short slugs.
	paths := []string{
		"/news/mayor-wins-a-second-term/", "/news/storm-closes-all-city-schools/",
		"/news/council-votes-on-new-budget/", "/news/train-strike-called-off-today/",
		"/news/bird-flu-found-on-dairy-farm/", "/news/river-floods-old-town-again/",
		"/news/museum-reopens-123456/", "/news/fire-station-789012/",
		"/news/heat-wave/", "/news/budget-vote/",
		"/news/2024/05/18/late-story/", // dated: an article in any company
		"/news/",                       // top level: no siblings to follow
		"/about/",                      // blocked: stays other
	}
	got := ShapeInContext(paths)
	for i, p := range paths[:8] {
		if got[i] != PathShape(p) || got[i].Shape != ShapeArticle {
			t.Errorf("%s = %v, want PathShape's article verdict", p, got[i])
		}
	}
	for i, p := range paths[8:10] {
		if PathShape(p).Shape != ShapeSection {
			t.Fatalf("%s alone = %v; the test needs a path judged section alone", p, PathShape(p))
		}
		if got[8+i] != (Verdict{ShapeArticle, "sibling-articles"}) {
			t.Errorf("%s among story siblings = %v, want article by sibling-articles", p, got[8+i])
		}
	}
	if got[10].Rule != "dated-path" || got[11].Shape != ShapeSection || got[12].Shape != ShapeOther {
		t.Errorf("structural verdicts changed in context: %v", got[10:])
	}

	// Departments listed together, one of them with a story-like slug.
	secs := []string{"/news/politics/", "/news/business/", "/news/science/", "/news/culture/",
		"/news/sport/", "/news/letters-to-the-editor/", "/news/2024/05/18/a-story/"}
	if PathShape(secs[5]).Shape != ShapeArticle {
		t.Fatalf("%s alone = %v; the test needs a path judged article alone", secs[5], PathShape(secs[5]))
	}
	got = ShapeInContext(secs)
	if got[5] != (Verdict{ShapeSection, "sibling-sections"}) {
		t.Errorf("letters-to-the-editor among sections = %v, want section by sibling-sections", got[5])
	}
	if got[6].Shape != ShapeArticle {
		t.Errorf("dated story among sections = %v, want article", got[6])
	}

	// Too few siblings: nothing changes.
	few := []string{"/news/heat-wave/", "/news/storm-warning/", "/news/x-y/"}
	for i, v := range ShapeInContext(few) {
		if v != PathShape(few[i]) {
			t.Errorf("%s with %d siblings = %v, want PathShape's %v", few[i], len(few), v, PathShape(few[i]))
		}
	}
	if len(ShapeInContext(nil)) != 0 {
		t.Error("ShapeInContext(nil) is not empty")
	}
}

// TestPathShapeAllocs holds PathShape to zero allocations on every corpus
// path: it runs for every <loc> of a sitemap and every link of a page.
func TestPathShapeAllocs(t *testing.T) {
	for _, r := range loadCorpus(t, "corpus.tsv") {
		if a := testing.AllocsPerRun(3, func() { PathShape(r.path) }); a != 0 {
			t.Errorf("PathShape(%q) allocates %.0f times", r.path, a)
		}
	}
}

func BenchmarkPathShape(b *testing.B) {
	rows := loadCorpus(b, "corpus.tsv")
	for _, rs := range []struct {
		name  string
		judge func(string) Verdict
	}{{"seed", SeedPathShape}, {"new", PathShape}} {
		b.Run(rs.name, func(b *testing.B) {
			b.ReportAllocs()
			i := 0
			for b.Loop() {
				rs.judge(rows[i%len(rows)].path)
				i++
			}
		})
	}
}

func FuzzPathShape(f *testing.F) {
	for _, s := range []string{"/", "/news/2024/05/18/x/", "/a%2", "/%", "/?id=", "/a/b?page=2#x",
		"/tag/", "/2024/may/", "/index.php?view=article", "/é/ü-ß-ø-å/", "/24_maggio_18/x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, path string) {
		v := PathShape(path)
		if v.Shape != ShapeArticle && v.Shape != ShapeSection && v.Shape != ShapeOther {
			t.Fatalf("PathShape(%q) = %v: unknown shape", path, v)
		}
		if v.Rule == "" {
			t.Fatalf("PathShape(%q) = %v: no rule", path, v)
		}
		if !strings.Contains(path, "#") {
			if w := PathShape(path + "#frag"); w != v {
				t.Fatalf("PathShape(%q) = %v but with a fragment %v", path, v, w)
			}
		}
		if v.Shape == ShapeSection && strings.IndexByte(path, '/') >= 0 {
			seg := path
			if i := strings.IndexAny(seg, "?#"); i >= 0 {
				seg = seg[:i]
			}
			for _, s := range strings.Split(seg, "/") {
				if Blocked(s) && !strings.Contains(seg, "/label/") && !listingBefore(seg, s) {
					t.Fatalf("PathShape(%q) = section with blocked segment %q", path, s)
				}
			}
		}
	})
}

// listingBefore reports whether blocked segment s is directly followed by a
// listing word in path (/search/label/Travel), the one place a section may
// hold a blocked segment.
func listingBefore(path, s string) bool {
	segs := strings.Split(strings.Trim(path, "/"), "/")
	for i := 0; i+1 < len(segs); i++ {
		if segs[i] == s && hasRole(segs[i+1], roleListing) {
			return true
		}
	}
	return false
}
