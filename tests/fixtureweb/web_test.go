package fixtureweb

import (
	"bufio"
	"compress/gzip"
	"context"
	"crypto/ecdsa"
	"crypto/tls"
	"crypto/x509"
	"encoding/pem"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"os/exec"
	"strings"
	"sync"
	"testing"
	"time"
)

// startWeb starts a web of sites (nil: DefaultSites) for one test.
func startWeb(t *testing.T, sites []Site) *Web {
	t.Helper()
	w, err := Start(Options{Dir: t.TempDir(), Sites: sites})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := w.Close(); err != nil {
			t.Error(err)
		}
	})
	return w
}

// shared is one web of the default and hostile sites for the read-only
// tests of this package, started on first use.
var shared struct {
	once sync.Once
	web  *Web
	err  error
}

func sharedWeb(t *testing.T) *Web {
	t.Helper()
	shared.once.Do(func() {
		shared.web, shared.err = Start(Options{Sites: append(DefaultSites(), HostileSites()...)})
	})
	if shared.err != nil {
		t.Fatal(shared.err)
	}
	return shared.web
}

func TestMain(m *testing.M) {
	if os.Getenv("FIXTUREWEB_CHILD") != "" {
		os.Exit(childGet(os.Getenv("FIXTUREWEB_CHILD")))
	}
	code := m.Run()
	if shared.web != nil {
		shared.web.Close()
	}
	os.Exit(code)
}

// childGet is the child process of TestEnvReachesWebFromChild: a plain
// http.Get with the default transport, which reads the proxy and CA from
// the environment.
func childGet(url string) int {
	resp, err := http.Get(url)
	if err != nil {
		fmt.Println("error:", err)
		return 1
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	fmt.Printf("%d %s %d\n", resp.StatusCode, resp.Request.URL, len(b))
	return 0
}

func get(t *testing.T, c *http.Client, url string) (*http.Response, []byte) {
	t.Helper()
	resp, err := c.Get(url)
	if err != nil {
		t.Fatalf("GET %s: %v", url, err)
	}
	defer resp.Body.Close()
	b, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("read %s: %v", url, err)
	}
	return resp, b
}

func TestProxyServesHTTPAndHTTPS(t *testing.T) {
	w := startWeb(t, nil)
	c := w.Client()
	cases := []struct {
		url, final string
		status     int
		contains   string
	}{
		{"https://www.theverge.com/robots.txt", "https://www.theverge.com/robots.txt", 200, "Sitemap: https://www.theverge.com/sitemaps"},
		{"https://www.theverge.com/", "https://www.theverge.com/", 200, `type="application/rss+xml"`},
		{"https://rss.itmedia.co.jp/rss/2.0/itmedia_all.xml", "https://rss.itmedia.co.jp/rss/2.0/itmedia_all.xml", 200, "<rss version=\"2.0\""},
		{"http://quietcompiler.net/index.xml", "http://quietcompiler.net/index.xml", 200, "<rss"},
		{"http://www.metro-ledger.com/", "https://www.metro-ledger.com/", 200, "Metro Ledger"},
		{"https://dailyledger.co.uk/robots.txt", "https://www.dailyledger.co.uk/robots.txt", 200, "Disallow: /account/"},
		{"https://www.nikkei.com/rss", "https://www.nikkei.com/rss", 404, "Page not found"},
		{"https://www.asahi.com/rss", "https://www.asahi.com/rss", 403, "Access Denied"},
		{"https://apnews.com/", "https://apnews.com/", 403, "Forbidden"},
		{"https://www.kolkata-courier.in/feed", "https://www.kolkata-courier.in/feed", 200, "find that page"},
	}
	for _, c2 := range cases {
		resp, body := get(t, c, c2.url)
		if resp.StatusCode != c2.status || resp.Request.URL.String() != c2.final || !strings.Contains(string(body), c2.contains) {
			t.Errorf("GET %s: %d at %s, body has %q: %v; want %d at %s", c2.url, resp.StatusCode, resp.Request.URL, c2.contains,
				strings.Contains(string(body), c2.contains), c2.status, c2.final)
		}
	}
	hits := w.Hits("www.metro-ledger.com")
	if len(hits) != 2 || hits[0].Scheme != "http" || hits[0].Status != 301 || hits[1].Scheme != "https" || hits[1].Status != 200 {
		t.Errorf("metro-ledger hits = %+v, want http 301 then https 200", hits)
	}
	if got := len(w.Hits("dailyledger.co.uk")) + len(w.Hits("www.dailyledger.co.uk")); got != 2 {
		t.Errorf("bare-to-www: %d hits, want 2 (one per host)", got)
	}
	// An http-only site has no TLS service; a host outside the web is
	// refused and recorded.
	if _, err := c.Get("https://quietcompiler.net/"); err == nil {
		t.Error("https to an http-only site worked")
	}
	if _, err := c.Get("https://nosuch.example/"); err == nil {
		t.Error("https to a host outside the web worked")
	}
	resp, _ := get(t, c, "http://nosuch.example/x?y=1")
	if resp.StatusCode != http.StatusBadGateway {
		t.Errorf("http to a host outside the web: %d, want 502", resp.StatusCode)
	}
	out := w.Hits("nosuch.example")
	if len(out) != 2 || out[0].Method != "CONNECT" || out[1].Method != "GET" || out[1].Path != "/x?y=1" || out[1].Status != 502 {
		t.Errorf("hits of nosuch.example = %+v", out)
	}
}

func TestHitFields(t *testing.T) {
	w := startWeb(t, nil)
	c := w.Client()
	req, _ := http.NewRequest("GET", "https://www.nikkei.com/robots.txt?x=1", nil)
	req.Header.Set("User-Agent", "feedscout/0.1 (+https://example.org/feedscout)")
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	io.Copy(io.Discard, resp.Body)
	resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "gzip" {
		t.Errorf("robots.txt with Accept-Encoding: gzip came as %q", resp.Header.Get("Content-Encoding"))
	}
	etag := resp.Header.Get("ETag")
	req2, _ := http.NewRequest("GET", "https://www.nikkei.com/robots.txt?x=1", nil)
	req2.Header.Set("If-None-Match", etag)
	resp2, err := c.Do(req2)
	if err != nil {
		t.Fatal(err)
	}
	resp2.Body.Close()
	if resp2.StatusCode != http.StatusNotModified {
		t.Errorf("conditional GET: %d, want 304", resp2.StatusCode)
	}
	hits := w.Hits("WWW.NIKKEI.COM:443")
	if len(hits) != 2 {
		t.Fatalf("hits = %+v", hits)
	}
	h := hits[0]
	if h.Method != "GET" || h.Path != "/robots.txt?x=1" || h.Scheme != "https" || h.Status != 200 ||
		h.UserAgent != "feedscout/0.1 (+https://example.org/feedscout)" || h.AcceptEncoding != "gzip" || h.Bytes == 0 ||
		time.Since(h.Time) > time.Minute {
		t.Errorf("first hit = %+v", h)
	}
	if hits[1].IfNoneMatch != etag || hits[1].Status != 304 || hits[1].Time.Before(h.Time) {
		t.Errorf("second hit = %+v, want If-None-Match %s and 304", hits[1], etag)
	}
	if hs := w.HitHosts(); len(hs) != 1 || hs[0] != "www.nikkei.com" {
		t.Errorf("HitHosts = %v", hs)
	}
	w.Reset()
	if len(w.Hits("www.nikkei.com")) != 0 || len(w.HitHosts()) != 0 {
		t.Error("Reset kept hits")
	}
}

func TestCertificates(t *testing.T) {
	w := startWeb(t, nil)
	pemBytes, err := os.ReadFile(w.CAFile)
	if err != nil {
		t.Fatal(err)
	}
	block, _ := pem.Decode(pemBytes)
	if block == nil || block.Type != "CERTIFICATE" {
		t.Fatalf("CAFile holds no certificate")
	}
	ca, err := x509.ParseCertificate(block.Bytes)
	if err != nil || !ca.IsCA {
		t.Fatalf("CA certificate: %v (IsCA %v)", err, ca != nil && ca.IsCA)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pemBytes)
	for _, host := range []string{"www.theverge.com", "rss.itmedia.co.jp", "www.dailyledger.co.uk", "trickle.hostile.test"} {
		conn, err := tls.Dial("tcp", w.Addr, &tls.Config{ServerName: host, RootCAs: pool})
		if host == "trickle.hostile.test" {
			if err == nil {
				conn.Close()
				t.Errorf("%s is not in the default web but got a certificate", host)
			}
			continue
		}
		if err != nil {
			t.Errorf("TLS to %s at %s: %v", host, w.Addr, err)
			continue
		}
		leaf := conn.ConnectionState().PeerCertificates[0]
		if _, ok := leaf.PublicKey.(*ecdsa.PublicKey); !ok || leaf.VerifyHostname(host) != nil {
			t.Errorf("%s: certificate key %T, names %v", host, leaf.PublicKey, leaf.DNSNames)
		}
		conn.Close()
	}
}

func TestOriginDirect(t *testing.T) {
	w := startWeb(t, nil)
	// The origin listener routes plain HTTP by Host header.
	c := &http.Client{Transport: &http.Transport{DialContext: func(ctx context.Context, network, addr string) (net.Conn, error) {
		return (&net.Dialer{}).DialContext(ctx, network, w.Addr)
	}}}
	resp, body := get(t, c, "http://quietcompiler.net/robots.txt")
	if resp.StatusCode != 200 || !strings.Contains(string(body), "User-agent") {
		t.Errorf("direct: %d %q", resp.StatusCode, body)
	}
}

func TestEnvReachesWebFromChild(t *testing.T) {
	w := startWeb(t, nil)
	for _, u := range []string{"https://www.theverge.com/rss/index.xml", "http://quietcompiler.net/", "http://www.metro-ledger.com/robots.txt"} {
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(append(os.Environ(), "FIXTUREWEB_CHILD="+u, "NO_PROXY=www.theverge.com", "no_proxy=*"), w.Env()...)
		out, err := cmd.CombinedOutput()
		if err != nil || !strings.HasPrefix(string(out), "200 ") {
			t.Errorf("child GET %s: %v: %s", u, err, out)
		}
	}
	env := strings.Join(w.Env(), " ")
	for _, want := range []string{"HTTPS_PROXY=" + w.ProxyURL, "HTTP_PROXY=" + w.ProxyURL, "NO_PROXY= ", "SSL_CERT_FILE=" + w.CAFile} {
		if !strings.Contains(env+" ", want) {
			t.Errorf("Env() lacks %q: %s", want, env)
		}
	}
}

func TestStartRejectsBadSites(t *testing.T) {
	h := http.NotFoundHandler()
	cases := []struct {
		name  string
		sites []Site
	}{
		{"empty name", []Site{{Host: "a.test", Handler: h}}},
		{"duplicate name", []Site{{Name: "a", Host: "a.test", Handler: h}, {Name: "a", Host: "b.test", Handler: h}}},
		{"duplicate host", []Site{{Name: "a", Host: "a.test", Handler: h}, {Name: "b", Host: "b.test", Handler: h, Extra: []Host{{Name: "a.test", Handler: h}}}}},
		{"upper-case host", []Site{{Name: "a", Host: "A.test", Handler: h}}},
		{"host with port", []Site{{Name: "a", Host: "a.test:443", Handler: h}}},
		{"no handler", []Site{{Name: "a", Host: "a.test"}}},
		{"bad scheme", []Site{{Name: "a", Host: "a.test", Scheme: "ftp", Handler: h}}},
	}
	for _, c := range cases {
		if w, err := Start(Options{Dir: t.TempDir(), Sites: c.sites}); err == nil {
			w.Close()
			t.Errorf("%s: Start accepted %+v", c.name, c.sites)
		}
	}
}

func TestCloseRemovesTempDirAndReleasesHandlers(t *testing.T) {
	w, err := Start(Options{Sites: HostileSites()})
	if err != nil {
		t.Fatal(err)
	}
	dir := w.tmpDir
	if _, err := os.Stat(w.CAFile); err != nil || !strings.HasPrefix(w.CAFile, dir) {
		t.Fatalf("CAFile %s in %s: %v", w.CAFile, dir, err)
	}
	c := w.Client()
	errs := make(chan error, 2)
	for _, u := range []string{"https://silent.hostile.test/", "https://silent-tls.hostile.test/"} {
		go func() {
			resp, err := c.Get(u)
			if err == nil {
				resp.Body.Close()
			}
			errs <- err
		}()
	}
	deadline := time.Now().Add(5 * time.Second)
	for len(w.Hits("silent.hostile.test")) == 0 || len(w.Hits("silent-tls.hostile.test")) == 0 {
		if time.Now().After(deadline) {
			t.Fatal("the silent hosts never saw the requests")
		}
		time.Sleep(10 * time.Millisecond)
	}
	start := time.Now()
	if err := w.Close(); err != nil {
		t.Fatal(err)
	}
	for range 2 {
		select {
		case err := <-errs:
			if err == nil {
				t.Error("a silent request succeeded")
			}
		case <-time.After(5 * time.Second):
			t.Fatal("Close left a client waiting on a silent host")
		}
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("Close took %v", d)
	}
	if _, err := os.Stat(dir); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("temp dir %s still there: %v", dir, err)
	}
	if err := w.Close(); err != nil {
		t.Errorf("second Close: %v", err)
	}
}

// rawGet sends one GET over a fresh tunnel through the proxy and returns
// the connection and a reader positioned at the response.
func rawGet(t *testing.T, w *Web, host, path string) (net.Conn, *bufio.Reader) {
	t.Helper()
	pc, err := net.Dial("tcp", strings.TrimPrefix(w.ProxyURL, "http://"))
	if err != nil {
		t.Fatal(err)
	}
	fmt.Fprintf(pc, "CONNECT %s:443 HTTP/1.1\r\nHost: %s:443\r\n\r\n", host, host)
	br := bufio.NewReader(pc)
	resp, err := http.ReadResponse(br, nil)
	if err != nil || resp.StatusCode != 200 {
		t.Fatalf("CONNECT %s: %v %v", host, err, resp)
	}
	tc := tls.Client(pc, &tls.Config{ServerName: host, RootCAs: w.pool})
	if err := tc.Handshake(); err != nil {
		t.Fatalf("TLS %s: %v", host, err)
	}
	fmt.Fprintf(tc, "GET %s HTTP/1.1\r\nHost: %s\r\nUser-Agent: fixtureweb-test\r\n\r\n", path, host)
	return tc, bufio.NewReader(tc)
}

func TestGzipHelpers(t *testing.T) {
	w := sharedWeb(t)
	c := w.Client()
	// A .gz sitemap is a gzip file, not a Content-Encoding.
	req, _ := http.NewRequest("GET", "https://www.prairie-gazette.com/sitemaps/news-sitemap.xml.gz", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	resp, err := c.Do(req)
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	if resp.Header.Get("Content-Encoding") != "" || resp.Header.Get("Content-Type") != typeGzip {
		t.Errorf(".gz sitemap headers: %v", resp.Header)
	}
	zr, err := gzip.NewReader(resp.Body)
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(zr)
	if !strings.Contains(string(b), "<news:publication_date>") {
		t.Errorf(".gz sitemap content: %.200s", b)
	}
	for _, ae := range []struct {
		header string
		want   bool
	}{{"gzip", true}, {"gzip, deflate, br", true}, {"br;q=1.0, gzip;q=0.5", true}, {"gzip;q=0", false}, {"identity", false}, {"", false}, {"x-gzip", false}} {
		if acceptsGzip(ae.header) != ae.want {
			t.Errorf("acceptsGzip(%q) = %v", ae.header, !ae.want)
		}
	}
}
