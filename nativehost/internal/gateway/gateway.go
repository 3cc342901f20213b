// Package gateway is feedscout's feed gateway: the feeds the follow
// package makes, over HTTP for readers that take a URL.
//
//	GET /feed?url=SOURCE[&format=json][&sig=SIG]  the source's feed (Atom, or JSON Feed)
//	GET /opml                           every source asked for, as OPML 2.0 with gateway URLs (opml.WriteFor)
//	GET /                               a status page: each source, its last fetch, status, next fetch
//
// On loopback (the default) it answers only requests whose Host header is
// the address it listens on (or localhost with that port), so that a web
// page cannot reach it through a name that resolves to 127.0.0.1 (DNS
// rebinding). Public (Config.Public, `serve --public BASE`), readers on
// other machines reach it at BASE, and it follows only sources whose URL
// its key signed (key.go), so that it is no open proxy; its status page
// and /opml then need the key as an HTTP Basic password, and the abuse
// limits of limits.go hold. Either way it answers no request a browser
// makes for a page of another origin (Sec-Fetch-Site, Origin), and it
// refuses, before any request, sources that are not public http(s) pages.
// Requests for one source made at once are answered by one fetch.
package gateway

import (
	"bytes"
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"html/template"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"time"

	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/follow"
)

// Server is the gateway's HTTP handler.
type Server struct {
	// Log, when set, gets one line per fetch the gateway made (a
	// service's journal).
	Log io.Writer

	f      *follow.Follower
	addr   string // host:port it listens on
	base   string // the base URL readers use, no trailing slash
	public bool
	key    Key
	hasKey bool
	hosts  map[string]bool
	start  time.Time
	limits *limits
}

// Config says how a gateway is reached.
type Config struct {
	// Addr is the host:port it listens on, as bound (port 0 already
	// resolved).
	Addr string
	// Public, when set, is the base URL readers on other machines use
	// (scheme://host[:port], CheckBase): /feed then answers only signed
	// source URLs, and / and /opml need Key as a password.
	Public string
	// Key signs and checks source URLs. Without one (HasKey false) a
	// loopback gateway answers unsigned URLs only; a public one needs it.
	Key    Key
	HasKey bool
	// MaxSources caps how many sources the gateway follows (0:
	// DefaultMaxSources); a new one past it is refused.
	MaxSources int
	// PerClient and Total cap the requests answered at once from one
	// client address and in all (0: DefaultPerClient, DefaultTotal).
	PerClient, Total int
}

// NewConfig returns the gateway for follower as c says.
func NewConfig(f *follow.Follower, c Config) (*Server, error) {
	host, port, err := net.SplitHostPort(c.Addr)
	if err != nil {
		return nil, fmt.Errorf("new gateway: address %q: %w", c.Addr, err)
	}
	s := &Server{f: f, addr: c.Addr, base: "http://" + c.Addr, key: c.Key, hasKey: c.HasKey, start: time.Now(),
		hosts: map[string]bool{
			strings.ToLower(c.Addr):                          true,
			net.JoinHostPort("localhost", port):              true,
			net.JoinHostPort(strings.Trim(host, "[]"), port): true,
		}}
	if c.Public != "" {
		u, err := CheckBase(c.Public)
		if err != nil {
			return nil, fmt.Errorf("new gateway: %w", err)
		}
		if !c.HasKey {
			return nil, errors.New("new gateway: a public gateway needs a key")
		}
		s.public, s.base = true, strings.TrimRight(u.String(), "/")
		s.hosts[strings.ToLower(u.Host)] = true
		if u.Port() == "" {
			def := "80"
			if u.Scheme == "https" {
				def = "443"
			}
			s.hosts[strings.ToLower(net.JoinHostPort(u.Hostname(), def))] = true
		}
	}
	known, err := f.States()
	if err != nil {
		return nil, fmt.Errorf("new gateway: %w", err)
	}
	s.limits = newLimits(c, known)
	return s, nil
}

// Base is the gateway's base URL: "http://ADDR" on loopback, the public
// base URL readers use otherwise.
func (s *Server) Base() string { return s.base }

// ServeHTTP implements http.Handler.
func (s *Server) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	w.Header().Set("X-Content-Type-Options", "nosniff")
	if !s.hosts[strings.ToLower(r.Host)] {
		sentence(w, http.StatusForbidden, fmt.Sprintf("This feedscout gateway answers only to %s/, and this request named the host %q; a web page cannot reach it by another name.", s.Base(), r.Host))
		return
	}
	if s.public {
		release, code, why := s.limits.enter(r)
		if code != 0 {
			w.Header().Set("Retry-After", strconv.Itoa(retryAfter))
			sentence(w, code, why)
			return
		}
		defer release()
	}
	if crossSite(r, s.Base()) {
		// A page on some web site asking the gateway (an <img>, a form):
		// it could not read the answer, but it could make the gateway
		// follow what it likes. Readers send no such headers.
		sentence(w, http.StatusForbidden, "This feedscout gateway does not answer requests that web pages make; open it from your feed reader or by typing its address.")
		return
	}
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		w.Header().Set("Allow", "GET, HEAD")
		sentence(w, http.StatusMethodNotAllowed, "The gateway only answers GET and HEAD requests.")
		return
	}
	switch r.URL.Path {
	case "/feed":
		s.feed(w, r)
	case "/opml":
		if s.authorized(w, r) {
			s.opml(w, r)
		}
	case "/":
		if s.authorized(w, r) {
			s.status(w, r)
		}
	default:
		sentence(w, http.StatusNotFound, "There is nothing at "+r.URL.Path+"; the gateway serves /feed?url=SOURCE, /opml and its status page at /.")
	}
}

// crossSite reports whether a browser made r for a page of another
// origin: Sec-Fetch-Site says so (every current browser sends it), or an
// Origin header names another origin.
func crossSite(r *http.Request, base string) bool {
	switch r.Header.Get("Sec-Fetch-Site") {
	case "cross-site", "same-site":
		return true
	}
	o := r.Header.Get("Origin")
	return o != "" && !strings.EqualFold(o, base) && !strings.EqualFold(o, strings.Replace(base, "127.0.0.1", "localhost", 1))
}

// sentence answers with a status and one sentence of plain text.
func sentence(w http.ResponseWriter, code int, s string) {
	w.Header().Set("Content-Type", "text/plain; charset=utf-8")
	w.Header().Set("Cache-Control", "no-store")
	w.WriteHeader(code)
	fmt.Fprintln(w, s)
}

func (s *Server) feed(w http.ResponseWriter, r *http.Request) {
	if len(r.URL.RawQuery) > 4*follow.MaxURL {
		sentence(w, http.StatusRequestURITooLong, fmt.Sprintf("The request is %d bytes long; a source address has at most %d bytes.", len(r.URL.RawQuery), follow.MaxURL))
		return
	}
	q := r.URL.Query()
	source := q.Get("url")
	format := q.Get("format")
	switch {
	case source == "":
		sentence(w, http.StatusBadRequest, "Name the source to follow: /feed?url=ADDRESS, with the address of a news sitemap, an article sitemap, a section page or a JSON Feed.")
		return
	case len(source) > follow.MaxURL:
		sentence(w, http.StatusRequestURITooLong, fmt.Sprintf("The source address is %d bytes long; feedscout follows addresses of at most %d bytes.", len(source), follow.MaxURL))
		return
	case format != "" && format != follow.FormatAtom && format != follow.FormatJSON:
		sentence(w, http.StatusBadRequest, fmt.Sprintf("Unknown format %q: use format=atom (the default) or format=json.", format))
		return
	}
	if format == "" {
		format = follow.FormatAtom
	}
	if code, why := s.signed(q, source, format); code != 0 {
		sentence(w, code, why)
		return
	}
	if _, err := s.f.CheckSource(source); err != nil {
		sentence(w, http.StatusBadRequest, err.Error())
		return
	}
	if s.public && !s.limits.admit(source) {
		sentence(w, http.StatusServiceUnavailable, fmt.Sprintf("This gateway follows at most %d sources and follows that many already; its owner can raise the limit (--max-sources) or remove sources from %s.", s.limits.maxSources, s.f.Dir()))
		return
	}
	ctx, cancel := context.WithTimeout(r.Context(), 2*time.Minute)
	defer cancel()
	res, err := s.f.Feed(ctx, source)
	switch {
	case errors.Is(err, follow.ErrAlreadyFeed), errors.Is(err, follow.ErrBadSource):
		sentence(w, http.StatusUnprocessableEntity, err.Error())
		return
	case errors.Is(err, follow.ErrNoFeedYet):
		sentence(w, http.StatusBadGateway, err.Error())
		return
	case ctx.Err() != nil:
		sentence(w, http.StatusServiceUnavailable, "The gateway stopped waiting for "+source+"; try again in a minute.")
		return
	case err != nil:
		sentence(w, http.StatusInternalServerError, "The gateway could not follow "+source+": "+err.Error()+".")
		return
	}
	if res.Fetched && s.Log != nil {
		st := res.State
		fmt.Fprintf(s.Log, "%s fetched %s: %s, %s, %d entries, next fetch %s\n", time.Now().UTC().Format(time.RFC3339), st.URL, st.Result, st.Status, len(st.Entries), st.NextFetch.UTC().Format(time.RFC3339))
	}
	self := s.feedURL(source, format)
	var b bytes.Buffer
	if err := follow.Write(&b, res.State, format, self); err != nil {
		sentence(w, http.StatusInternalServerError, "The gateway could not write the feed: "+err.Error()+".")
		return
	}
	sum := sha256.Sum256(b.Bytes())
	etag := `"` + hex.EncodeToString(sum[:12]) + `"`
	ctype := "application/atom+xml; charset=utf-8"
	if format == follow.FormatJSON {
		ctype = "application/feed+json; charset=utf-8"
	}
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("ETag", etag)
	if wait := time.Until(res.State.NextFetch); wait > 0 && res.State.Status != follow.StatusGone {
		w.Header().Set("Cache-Control", "max-age="+strconv.Itoa(int(wait.Seconds())))
	}
	if r.Header.Get("If-None-Match") == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Length", strconv.Itoa(b.Len()))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(b.Bytes())
	}
}

// subscriptions are the sources of states as OPML subscriptions: each
// with its kind (a JSON Feed is a feed of format json), the address asked
// for (the gateway URL names it), its title, its site and when it was
// first asked for. Left out: a source refused (a feed, an index: nothing
// to follow), and one never read, whose kind is not known yet (it is
// listed once a fetch has given its entries).
func subscriptions(states []*follow.State) []opml.Subscription {
	subs := []opml.Subscription{}
	for _, st := range states {
		k := st.Kind
		if k == kind.JSONFeed {
			k = kind.Feed
		}
		if st.Refused != "" || !opml.KnownKind(k) {
			continue
		}
		s := opml.Subscription{Kind: k, URL: st.Source, Title: st.Title, Site: follow.Home(st.URL), Added: st.Created.UTC().Format(time.RFC3339)}
		if st.Kind == kind.JSONFeed {
			s.Format = "json"
		}
		subs = append(subs, s)
	}
	return subs
}

// opml answers with every source asked for, written by the one OPML
// writer (common/opml) for any reader through this gateway, a JSON Feed
// too (whoever asked the gateway for one reads Atom): importing the file
// into feedscout gives each source back with its kind.
func (s *Server) opml(w http.ResponseWriter, r *http.Request) {
	states, err := s.f.States()
	if err != nil {
		sentence(w, http.StatusInternalServerError, "The gateway could not read its state folder: "+err.Error()+".")
		return
	}
	var b bytes.Buffer
	o := opml.Options{Title: "feedscout gateway " + s.Base(), Reader: opml.ReaderAny, Gateway: s.Base(), JSONThroughGateway: true}
	if s.public {
		o.Sign = s.key.Sign
	}
	if err := opml.WriteFor(&b, subscriptions(states), o); err != nil {
		sentence(w, http.StatusInternalServerError, "The gateway could not write OPML: "+err.Error()+".")
		return
	}
	w.Header().Set("Content-Type", "text/x-opml; charset=utf-8")
	w.Header().Set("Content-Disposition", `attachment; filename="feedscout-gateway.opml"`)
	w.Write(b.Bytes())
}

var statusPage = template.Must(template.New("status").Parse(`<!DOCTYPE html>
<html lang="en"><head><meta charset="utf-8"><title>feedscout gateway</title>
<style>body{font:14px system-ui,sans-serif;margin:2em}table{border-collapse:collapse}td,th{border:1px solid #ccc;padding:4px 8px;text-align:left;vertical-align:top}.failing{background:#fff4e0}.gone{background:#fde8e8}</style>
</head><body>
<h1>feedscout gateway</h1>
{{if .Public}}<p>Public at {{.Base}}, listening on {{.Addr}} since {{.Since}}; state in {{.Dir}}; at most one fetch per source every {{.Interval}}. It follows only signed addresses: make one with <code>feedscout-host sign --gateway {{.Base}} SOURCE</code>, or import <a href="/opml">all sources as OPML</a> (signed).</p>
{{else}}<p>Listening on {{.Base}} since {{.Since}}; state in {{.Dir}}; at most one fetch per source every {{.Interval}}. Subscribe in your reader to <code>{{.Base}}/feed?url=SOURCE</code>, or import <a href="/opml">all sources as OPML</a>.</p>{{end}}
{{if .Sources}}<table>
<tr><th>Source</th><th>Kind</th><th>Status</th><th>Last fetch</th><th>Result</th><th>Next fetch</th><th>Entries</th><th>Requests</th></tr>
{{range .Sources}}<tr class="{{.Status}}"><td><a href="{{.Feed}}">{{.Title}}</a><br><small>{{.Source}}</small>{{if .Problem}}<br><small>{{.Problem}}</small>{{end}}{{if .Moved}}<br><small>{{.Moved}}</small>{{end}}</td><td>{{.Kind}}</td><td>{{.Status}}</td><td>{{.LastFetch}}</td><td>{{.Result}}</td><td>{{.NextFetch}}</td><td>{{.Entries}}</td><td>{{.Requests}}</td></tr>
{{end}}</table>{{else}}<p>No source has been asked for yet.</p>{{end}}
</body></html>
`))

type statusRow struct {
	Title, Source, Feed, Kind, Status, LastFetch, Result, NextFetch, Problem, Moved string
	Entries, Requests                                                               int
}

func (s *Server) status(w http.ResponseWriter, r *http.Request) {
	states, err := s.f.States()
	if err != nil {
		sentence(w, http.StatusInternalServerError, "The gateway could not read its state folder: "+err.Error()+".")
		return
	}
	when := func(t time.Time) string {
		if t.IsZero() {
			return "never"
		}
		return t.UTC().Format("2006-01-02 15:04:05 UTC")
	}
	data := struct {
		Base, Addr, Since, Dir, Interval string
		Public                           bool
		Sources                          []statusRow
	}{Base: s.Base(), Addr: s.addr, Public: s.public, Since: when(s.start), Dir: s.f.Dir(), Interval: s.f.Interval().String()}
	for _, st := range states {
		t := st.Title
		if t == "" {
			t = st.Source
		}
		next := when(st.NextFetch)
		if st.Status == follow.StatusGone {
			next = "never (gone)"
		}
		data.Sources = append(data.Sources, statusRow{
			Title: t, Source: st.Source, Feed: s.feedURL(st.Source, follow.FormatAtom), Kind: string(st.Kind), Status: st.Status,
			LastFetch: when(st.LastFetch), Result: st.Result, NextFetch: next, Problem: st.Problem, Moved: st.Moved,
			Entries: len(st.Entries), Requests: st.Requests,
		})
	}
	var b bytes.Buffer
	if err := statusPage.Execute(&b, data); err != nil {
		sentence(w, http.StatusInternalServerError, "The gateway could not write its status page: "+err.Error()+".")
		return
	}
	w.Header().Set("Content-Type", "text/html; charset=utf-8")
	w.Header().Set("Content-Security-Policy", "default-src 'none'; style-src 'unsafe-inline'")
	w.Header().Set("Cache-Control", "no-store")
	w.Write(b.Bytes())
}
