package fixtureweb

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
	"net/url"
	"strings"
	"time"
)

// CheckPoliteness checks, from what host's servers saw, that the client
// was polite to host:
//
//   - the first HTTP request was for /robots.txt;
//   - consecutive requests arrived at least minGap apart (a "TLS" hit, a
//     handshake never answered, counts as a request here);
//   - there were at most maxRequests;
//   - every request's User-Agent names agent (unless agent is "*");
//   - nothing that host's robots.txt disallows for agent was fetched.
//
// agent is the product token ("feedscout"), matched case-insensitively
// against robots.txt's User-agent lines (RFC 9309 2.2.1). The rules are
// those of the robots.txt the server actually sent first: a 2xx body is
// parsed (after gzip, if it was sent gzipped); a 3xx is followed (up to 5
// hops, to a robots.txt the client fetched on the target host); 4xx allows
// everything; 5xx, or an answer that never came or never finished,
// disallows everything (RFC 9309 2.3.1). A host with no hits passes. The
// error lists every problem found.
func (w *Web) CheckPoliteness(host string, minGap time.Duration, maxRequests int, agent string) error {
	host = hostOnly(host)
	w.mu.Lock()
	recs := append([]*hitRec(nil), w.hits[host]...)
	w.mu.Unlock()
	if len(recs) == 0 {
		return nil
	}
	var problems []string
	if len(recs) > maxRequests {
		problems = append(problems, fmt.Sprintf("%d requests, more than %d", len(recs), maxRequests))
	}
	for i := 1; i < len(recs); i++ {
		a, b := recs[i-1].hit, recs[i].hit
		if gap := b.Time.Sub(a.Time); gap < minGap {
			problems = append(problems, fmt.Sprintf("request %d (%s) came %v after request %d (%s), less than %v",
				i+1, describe(b), gap.Round(time.Millisecond), i, describe(a), minGap))
		}
	}
	first := -1
	for i, r := range recs {
		if r.hit.Method != "TLS" {
			first = i
			break
		}
	}
	if first >= 0 && !recs[first].robots {
		problems = append(problems, fmt.Sprintf("first request was %s, not /robots.txt", describe(recs[first].hit)))
	}
	if agent != "*" {
		for i, r := range recs {
			if r.hit.Method != "TLS" && !strings.Contains(strings.ToLower(r.hit.UserAgent), strings.ToLower(agent)) {
				problems = append(problems, fmt.Sprintf("request %d (%s) has User-Agent %q, which does not name %s", i+1, describe(r.hit), r.hit.UserAgent, agent))
			}
		}
	}
	if rules, why := w.rulesFor(host, recs); rules != nil {
		for i, r := range recs {
			if r.hit.Method == "TLS" || r.robots {
				continue
			}
			if !rules.allowed(agent, r.hit.Path) {
				problems = append(problems, fmt.Sprintf("request %d (%s) is disallowed for %s by robots.txt (%s)", i+1, describe(r.hit), agent, why))
			}
		}
	}
	if len(problems) > 0 {
		return fmt.Errorf("politeness to %s: %s", host, strings.Join(problems, "; "))
	}
	return nil
}

func describe(h Hit) string {
	if h.Path == "" {
		return h.Method
	}
	return h.Method + " " + h.Path
}

// rulesFor finds the robots.txt rules that governed host: those of the
// first robots.txt answer it sent, following redirects through the
// answers the client fetched. nil when the client never asked.
func (w *Web) rulesFor(host string, recs []*hitRec) (*robotsRules, string) {
	var r *hitRec
	for _, h := range recs {
		if h.robots {
			r = h
			break
		}
	}
	if r == nil {
		return nil, ""
	}
	for hop := 0; ; hop++ {
		w.mu.Lock()
		st, loc, incomplete := r.hit.Status, r.location, r.incomplete
		body, enc := r.body, r.encoding
		scheme := r.hit.Scheme
		w.mu.Unlock()
		switch {
		case st == 0 || incomplete:
			return &robotsRules{disallowAll: true}, "robots.txt never answered: disallow all"
		case st >= 200 && st < 300:
			if strings.EqualFold(enc, "gzip") {
				zr, err := gzip.NewReader(bytes.NewReader(body))
				if err != nil {
					return &robotsRules{disallowAll: true}, "robots.txt gzip unreadable: disallow all"
				}
				body, _ = io.ReadAll(io.LimitReader(zr, maxCapture))
			}
			return parseRobots(body), fmt.Sprintf("robots.txt answered %d", st)
		case st >= 300 && st < 400:
			next, nextHost := w.robotsTarget(host, scheme, loc)
			if hop >= 5 || next == nil {
				return &robotsRules{allowAll: true}, "robots.txt redirect not followed: allow all"
			}
			r, host = next, nextHost
		case st >= 400 && st < 500:
			return &robotsRules{allowAll: true}, fmt.Sprintf("robots.txt answered %d: allow all", st)
		default:
			return &robotsRules{disallowAll: true}, fmt.Sprintf("robots.txt answered %d: disallow all", st)
		}
	}
}

// robotsTarget finds the first hit the client made at the redirect target
// loc (resolved against scheme://host/robots.txt), and its host.
func (w *Web) robotsTarget(host, scheme, loc string) (*hitRec, string) {
	base := &url.URL{Scheme: scheme, Host: host, Path: "/robots.txt"}
	u, err := base.Parse(loc)
	if err != nil {
		return nil, ""
	}
	th := hostOnly(u.Host)
	w.mu.Lock()
	defer w.mu.Unlock()
	for _, h := range w.hits[th] {
		if h.hit.Scheme == u.Scheme && h.hit.Path == u.RequestURI() && h.hit.Method != "TLS" {
			return h, th
		}
	}
	return nil, ""
}
