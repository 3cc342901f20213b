package fixtureweb

import (
	"bytes"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"feedscout/common/report"
	"feedscout/common/shape"
)

// TestArticleOrder runs the source article's discovery order (as Expect
// describes it) against every default site, and every hostile site with an
// ArticleRequests count, once with the article's shape rules and once with
// the product's, and checks that Expect agrees with what it finds: the
// outcome, the feed, the sitemaps, the sections, and the requests the
// servers saw. This is what keeps Expect honest when a site changes.
func TestArticleOrder(t *testing.T) {
	var sites []Site
	sites = append(sites, DefaultSites()...)
	for _, s := range HostileSites() {
		if s.Expect.ArticleRequests > 0 {
			sites = append(sites, s)
		}
	}
	for _, rule := range shapeRules {
		t.Run(rule.name, func(t *testing.T) {
			w := startWeb(t, sites)
			total := 0
			t.Run("sites", func(t *testing.T) {
				for _, site := range w.Sites {
					t.Run(site.Name, func(t *testing.T) {
						t.Parallel()
						got := articleOrder(w, site, rule.shape)
						checkWalk(t, w, site, got)
					})
				}
			})
			for _, site := range w.Sites {
				if !strings.HasSuffix(site.Host, ".hostile.test") {
					total += site.Expect.ArticleRequests
				}
			}
			t.Logf("article order on the %d default sites: %d requests", len(DefaultSites()), total)
		})
	}
}

// walk is what one run of the article's order found.
type walk struct {
	outcome     report.Outcome
	feeds       []string
	sitemaps    []string
	sitemapURLs int
	sections    int
	log         []string
}

func checkWalk(t *testing.T, w *Web, site Site, got walk) {
	t.Helper()
	e := site.Expect
	requests := 0
	for _, h := range site.Hosts() {
		requests += len(w.Hits(h))
	}
	fail := func(format string, args ...any) {
		t.Helper()
		t.Errorf("%s: "+format+"\nrequests:\n  %s", append(append([]any{site.Name}, args...), strings.Join(got.log, "\n  "))...)
	}
	if got.outcome != e.ArticleOrderOutcome() {
		fail("outcome %s, want %s", got.outcome, e.ArticleOrderOutcome())
	}
	if requests != e.ArticleRequests {
		fail("%d requests, want %d", requests, e.ArticleRequests)
	}
	if e.SeedRequests != 0 && e.SeedRequests != e.ArticleRequests {
		fail("SeedRequests %d differs from ArticleRequests %d", e.SeedRequests, e.ArticleRequests)
	}
	if got.outcome == report.OutcomeFeed && e.FeedURL != "" && (len(got.feeds) == 0 || got.feeds[0] != e.FeedURL) {
		fail("feeds %v, want %s first", got.feeds, e.FeedURL)
	}
	if len(e.Feeds) > 0 && !slices.Equal(got.feeds, e.Feeds) {
		fail("feeds %v, want %v", got.feeds, e.Feeds)
	}
	if len(e.Sitemaps) > 0 && (!slices.Equal(got.sitemaps, e.Sitemaps) || got.sitemapURLs != e.SitemapURLs) {
		fail("sitemaps %v with %d URLs, want %v with %d", got.sitemaps, got.sitemapURLs, e.Sitemaps, e.SitemapURLs)
	}
	if e.Sections > 0 && got.sections != e.Sections {
		fail("%d sections, want %d", got.sections, e.Sections)
	}
	if got.outcome == report.OutcomeSections && got.sections == 0 {
		fail("outcome sections with no section")
	}
}

// theNine are the usual feed paths, in the article's order.
var theNine = []string{"/feed", "/feed/", "/rss", "/rss.xml", "/feed.xml", "/atom.xml", "/index.xml", "/feeds/posts/default", "/rss/index.xml"}

// maxBody is the product's cap on a body, after decompression.
const maxBody = 8 << 20

var errTooLarge = errors.New("body over 8 MiB")

// walker fetches like the article's script: one request at a time,
// redirects followed, bodies capped, robots.txt checked before every URL.
type walker struct {
	c     *http.Client
	rules *robotsRules
	log   []string
}

const walkerAgent = "feedscout"

func (wk *walker) get(raw string) (int, *url.URL, []byte, error) {
	u, err := url.Parse(raw)
	if err != nil {
		return 0, nil, nil, err
	}
	if wk.rules != nil && !wk.rules.allowed(walkerAgent, u.RequestURI()) {
		wk.log = append(wk.log, "robots-disallow "+raw)
		return 0, nil, nil, errors.New("disallowed")
	}
	req, _ := http.NewRequest("GET", raw, nil)
	req.Header.Set("User-Agent", "feedscout/0.1 (+https://example.org/feedscout; fixtureweb self-test)")
	resp, err := wk.c.Do(req)
	if err != nil {
		wk.log = append(wk.log, fmt.Sprintf("error %s: %v", raw, err))
		return 0, nil, nil, err
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(io.LimitReader(resp.Body, maxBody+1))
	if err == nil && len(body) > maxBody {
		err = errTooLarge
	}
	if err == nil && strings.HasSuffix(u.Path, ".gz") {
		body, err = gunzip(body)
	}
	wk.log = append(wk.log, fmt.Sprintf("%d %s (%d bytes) %v", resp.StatusCode, raw, len(body), err))
	return resp.StatusCode, resp.Request.URL, body, err
}

func gunzip(b []byte) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, err
	}
	out, err := io.ReadAll(io.LimitReader(zr, maxBody+1))
	if err == nil && len(out) > maxBody {
		err = errTooLarge
	}
	return out, err
}

// fetchSitemap gets and parses a sitemap (gunzipping a .gz) for a test.
func fetchSitemap(t *testing.T, c *http.Client, raw string) *sitemapDoc {
	t.Helper()
	wk := &walker{c: c}
	status, _, body, err := wk.get(raw)
	if err != nil || status != 200 {
		t.Fatalf("GET %s: %d %v", raw, status, err)
	}
	doc, err := parseSitemap(body)
	if err != nil {
		t.Fatalf("parse %s: %v", raw, err)
	}
	return doc
}

// robotsSitemaps lists the Sitemap: lines of a robots.txt.
func robotsSitemaps(body []byte) []string {
	var out []string
	for _, line := range strings.FieldsFunc(string(body), func(r rune) bool { return r == '\n' || r == '\r' }) {
		k, v, ok := strings.Cut(line, ":")
		if ok && strings.EqualFold(strings.TrimSpace(k), "sitemap") {
			out = append(out, strings.TrimSpace(v))
		}
	}
	return out
}

// articleOrder runs the article's order on one site with one set of
// shape rules.
func articleOrder(w *Web, site Site, rule func(string) shape.Verdict) walk {
	c := w.Client()
	wk := &walker{c: c}
	start, _ := url.Parse(site.URL())
	root := start.Scheme + "://" + start.Host
	var res walk
	done := func(outcome report.Outcome) walk {
		res.outcome = outcome
		res.log = wk.log
		return res
	}

	// robots.txt: 4xx allows all, 5xx or no answer disallows all.
	status, _, body, err := wk.get(root + "/robots.txt")
	var sitemaps []string
	switch {
	case err != nil || status >= 500:
		wk.rules = &robotsRules{disallowAll: true}
	case status >= 400:
		wk.rules = &robotsRules{allowAll: true}
	default:
		wk.rules = parseRobots(body)
		sitemaps = robotsSitemaps(body)
	}
	if !wk.rules.allowed(walkerAgent, "/") {
		return done(report.OutcomeRefused)
	}

	// The homepage and its advertised feeds.
	var home *pageInfo
	status, final, body, err := wk.get(root + "/")
	switch {
	case status == 401 || status == 403 || status == 429:
		return done(report.OutcomeRefused)
	case err == nil && status == 200:
		pi := parsePage(final, body)
		home = &pi
		for _, a := range pi.alternates {
			res.feeds = append(res.feeds, a.href.String())
		}
		if len(res.feeds) > 0 {
			return done(report.OutcomeFeed)
		}
	}

	// The nine usual paths: the first that parses as RSS or Atom.
	for _, p := range theNine {
		status, final, body, err := wk.get(root + p)
		if err != nil || status != 200 {
			continue
		}
		if _, err := parseFeedXML(body); err == nil {
			res.feeds = []string{final.String()}
			return done(report.OutcomeFeed)
		}
	}

	// Sitemaps from robots.txt: up to 4, one level into an index (up to 5
	// children), the first usable.
	judge := func(raw string) (report.Outcome, *sitemapDoc, bool) {
		status, _, body, err := wk.get(raw)
		if err != nil || status != 200 {
			return "", nil, false
		}
		doc, err := parseSitemap(body)
		if err != nil {
			return "", nil, false
		}
		if doc.index {
			return "", doc, true
		}
		return usable(doc, rule), doc, true
	}
	for _, sm := range sitemaps[:min(4, len(sitemaps))] {
		kind, doc, ok := judge(sm)
		if !ok {
			continue
		}
		if doc.index {
			for _, child := range doc.children[:min(5, len(doc.children))] {
				kind, cdoc, ok := judge(child)
				if !ok || kind == "" {
					continue
				}
				res.sitemaps, res.sitemapURLs = []string{child}, len(cdoc.locs)
				if kind == report.OutcomeNewsSitemap {
					// An index of news sitemaps is a choice of departments.
					res.sitemaps = doc.children
				}
				return finishSitemap(done, &res, kind, cdoc, home, rule)
			}
			continue
		}
		if kind != "" {
			res.sitemaps, res.sitemapURLs = []string{sm}, len(doc.locs)
			return finishSitemap(done, &res, kind, doc, home, rule)
		}
	}

	// Sections from the homepage's anchors.
	if home != nil {
		res.sections = homeSections(home, start.Hostname(), rule)
		if res.sections > 0 {
			return done(report.OutcomeSections)
		}
	}
	return done(report.OutcomeNone)
}

func finishSitemap(done func(report.Outcome) walk, res *walk, kind report.Outcome, doc *sitemapDoc, home *pageInfo, rule func(string) shape.Verdict) walk {
	if kind == report.OutcomeSections {
		for _, loc := range doc.locs {
			if u, err := url.Parse(loc); err == nil && shapeOf(rule, u) == shape.Section {
				res.sections++
			}
		}
		if home != nil && linksToArticles(home, rule) {
			res.sections++
		}
	}
	return done(kind)
}

// usable judges a urlset by its URLs (the article's usable()): sections,
// news sitemap, article sitemap, or "" for not usable.
func usable(doc *sitemapDoc, rule func(string) shape.Verdict) report.Outcome {
	if len(doc.locs) == 0 {
		return ""
	}
	articles, sections, dated := 0, 0, false
	for i, loc := range doc.locs {
		u, err := url.Parse(loc)
		if err != nil {
			continue
		}
		switch shapeOf(rule, u) {
		case shape.Article:
			articles++
		case shape.Section:
			sections++
		}
		if !doc.lastmods[i].IsZero() {
			dated = true
		}
	}
	n := float64(len(doc.locs))
	switch {
	case float64(sections)/n >= 0.7:
		return report.OutcomeSections
	case float64(articles)/n >= 0.7 && (doc.newsNS || doc.newsTags > 0):
		return report.OutcomeNewsSitemap
	case float64(articles)/n >= 0.7 && dated:
		return report.OutcomeArticleSitemap
	}
	return ""
}

// homeSections counts the sections the homepage offers: distinct
// same-host section-shaped anchors, plus the homepage itself when it
// links to articles.
func homeSections(home *pageInfo, host string, rule func(string) shape.Verdict) int {
	n := 0
	for _, u := range sameHost(home.anchors, host) {
		if shapeOf(rule, u) == shape.Section {
			n++
		}
	}
	if linksToArticles(home, rule) {
		n++
	}
	return n
}

func linksToArticles(home *pageInfo, rule func(string) shape.Verdict) bool {
	for _, u := range home.anchors {
		if shapeOf(rule, u) == shape.Article {
			return true
		}
	}
	return false
}
