package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/url"
	"strconv"
	"strings"
	"sync"

	"feedscout/common/report"
)

// Site is one discovery's view of a site: its request log and the site's
// budget. Sessions of the same site share pacing and budget. A Site is safe
// for concurrent use.
type Site struct {
	c      *Client
	origin *url.URL // scheme and host of the site
	key    string   // budget key: host[:port], lower case
	b      *budget
	onRow  func(report.Row)

	mu     sync.Mutex
	log    []report.Row
	closed bool
	guard  *bool // decided at the first request
	taken  int   // budget units this session took
	limit  int   // the session's own cap on them (0: none beyond the site's)

	emit sync.Mutex // keeps onRow calls in log order
}

var errClosed = errors.New("fetch: site is closed")

// Site starts work on the site of siteURL (its scheme and host). Open
// sessions of one host share its budget; the budget starts again from zero
// once no session of the host is open. onRow, if not nil, is called with
// every log row as it is added, in order, from the goroutine that made the
// request; it must not call Get. Close the Site when done.
func (c *Client) Site(siteURL string, onRow func(report.Row)) (*Site, error) {
	u, err := parseTarget(siteURL)
	if err != nil {
		return nil, fmt.Errorf("open site: %w", err)
	}
	key := hostKey(u)
	c.mu.Lock()
	b := c.budgets[key]
	if b == nil {
		b = &budget{max: c.opts.Budget}
		c.budgets[key] = b
	}
	b.refs++
	c.mu.Unlock()
	return &Site{c: c, origin: &url.URL{Scheme: u.Scheme, Host: u.Host}, key: key, b: b, onRow: onRow}, nil
}

// Close ends the session; further Gets fail. Closing twice is harmless.
func (s *Site) Close() {
	s.mu.Lock()
	closed := s.closed
	s.closed = true
	s.mu.Unlock()
	if closed {
		return
	}
	s.c.mu.Lock()
	if s.b.refs--; s.b.refs == 0 && s.c.budgets[s.key] == s.b {
		delete(s.c.budgets, s.key)
	}
	s.c.mu.Unlock()
}

// Log returns a copy of the session's rows so far.
func (s *Site) Log() []report.Row {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]report.Row(nil), s.log...)
}

// Continue tells the session that it continues a discovery that already
// cost the site spent requests in an earlier process (the browser's worker
// retrying after the host died): it may make only what the site's budget
// leaves after those, so that one click never costs a site more than the
// budget, however often the host restarts.
func (s *Site) Continue(spent int) {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.limit = s.b.max - max(spent, 0)
	if s.limit <= 0 {
		s.limit = -1
	}
}

// takeOwn reserves one unit of the session's own cap; false when it is
// used up.
func (s *Site) takeOwn() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	if s.limit < 0 || (s.limit > 0 && s.taken >= s.limit) {
		return false
	}
	s.taken++
	return true
}

// refundOwn gives back a unit of takeOwn.
func (s *Site) refundOwn() {
	s.mu.Lock()
	s.taken--
	s.mu.Unlock()
}

// Used is how many requests the site has made, counting every open
// session of it.
func (s *Site) Used() int { return s.b.count() }

// Remaining is how many requests the session may still make: what the
// site's budget has left, or less after Continue.
func (s *Site) Remaining() int {
	left := max(0, s.b.max-s.b.count())
	s.mu.Lock()
	defer s.mu.Unlock()
	switch {
	case s.limit < 0:
		return 0
	case s.limit > 0:
		return min(left, max(0, s.limit-s.taken))
	}
	return left
}

// Get fetches rawURL for step (robots, home, guess, sitemap, section,
// feed). robots.txt of the URL's scheme and host is fetched first (step
// "robots") unless known, and obeyed; redirects are followed by hand, at
// most MaxHops, each hop a paced, counted, logged request checked against
// its own host's robots.txt. Every status is a response (4xx and 5xx
// included). The error, an *Error unless the Site is closed, is for
// everything else: robots-disallow, budget, timeout, dns, tls, network,
// too-large, bad-encoding, refused-address, redirect-loop,
// too-many-redirects, bad-redirect, bad-scheme, bad-url, canceled.
func (s *Site) Get(ctx context.Context, step report.Step, rawURL string) (*Response, error) {
	if s.isClosed() {
		return nil, errClosed
	}
	u, err := parseTarget(rawURL)
	if err != nil {
		var fe *Error
		errors.As(err, &fe)
		s.add(report.Row{Step: step, URL: rawURL, Status: report.Status{Word: fe.Word}, Note: fe.Err.Error()})
		return nil, &Error{Word: fe.Word, URL: rawURL, Err: fe.Err}
	}
	seen := map[string]bool{}
	for hops := 0; ; hops++ {
		seen[u.String()] = true
		if err := s.checkRobots(ctx, step, u); err != nil {
			return nil, err
		}
		resp, err := s.request(ctx, step, u, s.c.opts.MaxBody, false)
		if err != nil {
			return nil, err
		}
		loc := location(resp)
		if loc == "" {
			return resp, nil
		}
		next, target, word, why := s.follow(u, loc, hops, seen)
		if next == nil {
			s.add(report.Row{Step: step, URL: target, Status: report.Status{Word: word}, Note: why})
			return nil, &Error{Word: word, URL: target, Err: errors.New(why)}
		}
		u = next
	}
}

// follow resolves a redirect's Location against u. It returns the next
// URL, or the word and reason for not following, with target the URL (or
// raw Location) to log.
func (s *Site) follow(u *url.URL, loc string, hops int, seen map[string]bool) (next *url.URL, target string, word report.StatusWord, why string) {
	t, err := u.Parse(loc)
	if err != nil {
		return nil, loc, report.StatusBadRedirect, "Location does not parse"
	}
	if t, err = parseTarget(t.String()); err != nil {
		return nil, loc, report.StatusBadRedirect, "redirect to " + loc + " is not an http(s) URL"
	}
	switch {
	case seen[t.String()]:
		return nil, t.String(), report.StatusRedirectLoop, "redirect back to " + t.String()
	case hops >= MaxHops:
		return nil, t.String(), report.StatusTooManyRedirects, fmt.Sprintf("more than %d redirects", MaxHops)
	}
	return t, t.String(), "", ""
}

// checkRobots applies the robots.txt of u's host to u, fetching it first
// if needed. A disallowed URL gets a robots-disallow row and error.
func (s *Site) checkRobots(ctx context.Context, step report.Step, u *url.URL) error {
	rules, failure, err := s.robotsFor(ctx, u)
	if err != nil {
		return err
	}
	if rules.Allowed(Product, u.RequestURI()) {
		return nil
	}
	note := "disallowed by robots.txt"
	switch {
	case failure != nil:
		note = "robots.txt could not be read (" + string(failure.Word) + "): disallow all (RFC 9309)"
	case rules.Status() == 429 || rules.Status() >= 500:
		note = "robots.txt answered " + strconv.Itoa(rules.Status()) + ": disallow all (RFC 9309)"
	}
	s.add(report.Row{Step: step, URL: u.String(), Status: report.Status{Word: report.StatusRobotsDisallow}, Note: note})
	e := &Error{Word: report.StatusRobotsDisallow, URL: u.String()}
	if failure != nil {
		e.Err = failure
	}
	return e
}

func (s *Site) isClosed() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.closed
}

// add appends a row to the log and streams it.
func (s *Site) add(r report.Row) {
	s.emit.Lock()
	defer s.emit.Unlock()
	s.mu.Lock()
	s.log = append(s.log, r)
	s.mu.Unlock()
	if s.onRow != nil {
		s.onRow(r)
	}
}

// parseTarget accepts absolute http(s) URLs with a host (report.WebURL);
// the fragment is dropped (it is never sent) and an empty path becomes "/".
// The error's Word says what is wrong: bad-url or bad-scheme.
func parseTarget(raw string) (*url.URL, error) {
	raw = strings.TrimSpace(raw)
	u, ok := report.ParseWebURL(raw)
	if !ok {
		p, err := url.Parse(raw)
		switch {
		case err != nil:
			return nil, &Error{Word: report.StatusBadURL, URL: raw, Err: errors.New("URL does not parse")}
		case !strings.EqualFold(p.Scheme, "http") && !strings.EqualFold(p.Scheme, "https"):
			return nil, &Error{Word: report.StatusBadScheme, URL: raw, Err: fmt.Errorf("scheme %q is not http or https", strings.ToLower(p.Scheme))}
		}
		return nil, &Error{Word: report.StatusBadURL, URL: raw, Err: errors.New("URL has no host")}
	}
	u.Scheme = strings.ToLower(u.Scheme)
	u.Fragment, u.RawFragment, u.User = "", "", nil
	if u.Path == "" && u.RawPath == "" {
		u.Path = "/"
	}
	return u, nil
}

// hostKey is u's host in lower case, without the scheme's default port.
func hostKey(u *url.URL) string {
	host, port := strings.ToLower(u.Hostname()), u.Port()
	if port == "" || port == map[string]string{"http": "80", "https": "443"}[u.Scheme] {
		if strings.Contains(host, ":") {
			return "[" + host + "]"
		}
		return host
	}
	return net.JoinHostPort(host, port)
}
