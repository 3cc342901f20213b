package fetch

import (
	"context"
	"errors"
	"net/url"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/robots"
)

// robotsEntry is the cached robots.txt answer of one scheme and host. The
// first session that needs it fetches it; others wait on done.
type robotsEntry struct {
	done    chan struct{}
	rules   *robots.Rules
	failure *Error // why the fetch failed (rules is then robots.Unreachable)
	expires time.Time
	dropped bool // the fetch gave no answer worth keeping: ask again
}

// Robots returns the robots.txt rules of the site's own host, fetching
// them first (step "robots") if needed. It never returns nil rules: when
// robots.txt could not be read they are robots.Unreachable() (disallow
// all, RFC 9309 2.3.1.4) and the error says why (timeout, dns...), as it
// does for budget, canceled and refused-address.
func (s *Site) Robots(ctx context.Context) (*robots.Rules, error) {
	if s.isClosed() {
		return robots.Unreachable(), errClosed
	}
	rules, failure, err := s.robotsFor(ctx, s.origin)
	if err != nil {
		return robots.Unreachable(), err
	}
	if failure != nil {
		return rules, failure
	}
	return rules, nil
}

// robotsFor returns the rules for u's scheme and host. failure is set when
// robots.txt could not be read and the rules are therefore "disallow all";
// err is for answers that are no rules at all (budget, canceled,
// refused-address), which are not cached.
func (s *Site) robotsFor(ctx context.Context, u *url.URL) (rules *robots.Rules, failure *Error, err error) {
	key := u.Scheme + "://" + hostKey(u)
	for {
		s.c.mu.Lock()
		e := s.c.robots[key]
		if e != nil && e.ready() && time.Now().After(e.expires) {
			delete(s.c.robots, key)
			e = nil
		}
		owner := e == nil
		if owner {
			e = &robotsEntry{done: make(chan struct{})}
			s.c.robots[key] = e
		}
		s.c.mu.Unlock()

		if owner {
			err := s.fetchRobots(ctx, u, e)
			s.c.mu.Lock()
			if e.dropped && s.c.robots[key] == e {
				delete(s.c.robots, key)
			}
			s.c.mu.Unlock()
			close(e.done)
			if err != nil {
				return nil, nil, err
			}
		} else {
			select {
			case <-e.done:
			case <-ctx.Done():
				return nil, nil, &Error{Word: report.StatusCanceled, URL: u.String(), Err: ctx.Err()}
			}
			if e.dropped {
				continue // the owner got no answer; try ourselves
			}
		}
		return e.rules, e.failure, nil
	}
}

func (e *robotsEntry) ready() bool {
	select {
	case <-e.done:
		return true
	default:
		return false
	}
}

// fetchRobots fills e from scheme://host/robots.txt, following up to
// MaxHops redirects (RFC 9309 2.3.1.2 asks for at least five); robots.txt
// itself is not subject to robots rules. It applies the file's
// Crawl-delay to the host's pacing.
func (s *Site) fetchRobots(ctx context.Context, origin *url.URL, e *robotsEntry) error {
	done, unlock := s.c.sharedRobots(ctx, origin, e) // another process's answer (shared.go)
	if done {
		return nil
	}
	if unlock != nil {
		defer unlock()
	}
	u := &url.URL{Scheme: origin.Scheme, Host: origin.Host, Path: "/robots.txt"}
	seen := map[string]bool{}
	for hops := 0; ; hops++ {
		seen[u.String()] = true
		resp, err := s.request(ctx, "robots", u, robots.MaxSize+1, true)
		if err != nil {
			var fe *Error
			errors.As(err, &fe)
			switch fe.Word {
			case report.StatusBudget, report.StatusCanceled, report.StatusRefusedAddress:
				e.dropped = true
				return err
			}
			e.rules, e.failure, e.expires = robots.Unreachable(), fe, time.Now().Add(robotsRetry)
			return nil
		}
		if loc := location(resp); loc != "" {
			next, target, word, why := s.follow(u, loc, hops, seen)
			if next != nil {
				u = next
				continue
			}
			// RFC 9309 2.3.1.2: a crawler that gives up on the redirects
			// MAY treat robots.txt as unavailable, i.e. allow all.
			s.add(report.Row{Step: report.StepRobots, URL: target, Status: report.Status{Word: word},
				Note: why + "; robots.txt taken as unavailable: allow all (RFC 9309)"})
			e.rules, e.expires = robots.Parse(resp.Status, nil), time.Now().Add(robotsTTL)
			return nil
		}
		status := resp.Status
		if resp.NotModified {
			status = 200
		}
		e.rules = robots.Parse(status, resp.Body)
		e.expires = time.Now().Add(robotsTTL)
		if status == 429 || status >= 500 {
			e.expires = time.Now().Add(robotsRetry)
		}
		s.c.storeRobots(origin, status, resp.Body, e.expires)
		s.c.gate(origin.Hostname()).setCrawlDelay(s.c.opts.Pause, e.rules.CrawlDelay(Product))
		if hops > 0 && status != 429 && status < 500 {
			s.c.shareRobots(origin, u, e)
		}
		return nil
	}
}

// shareRobots keeps robots.txt answers that came through redirects for
// the host they ended on too, when they ended on that host's own
// /robots.txt: that answer is the final host's robots.txt, so its
// www. or https twin (example.com -> www.example.com) is not asked again
// when the site's pages turn out to live there. An answer that host
// already has is left alone.
func (c *Client) shareRobots(origin, final *url.URL, e *robotsEntry) {
	key := final.Scheme + "://" + hostKey(final)
	if key == origin.Scheme+"://"+hostKey(origin) || final.Path != "/robots.txt" || final.RawQuery != "" {
		return
	}
	c.mu.Lock()
	if old := c.robots[key]; old == nil || (old.ready() && time.Now().After(old.expires)) {
		done := make(chan struct{})
		close(done)
		c.robots[key] = &robotsEntry{done: done, rules: e.rules, expires: e.expires}
	}
	c.mu.Unlock()
	c.gate(final.Hostname()).setCrawlDelay(c.opts.Pause, e.rules.CrawlDelay(Product))
}
