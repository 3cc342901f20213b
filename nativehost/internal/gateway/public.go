package gateway

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"feedscout/common/opml"
	"feedscout/nativehost/internal/follow"
)

// CheckBase parses a public gateway's base URL: http or https, a host,
// no user, path, query or fragment (readers append /feed?url=...).
func CheckBase(base string) (*url.URL, error) {
	u, err := url.Parse(strings.TrimRight(base, "/"))
	switch {
	case err != nil, u.Scheme != "http" && u.Scheme != "https", u.Host == "", u.Opaque != "":
		return nil, fmt.Errorf("public base %q: give the address readers use, such as https://feeds.example.org or http://192.0.2.10:8765", base)
	case u.User != nil || u.RawQuery != "" || u.Fragment != "" || (u.Path != "" && u.Path != "/"):
		return nil, fmt.Errorf("public base %q: give scheme, host and port only, no path, query or user (a reverse proxy can map a path onto it)", base)
	}
	u.Path = ""
	return u, nil
}

// feedURL is the address of source's feed in format on this gateway, as
// readers use it and the feed names itself (rel=self): signed on a public
// gateway. The loopback gateway's own addresses stay unsigned, so that a
// rotated key breaks none of them on this machine.
func (s *Server) feedURL(source, format string) string {
	if s.public {
		return s.key.SignedURL(s.base, source, format)
	}
	u := opml.GatewayURL(s.base, source)
	if format == follow.FormatJSON {
		u += "&format=json"
	}
	return u
}

// signed checks the signature of a /feed request for source in format:
// a public gateway needs one, a loopback gateway checks one when given.
// It returns 0 when the request may go on, else the status and the
// sentence to answer with, before any request to any site.
func (s *Server) signed(q url.Values, source, format string) (int, string) {
	sig, has := q["sig"]
	switch {
	case !has && !s.public:
		return 0, ""
	case !has:
		return http.StatusForbidden, "This feedscout gateway follows only addresses its owner signed, and this one has no signature (sig); make one with `feedscout-host sign --gateway " + s.base + " SOURCE` on the gateway's machine."
	case len(sig) != 1:
		return http.StatusForbidden, "This address has more than one signature (sig); sign it again with `feedscout-host sign`."
	case !s.hasKey:
		return http.StatusForbidden, "This feedscout gateway has no key, so it cannot check the signature (sig); it was started without its state folder's key."
	case !s.key.Verify(format, source, sig[0]):
		return http.StatusForbidden, "The signature (sig) of this address does not match its source and format for this gateway's key: the address was changed, or the key was rotated since it was signed. Sign it again with `feedscout-host sign`."
	}
	return 0, ""
}

// authorized reports whether r may see the gateway's status page and
// /opml, which list every source it follows: always on loopback, with the
// key as the HTTP Basic password (any user name) on a public gateway.
// When not, it has answered 401.
func (s *Server) authorized(w http.ResponseWriter, r *http.Request) bool {
	if !s.public || keyPassword(s.key, r.Header.Get("Authorization")) {
		return true
	}
	w.Header().Set("WWW-Authenticate", `Basic realm="feedscout gateway", charset="UTF-8"`)
	sentence(w, http.StatusUnauthorized, "This page lists every source the gateway follows: give the gateway's key (`feedscout-host key`) as the password, with any user name.")
	return false
}
