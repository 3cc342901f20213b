package fetch

import (
	"context"
	"errors"
	"fmt"
	"net"
	"net/http"
	"net/netip"
	"net/url"
	"strings"
	"syscall"
	"time"
)

// The private-address guard ("not a weapon", issue 7). A web page can
// point the host at any URL, and the host runs inside the user's network:
// without a guard a public site could redirect us to the user's router,
// printer or a service on localhost. So when the site being discovered is
// on a public address, the dialer refuses to connect to loopback, private,
// link-local, multicast and unspecified addresses (blocked below). The
// check runs in net.Dialer's Control hook, on the address actually being
// connected to after DNS, for every connection (redirects included), so a
// DNS answer that changes between two lookups (rebinding) cannot slip
// through.
//
// Not guarded: a site that itself resolves only to such addresses (the
// user pointed us at an intranet or a test server), every site when
// Options.AllowPrivate is set, and connections to a proxy the user
// configured (HTTPS_PROXY...): we dial the proxy, not the site, and the
// user chose it. A caller-supplied Options.Transport dials on its own and
// is not guarded either.

// extraBlocked are ranges net/netip has no predicate for.
var extraBlocked = []netip.Prefix{
	netip.MustParsePrefix("0.0.0.0/8"),          // "this network" (RFC 791); 0.0.0.0 reaches localhost
	netip.MustParsePrefix("100.64.0.0/10"),      // carrier-grade NAT, shared address space (RFC 6598)
	netip.MustParsePrefix("255.255.255.255/32"), // limited broadcast
	netip.MustParsePrefix("fec0::/10"),          // deprecated site-local (RFC 3879)
}

// nat64 is the well-known NAT64 prefix (RFC 6052): its addresses reach the
// IPv4 address in their last four bytes.
var nat64 = netip.MustParsePrefix("64:ff9b::/96")

// addressKind names why ip must not be dialed for a public site, or returns
// "" when it may be. IPv4-mapped IPv6 addresses (::ffff:127.0.0.1) are
// judged as the IPv4 address they carry.
func addressKind(ip netip.Addr) string {
	ip = ip.Unmap().WithZone("")
	switch {
	case !ip.IsValid():
		return "invalid"
	case ip.IsLoopback():
		return "loopback"
	case ip.IsUnspecified():
		return "unspecified"
	case ip.IsPrivate():
		return "private"
	case ip.IsLinkLocalUnicast():
		return "link-local"
	case ip.IsMulticast():
		return "multicast"
	}
	for _, p := range extraBlocked {
		if p.Contains(ip) {
			return "reserved"
		}
	}
	if nat64.Contains(ip) {
		b := ip.As16()
		if k := addressKind(netip.AddrFrom4([4]byte(b[12:]))); k != "" {
			return "NAT64 " + k
		}
	}
	return ""
}

// refusedError is the guard's answer to a dial.
type refusedError struct {
	addr netip.Addr
	kind string
}

func (e *refusedError) Error() string {
	return fmt.Sprintf("refuse to dial %s: %s address, and the site is public", e.addr, e.kind)
}

// refuse is the guarded dialer's Control hook: address is the IP:port
// about to be connected to.
func refuse(network, address string, _ syscall.RawConn) error {
	ap, err := netip.ParseAddrPort(address)
	if err != nil {
		return &refusedError{kind: "unparsable"}
	}
	if k := addressKind(ap.Addr()); k != "" {
		return &refusedError{addr: ap.Addr(), kind: k}
	}
	return nil
}

// proxyKey marks a request's context with the proxy address (host:port)
// the transport will dial for it; the guarded dialer trusts that address.
type proxyKey struct{}

// buildTransports makes the guarded and the open transport from base.
func (c *Client) buildTransports(base *http.Transport) {
	base.DisableCompression = true
	c.proxy = base.Proxy
	plain := &net.Dialer{Timeout: c.opts.Timeout, KeepAlive: 30 * time.Second}
	guard := &net.Dialer{Timeout: c.opts.Timeout, KeepAlive: 30 * time.Second, Control: refuse}

	open := base.Clone()
	open.DialContext = plain.DialContext
	guarded := base.Clone()
	guarded.DialContext = func(ctx context.Context, network, addr string) (net.Conn, error) {
		if p, _ := ctx.Value(proxyKey{}).(string); p != "" && strings.EqualFold(p, addr) {
			return plain.DialContext(ctx, network, addr)
		}
		return guard.DialContext(ctx, network, addr)
	}
	c.open, c.guarded = open, guarded
}

// proxied reports whether the configured proxy carries requests to origin.
func (c *Client) proxied(origin *url.URL) bool {
	if c.proxy == nil {
		return false
	}
	u, err := c.proxy(&http.Request{Method: http.MethodGet, URL: origin, Header: http.Header{}})
	return err == nil && u != nil
}

// withProxy marks req's context with its proxy address, if it has one.
func (c *Client) withProxy(req *http.Request) *http.Request {
	if c.proxy == nil {
		return req
	}
	u, err := c.proxy(req)
	if err != nil || u == nil {
		return req
	}
	port := u.Port()
	if port == "" {
		port = map[string]string{"http": "80", "https": "443", "socks5": "1080", "socks5h": "1080"}[u.Scheme]
	}
	addr := net.JoinHostPort(u.Hostname(), port)
	return req.WithContext(context.WithValue(req.Context(), proxyKey{}, addr))
}

// guarding decides, once per site, whether its requests go through the
// guarded transport: yes unless the guard is off or every address of the
// site's host is one the guard would refuse. A host that does not resolve
// here (a proxy may resolve it, or nobody) is treated as public. A site the
// configured proxy carries is guarded without a lookup: the proxy resolves
// its name, the guarded dialer trusts the proxy's own address, and a
// lookup here would only cost time (a resolver that cannot answer for
// names only the proxy knows makes Go retry for 5 s).
func (c *Client) guarding(ctx context.Context, origin *url.URL) bool {
	if c.opts.AllowPrivate || c.opts.Transport != nil {
		return false
	}
	host := origin.Hostname()
	if c.proxied(origin) {
		return true
	}
	if ip, err := netip.ParseAddr(host); err == nil {
		return addressKind(ip) == ""
	}
	if strings.EqualFold(host, "localhost") || strings.HasSuffix(strings.ToLower(host), ".localhost") {
		return false // RFC 6761 6.3: always loopback
	}
	ctx, cancel := context.WithTimeout(ctx, c.opts.Timeout)
	defer cancel()
	addrs, err := c.lookup(ctx, host)
	if err != nil || len(addrs) == 0 {
		return true
	}
	for _, a := range addrs {
		if addressKind(a) == "" {
			return true
		}
	}
	return false
}

// refuseLiteral refuses a URL host that is a literal address the guard
// would refuse at dial time. It matters behind a proxy, which is dialled
// instead of the address.
func refuseLiteral(host string) error {
	ip, err := netip.ParseAddr(strings.Trim(host, "[]"))
	if err != nil {
		return nil
	}
	if k := addressKind(ip.Unmap()); k != "" {
		return &refusedError{addr: ip, kind: k}
	}
	return nil
}

// refusal finds the guard's error in a transport error.
func refusal(err error) *refusedError {
	var r *refusedError
	if errors.As(err, &r) {
		return r
	}
	return nil
}
