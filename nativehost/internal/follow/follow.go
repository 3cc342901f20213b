package follow

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"

	"feedscout/common/report"
	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/fetch"
)

// Manners, with their numbers (docs/following.md).
const (
	// DefaultMinInterval is the least time between two fetches of one
	// source.
	DefaultMinInterval = 15 * time.Minute
	// MaxCacheWait caps how long Cache-Control max-age or Expires can
	// hold a source back.
	MaxCacheWait = time.Hour
	// MaxBackoff caps the back-off after failures (the interval doubling
	// from the minimum interval).
	MaxBackoff = 24 * time.Hour
	// MaxURL is the longest source URL accepted.
	MaxURL = 2048
	// MaxEntries is how many entries a feed keeps: an article sitemap's
	// newest by lastmod, a section's newest by first sight. A news
	// sitemap holds at most 1,000 and keeps them all.
	MaxEntries = 100
	// requestBudget is the per-site budget of a following client: the
	// discovery budget of 25 is for one discovery, while a gateway
	// following 50 sections of one site makes 50 requests in one round,
	// each paced.
	requestBudget = 1000
)

// Options configure a Follower.
type Options struct {
	// Client makes every request. It should be made with ClientOptions
	// (pacing and robots.txt shared with other processes).
	Client *fetch.Client
	// StateDir is the state folder (DefaultStateDir when empty).
	StateDir string
	// MinInterval is the least time between fetches of one source;
	// 0 means DefaultMinInterval.
	MinInterval time.Duration
	// Timeout is the client's per-request timeout, named in sentences;
	// 0 means fetch.DefaultTimeout.
	Timeout time.Duration
	// Now is the clock (time.Now when nil): tests and benchmarks inject
	// one to simulate hours and days.
	Now func() time.Time
}

// ClientOptions are the fetch options of a following process: pacing and
// robots.txt shared through dir (the user's default state folder, which
// every feedscout process knows) with every other feedscout process, and a
// budget per site fit for following many sources of one site.
func ClientOptions(dir string, allowPrivate bool) fetch.Options {
	return fetch.Options{StateDir: dir, ShareRobots: true, AllowPrivate: allowPrivate, Budget: requestBudget}
}

// Follower turns sources without a feed into feeds, keeping each one's
// state on disk. It is safe for concurrent use, and several processes may
// share one state folder: a source is fetched by one of them at a time.
type Follower struct {
	client   *fetch.Client
	dir      string
	interval time.Duration
	timeout  time.Duration
	now      func() time.Time
	// plain turns the sections sitemap off: every due section is fetched
	// (the baseline of the benchmarks).
	plain bool

	mu    sync.Mutex
	locks map[string]chan struct{}
}

// New returns a Follower for o.
func New(o Options) (*Follower, error) {
	if o.Client == nil {
		return nil, errors.New("new follower: no client")
	}
	dir := o.StateDir
	if dir == "" {
		d, err := DefaultStateDir()
		if err != nil {
			return nil, fmt.Errorf("new follower: %w", err)
		}
		dir = d
	}
	f := &Follower{client: o.Client, dir: dir, interval: o.MinInterval, timeout: o.Timeout, now: o.Now, locks: map[string]chan struct{}{}}
	if f.interval <= 0 {
		f.interval = DefaultMinInterval
	}
	if f.timeout <= 0 {
		f.timeout = fetch.DefaultTimeout
	}
	if f.now == nil {
		f.now = time.Now
	}
	return f, nil
}

// Dir is the state folder.
func (f *Follower) Dir() string { return f.dir }

// Interval is the minimum interval between fetches of a source.
func (f *Follower) Interval() time.Duration { return f.interval }

// Errors of Feed, for errors.Is.
var (
	// ErrAlreadyFeed: the URL is a feed already.
	ErrAlreadyFeed = errors.New("already a feed: subscribe to it directly")
	// ErrBadSource: the URL cannot be followed (not http(s), too long, a
	// private address, a sitemap index, a list of sections).
	ErrBadSource = errors.New("cannot follow this address")
	// ErrNoFeedYet: the source has never been fetched successfully, so
	// there is no feed to give; the error says why and when feedscout
	// tries again.
	ErrNoFeedYet = errors.New("no feed yet")
)

// errCanceled is refresh's answer when the caller's context ended.
var errCanceled = errors.New("canceled")

// Values of State.Refused.
const (
	refusedFeed   = "already-feed" // the URL is a feed
	refusedSource = "not-a-source" // an index, a list of sections, a page without articles...
)

// refusal is the State.Refused value for an error of interpret.
func refusal(err error) string {
	if errors.Is(err, ErrAlreadyFeed) {
		return refusedFeed
	}
	return refusedSource
}

// sourceError is an error with the sentence a person reads.
type sourceError struct {
	kind     error
	sentence string
}

func (e *sourceError) Error() string { return e.sentence }
func (e *sourceError) Unwrap() error { return e.kind }

func badSource(format string, args ...any) error {
	return &sourceError{kind: ErrBadSource, sentence: fmt.Sprintf(format, args...)}
}

// Result is a source's feed as Feed returns it.
type Result struct {
	// State is a copy of the source's state after the call.
	State *State
	// Fetched reports whether this call made requests for the source.
	Fetched bool
}

// CheckSource normalises and checks a source URL before any request:
// absolute http(s), at most MaxURL bytes, not a literal private address
// or localhost (unless the client allows private addresses). The
// fragment is dropped.
func (f *Follower) CheckSource(raw string) (string, error) {
	if len(raw) > MaxURL {
		return "", badSource("The address is %d bytes long; feedscout follows addresses of at most %d bytes.", len(raw), MaxURL)
	}
	u, ok := report.ParseWebURL(strings.TrimSpace(raw))
	if !ok {
		return "", badSource("%q is not an absolute http or https address; give the address of a news sitemap, an article sitemap, a section page or a JSON Feed.", raw)
	}
	if u.User != nil {
		return "", badSource("The address %s carries a user name or password; feedscout follows public pages only.", u.Redacted())
	}
	if err := f.client.CheckAddress(u.Hostname()); err != nil {
		return "", badSource("The address %s is not a public site (%s); feedscout follows only public sites (use --allow-private for an intranet).", u.String(), strings.TrimPrefix(err.Error(), "check address: "))
	}
	u.Fragment, u.RawFragment = "", ""
	if u.Path == "" {
		u.Path = "/"
	}
	return u.String(), nil
}

// Feed returns the feed of source: fetched when the manners allow (the
// minimum interval, Cache-Control, the back-off after failures, never
// after 410), else the stored one. The first successful fetch of a
// source decides its kind. Errors wrap ErrAlreadyFeed, ErrBadSource or
// ErrNoFeedYet, and read as a sentence.
func (f *Follower) Feed(ctx context.Context, source string) (*Result, error) {
	source, err := f.CheckSource(source)
	if err != nil {
		return nil, err
	}
	unlock, err := f.lockSource(ctx, source)
	if err != nil {
		return nil, fmt.Errorf("follow %s: %w", source, err)
	}
	defer unlock()
	st := f.loadState(source)
	fetched := false
	if f.due(st) {
		fetched = true
		failure := f.refresh(ctx, st)
		if errors.Is(failure, errCanceled) {
			// The caller went away (a reader hung up, a signal): not the
			// site's failure, and nothing learnt; the state stays as it was.
			return nil, fmt.Errorf("follow %s: %w", source, ctx.Err())
		}
		if err := f.saveState(st); err != nil {
			return nil, fmt.Errorf("follow %s: %w", source, err)
		}
		if failure != nil {
			return nil, failure
		}
	}
	if st.LastOK.IsZero() && st.Status != StatusGone {
		switch st.Refused {
		case refusedFeed:
			return nil, &sourceError{kind: ErrAlreadyFeed, sentence: st.Problem}
		case refusedSource:
			return nil, &sourceError{kind: ErrBadSource, sentence: st.Problem}
		}
		return nil, &sourceError{kind: ErrNoFeedYet, sentence: noFeedYet(st)}
	}
	cp := *st
	cp.Entries = append([]Entry(nil), st.Entries...)
	return &Result{State: &cp, Fetched: fetched}, nil
}

// due reports whether the source may be fetched now.
func (f *Follower) due(st *State) bool {
	if st.Status == StatusGone {
		return false
	}
	return !f.now().Before(st.NextFetch)
}

// noFeedYet says why a source that never worked has no feed.
func noFeedYet(st *State) string {
	s := st.Problem
	if s == "" {
		s = "feedscout has not fetched " + st.URL + " yet."
	}
	if !st.NextFetch.IsZero() {
		s += " feedscout tries again after " + clock(st.NextFetch) + "."
	}
	return s
}

// clock formats a time for sentences: UTC to the minute.
func clock(t time.Time) string { return t.UTC().Format("2006-01-02 15:04 UTC") }

// refresh fetches the source once (or skips it when the site's sections
// sitemap says it did not change) and updates st. It returns an error
// only for what makes the source unfollowable on its first fetch (a feed,
// an index); every other failure is recorded in st.
func (f *Follower) refresh(ctx context.Context, st *State) error {
	now := f.now()
	switch {
	case f.plain:
	case st.Kind == kind.Section:
		// The sitemap is read before the page, so a lastmod kept for the
		// page is never newer than what the page showed.
		if lm, unchanged := f.sectionUnchanged(ctx, st); unchanged && len(st.Entries) > 0 {
			st.Result = "skipped: unchanged in the sections sitemap"
			st.LastOK = now
			st.NextFetch = now.Add(f.interval)
			return nil
		} else if !lm.IsZero() {
			defer func() {
				if st.Status == StatusOK && st.LastFetch.Equal(now) {
					st.SitemapLastmod = lm
				}
			}()
		}
	default:
		defer func() {
			// A source just found to be a section: count it among the
			// site's followed sections, and keep its lastmod if the
			// sitemap is known and shows no change after this fetch.
			if st.Kind == kind.Section && st.Status == StatusOK && st.LastFetch.Equal(now) {
				if lm, _ := f.sectionUnchanged(ctx, st); !lm.IsZero() && !lm.After(now) {
					st.SitemapLastmod = lm
				}
			}
		}()
	}
	var rows []report.Row
	site, err := f.client.Site(st.URL, func(r report.Row) { rows = append(rows, r) })
	if err != nil {
		return badSource("%s cannot be fetched: %v.", st.URL, err)
	}
	defer site.Close()
	if !st.LastOK.IsZero() {
		f.client.Remember(st.URL, st.ETag, st.LastModified)
	}
	st.LastFetch = now
	resp, gerr := site.Get(ctx, report.StepFeed, st.URL)
	for _, r := range rows {
		if r.Step == report.StepFeed && (r.Status.Code != 0 || r.MS > 0) {
			st.Requests++
			if r.Status.Code == http.StatusOK {
				st.Downloads++
			}
		}
	}
	if gerr != nil {
		var fe *fetch.Error
		word := report.StatusNetwork
		if errors.As(gerr, &fe) {
			word = fe.Word
		}
		if word == report.StatusCanceled || ctx.Err() != nil {
			return errCanceled
		}
		f.fail(st, string(word), fetchSentence(st.URL, word, f.timeout), 0)
		return nil
	}
	f.noteMove(st, rows, resp.URL)
	switch {
	case resp.NotModified:
		st.Result = "304"
		f.succeed(st, resp.Header)
		return nil
	case resp.Status == http.StatusGone:
		st.Status, st.Result = StatusGone, "410"
		st.Problem = fmt.Sprintf("%s answered 410 Gone at %s: the publisher removed it, so feedscout stopped following it. Unsubscribe from this feed.", resp.URL, clock(now))
		st.NextFetch = time.Time{}
		return nil
	case resp.Status != http.StatusOK:
		st.Result = strconv.Itoa(resp.Status)
		f.fail(st, st.Result, fmt.Sprintf("%s answered %d at %s.", resp.URL, resp.Status, clock(now)), retryAfter(resp.Header, now))
		return nil
	}
	st.Result = "200"
	read, err := interpret(resp, st, now)
	if err != nil {
		var se *sourceError
		if errors.As(err, &se) && st.LastOK.IsZero() && (errors.Is(err, ErrAlreadyFeed) || errors.Is(err, ErrBadSource)) {
			// Never followed: nothing to keep; asked again, the same
			// answer until the interval has passed.
			st.Problem, st.Refused = se.sentence, refusal(err)
			st.NextFetch = now.Add(f.interval)
			return err
		}
		f.fail(st, "unreadable", err.Error(), 0)
		return nil
	}
	st.Kind, st.Title, st.Entries = read.kind, read.title, read.entries
	st.ETag, st.LastModified = resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	f.succeed(st, resp.Header)
	return nil
}

// succeed records a fetch that gave the source's entries.
func (f *Follower) succeed(st *State, h http.Header) {
	now := f.now()
	st.Status, st.LastOK, st.Failures, st.Problem, st.Refused = StatusOK, now, 0, "", ""
	wait := f.interval
	if c := cacheWait(h, now); c > wait {
		wait = c
	}
	st.NextFetch = now.Add(wait)
}

// fail records a failed fetch: the entries stay, the next try backs off
// (the minimum interval doubling per consecutive failure, at most
// MaxBackoff, and not before a Retry-After).
func (f *Follower) fail(st *State, result, sentence string, retry time.Duration) {
	now := f.now()
	st.Result = result
	st.Failures++
	if !st.LastOK.IsZero() {
		st.Status = StatusFailing
	}
	wait := f.interval
	for i := 1; i < st.Failures && wait < MaxBackoff; i++ {
		wait *= 2
	}
	wait = min(max(wait, retry), MaxBackoff)
	st.NextFetch = now.Add(wait)
	st.Problem = sentence
}

// noteMove remembers a permanent redirect: when every hop from the
// source's URL to where it ended was 301 or 308, that is its URL now.
func (f *Follower) noteMove(st *State, rows []report.Row, final string) {
	if final == "" || final == st.URL {
		return
	}
	var codes []string
	for _, r := range rows {
		if r.Step != report.StepFeed || r.Status.Code == 0 {
			continue
		}
		switch r.Status.Code {
		case http.StatusMovedPermanently, http.StatusPermanentRedirect:
			codes = append(codes, strconv.Itoa(r.Status.Code))
		case http.StatusFound, http.StatusSeeOther, http.StatusTemporaryRedirect:
			return // a temporary move: keep asking the old address
		}
	}
	if len(codes) == 0 {
		return
	}
	st.Moved = fmt.Sprintf("%s moved permanently (%s) to %s on %s; feedscout follows the new address.", st.URL, strings.Join(codes, ", "), final, clock(f.now()))
	st.URL = final
	st.ETag, st.LastModified = "", ""
}

// fetchSentence explains a fetch that got no answer.
func fetchSentence(u string, word report.StatusWord, timeout time.Duration) string {
	switch word {
	case report.StatusRobotsDisallow:
		return "robots.txt of the site disallows " + u + " for feedscout, so it was not fetched."
	case report.StatusTimeout:
		return fmt.Sprintf("%s did not answer within %v.", u, timeout)
	case report.StatusDNS:
		return "The name of the site of " + u + " does not resolve."
	case report.StatusTLS:
		return "The secure connection to the site of " + u + " failed (certificate or TLS)."
	case report.StatusTooLarge:
		return u + " is larger than feedscout reads (8 MiB)."
	case report.StatusRefusedAddress:
		return u + " led to a private address, which feedscout does not fetch for a public site."
	case report.StatusRedirectLoop, report.StatusTooManyRedirects, report.StatusBadRedirect:
		return u + " redirects in a way feedscout does not follow (" + string(word) + ")."
	case report.StatusBudget:
		return "feedscout made too many requests to the site of " + u + " at once; it tries again later."
	}
	return "The site of " + u + " could not be reached (" + string(word) + ")."
}

// cacheWait is how long Cache-Control max-age (else Expires) asks a
// client to wait, capped at MaxCacheWait; 0 when it asks nothing.
func cacheWait(h http.Header, now time.Time) time.Duration {
	if h == nil {
		return 0
	}
	for _, part := range strings.Split(h.Get("Cache-Control"), ",") {
		k, v, _ := strings.Cut(strings.TrimSpace(part), "=")
		if strings.EqualFold(k, "max-age") {
			if n, err := strconv.Atoi(strings.Trim(v, `"`)); err == nil && n > 0 {
				return min(time.Duration(n)*time.Second, MaxCacheWait)
			}
			return 0
		}
	}
	if e := h.Get("Expires"); e != "" {
		if t, err := http.ParseTime(e); err == nil && t.After(now) {
			return min(t.Sub(now), MaxCacheWait)
		}
	}
	return 0
}

// retryAfter reads Retry-After (seconds or a date), capped at MaxBackoff.
func retryAfter(h http.Header, now time.Time) time.Duration {
	v := strings.TrimSpace(h.Get("Retry-After"))
	if v == "" {
		return 0
	}
	if n, err := strconv.Atoi(v); err == nil && n > 0 {
		return min(time.Duration(n)*time.Second, MaxBackoff)
	}
	if t, err := http.ParseTime(v); err == nil && t.After(now) {
		return min(t.Sub(now), MaxBackoff)
	}
	return 0
}
