package classify

import (
	"net/url"
	"strings"
)

// resolver turns hrefs as written in the page into normalised absolute
// URLs, against <base href> when the page has one, else the page URL. It
// caches by href: big pages repeat the same link many times.
type resolver struct {
	base  *url.URL
	cache map[string]resolved
}

type resolved struct {
	u    *url.URL // nil: not a web URL
	s    string   // u.String()
	feed bool     // written with the feed: scheme
}

// newResolver resolves against page; size is how many hrefs are expected.
func newResolver(page *url.URL, size int) *resolver {
	return &resolver{base: page, cache: make(map[string]resolved, size)}
}

// setBase applies a <base href>. As in a browser, it resolves against the
// page URL and is ignored unless it gives an http(s) URL.
func (r *resolver) setBase(href string) (string, bool) {
	res := r.resolve(href)
	if res.u == nil || res.feed {
		return "", false
	}
	b := *res.u
	r.base = &b
	clear(r.cache)
	return res.s, true
}

// resolve resolves one href. The result's u is nil for anything that is
// not a web page: javascript:, mailto:, tel:, data:, unparsable hrefs.
// feed: URLs become the http(s) URL they wrap (feed://host/x is
// http://host/x; feed:https://host/x is https://host/x).
func (r *resolver) resolve(href string) resolved {
	if res, ok := r.cache[href]; ok {
		return res
	}
	res := r.parse(href)
	r.cache[href] = res
	return res
}

func (r *resolver) parse(href string) resolved {
	s := cleanHref(href)
	if s == "" {
		return resolved{}
	}
	if res, ok := r.fast(s); ok {
		return res
	}
	return r.slow(s)
}

// slow resolves with net/url: every href goes this way unless fast knows
// the answer is the same.
func (r *resolver) slow(s string) resolved {
	feed := false
	if len(s) > 5 && strings.EqualFold(s[:5], "feed:") {
		feed = true
		s = s[5:]
		if strings.HasPrefix(s, "//") {
			s = "http:" + s
		}
	}
	ref, err := url.Parse(s)
	if err != nil {
		return resolved{}
	}
	u := r.base.ResolveReference(ref)
	if !normalize(u) {
		return resolved{}
	}
	return resolved{u: u, s: u.String(), feed: feed}
}

// fast resolves the two plain spellings most links on a big page have,
// "/path?query" and "http(s)://host/path?query" with a lower-case host, in
// plain ASCII, without parsing: net/url would give the same URL (a fuzz
// test holds the two to that), at a fraction of the cost. It reports false
// for anything else: dot segments, "//", percent escapes, ports, user info,
// upper case in scheme or host.
func (r *resolver) fast(s string) (resolved, bool) {
	if i := strings.IndexByte(s, '#'); i >= 0 {
		s = s[:i]
	}
	scheme, host, rest := r.base.Scheme, r.base.Host, s
	switch {
	case strings.HasPrefix(s, "https://"):
		scheme, rest = "https", s[len("https://"):]
	case strings.HasPrefix(s, "http://"):
		scheme, rest = "http", s[len("http://"):]
	case strings.HasPrefix(s, "/") && !strings.HasPrefix(s, "//") && plainHostPort(host):
		scheme = ""
	default:
		return resolved{}, false
	}
	if scheme != "" {
		end := strings.IndexAny(rest, "/?")
		if end < 0 {
			end = len(rest)
		}
		host, rest = rest[:end], rest[end:]
		if !plainHost(host) {
			return resolved{}, false
		}
	} else {
		scheme = r.base.Scheme
	}
	path, query, hasQuery := strings.Cut(rest, "?")
	if !plainPath(path) || (hasQuery && !plainQuery(query)) {
		return resolved{}, false
	}
	if path == "" {
		path = "/"
	}
	u := &url.URL{Scheme: scheme, Host: host, Path: path, RawQuery: query}
	str := scheme + "://" + host + path
	if query != "" {
		str += "?" + query
	}
	return resolved{u: u, s: str}, true
}

// plainHostPort: a plainHost, optionally with ":" and a port in digits.
func plainHostPort(hp string) bool {
	h, port, ok := strings.Cut(hp, ":")
	if !ok {
		return plainHost(h)
	}
	for i := 0; i < len(port); i++ {
		if port[i] < '0' || port[i] > '9' {
			return false
		}
	}
	return port != "" && plainHost(h)
}

// plainHost: lower-case letters, digits, dots and hyphens, nothing else.
func plainHost(h string) bool {
	if h == "" {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !('a' <= c && c <= 'z' || '0' <= c && c <= '9' || c == '.' || c == '-') {
			return false
		}
	}
	return true
}

// plainPath: empty, or "/" and unreserved characters (RFC 3986 2.3), with no
// empty, "." or ".." segment past the first slash.
func plainPath(p string) bool {
	if p == "" {
		return true
	}
	if p[0] != '/' || strings.Contains(p, "//") || strings.Contains(p, "/./") ||
		strings.Contains(p, "/../") || strings.HasSuffix(p, "/.") || strings.HasSuffix(p, "/..") {
		return false
	}
	for i := 0; i < len(p); i++ {
		c := p[i]
		if !('a' <= c && c <= 'z' || 'A' <= c && c <= 'Z' || '0' <= c && c <= '9' ||
			c == '-' || c == '.' || c == '_' || c == '~' || c == '/') {
			return false
		}
	}
	return true
}

// plainQuery: printable ASCII other than space, kept as written by net/url
// too; an empty query after "?" is not plain (net/url marks it).
func plainQuery(q string) bool {
	if q == "" {
		return false
	}
	for i := 0; i < len(q); i++ {
		if q[i] <= ' ' || q[i] >= 0x7f {
			return false
		}
	}
	return true
}

// cleanHref does what the URL parser of a browser does before parsing:
// strip leading and trailing C0 controls and spaces, and remove tabs and
// newlines anywhere (WHATWG URL: "basic URL parser", steps 1-3).
func cleanHref(href string) string {
	s := strings.TrimFunc(href, func(r rune) bool { return r <= ' ' })
	if !strings.ContainsAny(s, "\t\n\r") {
		return s
	}
	b := make([]byte, 0, len(s))
	for i := 0; i < len(s); i++ {
		if c := s[i]; c != '\t' && c != '\n' && c != '\r' {
			b = append(b, c)
		}
	}
	return string(b)
}

// normalize makes u the one spelling we compare and print: http or https
// only, with a host; host lowercased, default port, user info and fragment
// dropped, empty path as "/". It reports false when u is not a web URL.
func normalize(u *url.URL) bool {
	if u.Scheme != "http" && u.Scheme != "https" {
		return false
	}
	if u.Opaque != "" || u.Host == "" {
		return false
	}
	host := strings.ToLower(u.Host)
	if p := u.Port(); (p == "80" && u.Scheme == "http") || (p == "443" && u.Scheme == "https") {
		host = strings.TrimSuffix(host, ":"+p)
	}
	host = strings.TrimSuffix(host, ":")
	if host == "" || strings.HasPrefix(host, ":") {
		return false
	}
	u.Host = host
	u.User = nil
	u.Fragment, u.RawFragment = "", ""
	u.ForceQuery = false
	if u.Path == "" {
		u.Path, u.RawPath = "/", ""
	}
	return true
}

// sameHost reports whether u is on the page's host (hostnames compared,
// ports ignored: www.example.com and example.com are different hosts).
func sameHost(page, u *url.URL) bool {
	return page.Hostname() == u.Hostname()
}
