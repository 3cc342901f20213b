package fixtureweb

import (
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"time"
)

// Options configure Start.
type Options struct {
	// Dir is where ca.pem is written (a test's t.TempDir()); empty means a
	// temporary directory that Close removes.
	Dir string
	// Sites are the sites to serve; nil means DefaultSites(). Append
	// HostileSites() for the hostile web.
	Sites []Site
}

// Web is a running fixture web. Its exported fields are set by Start and
// must not be changed.
type Web struct {
	// ProxyURL is the forward proxy ("http://127.0.0.1:PORT"): CONNECT for
	// https, absolute-URI requests for http.
	ProxyURL string
	// CAFile is the PEM file of the test CA that signed every host's
	// certificate (for SSL_CERT_FILE).
	CAFile string
	// Addr is the origin listener (host:port) that serves every host by
	// Host header and SNI; tests that dial it directly bypass the proxy.
	Addr string
	// Started is the fixture's clock: time.Now() at Start. See Clock.
	Started time.Time
	// Sites are the sites served, with Scheme filled in.
	Sites []Site

	pool    *x509.CertPool
	hosts   map[string]*hostEntry
	certs   map[string]*tls.Certificate
	origin  *origin
	proxy   *proxy
	closing chan struct{}
	tmpDir  string
	once    sync.Once

	mu   sync.Mutex
	hits map[string][]*hitRec
}

// hostEntry is one served host name.
type hostEntry struct {
	name    string
	scheme  string
	handler http.Handler
}

// Start starts the web: one loopback listener serving every host of every
// site over HTTP and HTTPS (certificates signed at start by a fresh test
// CA, one ECDSA P-256 key per host name), plus a loopback forward proxy.
// The product reaches every host through the proxy: give a child process
// Env(), or use Client() in-process. Close stops everything.
func Start(opts Options) (*Web, error) {
	sites := opts.Sites
	if sites == nil {
		sites = DefaultSites()
	}
	w := &Web{
		Started: time.Now(),
		hosts:   map[string]*hostEntry{},
		certs:   map[string]*tls.Certificate{},
		closing: make(chan struct{}),
		hits:    map[string][]*hitRec{},
	}
	if err := w.addSites(sites); err != nil {
		return nil, err
	}
	dir := opts.Dir
	if dir == "" {
		d, err := os.MkdirTemp("", "fixtureweb-")
		if err != nil {
			return nil, fmt.Errorf("start fixture web: %w", err)
		}
		dir, w.tmpDir = d, d
	}
	ca, err := newAuthority(w.Started)
	if err != nil {
		w.removeTmp()
		return nil, fmt.Errorf("start fixture web: %w", err)
	}
	w.CAFile = filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(w.CAFile, ca.pem, 0o644); err != nil {
		w.removeTmp()
		return nil, fmt.Errorf("write ca file: %w", err)
	}
	w.pool = x509.NewCertPool()
	w.pool.AddCert(ca.cert)
	for name, e := range w.hosts {
		if e.scheme != "https" {
			continue
		}
		c, err := ca.issue(name, w.Started)
		if err != nil {
			w.removeTmp()
			return nil, fmt.Errorf("start fixture web: %w", err)
		}
		w.certs[name] = c
	}
	if err := w.startOrigin(); err != nil {
		w.removeTmp()
		return nil, err
	}
	if err := w.startProxy(); err != nil {
		w.origin.close()
		w.removeTmp()
		return nil, err
	}
	return w, nil
}

// addSites checks the sites and registers every host name.
func (w *Web) addSites(sites []Site) error {
	names := map[string]bool{}
	add := func(site, name, scheme string, h http.Handler) error {
		if name == "" || name != strings.ToLower(name) || strings.ContainsAny(name, ":/ ") {
			return fmt.Errorf("add site %s: host %q must be a lowercase name without port", site, name)
		}
		if h == nil {
			return fmt.Errorf("add site %s: host %s has no handler", site, name)
		}
		if _, dup := w.hosts[name]; dup {
			return fmt.Errorf("add site %s: host %s is served twice", site, name)
		}
		w.hosts[name] = &hostEntry{name: name, scheme: scheme, handler: h}
		return nil
	}
	for _, s := range sites {
		if s.Name == "" || names[s.Name] {
			return fmt.Errorf("add site %q: empty or duplicate name", s.Name)
		}
		names[s.Name] = true
		var err error
		if s.Scheme, err = normScheme(s.Scheme); err != nil {
			return fmt.Errorf("add site %s: %w", s.Name, err)
		}
		if err := add(s.Name, s.Host, s.Scheme, s.Handler); err != nil {
			return err
		}
		s.Extra = append([]Host(nil), s.Extra...) // normalised below: not the caller's copy
		for i, h := range s.Extra {
			if s.Extra[i].Scheme, err = normScheme(h.Scheme); err != nil {
				return fmt.Errorf("add site %s: %w", s.Name, err)
			}
			if err := add(s.Name, h.Name, s.Extra[i].Scheme, h.Handler); err != nil {
				return err
			}
		}
		w.Sites = append(w.Sites, s)
	}
	return nil
}

func normScheme(s string) (string, error) {
	switch s {
	case "", "https":
		return "https", nil
	case "http":
		return "http", nil
	}
	return "", fmt.Errorf("scheme %q is neither http nor https", s)
}

// serveOrigin routes a request that reached the origin listener to its
// host's handler, recording it.
func (w *Web) serveOrigin(rw http.ResponseWriter, r *http.Request) {
	scheme := "http"
	if r.TLS != nil {
		scheme = "https"
	}
	host := hostOnly(r.Host)
	e, ok := w.hosts[host]
	if !ok {
		status(http.StatusMisdirectedRequest, "Misdirected request", "No host "+host+" in the fixture web.").ServeHTTP(rw, r)
		return
	}
	rec := &recorder{ResponseWriter: rw, web: w, hit: w.record(host, r, scheme)}
	defer func() {
		p := recover()
		rec.finish(r, p != nil)
		if p != nil {
			panic(p) // http.ErrAbortHandler: net/http drops the connection unanswered
		}
	}()
	if scheme == "http" && e.scheme == "https" {
		hostRedirect(http.StatusMovedPermanently, "https://"+host).ServeHTTP(rec, r)
		return
	}
	e.handler.ServeHTTP(rec, r)
}

// Site returns the served site called name.
func (w *Web) Site(name string) (Site, bool) {
	for _, s := range w.Sites {
		if s.Name == name {
			return s, true
		}
	}
	return Site{}, false
}

// Env is what to append to a child process's environment so that it
// reaches the fixture web: HTTPS_PROXY and HTTP_PROXY (both cases) set to
// ProxyURL, NO_PROXY (both cases) emptied so no fixture host bypasses the
// proxy, and SSL_CERT_FILE set to CAFile.
func (w *Web) Env() []string {
	return []string{
		"HTTPS_PROXY=" + w.ProxyURL, "https_proxy=" + w.ProxyURL,
		"HTTP_PROXY=" + w.ProxyURL, "http_proxy=" + w.ProxyURL,
		"NO_PROXY=", "no_proxy=",
		"SSL_CERT_FILE=" + w.CAFile,
		// A state folder of this web's own: feedscout processes share
		// pacing and robots.txt through it, so hosts of one test pace
		// each other (as on a real machine) and never those of another.
		"XDG_STATE_HOME=" + filepath.Join(filepath.Dir(w.CAFile), "state"),
	}
}

// Client returns a new http.Client that reaches every host through the
// proxy and trusts the test CA. It follows redirects like any client and,
// like http.DefaultTransport, asks for gzip and decompresses transparently
// unless the request sets Accept-Encoding itself.
func (w *Web) Client() *http.Client {
	u, _ := url.Parse(w.ProxyURL)
	return &http.Client{Transport: &http.Transport{
		Proxy:               http.ProxyURL(u),
		TLSClientConfig:     &tls.Config{RootCAs: w.pool, MinVersion: tls.VersionTLS12},
		MaxIdleConnsPerHost: 4,
		IdleConnTimeout:     30 * time.Second,
	}}
}

// Hits returns what the servers of host saw, in arrival order. host is a
// name without port; for a name outside the web it is what the proxy was
// asked for it.
func (w *Web) Hits(host string) []Hit {
	w.mu.Lock()
	defer w.mu.Unlock()
	recs := w.hits[hostOnly(host)]
	out := make([]Hit, len(recs))
	for i, h := range recs {
		out[i] = h.hit
	}
	return out
}

// HitHosts lists every host name with at least one hit, sorted.
func (w *Web) HitHosts() []string {
	w.mu.Lock()
	defer w.mu.Unlock()
	var hs []string
	for h, recs := range w.hits {
		if len(recs) > 0 {
			hs = append(hs, h)
		}
	}
	sort.Strings(hs)
	return hs
}

// Reset forgets every hit (and the robots.txt answers kept with them).
func (w *Web) Reset() {
	w.mu.Lock()
	w.hits = map[string][]*hitRec{}
	w.mu.Unlock()
}

// Close stops the proxy and the servers, releases every slow or silent
// handler, and removes the temporary directory Start made (when Options.Dir
// was empty). It is safe to call more than once.
func (w *Web) Close() error {
	var err error
	w.once.Do(func() {
		close(w.closing)
		w.proxy.close()
		w.origin.close()
		err = w.removeTmp()
	})
	return err
}

func (w *Web) removeTmp() error {
	if w.tmpDir == "" {
		return nil
	}
	if err := os.RemoveAll(w.tmpDir); err != nil && !errors.Is(err, os.ErrNotExist) {
		return fmt.Errorf("remove fixture web dir: %w", err)
	}
	return nil
}

// dialOrigin connects to the origin listener, whatever host was asked for.
func (w *Web) dialOrigin() (net.Conn, error) {
	return net.DialTimeout("tcp", w.Addr, 5*time.Second)
}
