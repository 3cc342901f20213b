package gateway

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"sync"
	"time"

	"feedscout/nativehost/internal/follow"
)

// The abuse limits of a public gateway (Config; the loopback gateway
// answers this machine only): readers poll, and a source's first fetch
// waits for the site's pacing, so a request that finds every slot taken
// waits for one before it is refused, with Retry-After.
const (
	// DefaultPerClient is how many requests of one client address are
	// answered at once. Behind a reverse proxy every request comes from
	// the proxy's address: raise it there (serve --max-per-client).
	DefaultPerClient = 8
	// DefaultTotal is how many requests are answered at once in all.
	DefaultTotal = 256
	// DefaultMaxSources is how many sources a gateway follows.
	DefaultMaxSources = 1000
	// slotWait is how long a request waits for a slot.
	slotWait = 60 * time.Second
	// maxWaiting is how many requests of one client may wait for its
	// slots, as a multiple of its slots; more are refused at once.
	maxWaiting = 8
	// retryAfter is the Retry-After, in seconds, of a refusal.
	retryAfter = 30
)

// limits counts the requests being answered, per client and in all, and
// the sources followed.
type limits struct {
	perClient  int
	wait       time.Duration // slotWait
	total      chan struct{}
	maxSources int

	mu      sync.Mutex
	clients map[string]chan struct{}
	users   map[string]int // requests holding or waiting for each client's slots
	sources map[string]bool
}

func newLimits(c Config, known []*follow.State) *limits {
	l := &limits{perClient: c.PerClient, wait: slotWait, maxSources: c.MaxSources, clients: map[string]chan struct{}{},
		users: map[string]int{}, sources: map[string]bool{}}
	if l.perClient <= 0 {
		l.perClient = DefaultPerClient
	}
	total := c.Total
	if total <= 0 {
		total = DefaultTotal
	}
	l.total = make(chan struct{}, total)
	if l.maxSources <= 0 {
		l.maxSources = DefaultMaxSources
	}
	for _, st := range known {
		l.sources[st.Source] = true
	}
	return l
}

// enter takes a slot for r, its client's and one of all, waiting up to
// slotWait. It returns the function that gives them back, or a status
// (429 for a client past its share, 503 for a full gateway) and a
// sentence.
func (l *limits) enter(r *http.Request) (release func(), code int, why string) {
	client, _, err := net.SplitHostPort(r.RemoteAddr)
	if err != nil {
		client = r.RemoteAddr
	}
	l.mu.Lock()
	slots := l.clients[client]
	if slots == nil {
		slots = make(chan struct{}, l.perClient)
		l.clients[client] = slots
	}
	if l.users[client] >= l.perClient*(1+maxWaiting) {
		l.mu.Unlock()
		return nil, http.StatusTooManyRequests, fmt.Sprintf("This gateway answers at most %d requests of one address at once, and %d more are waiting; try again in %d seconds.", l.perClient, l.perClient*maxWaiting, retryAfter)
	}
	l.users[client]++
	l.mu.Unlock()
	leave := func() {
		l.mu.Lock()
		if l.users[client]--; l.users[client] == 0 {
			delete(l.users, client)
			delete(l.clients, client)
		}
		l.mu.Unlock()
	}
	ctx, cancel := context.WithTimeout(r.Context(), l.wait)
	defer cancel()
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		leave()
		return nil, http.StatusTooManyRequests, fmt.Sprintf("This gateway answers at most %d requests of one address at once; try again in %d seconds.", l.perClient, retryAfter)
	}
	select {
	case l.total <- struct{}{}:
	case <-ctx.Done():
		<-slots
		leave()
		return nil, http.StatusServiceUnavailable, fmt.Sprintf("This gateway is answering as many requests as it takes (%d); try again in %d seconds.", cap(l.total), retryAfter)
	}
	return func() {
		<-l.total
		<-slots
		leave()
	}, 0, ""
}

// admit reports whether source may be followed: one followed already, or
// a new one while there are fewer than maxSources. An admitted new source
// counts from then on.
func (l *limits) admit(source string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	if l.sources[source] {
		return true
	}
	if len(l.sources) >= l.maxSources {
		return false
	}
	l.sources[source] = true
	return true
}
