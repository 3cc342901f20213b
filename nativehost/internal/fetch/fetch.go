// Package fetch is feedscout's polite HTTP client: the only code in the
// native host that makes requests, so politeness lives here and nowhere
// else.
//
// For every request: robots.txt of the URL's host is read first (cached
// for the process) and obeyed; one request at a time per host name and at
// least Options.Pause between the end of one and the start of the next,
// across every Site of the Client; at most Options.Budget requests per
// site, robots.txt, redirects and failures included; gzip requested and
// decoded under a cap; redirects followed by hand; every request logged
// as a Row. A public site cannot make the host dial private addresses.
package fetch

import (
	"context"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"sync"
	"time"
)

// Product and Version make the User-Agent; Product is the token robots.txt
// groups are matched on.
const (
	Product   = "feedscout"
	Version   = "0.1"
	UserAgent = Product + "/" + Version + " (+https://github.com/feedscout/feedscout)"
)

// Defaults for the zero Options.
const (
	DefaultPause   = time.Second
	DefaultBudget  = 25
	DefaultTimeout = 15 * time.Second
	DefaultMaxBody = 8 << 20
)

// MaxHops is how many redirects one Get follows.
const MaxHops = 5

// MaxCrawlDelay caps how much of a robots.txt Crawl-delay is honoured: a
// larger value than the pause stretches the pause up to this, no further,
// so a "Crawl-delay: 3600" cannot stall a discovery for hours (the
// discovery has its own overall deadline anyway).
const MaxCrawlDelay = 10 * time.Second

// How long a robots.txt answer is cached per scheme and host. RFC 9309 2.4:
// not longer than 24 hours. Answers that mean "try later" (a network error,
// 429, 5xx) are kept only briefly, so the next discovery asks again.
const (
	robotsTTL   = 24 * time.Hour
	robotsRetry = 5 * time.Minute
)

// Options configures a Client; the zero value gives the defaults.
//
// Transport nil means a clone of http.DefaultTransport (proxy from
// HTTPS_PROXY/HTTP_PROXY/NO_PROXY, trust from SSL_CERT_FILE) with
// DisableCompression: Go decodes gzip transparently only when it set
// Accept-Encoding itself, and then without any size cap, so we set the
// header and decode under MaxBody. A caller-supplied Transport is used as
// it is: it must not decompress, and the private-address guard, which lives
// in the default transport's dialer, does not apply to it.
type Options struct {
	Pause        time.Duration     // between requests to one host; 0: DefaultPause, < 0: none
	Budget       int               // requests per site; 0: DefaultBudget
	Timeout      time.Duration     // per request, body included; 0: DefaultTimeout
	MaxBody      int64             // decoded body cap; 0: DefaultMaxBody
	AllowPrivate bool              // no private-address guard, for people who read intranet news
	Transport    http.RoundTripper // nil: the default transport, see above
	// StateDir, when set, makes the pacing of every host hold across every
	// process using the same folder (a lock and timestamp file per host
	// under StateDir/hosts, see shared.go); "" keeps it process-wide.
	StateDir string
	// ShareRobots, with StateDir, keeps robots.txt answers in
	// StateDir/robots for every process, for as long as they are valid.
	ShareRobots bool
}

// Response is a fetched answer of any HTTP status.
type Response struct {
	URL         string      // final URL, after redirects
	Status      int         // HTTP status; 304 when NotModified
	Header      http.Header // for a 304, the stored header updated with the 304's
	Body        []byte      // decoded (gzip, and .gz files), at most MaxBody bytes
	NotModified bool        // a conditional request got 304: Body is the stored copy
}

// OK reports whether the response carries a usable body: a 2xx, or a 304
// answered from the stored copy.
func (r *Response) OK() bool { return r.Status/100 == 2 || r.NotModified }

// Client holds what all sites share: per-host pacing, per-site budgets,
// robots.txt answers, conditional-request validators and the transports.
// Make one per process; it is safe for concurrent use.
type Client struct {
	opts    Options
	guarded http.RoundTripper // dials refuse private addresses
	open    http.RoundTripper // dials anything
	proxy   func(*http.Request) (*url.URL, error)
	lookup  func(ctx context.Context, host string) ([]netip.Addr, error)
	cond    condCache

	mu      sync.Mutex
	gates   map[string]*gate
	budgets map[string]*budget
	robots  map[string]*robotsEntry
}

// New returns a Client for o.
func New(o Options) *Client {
	switch {
	case o.Pause == 0:
		o.Pause = DefaultPause
	case o.Pause < 0:
		o.Pause = 0
	}
	if o.Budget <= 0 {
		o.Budget = DefaultBudget
	}
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.MaxBody <= 0 {
		o.MaxBody = DefaultMaxBody
	}
	c := &Client{
		opts: o,
		lookup: func(ctx context.Context, host string) ([]netip.Addr, error) {
			return net.DefaultResolver.LookupNetIP(ctx, "ip", host)
		},
		gates:   map[string]*gate{},
		budgets: map[string]*budget{},
		robots:  map[string]*robotsEntry{},
		cond:    condCache{max: condCacheBytes, entries: map[string]*condEntry{}},
	}
	if o.Transport != nil {
		c.guarded, c.open = o.Transport, o.Transport
		return c
	}
	base, ok := http.DefaultTransport.(*http.Transport)
	if ok {
		base = base.Clone()
	} else {
		base = &http.Transport{Proxy: http.ProxyFromEnvironment, ForceAttemptHTTP2: true}
	}
	c.buildTransports(base)
	return c
}
