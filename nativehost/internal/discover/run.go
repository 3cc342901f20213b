package discover

import (
	"context"
	"errors"
	"fmt"
	"net/url"
	"strings"
	"sync"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/robots"
	"feedscout/report"
	"feedscout/wasm/classify"
)

// Orders of discovery (report.Order*).
const (
	// OrderArticle is the source article's order, kept faithfully as the
	// baseline: link tags, all nine usual paths, the sitemaps robots.txt
	// lists, then sections. It fetches no advertised feed.
	OrderArticle = report.OrderArticle
	// OrderSmart (the default) uses what is known before each request to
	// skip the ones that cannot change the outcome; see smart.go.
	OrderSmart = report.OrderSmart
)

// Deadline is the overall limit of one discovery; when it passes, the
// report says what was found until then.
const Deadline = 60 * time.Second

// Page is the browser's copy of a page of the site (the active tab).
type Page struct {
	URL         string
	HTML        []byte
	ContentType string
}

// Options tune one discovery.
type Options struct {
	// Order is OrderSmart (default when empty) or OrderArticle.
	Order string
	// Page is the tab's page, when discovery starts from the browser.
	Page *Page
	// Since, when set, is the user's last look at the site: sections whose
	// sitemap lastmod is older are marked unchanged (Section.Unchanged).
	Since time.Time
	// Deadline bounds the whole discovery (Deadline when zero).
	Deadline time.Duration
	// OnRow receives each request log row as it happens (may be nil).
	// It is called from the goroutine that made the request.
	OnRow func(fetch.Row)
	// Now is the clock for judging sitemaps (time.Now when nil).
	Now func() time.Time
}

// run is the state of one discovery.
type run struct {
	ctx   context.Context
	opt   Options
	site  *fetch.Site
	root  *url.URL // where paths are resolved: the site, or its twin it moved to
	host  string   // the host asked about, for the sentences
	rules *robots.Rules
	rep   *Report

	home      *classify.Page // the homepage, classified (nil until known)
	homeTried bool           // fetching it was attempted (or not needed)
	homeFail  string         // why the homepage could not be read

	tried         map[string]bool // URLs already requested
	guessed       bool            // a guess has been answered
	noMoreGuesses bool            // an answer made further guessing pointless
	gone          map[string]bool // usual paths that answered 404 or 410
	suspect       string          // the sentence of a refusal not yet confirmed (smart order)
	answered      bool            // a request of the site other than robots.txt has been answered
	timeouts      int             // requests of the site that timed out
	stop          string          // why the site is finished early ("" while running)
	stopWhy       string          // the sentence for stop
	sitemapsRead  int             // listed sitemaps read (at most maxSitemaps)
	sitemapFail   string          // why the first sitemap that failed could not be used
	mu            sync.Mutex      // guards rep.Requests
}

// Run discovers siteURL (any URL of the site; its scheme and host are
// used) with client. It always returns a report: failures of the site are
// outcomes with a reason. The error is only for a siteURL that is not an
// absolute http(s) URL, or an unknown order.
func Run(ctx context.Context, client *fetch.Client, siteURL string, o Options) (*Report, error) {
	start := time.Now()
	u, ok := report.ParseWebURL(siteURL)
	if !ok {
		return nil, fmt.Errorf("discover %q: not an absolute http(s) url", siteURL)
	}
	root := &url.URL{Scheme: strings.ToLower(u.Scheme), Host: strings.ToLower(u.Host), Path: "/"}
	if o.Order == "" {
		o.Order = OrderSmart
	}
	if o.Order != OrderSmart && o.Order != OrderArticle {
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
		ctx: ctx, opt: o, root: root, host: root.Hostname(),
		rep:   &Report{Site: root.String(), Order: o.Order, Feeds: []Feed{}, Sitemaps: []Sitemap{}, Sections: []Section{}, Requests: []fetch.Row{}},
		tried: map[string]bool{}, gone: map[string]bool{},
	}
	site, err := client.Site(root.String(), r.row)
	if err != nil {
		return nil, fmt.Errorf("discover %s: %w", root, err)
	}
	defer site.Close()
	r.site = site
	if o.Order == OrderArticle {
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
func (r *run) row(row fetch.Row) {
	r.mu.Lock()
	r.rep.Requests = append(r.rep.Requests, row)
	r.mu.Unlock()
	if r.opt.OnRow != nil {
		r.opt.OnRow(row)
	}
}

func (r *run) smart() bool { return r.opt.Order == OrderSmart }

// done reports whether the site is finished early.
func (r *run) done() bool { return r.stop != "" }

// halt finishes the site early; the first reason wins.
func (r *run) halt(kind, sentence string) {
	if r.stop == "" {
		r.stop, r.stopWhy = kind, sentence
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
func (r *run) get(step, u string) (*fetch.Response, error) {
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
		r.halt(OutcomeRefused, fmt.Sprintf("The server answered 429 (too many requests) to %s, so feedscout stopped; try again later.", pathOf(resp.URL)))
		return nil, errStopped
	}
	same := r.sameSite(resp.URL)
	if r.smart() && same {
		if st == 401 || st == 403 {
			if r.suspect != "" {
				r.halt(OutcomeRefused, r.suspect)
				return nil, errStopped
			}
			r.suspectRefusal(step, st, u)
		} else {
			r.suspect = ""
		}
	}
	if same {
		r.answered = true
		if step == "guess" {
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
func (r *run) suspectRefusal(step string, st int, u string) {
	switch {
	case step == "guess" && !r.guessed:
		r.suspect = fmt.Sprintf("The site answered %d to %s, the first feed address tried, as a site that turns automated visitors away does; feedscout stopped.", st, pathOf(u))
	case r.rep.HomeFromPage && !r.answered:
		r.suspect = fmt.Sprintf("The site answered %d to %s, so feedscout stopped: it does not want automated visitors.", st, pathOf(u))
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
		r.halt(report.StopBudget, fmt.Sprintf("feedscout stopped after %d requests, the limit for one site.", fetch.DefaultBudget))
	case r.ctx.Err() == context.DeadlineExceeded:
		r.halt(report.StopDeadline, fmt.Sprintf("feedscout stopped after %s, the time limit for one site.", r.opt.Deadline))
	case errors.Is(err, fetch.ErrCanceled) || errors.Is(err, context.Canceled) || r.ctx.Err() != nil:
		r.halt(report.StopCanceled, "the discovery was canceled before it finished.")
	case r.smart() && errors.Is(err, fetch.ErrTimeout) && r.sameSite(u):
		r.timeouts++
		if r.timeouts >= maxTimeouts {
			r.halt(report.StopTimeout, fmt.Sprintf("The site did not answer %s in time (timeout), so feedscout stopped; try again later.", pathOf(u)))
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
