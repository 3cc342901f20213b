package fetch

import (
	"context"
	"net"
	"net/http"
	"net/http/httptest"
	"net/netip"
	"net/url"
	"strings"
	"testing"

	"feedscout/common/report"
)

func TestAddressKind(t *testing.T) {
	tests := []struct{ ip, kind string }{
		{"127.0.0.1", "loopback"},
		{"127.255.0.9", "loopback"},
		{"::1", "loopback"},
		{"::ffff:127.0.0.1", "loopback"}, // IPv4-mapped IPv6
		{"::ffff:10.1.2.3", "private"},
		{"::ffff:169.254.169.254", "link-local"},
		{"10.0.0.1", "private"},
		{"172.16.0.1", "private"},
		{"172.31.255.255", "private"},
		{"192.168.1.1", "private"},
		{"fc00::1", "private"},
		{"fd12:3456::1", "private"},
		{"169.254.169.254", "link-local"}, // cloud metadata
		{"fe80::1", "link-local"},
		{"fe80::1%eth0", "link-local"},
		{"224.0.0.1", "multicast"},
		{"239.255.255.250", "multicast"},
		{"ff02::1", "multicast"},
		{"0.0.0.0", "unspecified"},
		{"::", "unspecified"},
		{"0.1.2.3", "reserved"},
		{"100.64.0.1", "reserved"},
		{"255.255.255.255", "reserved"},
		{"fec0::1", "reserved"},
		{"64:ff9b::7f00:1", "NAT64 loopback"},
		{"64:ff9b::c0a8:101", "NAT64 private"},
		{"8.8.8.8", ""},
		{"::ffff:8.8.8.8", ""},
		{"172.32.0.1", ""},
		{"100.128.0.1", ""},
		{"203.0.113.7", ""},
		{"2001:4860:4860::8888", ""},
		{"64:ff9b::808:808", ""},
	}
	for _, tt := range tests {
		if got := addressKind(netip.MustParseAddr(tt.ip)); got != tt.kind {
			t.Errorf("addressKind(%s) = %q, want %q", tt.ip, got, tt.kind)
		}
	}
	if addressKind(netip.Addr{}) == "" {
		t.Errorf("the zero Addr passes")
	}
}

func TestGuarding(t *testing.T) {
	lookup := map[string][]string{
		"intranet.test": {"10.0.0.5"},
		"mixed.test":    {"203.0.113.9", "10.0.0.5"},
		"public.test":   {"203.0.113.9"},
		"v6only.test":   {"fd00::5", "::1"},
	}
	c := quick(Options{})
	c.lookup = func(_ context.Context, host string) ([]netip.Addr, error) {
		var out []netip.Addr
		for _, a := range lookup[host] {
			out = append(out, netip.MustParseAddr(a))
		}
		if out == nil {
			return nil, &net.DNSError{Err: "no such host", Name: host, IsNotFound: true}
		}
		return out, nil
	}
	tests := []struct {
		host  string
		guard bool
	}{
		{"203.0.113.7", true},
		{"127.0.0.1", false},
		{"::1", false},
		{"localhost", false},
		{"news.localhost", false},
		{"intranet.test", false},
		{"v6only.test", false},
		{"mixed.test", true}, // one public address is enough to guard
		{"public.test", true},
		{"nxdomain.test", true}, // unknown here: a proxy may know it
	}
	for _, tt := range tests {
		host := tt.host
		if strings.Contains(host, ":") {
			host = "[" + host + "]"
		}
		if got := c.guarding(t.Context(), &url.URL{Scheme: "https", Host: host}); got != tt.guard {
			t.Errorf("guarding(%s) = %v, want %v", tt.host, got, tt.guard)
		}
	}
	if quick(Options{AllowPrivate: true}).guarding(t.Context(), &url.URL{Scheme: "https", Host: "203.0.113.7"}) {
		t.Errorf("AllowPrivate still guards")
	}
}

// TestGuardDial: a public site cannot make us connect to loopback; the
// refusal happens in the dialer, is logged, and nothing reaches the server.
func TestGuardDial(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "", nil)
	local := strings.Replace(srv.URL, "127.0.0.1", "localhost", 1) // resolved, then refused

	for _, target := range []string{srv.URL + "/admin", local + "/admin"} {
		s := open(t, quick(Options{}), "http://203.0.113.7/")
		_, err := get(t, s, "feed", target)
		wantWord(t, err, ErrRefusedAddress)
		rows := s.Log()
		if len(rows) != 1 || rows[0].Step != "robots" || rows[0].Status.Word != report.StatusRefusedAddress ||
			!strings.Contains(rows[0].Note, "loopback address") {
			t.Errorf("%s: rows %+v", target, rows)
		}
	}
	if n := len(rec.all()); n != 0 {
		t.Errorf("server saw %d requests", n)
	}

	s := open(t, quick(Options{AllowPrivate: true}), "http://203.0.113.7/")
	if _, err := get(t, s, "feed", srv.URL+"/feed"); err != nil {
		t.Errorf("AllowPrivate: %v", err)
	}
}

// TestGuardProxy: the site is reached through a proxy on loopback (as the
// fixture web is), which is trusted; its redirect to a loopback service is
// dialed directly and refused, and so is the proxy's own address when a
// redirect names it instead of the transport choosing it, and a literal
// link-local address (cloud metadata) the proxy would otherwise carry.
func TestGuardProxy(t *testing.T) {
	t.Parallel()
	inside, insideRec := serve(t, "", nil)
	var proxyURL *url.URL
	proxyRec := &recorder{}
	proxy := httptest.NewServer(proxyRec.wrap(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Host != "public.test" { // a direct request to the proxy's own address
			http.Error(w, "proxy", http.StatusBadRequest)
			return
		}
		switch r.URL.Path {
		case "/robots.txt":
			http.NotFound(w, r)
		case "/":
			w.Write([]byte("<html>home</html>"))
		case "/to-inside":
			http.Redirect(w, r, inside.URL+"/admin", http.StatusFound)
		case "/to-proxy":
			http.Redirect(w, r, proxyURL.String()+"/", http.StatusFound)
		case "/to-metadata":
			http.Redirect(w, r, "http://169.254.169.254/latest/meta-data/", http.StatusFound)
		}
	})))
	t.Cleanup(proxy.Close)
	proxyURL, _ = url.Parse(proxy.URL)

	c := quick(Options{})
	base := http.DefaultTransport.(*http.Transport).Clone()
	base.Proxy = func(r *http.Request) (*url.URL, error) {
		switch r.URL.Hostname() {
		case "public.test", "169.254.169.254":
			return proxyURL, nil // the proxy would carry a literal address too
		}
		return nil, nil // like NO_PROXY / loopback
	}
	c.buildTransports(base)
	c.lookup = func(context.Context, string) ([]netip.Addr, error) {
		return nil, &net.DNSError{Err: "no such host", IsNotFound: true}
	}

	s := open(t, c, "http://public.test/")
	if resp, err := get(t, s, "home", "http://public.test/"); err != nil || string(resp.Body) != "<html>home</html>" {
		t.Fatalf("through the proxy: %v", err)
	}
	for _, path := range []string{"/to-inside", "/to-proxy", "/to-metadata"} {
		_, err := get(t, s, "home", "http://public.test"+path)
		wantWord(t, err, ErrRefusedAddress)
	}
	want := "robots:404 home:200 home:302 robots:refused-address home:302 robots:refused-address home:302 robots:refused-address"
	var got []string
	for _, r := range s.Log() {
		got = append(got, string(r.Step)+":"+r.Status.String())
	}
	if join(got) != want {
		t.Errorf("log %q, want %q", join(got), want)
	}
	if n := len(insideRec.all()); n != 0 {
		t.Errorf("inside service saw %d requests", n)
	}
	for _, h := range proxyRec.all() {
		if !strings.HasPrefix(h.path, "http://public.test/") {
			t.Errorf("proxy got a direct request %s", h.path)
		}
	}
}

// A site the proxy carries is guarded without a DNS lookup: only the proxy
// can resolve it, and a local lookup of such names stalled discoveries for
// 5 s on resolvers that drop queries.
func TestGuardingProxied(t *testing.T) {
	c := quick(Options{})
	proxy := &url.URL{Scheme: "http", Host: "127.0.0.1:3128"}
	c.proxy = func(r *http.Request) (*url.URL, error) {
		if r.URL.Hostname() == "proxied.test" {
			return proxy, nil
		}
		return nil, nil
	}
	looked := map[string]bool{}
	c.lookup = func(_ context.Context, host string) ([]netip.Addr, error) {
		looked[host] = true
		return []netip.Addr{netip.MustParseAddr("10.0.0.5")}, nil
	}
	if !c.guarding(t.Context(), &url.URL{Scheme: "https", Host: "proxied.test"}) {
		t.Errorf("a proxied site is not guarded")
	}
	if looked["proxied.test"] {
		t.Errorf("a proxied site's name was looked up")
	}
	if c.guarding(t.Context(), &url.URL{Scheme: "https", Host: "direct.test"}) {
		t.Errorf("a direct site resolving to 10.0.0.5 is guarded")
	}
	if !looked["direct.test"] {
		t.Errorf("a direct site's name was not looked up")
	}
}
