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

func newResolver(page *url.URL) *resolver {
	return &resolver{base: page, cache: make(map[string]resolved)}
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
	r.cache = make(map[string]resolved)
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

// URLShape judges one URL alone: PathShape of its escaped path and query
// (ShapeInput).
func URLShape(u *url.URL) Verdict { return PathShape(ShapeInput(u)) }
