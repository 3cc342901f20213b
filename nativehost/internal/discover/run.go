package discover

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"feedscout/common/classify"
	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/robots"
)

// Deadline is the overall limit of one discovery; when it passes, the
// report says what was found until then.
const Deadline = 60 * time.Second

// Options tune one discovery.
type Options struct {
	// Order is report.OrderSmart (default when empty) or
	// report.OrderArticle, the source article's order kept as the baseline
	// (article.go); the smart order is described at smartOrder.
	Order string
	// Page is the tab's page, when discovery starts from the browser.
	Page *report.Page
	// Since, when set, is the user's last look at the site: sections whose
	// sitemap lastmod is older are marked unchanged (Section.Unchanged).
	Since time.Time
	// Deadline bounds the whole discovery (Deadline when zero).
	Deadline time.Duration
	// OnRow receives each request log row as it happens (may be nil).
	// It is called from the goroutine that made the request.
	OnRow func(report.Row)
	// Now is the clock for judging sitemaps (time.Now when nil).
	Now func() time.Time
	// Spent is how many requests this discovery already cost the site in
	// an earlier process (fetch.Site.Continue).
	Spent int
}

// run is the state of one discovery.
type run struct {
	ctx  context.Context
	opt  Options
	site *fetch.Site
	root *url.URL // where paths are resolved: the site, or its twin it moved to
	host string   // the host asked about, for the sentences
	// siteURL is the URL asked about, whole: the platform rules read it
	// when the browser sent no page (urlPage).
	siteURL string
	rules   *robots.Rules
	rep     *report.Report

	home      *classify.Page // the homepage, classified (nil until known)
	homeTried bool           // fetching it was attempted (or not needed)
	learned   learned        // what failed steps found out, for the reason

	tried        map[string]bool    // URLs already requested
	gone         map[string]bool    // usual paths that answered 404 or 410
	previews     map[string]preview // why an advertised feed has no preview
	sitemapsRead int                // listed sitemaps read (at most maxSitemaps)
	health       sitemapHealth      // health lines of the sitemaps read (health.go)

	// What requests told about the site as a whole (see get).
	guessed  bool           // a guess has been answered
	answered bool           // a request of the site other than robots.txt has been answered
	timeouts int            // requests of the site that timed out
	suspect  *report.Reason // a refusal not yet confirmed (smart order)
	stop     string         // why the site is finished early ("" while running)
	stopWhy  *report.Reason // the reason for stop
	mu       sync.Mutex     // guards rep.Requests
}

// step is what one step of discovery found out: whether it found what
// ends the search, whether more of the same is pointless, and what went
// wrong when it failed. The orders read it; nothing else does.
type step struct {
	found   bool            // a feed, or a usable sitemap
	enough  bool            // more of this step is pointless (guessing on a site that answers every path)
	problem *report.Problem // why it failed, when it did
	url     string          // the URL problem is about, when not the step's own
}

// learned is what failed steps found out that the reason names.
type learned struct {
	home       *report.Problem // why the homepage could not be read
	sitemap    string          // the first sitemap that could not be used
	sitemapWhy *report.Problem // and why
}

// homeStepDone records what the homepage step found out.
func (l *learned) homeStepDone(s step) {
	if s.problem != nil {
		l.home = s.problem
	}
}

// sitemapStepDone keeps the first sitemap failure.
func (l *learned) sitemapStepDone(s step) {
	if l.sitemapWhy == nil && s.problem != nil {
		l.sitemap, l.sitemapWhy = pathOf(s.url), s.problem
	}
}

// Run discovers siteURL (any URL of the site; its scheme and host are
// used) with client. It always returns a report: failures of the site are
// outcomes with a reason. The error is only for a siteURL that is not an
// absolute http(s) URL, or an unknown order.
func Run(ctx context.Context, client *fetch.Client, siteURL string, o Options) (*report.Report, error) {
	start := time.Now()
	u, ok := report.ParseWebURL(siteURL)
	if !ok {
		return nil, fmt.Errorf("discover %q: not an absolute http(s) url", siteURL)
	}
	root := &url.URL{Scheme: strings.ToLower(u.Scheme), Host: strings.ToLower(u.Host), Path: "/"}
	if o.Order == "" {
		o.Order = report.OrderSmart
	}
	if o.Order != report.OrderSmart && o.Order != report.OrderArticle {
		return nil, fmt.Errorf("discover %s: unknown order %q", siteURL, o.Order)
	}
	if o.Deadline <= 0 {
		o.Deadline = Deadline
	}
	if o.Now == nil {
		o.Now = time.Now
	}
	ctx, cancel := context.WithTimeout(ctx, o.Deadline)
	defer cancel()
	r := &run{
		ctx: ctx, opt: o, root: root, host: root.Hostname(), siteURL: u.String(),
		rep:   &report.Report{Site: root.String(), Order: o.Order, Feeds: []report.Feed{}, Sitemaps: []report.Sitemap{}, Sections: []report.Section{}, Requests: []report.Row{}},
		tried: map[string]bool{}, gone: map[string]bool{}, previews: map[string]preview{},
	}
	site, err := client.Site(root.String(), r.row)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", root, err)
	}
	defer site.Close()
	if o.Spent > 0 {
		site.Continue(o.Spent)
	}
	r.site = site
	if o.Order == report.OrderArticle {
		r.articleOrder()
	} else {
		r.smartOrder()
	}
	if r.done() {
		r.sectionStep() // what the homepage showed still counts
	}
	r.finish()
	r.rep.ElapsedMS = time.Since(start).Milliseconds()
	r.rep.BudgetLeft = site.Remaining()
	return r.rep, nil
}

// row records one request log row and passes it on.
func (r *run) row(row report.Row) {
	r.mu.Lock()
	r.rep.Requests = append(r.rep.Requests, row)
	r.mu.Unlock()
	if r.opt.OnRow != nil {
		r.opt.OnRow(row)
	}
}

func (r *run) smart() bool { return r.opt.Order == report.OrderSmart }

// done reports whether the site is finished early.
func (r *run) done() bool { return r.stop != "" }

// halt finishes the site early; the first reason wins.
func (r *run) halt(kind, code string, args map[string]any) {
	if r.stop == "" {
		r.stop, r.stopWhy = kind, &report.Reason{Code: code, Args: args}
	}
}

// abs resolves p against the site root.
func (r *run) abs(p string) string {
	ref, err := url.Parse(p)
	if err != nil {
		return ""
	}
	return r.root.ResolveReference(ref).String()
}

// errStopped is get's error once the site is finished early.
var errStopped = errors.New("discovery stopped")

// get makes one request through the polite client and turns what ends the
// site (budget, deadline, cancellation, a 429, and in the smart order a
// site-wide refusal or a site that does not answer) into a halt. A nil
// response comes with the error that explains it (fetch.ErrDisallowed, a
// network failure, ...); the log row already records it.
func (r *run) get(step report.Step, u string) (*fetch.Response, error) {
	if r.done() {
		return nil, errStopped
	}
	r.tried[u] = true
	resp, err := r.site.Get(r.ctx, step, u)
	if err != nil {
		r.noteErr(u, err)
		return nil, err
	}
	st := resp.Status
	if st == 429 {
		r.halt(report.StopRefused, report.ReasonRefusedTooMany, map[string]any{"path": pathOf(resp.URL)})
		return nil, errStopped
	}
	same := r.sameSite(resp.URL)
	if r.smart() && same {
		if st == 401 || st == 403 {
			if r.suspect != nil {
				r.halt(report.StopRefused, r.suspect.Code, r.suspect.Args)
				return nil, errStopped
			}
			r.suspectRefusal(step, st, u)
		} else {
			r.suspect = nil
		}
	}
	if same {
		r.answered = true
		if step == report.StepGuess {
			r.guessed = true
		}
	}
	return resp, nil
}

// suspectRefusal notes a 401/403 that may be the site turning feedscout
// away as a whole: a firewall that lets the homepage through answers the
// very first guess so, and with the homepage from the browser the first
// request stands in for the homepage. It is confirmed when the next
// request of the site is refused too (the site is then stopped), or when
// nothing else is found (the outcome is then "refused"); any other answer
// clears it (Asahi answers /rss with 403 and the rest normally).
func (r *run) suspectRefusal(step report.Step, st int, u string) {
	switch {
	case step == report.StepGuess && !r.guessed:
		r.suspect = &report.Reason{Code: report.ReasonRefusedFirstGuess, Args: map[string]any{"status": st, "path": pathOf(u)}}
	case r.rep.HomeFromPage && !r.answered:
		r.suspect = &report.Reason{Code: report.ReasonRefusedFirstRequest, Args: map[string]any{"status": st, "path": pathOf(u)}}
	}
}

// maxTimeouts is how many requests of a site may time out before the
// smart order gives up on it: each costs the full request timeout. One is
// not enough: a homepage that takes long to build says nothing about a
// static feed file.
const maxTimeouts = 2

// noteErr halts on the errors that end a site.
func (r *run) noteErr(u string, err error) {
	switch {
	case errors.Is(err, fetch.ErrBudget):
		r.halt(report.StopBudget, report.ReasonStoppedBudget, map[string]any{"budget": fetch.DefaultBudget})
	case r.ctx.Err() == context.DeadlineExceeded:
		r.halt(report.StopDeadline, report.ReasonStoppedDeadline, map[string]any{"seconds": r.opt.Deadline.Seconds()})
	case errors.Is(err, fetch.ErrCanceled) || errors.Is(err, context.Canceled) || r.ctx.Err() != nil:
		r.halt(report.StopCanceled, report.ReasonStoppedCanceled, map[string]any{})
	case r.smart() && errors.Is(err, fetch.ErrTimeout) && r.sameSite(u):
		r.timeouts++
		if r.timeouts >= maxTimeouts {
			r.halt(report.StopTimeout, report.ReasonStoppedTimeout, map[string]any{"path": pathOf(u)})
		}
	}
}

// sameSite reports whether u is on the site's host or the twin it moved
// to.
func (r *run) sameSite(u string) bool {
	h := hostOf(u)
	return h == r.host || h == r.root.Hostname()
}

func hostOf(u string) string {
	p, err := url.Parse(u)
	if err != nil {
		return ""
	}
	return strings.ToLower(p.Hostname())
}

func pathOf(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Path == "" {
		return u
	}
	if p.Host != "" {
		return p.Host + p.EscapedPath()
	}
	return p.EscapedPath()
}
