package discover

import (
	"net/url"
	"slices"
	"strings"

	"feedscout/common/classify"
	"feedscout/common/report"
)

// maxAnchors bounds the feed-like anchors tried before the usual paths.
const maxAnchors = 2

// bloggerPath is the usual path only Blogger serves a feed at.
const bloggerPath = "/feeds/posts/default"

// smartOrder finds what the article order finds with fewer requests, using
// what is known before each one:
//
//   - a robots.txt or homepage that redirects to the site's twin (http to
//     https, bare to www) moves discovery there, saving a hop per request;
//   - the browser's page: no homepage request when the tab is the
//     homepage; a feed the tab advertises is used even when it is not;
//   - only the main advertised feed is fetched (to validate and preview);
//   - the CMS hint from the page puts that CMS's feed path first, and
//     Blogger's path is guessed only on Blogger, which always says so;
//   - /feed/ is not guessed after /feed answered 404, nor the other way
//     round (see slashTwin);
//   - feed-like anchors are tried before blind guesses;
//   - sitemaps robots.txt lists are read before the guesses when their
//     names say news or sections (big publishers); when one is usable,
//     only the first usual path is still tried (see below);
//   - a guess answering 200 with HTML, or redirecting to the homepage,
//     means the site answers every path (soft 404): the page's own feed
//     links are tried, guessing stops;
//   - a 401/403 ends guessing; on the first guess (or, with the homepage
//     from the tab, on the first request) it is taken for a site-wide
//     refusal when the next request is refused too, or when nothing else
//     is found (see suspectRefusal); a 429 anywhere stops the site;
//   - two requests of the site that time out stop it (each costs the
//     full request timeout; the article order waits for the deadline).
func (r *run) smartOrder() {
	if r.robotsStep(); r.done() {
		return
	}
	if moved := r.robotsMoved(); moved != "" {
		r.reroot(moved)
	}
	tab, isHome := r.tabPage()
	if tab == nil && r.opt.Page == nil {
		tab = urlPage(r.siteURL)
	}
	if isHome {
		r.home, r.homeTried = tab, true
		r.rep.HomeFromPage = true
	}
	// Advertised feeds: from the tab when it advertises any, else from the
	// homepage.
	if tab != nil && len(tab.Feeds) > 0 {
		if r.advertised(tab).found || r.done() {
			return
		}
	}
	if r.learned.homeStepDone(r.homeStep()); r.done() {
		return
	}
	if r.home != nil {
		if r.advertised(r.home).found || r.done() {
			return
		}
	}
	cms := ""
	if r.home != nil {
		cms = r.home.CMS
	}
	// The CMS's own feed path first.
	guesses := smartGuesses(cms)
	if cms != "" && len(guesses) > 0 {
		g := r.guess(guesses[0])
		if g.found || r.done() {
			return
		}
		guesses = guesses[1:]
		if g.enough {
			guesses = nil
		}
	}
	// Feed-like anchors before blind guesses.
	if r.home != nil {
		if r.tryAnchors(r.home.FeedAnchors).found || r.done() {
			return
		}
	}
	// Sitemaps named for news or sections, before the blind guesses.
	sm := r.sitemapStep(newsOrSections)
	r.learned.sitemapStepDone(sm)
	if sm.found || r.done() {
		// The sitemap ends the search before the blind guesses. One guess
		// stays, where a feed most often hides unannounced, so that a site
		// with such a feed and a news or sections sitemap is not reported
		// a step below what the article order finds.
		if cms == "" && !r.done() && len(guesses) > 0 && r.stepCount(report.StepGuess) == 0 {
			if r.guess(guesses[0]).found {
				return
			}
		}
		r.sectionStep()
		return
	}
	// The blind guesses, until one answers or the site answers every path.
	for _, p := range guesses {
		if r.done() {
			break
		}
		g := r.guess(p)
		if g.found {
			return
		}
		if g.enough {
			break
		}
	}
	r.learned.sitemapStepDone(r.sitemapStep(nil))
	r.learned.homeStepDone(r.homeStep()) // sections need the homepage when the tab was not it
	r.sectionStep()
}

// smartGuesses are the usual paths for a site of cms, its own first.
// Blogger's path is left out for other sites: every Blogger page names
// Blogger (generator meta, blogspot host or Blogger's asset hosts), so the
// CMS hint is never missing where that path could answer.
func smartGuesses(cms string) []string {
	g := classify.GuessPaths(cms)
	if cms == "blogger" {
		return g
	}
	return slices.DeleteFunc(g, func(p string) bool { return p == bloggerPath })
}

// guess tries one usual path: found when it answers with a feed, enough
// when the answer makes further guessing pointless (a soft-404 page, a
// 401/403).
func (r *run) guess(p string) step {
	if r.gone[slashTwin(p)] {
		return step{}
	}
	v, resp := r.tryCandidate(report.StepGuess, r.abs(p), report.ViaGuess)
	if resp != nil && (resp.Status == 404 || resp.Status == 410) && resp.URL == r.abs(p) {
		r.gone[p] = true
	}
	switch v {
	case isFeed:
		return step{found: true}
	case softPage:
		return step{found: r.followSoftPage(resp.URL, resp.Body, resp.Header.Get("Content-Type")).found, enough: true}
	case forbid:
		return step{enough: true}
	}
	return step{}
}

// slashTwin is p with its trailing slash added or removed. A server that
// has /feed/ answers /feed with it or with a redirect to it (a directory,
// or a framework adding the slash), and the other way round, so when one
// of the two answered 404 the other is not worth a request.
func slashTwin(p string) string {
	if t, ok := strings.CutSuffix(p, "/"); ok {
		return t
	}
	return p + "/"
}

// tryAnchors tries up to maxAnchors feed-like anchors not tried yet;
// found when one is a feed.
func (r *run) tryAnchors(anchors []classify.Link) step {
	n := 0
	for _, a := range anchors {
		if n >= maxAnchors || r.done() {
			break
		}
		if r.tried[a.URL] || len(a.URL) > maxURL {
			continue
		}
		n++
		if v, _ := r.tryCandidate(report.StepFeed, a.URL, report.ViaAnchor); v == isFeed {
			return step{found: true}
		}
	}
	return step{}
}

// followSoftPage handles a guess that answered 200 with an HTML page: when
// that page names feeds (a "feeds" page), they are tried; otherwise it is
// the site's answer to any path and guessing more is pointless.
func (r *run) followSoftPage(pageURL string, body []byte, ct string) step {
	p, err := classify.Classify(pageURL, body, ct)
	if err != nil {
		return step{}
	}
	var links []classify.Link
	for _, f := range p.Feeds {
		links = append(links, classify.Link{URL: f.URL, Text: f.Title})
	}
	links = append(links, p.FeedAnchors...)
	return r.tryAnchors(links)
}

// newsOrSections picks the sitemaps whose file name says they list news or
// sections: worth reading before guessing feed paths.
func newsOrSections(u string) bool {
	pu, err := url.Parse(u)
	if err != nil {
		return false
	}
	name := strings.ToLower(pu.Path)
	if i := strings.LastIndexByte(name, '/'); i >= 0 {
		name = name[i+1:]
	}
	for _, w := range []string{"news", "section", "category", "categories"} {
		if strings.Contains(name, w) {
			return true
		}
	}
	return false
}
