package gateway

import (
	"strconv"
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
	"feedscout/tests/readertest"
)

// TestGatewayPublicTLS: `serve --public https://feeds.feedscout.test:PORT
// --tls-cert --tls-key` with a certificate of a test CA of the test's own
// (for feeds.feedscout.test): a client trusting that CA reaches BASE by
// its name and gets the signed feed, which names itself (rel=self) at its
// https URL; a client trusting only the system's CAs cannot connect, and
// plain HTTP on the port is no feed; an unsigned URL over TLS is 403 with
// no request to any site.
func TestGatewayPublicTLS(t *testing.T) {
	t.Parallel()
	w := harness.StartWeb(t, fixtureweb.DefaultSites())
	env := harness.FastEnv(w)
	state := t.TempDir()
	const name = "feeds.feedscout.test"
	roots, cert, key, _ := harness.CertificateFiles(t, name)
	addr := "127.0.0.1:" + strconv.Itoa(readertest.FreePort(t))
	base := "https://" + name + ":" + addr[strings.LastIndex(addr, ":")+1:]
	g := harness.StartPublicAt(t, env, base, addr, "--state", state, "--tls-cert", cert, "--tls-key", key)
	src := "https://www.yomiuri.co.jp/sitemap-news.xml"

	g.Roots = roots
	if code, body, _ := g.Get(t, base+"/feed?url="+src); code != 403 {
		t.Errorf("unsigned over TLS: %d %q, want 403", code, body)
	}
	if hosts := w.HitHosts(); len(hosts) != 0 {
		t.Errorf("an unsigned URL reached %v", hosts)
	}
	signed := harness.SignURLs(t, state, base, "atom", src)[0]
	if !strings.HasPrefix(signed, base+"/feed?") {
		t.Fatalf("sign --gateway %s printed %s", base, signed)
	}
	code, body, hdr := g.Get(t, signed)
	if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("signed over TLS: %d %s %.200s", code, hdr.Get("Content-Type"), body)
	}
	if n := len(harness.ParseAtom(t, body).Entries); n != 60 {
		t.Errorf("signed over TLS: %d entries, want Yomiuri's 60", n)
	}
	if !strings.Contains(body, `rel="self"`) || !strings.Contains(body, strings.ReplaceAll(signed, "&", "&amp;")) {
		t.Errorf("the feed does not name itself at %s", signed)
	}

	g.Roots = nil // the system's CAs only
	req := g.Client()
	if resp, err := req.Get(signed); err == nil {
		resp.Body.Close()
		t.Errorf("a client without the test CA connected (%d)", resp.StatusCode)
	} else if !strings.Contains(err.Error(), "certificate") {
		t.Errorf("a client without the test CA: %v, want a certificate error", err)
	}
	plain := strings.Replace(signed, "https://", "http://", 1)
	if resp, err := req.Get(plain); err == nil {
		resp.Body.Close()
		if resp.StatusCode == 200 {
			t.Errorf("plain HTTP on the TLS port: 200")
		}
	}
}
