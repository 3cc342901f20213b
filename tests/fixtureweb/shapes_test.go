package fixtureweb

import (
	"encoding/json"
	"net/url"
	"strings"
	"testing"
	"time"

	"feedscout/common/report"
	"feedscout/common/shape"
)

// The Nikkei numbers of the source article, checked with the shape rules:
// 184 of the sections sitemap's 187 URLs are sections, 157 changed within
// 24 h, and every section page has 271 distinct same-host links of which
// the shape test keeps 26 and the dominant-segment rule 20.

func TestNikkeiSectionsSitemap(t *testing.T) {
	w := sharedWeb(t)
	_, body := get(t, w.Client(), nikkeiOrigin+"/sections_sitemap.xml")
	sm, err := parseSitemap(body)
	if err != nil {
		t.Fatal(err)
	}
	if sm.index || !sm.newsNS || sm.newsTags != 0 || len(sm.locs) != 187 {
		t.Fatalf("sections_sitemap.xml: index %v, news namespace %v, news tags %d, %d URLs; want a urlset declaring the news namespace with 187 URLs and no news tags",
			sm.index, sm.newsNS, sm.newsTags, len(sm.locs))
	}
	var paths []string
	fresh, freshSections := 0, 0
	for _, r := range shapeRules {
		sections := 0
		var others []string
		for i, loc := range sm.locs {
			u, err := url.Parse(loc)
			if err != nil {
				t.Fatal(err)
			}
			if shapeOf(r.shape, u) == shape.Section {
				sections++
			} else {
				others = append(others, u.Path)
			}
			if r.name == "seed" {
				paths = append(paths, shape.Input(u))
				if w.Started.Sub(sm.lastmods[i]) <= 24*time.Hour {
					fresh++
					if shapeOf(r.shape, u) == shape.Section {
						freshSections++
					}
				}
			}
		}
		if sections != 184 || strings.Join(others, " ") != strings.Join(nikkeiNotSections, " ") {
			t.Errorf("%s rules: %d sections, others %v; want 184 and %v", r.name, sections, others, nikkeiNotSections)
		}
	}
	if fresh != 157 || freshSections != 157 {
		t.Errorf("lastmod within 24 h: %d URLs, %d sections; want 157 and 157", fresh, freshSections)
	}
	sections := 0
	for _, v := range shape.InContext(paths) {
		if v.Shape == shape.Section {
			sections++
		}
	}
	if sections != 184 {
		t.Errorf("ShapeInContext: %d sections, want 184", sections)
	}
	site, _ := w.Site("nikkei")
	if site.Expect.Sections != 185 || site.Expect.Fresh != 157 || site.Expect.SitemapURLs != 187 {
		t.Errorf("Nikkei Expect = %+v", site.Expect)
	}
}

func TestNikkeiSectionPages(t *testing.T) {
	w := sharedWeb(t)
	site, _ := w.Site("nikkei")
	f := site.Expect.Follow[0]
	c := w.Client()
	sections := nikkeiSections()
	if len(sections) != 184 {
		t.Fatalf("%d sections, want 184", len(sections))
	}
	// Every section page comes from the same generator: check the one the
	// article names and every eighth of the rest.
	check := []string{"/business/startups/"}
	for i := 0; i < len(sections); i += 8 {
		check = append(check, sections[i])
	}
	for _, s := range check {
		pu, _ := url.Parse(nikkeiOrigin + s)
		_, body := get(t, c, pu.String())
		links := sameHost(parsePage(pu, body).anchors, "www.nikkei.com")
		var paths []string
		for _, u := range links {
			paths = append(paths, shape.Input(u))
		}
		context := shape.InContext(paths)
		for _, r := range shapeRules {
			var shaped []*url.URL
			for _, u := range links {
				if shapeOf(r.shape, u) == shape.Article {
					shaped = append(shaped, u)
				}
			}
			kept, seg := dominant(shaped)
			if len(links) != f.Links || len(shaped) != f.Shaped || len(kept) != f.Articles || seg != f.Segment {
				t.Errorf("%s (%s rules): %d same-host links, %d article-shaped, %d kept under /%s/; want %d, %d, %d under /%s/",
					s, r.name, len(links), len(shaped), len(kept), seg, f.Links, f.Shaped, f.Articles, f.Segment)
			}
		}
		articles := 0
		for _, v := range context {
			if v.Shape == shape.Article {
				articles++
			}
		}
		if articles != f.Shaped {
			t.Errorf("%s: ShapeInContext finds %d article-shaped links, want %d", s, articles, f.Shaped)
		}
	}
}

// TestArticleLinksHaveArticleShape checks, on every default site that
// answers, that the headlines of the homepage, the items of the feed and
// the entries of news and article sitemaps are article-shaped under both
// rule sets, and that the feed's items and the sitemap's URLs number what
// Expect says.
func TestArticleLinksHaveArticleShape(t *testing.T) {
	w := sharedWeb(t)
	c := w.Client()
	for _, site := range DefaultSites() {
		t.Run(site.Name, func(t *testing.T) {
			check := func(what string, links []string) {
				t.Helper()
				for _, l := range links {
					u, err := url.Parse(l)
					if err != nil {
						t.Errorf("%s: %q: %v", what, l, err)
						continue
					}
					for _, r := range shapeRules {
						if got := shapeOf(r.shape, u); got != shape.Article {
							t.Errorf("%s: %s is %s under the %s rules, want article", what, l, got, r.name)
						}
					}
				}
			}
			resp, body := get(t, c, site.URL())
			if resp.StatusCode == 200 {
				pi := parsePage(resp.Request.URL, body)
				var stories []string
				for _, u := range pi.stories {
					stories = append(stories, u.String())
				}
				check("homepage headline", stories)
			}
			if e := site.Expect; e.FeedURL != "" {
				resp, body := get(t, c, e.FeedURL)
				if resp.StatusCode != 200 {
					t.Fatalf("feed %s: %d", e.FeedURL, resp.StatusCode)
				}
				var f *feedDoc
				if e.FeedFormat == "json" {
					var jf struct {
						Items []struct {
							URL string `json:"url"`
						} `json:"items"`
					}
					if err := json.Unmarshal(body, &jf); err != nil {
						t.Fatal(err)
					}
					f = &feedDoc{format: "json"}
					for _, it := range jf.Items {
						f.links = append(f.links, it.URL)
					}
				} else {
					var err error
					if f, err = parseFeedXML(body); err != nil {
						t.Fatalf("feed %s: %v", e.FeedURL, err)
					}
				}
				if f.format != e.FeedFormat || len(f.links) != e.FeedItems {
					t.Errorf("feed %s: %s with %d items, want %s with %d", e.FeedURL, f.format, len(f.links), e.FeedFormat, e.FeedItems)
				}
				if !strings.Contains(site.Expect.Note, "comments") {
					check("feed item", f.links)
				}
			}
			if e := site.Expect; (e.Outcome == report.OutcomeNewsSitemap || e.Outcome == report.OutcomeArticleSitemap) && len(e.Sitemaps) > 0 {
				for i, sm := range e.Sitemaps {
					doc := fetchSitemap(t, c, sm)
					if i == 0 && len(doc.locs) != e.SitemapURLs {
						t.Errorf("%s: %d URLs, want %d", sm, len(doc.locs), e.SitemapURLs)
					}
					if news := doc.newsTags > 0; news != (e.Outcome == report.OutcomeNewsSitemap) || (news && doc.newsTags != len(doc.locs)) {
						t.Errorf("%s: %d news tags for %d URLs, outcome %s", sm, doc.newsTags, len(doc.locs), e.Outcome)
					}
					for j, lm := range doc.lastmods {
						if lm.IsZero() || lm.After(w.Started) || (news(e) && w.Started.Sub(lm) > 48*time.Hour) {
							t.Errorf("%s: URL %d has lastmod %v (clock %v)", sm, j, lm, w.Started)
						}
					}
					check(sm, doc.locs)
				}
			}
		})
	}
}

func news(e Expect) bool { return e.Outcome == report.OutcomeNewsSitemap }
