package reader

import (
	"net/url"
	"strconv"
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
	"feedscout/tests/readertest"
)

// TestReaderMiniflux: a real server reader follows the public gateway.
// Miniflux v2.3.5 (a Go program, built by .ci/run from
// tests/testdata/miniflux) on a temporary PostgreSQL 15 cluster subscribes
// through its REST API to the signed gateway URLs (`feedscout-host sign`)
// of an Asahi news sitemap department and a Nikkei section, served by
// `serve --public`, and of the department as a JSON Feed (format=json);
// it refreshes them, and the entries it keeps have the titles and links
// of the entries `feedscout-host feed` makes of the same sources, no more
// and no fewer. The refresh within the gateway's interval costs the sites
// nothing (the gateway answers from its cache); the unsigned address, or
// one with another source's signature, Miniflux cannot subscribe to, and
// no site sees a request for it.
//
// How Miniflux reaches the gateway, one subtest each (no network
// namespace is made: the test runs unprivileged on a developer's machine
// too):
//   - private-network: BASE is the gateway's loopback listen address
//     (http://127.0.0.1:PORT), which Miniflux refuses unless
//     FETCHER_ALLOW_PRIVATE_NETWORKS=1, which this subtest sets;
//   - by-name: BASE is https://feeds.feedscout.test (TLS with a test CA's
//     certificate, --tls-cert/--tls-key), Miniflux keeps its refusal of
//     private addresses and reaches the name as a cloud reader reaches
//     the user's server, through an HTTPS proxy (HTTPS_PROXY; Miniflux
//     trusts the proxy it is given, and checks every direct address)
//     whose CONNECT to feeds.feedscout.test:443 is the gateway's port;
//     Miniflux trusts the test CA through SSL_CERT_FILE.
func TestReaderMiniflux(t *testing.T) {
	t.Parallel()
	readertest.Tool(t, readertest.MinifluxBinary)
	pg := readertest.StartPostgres(t)
	t.Run("private-network", func(t *testing.T) {
		t.Parallel()
		pg.CreateDB(t, "loopback")
		w := harness.StartWeb(t, fixtureweb.DefaultSites())
		env := harness.FastEnv(w)
		state := t.TempDir()
		g := harness.StartPublicGateway(t, env, state)
		mf := readertest.StartMiniflux(t, pg, "loopback", "FETCHER_ALLOW_PRIVATE_NETWORKS=1")
		minifluxFollows(t, w, env, state, g, mf)
	})
	t.Run("by-name", func(t *testing.T) {
		t.Parallel()
		pg.CreateDB(t, "byname")
		w := harness.StartWeb(t, fixtureweb.DefaultSites())
		env := harness.FastEnv(w)
		state := t.TempDir()
		const name = "feeds.feedscout.test"
		_, cert, key, caFile := harness.CertificateFiles(t, name)
		addr := "127.0.0.1:" + strconv.Itoa(readertest.FreePort(t))
		g := harness.StartPublicAt(t, env, "https://"+name, addr, "--state", state, "--tls-cert", cert, "--tls-key", key)
		proxy := harness.ConnectProxy(t, map[string]string{name + ":443": addr})
		mf := readertest.StartMiniflux(t, pg, "byname", "HTTPS_PROXY="+proxy, "SSL_CERT_FILE="+caFile)
		minifluxFollows(t, w, env, state, g, mf)
		if direct := mf.Refused(t, "http://"+addr+"/feed?url=x"); !strings.Contains(direct, "private") {
			t.Errorf("miniflux asked for the gateway's loopback address directly: %q, want its refusal of private networks", direct)
		}
	})
}

// minifluxFollows is TestReaderMiniflux's check, with Miniflux mf reaching
// the gateway g at its BASE.
func minifluxFollows(t *testing.T, w *fixtureweb.Web, env []string, state string, g *harness.PublicGateway, mf *readertest.Miniflux) {
	sources := []string{
		"https://www.asahi.com/sitemap_national.xml",
		"https://www.nikkei.com/business/startups/",
	}
	signed := harness.SignURLs(t, state, g.Base, "atom", sources...)
	// The same source unsigned, or signed for another: Miniflux is
	// refused (the gateway's 403), and no site sees a request.
	for _, u := range []string{
		g.Base + "/feed?url=" + url.QueryEscape(sources[0]),
		strings.Replace(signed[0], url.QueryEscape(sources[0]), url.QueryEscape(sources[1]), 1),
	} {
		if msg := mf.Refused(t, u); !strings.Contains(msg, "403") {
			t.Errorf("miniflux refused %s with %q, want the gateway's 403", u, msg)
		}
	}
	if hosts := w.HitHosts(); len(hosts) != 0 {
		t.Errorf("refused subscriptions made requests to %v", hosts)
	}
	// The department once more as a JSON Feed (format=json, signed for
	// it), which Miniflux reads too.
	sources = append(sources, sources[0])
	signed = append(signed, harness.SignURLs(t, state, g.Base, "json", sources[0])[0])
	formats := []string{"atom", "atom", "json"}
	for i, src := range sources {
		id := mf.Subscribe(t, signed[i])
		if f := mf.Feed(t, id); f.FeedURL != signed[i] || f.ErrorCount != 0 {
			t.Errorf("%s: miniflux polls %q (errors %d: %s), want %q", src, f.FeedURL, f.ErrorCount, f.ErrorMessage, signed[i])
		}
		fetched := len(w.Hits(harness.HostOf(src)))
		mf.Refresh(t, id)
		if f := mf.Feed(t, id); f.ErrorCount != 0 {
			t.Errorf("%s: miniflux's refresh failed: %s", src, f.ErrorMessage)
		}
		if n := len(w.Hits(harness.HostOf(src))); n != fetched {
			t.Errorf("%s: miniflux's refresh within the interval cost the site %d requests, want none", src, n-fetched)
		}
		got := mf.Entries(t, id)
		out, errOut, code := harness.RunHost(t, env, "", "feed", "--state", t.TempDir(), src)
		if code != 0 {
			t.Fatalf("feed %s: exit %d: %s", src, code, errOut)
		}
		want := harness.ParseAtom(t, out).Entries
		t.Logf("%s (%s): miniflux has %d entries, feed makes %d", src, formats[i], len(got), len(want))
		if len(want) == 0 {
			t.Fatalf("%s: feed made no entries", src)
		}
		byLink := map[string]string{}
		for _, e := range got {
			if _, dup := byLink[e.URL]; dup {
				t.Errorf("%s: miniflux has %s twice", src, e.URL)
			}
			byLink[e.URL] = e.Title
		}
		for _, e := range want {
			title, ok := byLink[e.Link.Href]
			if !ok {
				t.Errorf("%s: feed's entry %s is not in miniflux", src, e.Link.Href)
				continue
			}
			if title != strings.TrimSpace(e.Title) {
				t.Errorf("%s: %s is titled %q in miniflux, %q by feed", src, e.Link.Href, title, e.Title)
			}
			delete(byLink, e.Link.Href)
		}
		for link := range byLink {
			t.Errorf("%s: miniflux has %s, which feed does not make", src, link)
		}
	}
	if t.Failed() {
		t.Logf("miniflux log:\n%s", mf.Log())
	}
}
