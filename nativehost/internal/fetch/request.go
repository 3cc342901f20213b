package fetch

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"net/url"
	"strings"
	"time"

	"feedscout/common/report"
)

// request makes one request: it takes one unit of the site's budget, waits
// for the host's turn, sends GET (conditional when validators are known),
// reads the body under max and logs one row. Redirects are returned as
// responses (their body unread); Get and the robots fetch follow them.
func (s *Site) request(ctx context.Context, step report.Step, u *url.URL, max int64, truncate bool) (*Response, error) {
	target := u.String()
	if !s.takeOwn() {
		s.add(report.Row{Step: step, URL: target, Status: report.Status{Word: report.StatusBudget},
			Note: fmt.Sprintf("the site's budget of %d requests is used up, counting the requests made for this discovery before the host restarted", s.b.max)})
		return nil, &Error{Word: report.StatusBudget, URL: target}
	}
	if !s.b.take() {
		s.refundOwn()
		s.add(report.Row{Step: step, URL: target, Status: report.Status{Word: report.StatusBudget},
			Note: fmt.Sprintf("the site's budget of %d requests is used up", s.b.max)})
		return nil, &Error{Word: report.StatusBudget, URL: target}
	}
	rt := s.transport(ctx)
	g := s.c.gate(u.Hostname())
	if err := g.acquire(ctx); err != nil {
		s.b.refund() // nothing was sent
		s.refundOwn()
		return nil, &Error{Word: report.StatusCanceled, URL: target, Err: err}
	}
	start := time.Now()
	resp, err := s.roundTrip(ctx, rt, u, max, truncate)
	g.release()
	row := report.Row{Step: step, URL: target, MS: time.Since(start).Milliseconds(), Sent: true}
	if err != nil {
		fe := classify(ctx, err, s.c.opts.Timeout)
		fe.URL = target
		row.Status = report.Status{Word: fe.Word}
		// A name that does not resolve or an address refused before
		// connecting reached no server: paced and counted against the
		// budget, but not a request anyone saw.
		row.Sent = fe.Word != report.StatusDNS && fe.Word != report.StatusRefusedAddress
		if fe.Err != nil {
			row.Note = fe.Err.Error()
		}
		s.add(row)
		return nil, fe
	}
	row.Status = report.Status{Code: resp.Status}
	row.Bytes = int64(len(resp.Body))
	switch {
	case resp.NotModified:
		row.Bytes, row.Note = 0, "not modified: stored copy used"
	case location(resp) != "":
		row.Note = "redirect to " + location(resp)
	case truncate && row.Bytes >= max:
		row.Note = "longer than " + size(max-1) + ": the rest ignored"
	}
	s.add(row)
	return resp, nil
}

// roundTrip sends the request and reads the body, all within
// Options.Timeout.
func (s *Site) roundTrip(ctx context.Context, rt http.RoundTripper, u *url.URL, max int64, truncate bool) (*Response, error) {
	ctx, cancel := context.WithTimeout(ctx, s.c.opts.Timeout)
	defer cancel()
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, u.String(), nil)
	if err != nil {
		return nil, &Error{Word: report.StatusBadURL, Err: err}
	}
	req.Header.Set("User-Agent", UserAgent)
	req.Header.Set("Accept-Encoding", "gzip")
	stored := s.c.cond.get(u.String())
	if stored != nil {
		if stored.etag != "" {
			req.Header.Set("If-None-Match", stored.etag)
		}
		if stored.lastMod != "" {
			req.Header.Set("If-Modified-Since", stored.lastMod)
		}
	}
	if s.guarded() {
		// A literal address needs no DNS, so a proxy would carry it
		// unchecked (to 169.254.169.254, say): refuse it here.
		if err := refuseLiteral(u.Hostname()); err != nil {
			return nil, err
		}
	}
	if rt == s.c.guarded {
		req = s.c.withProxy(req)
	}
	hr, err := rt.RoundTrip(req)
	if err != nil {
		return nil, err
	}
	defer hr.Body.Close()
	resp := &Response{URL: u.String(), Status: hr.StatusCode, Header: hr.Header}
	if location(resp) != "" {
		// Unread, but drained a little so the connection can be reused
		// for the next hop instead of a new TCP and TLS handshake.
		io.CopyN(io.Discard, hr.Body, 64<<10)
		return resp, nil
	}
	if hr.StatusCode == http.StatusNotModified && stored != nil {
		resp.NotModified = true
		resp.Header = stored.freshen(hr.Header)
		resp.Body = append([]byte(nil), stored.body...)
		return resp, nil
	}
	if resp.Body, err = readBody(hr, u.Path, max, truncate); err != nil {
		return nil, err
	}
	if hr.StatusCode == http.StatusOK && !truncate {
		s.c.cond.put(u.String(), hr.Header, resp.Body)
	}
	return resp, nil
}

// guarded reports whether the session's requests are guarded (decided by
// transport at the first request).
func (s *Site) guarded() bool {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.guard != nil && *s.guard
}

// transport picks the guarded or the open transport for the session,
// deciding at its first request.
func (s *Site) transport(ctx context.Context) http.RoundTripper {
	s.mu.Lock()
	decided := s.guard
	s.mu.Unlock()
	if decided == nil {
		g := s.c.guarding(ctx, s.origin)
		s.mu.Lock()
		if s.guard == nil {
			s.guard = &g
		}
		decided = s.guard
		s.mu.Unlock()
	}
	if *decided {
		return s.c.guarded
	}
	return s.c.open
}

// location is the target of a redirect response, "" for anything else.
func location(r *Response) string {
	switch r.Status {
	case http.StatusMovedPermanently, http.StatusFound, http.StatusSeeOther,
		http.StatusTemporaryRedirect, http.StatusPermanentRedirect:
		return r.Header.Get("Location")
	}
	return ""
}

// classify turns a transport or body error into an *Error with its word.
// ctx is the caller's context: its end is "canceled"; the per-request
// deadline (timeout) inside it is "timeout".
func classify(ctx context.Context, err error, timeout time.Duration) *Error {
	var fe *Error
	var dns *net.DNSError
	var ne net.Error
	var cert *tls.CertificateVerificationError
	var unknownCA x509.UnknownAuthorityError
	var hostname x509.HostnameError
	var invalid x509.CertificateInvalidError
	var record tls.RecordHeaderError
	var alert tls.AlertError
	switch {
	case ctx.Err() != nil:
		return &Error{Word: report.StatusCanceled, Err: ctx.Err()}
	case errors.As(err, &fe):
		return &Error{Word: fe.Word, Err: fe.Err}
	case refusal(err) != nil:
		return &Error{Word: report.StatusRefusedAddress, Err: refusal(err)}
	case errors.Is(err, context.DeadlineExceeded) || errors.As(err, &ne) && ne.Timeout():
		return &Error{Word: report.StatusTimeout, Err: fmt.Errorf("no complete answer within %v", timeout)}
	case errors.As(err, &dns):
		return &Error{Word: report.StatusDNS, Err: dns}
	case errors.As(err, &cert) || errors.As(err, &unknownCA) || errors.As(err, &hostname) ||
		errors.As(err, &invalid) || errors.As(err, &record) || errors.As(err, &alert) ||
		strings.Contains(err.Error(), "tls: "): // remote alerts have no exported type
		return &Error{Word: report.StatusTLS, Err: err}
	}
	return &Error{Word: report.StatusNetwork, Err: err}
}
