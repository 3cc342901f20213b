package tests

import (
	"crypto/ecdsa"
	"crypto/elliptic"
	"crypto/rand"
	"crypto/x509"
	"crypto/x509/pkix"
	"encoding/pem"
	"math/big"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
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
	w := startWeb(t, fixtureweb.DefaultSites())
	env := fastEnv(w)
	state := t.TempDir()
	const name = "feeds.feedscout.test"
	roots, cert, key, _ := testCertificateFiles(t, name)
	addr := "127.0.0.1:" + strconv.Itoa(readertest.FreePort(t))
	base := "https://" + name + ":" + addr[strings.LastIndex(addr, ":")+1:]
	g := startPublicAt(t, env, base, addr, "--state", state, "--tls-cert", cert, "--tls-key", key)
	src := "https://www.yomiuri.co.jp/sitemap-news.xml"

	g.roots = roots
	if code, body, _ := g.get(t, base+"/feed?url="+src); code != 403 {
		t.Errorf("unsigned over TLS: %d %q, want 403", code, body)
	}
	if hosts := w.HitHosts(); len(hosts) != 0 {
		t.Errorf("an unsigned URL reached %v", hosts)
	}
	signed := signURLs(t, state, base, "atom", src)[0]
	if !strings.HasPrefix(signed, base+"/feed?") {
		t.Fatalf("sign --gateway %s printed %s", base, signed)
	}
	code, body, hdr := g.get(t, signed)
	if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/atom+xml") {
		t.Fatalf("signed over TLS: %d %s %.200s", code, hdr.Get("Content-Type"), body)
	}
	if n := len(parseAtom(t, body).Entries); n != 60 {
		t.Errorf("signed over TLS: %d entries, want Yomiuri's 60", n)
	}
	if !strings.Contains(body, `rel="self"`) || !strings.Contains(body, strings.ReplaceAll(signed, "&", "&amp;")) {
		t.Errorf("the feed does not name itself at %s", signed)
	}

	g.roots = nil // the system's CAs only
	req := g.client()
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

// testCertificateFiles makes a test CA and a certificate it signs for
// name (ECDSA P-256, valid for a day), written as PEM into a temporary
// folder: the CA as a pool for clients, the certificate's, its key's and
// the CA's file names.
func testCertificateFiles(t testing.TB, name string) (*x509.CertPool, string, string, string) {
	t.Helper()
	now := time.Now()
	caKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	caTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(1), Subject: pkix.Name{CommonName: "feedscout gateway test CA"},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		IsCA: true, BasicConstraintsValid: true, KeyUsage: x509.KeyUsageCertSign,
	}
	caDER, err := x509.CreateCertificate(rand.Reader, caTmpl, caTmpl, &caKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	ca, _ := x509.ParseCertificate(caDER)
	leafKey, err := ecdsa.GenerateKey(elliptic.P256(), rand.Reader)
	if err != nil {
		t.Fatal(err)
	}
	leafTmpl := &x509.Certificate{
		SerialNumber: big.NewInt(2), Subject: pkix.Name{CommonName: name}, DNSNames: []string{name},
		NotBefore: now.Add(-time.Hour), NotAfter: now.Add(24 * time.Hour),
		KeyUsage: x509.KeyUsageDigitalSignature, ExtKeyUsage: []x509.ExtKeyUsage{x509.ExtKeyUsageServerAuth},
	}
	leafDER, err := x509.CreateCertificate(rand.Reader, leafTmpl, ca, &leafKey.PublicKey, caKey)
	if err != nil {
		t.Fatal(err)
	}
	keyDER, err := x509.MarshalECPrivateKey(leafKey)
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	certFile, keyFile := filepath.Join(dir, "cert.pem"), filepath.Join(dir, "key.pem")
	if err := os.WriteFile(certFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: leafDER}), 0o644); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(keyFile, pem.EncodeToMemory(&pem.Block{Type: "EC PRIVATE KEY", Bytes: keyDER}), 0o600); err != nil {
		t.Fatal(err)
	}
	caFile := filepath.Join(dir, "ca.pem")
	if err := os.WriteFile(caFile, pem.EncodeToMemory(&pem.Block{Type: "CERTIFICATE", Bytes: caDER}), 0o644); err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AddCert(ca)
	return pool, certFile, keyFile, caFile
}
