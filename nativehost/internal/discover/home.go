package discover

import (
	"errors"
	"net/url"
	"slices"
	"strings"

	"feedscout/common/classify"
	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
)

// Limits of the steps (docs/ARCHITECTURE.md, "Discovery").
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
		r.noteErr(r.root.String()+"robots.txt", err)
		if r.done() {
			return
		}
	}
	r.rules = rules
	if !rules.DisallowsRoot(fetch.Product) {
		return
	}
	st := rules.Status()
	host := map[string]any{"host": r.host}
	var fe *fetch.Error
	switch {
	case st == 0 && errors.As(err, &fe):
		r.halt(report.StopRefused, report.ReasonRefusedRobotsUnreachable, map[string]any{"host": r.host, "word": string(fe.Word)})
	case st == 0:
		r.halt(report.StopRefused, report.ReasonRefusedRobotsUnreachable, host)
	case st == 429 || st >= 500:
		r.halt(report.StopRefused, report.ReasonRefusedRobotsStatus, map[string]any{"host": r.host, "status": st})
	case rules.OnlyNamedAgents():
		r.halt(report.StopRefused, report.ReasonRefusedRobotsNamed, host)
	default:
		r.halt(report.StopRefused, report.ReasonRefusedRobots, host)
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
	// The tab's HTML is text the browser already decoded: a <meta charset>
	// in it must not make Classify decode it a second time.
	page, err := classify.Classify(p.URL, []byte(p.HTML), classify.TextContentType)
	if err != nil {
		return nil, false
	}
	return page, page.Kind == "home"
}

// homeStep fetches and classifies the homepage unless it is known already
// (the smart order may have it from the browser). A homepage answering
// 401, 403 or 429 stops the site. The smart order follows the site when
// the homepage redirects to its twin (see reroot). The step's problem says
// why the homepage could not be read.
func (r *run) homeStep() step {
	if r.homeTried || r.done() {
		return step{}
	}
	r.homeTried = true
	resp, err := r.get(report.StepHome, r.root.String())
	if resp == nil {
		p := report.Problem{Word: report.ProblemUnfetched}
		var fe *fetch.Error
		if errors.As(err, &fe) {
			p = fe.Problem()
		}
		return step{problem: &p}
	}
	switch resp.Status {
	case 401, 403, 429:
		r.halt(report.StopRefused, report.ReasonRefusedHome, map[string]any{"host": r.host, "status": resp.Status})
		return step{}
	}
	if !resp.OK() {
		return step{problem: &report.Problem{Word: report.ProblemStatus, Status: resp.Status}}
	}
	if r.smart() {
		r.reroot(resp.URL)
	}
	page, err := classify.Classify(resp.URL, resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		return step{problem: &report.Problem{Word: report.ProblemUnreadable}}
	}
	page.Feeds = withHeaderFeeds(page.Feeds, classify.HeaderFeeds(resp.URL, resp.Header.Values("Link")))
	r.home = page
	return step{}
}

// withHeaderFeeds puts the feeds a page's Link headers advertise (RFC
// 8288: what the host sees of a page and the browser's copy does not)
// after the ones its <link> elements advertise and before the derived
// ones, each once.
func withHeaderFeeds(feeds, header []classify.Feed) []classify.Feed {
	if len(header) == 0 {
		return feeds
	}
	i := 0
	for i < len(feeds) && feeds[i].Rule == "" {
		i++
	}
	out := append([]classify.Feed{}, feeds[:i]...)
	for _, h := range header {
		if !slices.ContainsFunc(feeds, func(f classify.Feed) bool { return f.URL == h.URL }) {
			out = append(out, h)
		}
	}
	return append(out, feeds[i:]...)
}

// urlPage is what the platform rules derive from the URL discovery was
// asked about when the browser sent no copy of the page (the CLI's
// discover https://github.com/OWNER/REPO): a page of its derived feeds
// only, nil when they derive none.
func urlPage(siteURL string) *classify.Page {
	feeds, err := classify.Platform(siteURL)
	if err != nil || len(feeds) == 0 {
		return nil
	}
	return &classify.Page{URL: siteURL, Feeds: feeds}
}

// reroot moves the root to u's scheme and host when they are the site's
// twin: the same host over the other scheme, or with or without "www.".
// Sites that moved (http to https, bare to www) redirect every URL, so
// resolving the guesses against where the site now lives saves one hop
// per request. Any other host is another site: the root stays.
func (r *run) reroot(u string) {
	p, ok := report.ParseWebURL(u)
	if !ok {
		return
	}
	p.Scheme = strings.ToLower(p.Scheme)
	h := strings.ToLower(p.Host)
	if h == r.root.Host && p.Scheme == r.root.Scheme {
		return
	}
	bare := func(s string) string { return strings.TrimPrefix(s, "www.") }
	if bare(h) != bare(r.root.Host) {
		return
	}
	r.root = &url.URL{Scheme: p.Scheme, Host: h, Path: "/"}
}

// robotsMoved returns where robots.txt of the site was redirected to,
// when that is robots.txt of the site's twin, else "".
func (r *run) robotsMoved() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	last := ""
	for _, q := range r.rep.Requests {
		if q.Step == report.StepRobots && q.Status.Word == "" {
			last = q.URL
		}
	}
	p, err := url.Parse(last)
	if last == "" || err != nil || p.Path != "/robots.txt" {
		return ""
	}
	return last
}
