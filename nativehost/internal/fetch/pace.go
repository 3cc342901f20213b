package fetch

import (
	"context"
	"os"
	"strings"
	"sync"
	"time"
)

// gate paces one host name for the whole process, and with
// Options.StateDir for every feedscout process of the machine (shared.go):
// one request at a time, and the next request starts no earlier than delay
// after the previous one ended. Measuring from the end (not the start)
// keeps the gap the server sees at least delay even when the first request
// waited for a connection and the second reused it.
type gate struct {
	sem   chan struct{} // holds a token while a request is in flight
	mu    sync.Mutex
	next  time.Time     // earliest start of the next request
	delay time.Duration // max(Options.Pause, Crawl-delay capped at MaxCrawlDelay)
	path  string        // the host's lock and timestamp file; "" for process-wide pacing only
	held  *os.File      // that file, locked, while a request is in flight
}

// gate returns the gate of a host name (ports share it: same machine).
func (c *Client) gate(host string) *gate {
	host = strings.ToLower(host)
	c.mu.Lock()
	defer c.mu.Unlock()
	g := c.gates[host]
	if g == nil {
		g = &gate{sem: make(chan struct{}, 1), delay: c.opts.Pause, path: c.hostLockPath(host)}
		c.gates[host] = g
	}
	return g
}

// acquire waits for the host's turn (this process's, then the machine's);
// the caller must release.
func (g *gate) acquire(ctx context.Context) error {
	select {
	case g.sem <- struct{}{}:
	case <-ctx.Done():
		return ctx.Err()
	}
	g.mu.Lock()
	next := g.next
	g.mu.Unlock()
	if g.path != "" {
		f, shared, err := lockHost(ctx, g.path)
		switch {
		case err == nil:
			g.mu.Lock()
			g.held = f
			g.mu.Unlock()
			if shared.After(next) {
				next = shared
			}
		case ctx.Err() != nil:
			<-g.sem
			return ctx.Err()
		}
		// Any other failure (a state folder that cannot be written) leaves
		// the pacing process-wide, which still holds for this process.
	}
	wait := time.Until(next)
	if wait <= 0 {
		return nil
	}
	t := time.NewTimer(wait)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		g.mu.Lock()
		if g.held != nil {
			g.held.Close() // nothing was sent: the old timestamp stands
			g.held = nil
		}
		g.mu.Unlock()
		<-g.sem
		return ctx.Err()
	}
}

// release ends the request: the next may start delay from now, in this
// process and in every other one sharing the host's file.
func (g *gate) release() {
	g.mu.Lock()
	g.next = time.Now().Add(g.delay)
	if g.held != nil {
		unlockHost(g.held, g.next)
		g.held = nil
	}
	g.mu.Unlock()
	<-g.sem
}

// setCrawlDelay applies a robots.txt Crawl-delay to the host.
func (g *gate) setCrawlDelay(pause, crawlDelay time.Duration) {
	g.mu.Lock()
	g.delay = effectiveDelay(pause, crawlDelay)
	g.mu.Unlock()
}

// effectiveDelay is the pause, stretched by a longer Crawl-delay up to
// MaxCrawlDelay (never shortened by a smaller one).
func effectiveDelay(pause, crawlDelay time.Duration) time.Duration {
	d := min(crawlDelay, MaxCrawlDelay)
	return max(pause, d)
}

// budget counts the requests of one site, shared by every open Site
// session of it; it is dropped when the last session closes.
type budget struct {
	mu   sync.Mutex
	used int
	max  int
	refs int // open sessions; guarded by Client.mu
}

// take reserves one request; false when the budget is spent.
func (b *budget) take() bool {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.used >= b.max {
		return false
	}
	b.used++
	return true
}

// refund gives back a reservation that did not become a request.
func (b *budget) refund() {
	b.mu.Lock()
	b.used--
	b.mu.Unlock()
}

func (b *budget) count() int {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.used
}
