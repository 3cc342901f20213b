package report

import (
	"net/url"
	"strings"
)

// ParseWebURL parses raw as an absolute http or https URL with a host, the
// only kind of address feedscout fetches or links to. The scheme is
// compared without regard to case.
func ParseWebURL(raw string) (*url.URL, bool) {
	u, err := url.Parse(raw)
	if err != nil || u.Hostname() == "" {
		return nil, false
	}
	if s := strings.ToLower(u.Scheme); s != "http" && s != "https" {
		return nil, false
	}
	return u, true
}

// WebURL reports whether raw is an absolute http or https URL with a host.
func WebURL(raw string) bool {
	_, ok := ParseWebURL(raw)
	return ok
}
