package discover

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"time"

	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
	"feedscout/wasm/classify"
)

// Limits of the steps (DESIGN.md's numbers).
const (
	maxSitemaps = 4 // Sitemap: lines read
	maxChildren = 5 // children of one index read
	maxTitle    = 300
	maxURL      = 2048
)

// robotsStep fetches robots.txt first and stops the site when it disallows
// the root for our agent. fetch gives "disallow all" rules when robots.txt
// could not be read (RFC 9309 2.3.1.4), with the error saying why.
func (r *run) robotsStep() {
	rules, err := r.site.Robots(r.ctx)
	if err != nil {
		r.noteErr(err)
		if r.done() {
			return
		}
	}
	r.rules = rules
	if !rules.DisallowsRoot(fetch.Product) {
		return
	}
	st := rules.Status()
	var fe *fetch.Error
	switch {
	case st == 0 && errors.As(err, &fe):
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s could not be fetched (%s), which means stay away (RFC 9309); check the address or try again later.", r.host, fe.Word))
	case st == 0:
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s could not be fetched, which means stay away (RFC 9309); check the address or try again later.", r.host))
	case st == 429 || st >= 500:
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s answered %d, which means stay away until the site recovers (RFC 9309); try again later.", r.host, st))
	case rules.OnlyNamedAgents():
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s allows only named crawlers, so feedscout stopped.", r.host))
	default:
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s disallows the whole site for crawlers like feedscout, so it stopped.", r.host))
	}
}

// tabPage classifies the browser's page when it belongs to this site and
// reports whether it is the homepage (then no homepage request is needed).
func (r *run) tabPage() (*classify.Page, bool) {
	p := r.opt.Page
	if p == nil {
		return nil, false
	}
	pu, err := url.Parse(p.URL)
	if err != nil || !strings.EqualFold(pu.Hostname(), r.host) {
		return nil, false
	}
	page, err := classify.Classify(p.URL, p.HTML, p.ContentType)
	if err != nil {
		return nil, false
	}
	return page, page.Kind == "home"
}

// homeStep fetches and classifies the homepage unless it is known already
// (the smart order may have it from the browser). A homepage answering
// 401, 403 or 429 stops the site.
func (r *run) homeStep() {
	if r.homeTried || r.done() {
		return
	}
	r.homeTried = true
	resp, _ := r.get("home", r.root.String())
	if resp == nil {
		r.homeFail = "the homepage could not be fetched"
		if last := r.lastRow(); last != nil {
			r.homeFail = fmt.Sprintf("the homepage could not be fetched (%v)", last.Status)
		}
		return
	}
	switch resp.Status {
	case 401, 403, 429:
		r.halt(OutcomeRefused, fmt.Sprintf("The homepage of %s answered %d, so feedscout stopped: the site does not want automated visitors.", r.host, resp.Status))
		return
	}
	if resp.Status != 200 {
		r.homeFail = fmt.Sprintf("the homepage answered %d", resp.Status)
		return
	}
	page, err := classify.Classify(resp.URL, resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		r.homeFail = "the homepage could not be read"
		return
	}
	r.home = page
}

func (r *run) lastRow() *fetch.Row {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.rep.Requests) == 0 {
		return nil
	}
	row := r.rep.Requests[len(r.rep.Requests)-1]
	return &row
}

// listAdvertised puts the page's advertised feeds into the report,
// unchecked.
func (r *run) listAdvertised(p *classify.Page) {
	for _, f := range p.Feeds {
		if len(f.URL) > maxURL || r.hasFeed(f.URL) {
			continue
		}
		r.rep.Feeds = append(r.rep.Feeds, Feed{
			URL: f.URL, Title: clip(f.Title), Format: f.Format, Via: "link",
			Comments: f.Comments, Scope: f.Scope,
			Preview: "not fetched",
		})
	}
}

func (r *run) hasFeed(u string) bool {
	for _, f := range r.rep.Feeds {
		if f.URL == u {
			return true
		}
	}
	return false
}

// checkAdvertised fetches the main advertised feed (the first that is not
// a comments feed) to validate and preview it, and the next one only when
// that turned out broken; the others stay listed as not fetched. An
// advertised feed that could not be fetched for a reason other than being
// broken (robots.txt, a timeout) still counts: the site announced it.
func (r *run) checkAdvertised() {
	for i := range r.rep.Feeds {
		f := &r.rep.Feeds[i]
		if r.done() || r.feedFound() {
			return
		}
		if f.Via != "link" || f.Checked || f.Broken || f.Comments {
			continue
		}
		r.checkFeed(f)
	}
}

// feedFound reports whether the report holds a feed that counts: checked,
// or advertised and not found broken.
func (r *run) feedFound() bool {
	for _, f := range r.rep.Feeds {
		if f.Checked || (f.Via == "link" && !f.Broken) {
			return true
		}
	}
	return false
}

// checkFeed fetches f and fills in what the feed says about itself.
func (r *run) checkFeed(f *Feed) {
	resp, err := r.get("feed", f.URL)
	switch {
	case errors.Is(err, fetch.ErrDisallowed):
		f.Preview = "not fetched: robots.txt disallows it"
		return
	case resp == nil:
		f.Preview = "not fetched: the request failed"
		if last := r.lastRow(); last != nil && last.URL == f.URL {
			f.Preview = fmt.Sprintf("not fetched: the request failed (%v)", last.Status)
		}
		return
	case resp.Status != 200:
		f.Preview = fmt.Sprintf("broken: it answered %d", resp.Status)
		f.Broken = true
		return
	}
	sum, err := feed.Parse(resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		f.Preview = "broken: the answer is not a feed"
		f.Broken = true
		return
	}
	fillFeed(f, sum)
}

func fillFeed(f *Feed, s *feed.Summary) {
	f.Checked, f.Preview = true, ""
	if s.Title != "" {
		f.Title = clip(s.Title)
	}
	if s.Format != "" {
		f.Format = s.Format
	}
	f.Items = s.Items
	if !s.Newest.IsZero() {
		f.Newest = s.Newest.UTC().Format(time.RFC3339)
	}
	f.Hub = s.Hub
}

// tryCandidate fetches u as a possible feed (a guess or a feed-like anchor)
// and adds it when the body parses as a feed. It returns the response's
// verdict for the guessing loop.
type verdict int

const (
	notFeed  verdict = iota // 404 and the like: keep guessing
	isFeed                  // found
	softPage                // 200 with HTML: the site answers every path
	forbid                  // 403: the site refuses these paths
	gone                    // no response (budget, deadline, network)
)

func (r *run) tryCandidate(step, u, via string) (verdict, *fetch.Response) {
	if r.tried[u] {
		return notFeed, nil
	}
	resp, _ := r.get(step, u)
	if resp == nil {
		return gone, nil
	}
	switch {
	case resp.Status == 401 || resp.Status == 403:
		return forbid, resp
	case resp.Status != 200:
		return notFeed, resp
	}
	sum, err := feed.Parse(resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		if looksHTML(resp) {
			return softPage, resp
		}
		return notFeed, resp
	}
	f := Feed{URL: u, Via: via}
	fillFeed(&f, sum)
	r.rep.Feeds = append(r.rep.Feeds, f)
	return isFeed, resp
}

func looksHTML(resp *fetch.Response) bool {
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	if strings.Contains(ct, "html") {
		return true
	}
	head := bytes.ToLower(bytes.TrimSpace(resp.Body[:min(len(resp.Body), 512)]))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html"))
}

// sitemapStep reads up to four of the sitemaps robots.txt lists (only
// those pick accepts), one level into an index, and stops at the first
// usable one. It reports whether it found one.
func (r *run) sitemapStep(pick func(string) bool) bool {
	if r.rules == nil {
		return false
	}
	for _, sm := range r.rules.Sitemaps() {
		if r.done() || r.sitemapsRead >= maxSitemaps {
			break
		}
		if r.tried[sm] || (pick != nil && !pick(sm)) {
			continue
		}
		r.sitemapsRead++
		if r.readSitemap(sm) {
			return true
		}
	}
	return false
}

// readSitemap fetches one listed sitemap and, for an index, its ranked
// children.
func (r *run) readSitemap(u string) bool {
	sm := r.fetchSitemap(u)
	if sm == nil {
		return false
	}
	if sm.Kind != sitemap.KindIndex {
		return r.useSitemap(u, sm, nil)
	}
	var depts []Department
	if names, ok := sitemap.Departments(sm); ok {
		for i, e := range sm.Entries {
			depts = append(depts, Department{URL: e.Loc, Name: names[i]})
		}
	}
	children := sitemap.RankChildren(sm.Entries)
	for i, c := range children {
		if i >= maxChildren || r.done() {
			break
		}
		if r.tried[c.Loc] {
			continue
		}
		child := r.fetchSitemap(c.Loc)
		if child == nil || child.Kind == sitemap.KindIndex {
			continue
		}
		if depts != nil {
			if r.useSitemap(u, child, depts) {
				return true
			}
			continue
		}
		if r.useSitemap(c.Loc, child, nil) {
			return true
		}
	}
	return false
}

func (r *run) fetchSitemap(u string) *sitemap.Sitemap {
	resp, _ := r.get("sitemap", u)
	if resp == nil || resp.Status != 200 {
		return nil
	}
	sm, err := sitemap.Parse(bytes.NewReader(resp.Body))
	if err != nil {
		return nil
	}
	return sm
}

// useSitemap judges sm and records it when usable. depts, when set, makes
// the record the department index at u (the judged child stands for all).
func (r *run) useSitemap(u string, sm *sitemap.Sitemap, depts []Department) bool {
	j := sitemap.Judge(sm, r.opt.Now())
	if j.Usable == sitemap.UsableNone {
		return false
	}
	rec := Sitemap{URL: u, Kind: string(j.Usable), URLs: j.URLs, Departments: depts}
	if j.NewsFacts != nil && !j.NewsFacts.Newest.IsZero() {
		rec.Newest = j.NewsFacts.Newest.UTC().Format(time.RFC3339)
	}
	if j.Usable == sitemap.UsableSections {
		if depts != nil {
			return false // a split sections list is not a department choice
		}
		for _, e := range sm.Entries {
			pu, err := url.Parse(e.Loc)
			if err != nil || len(e.Loc) > maxURL || !classify.IsSection(pu.Path) {
				continue
			}
			s := Section{URL: e.Loc}
			if !e.Lastmod.IsZero() {
				s.Lastmod = e.Lastmod.UTC().Format(time.RFC3339)
			}
			r.rep.Sections = append(r.rep.Sections, s)
		}
	}
	r.rep.Sitemaps = append(r.rep.Sitemaps, rec)
	return true
}

// sectionStep lists the homepage's section anchors when no sitemap gave
// sections, and adds the homepage itself when it links to articles.
func (r *run) sectionStep() {
	if r.home == nil || r.done() || r.feedFound() {
		return
	}
	for _, sm := range r.rep.Sitemaps {
		if sm.Kind != "sections" {
			return // a news or article sitemap is the better outcome
		}
	}
	if len(r.rep.Sections) == 0 {
		for _, l := range r.home.Sections {
			if len(l.URL) <= maxURL {
				r.rep.Sections = append(r.rep.Sections, Section{URL: l.URL, Title: clip(l.Text)})
			}
		}
	}
	if r.home.LinksToArticles {
		for _, s := range r.rep.Sections {
			if s.URL == r.home.URL {
				return
			}
		}
		r.rep.Sections = append(r.rep.Sections, Section{URL: r.home.URL, Title: clip(r.home.Title)})
	}
}

func clip(s string) string {
	if len(s) <= maxTitle {
		return s
	}
	rs := []rune(s)
	if len(rs) <= maxTitle {
		return s
	}
	return string(rs[:maxTitle]) + "…"
}
