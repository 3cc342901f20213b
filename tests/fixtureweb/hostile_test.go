package fixtureweb

import (
	"bytes"
	"compress/gzip"
	"encoding/binary"
	"encoding/xml"
	"errors"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"feedscout/common/report"
	"feedscout/common/shape"
)

// The hostile servers behave as described, checked quickly: nothing here
// waits for a 15 s timeout.

func hostileURL(name, path string) string { return "https://" + hostileHost(name) + path }

// noFollow is a client of w that returns redirects instead of following
// them and does not decompress.
func noFollow(w *Web) *http.Client {
	c := w.Client()
	c.CheckRedirect = func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }
	c.Transport.(*http.Transport).DisableCompression = true
	return c
}

func TestSlowServers(t *testing.T) {
	w := sharedWeb(t)
	t.Run("silent", func(t *testing.T) {
		t.Parallel()
		c := w.Client()
		if resp, _ := get(t, c, hostileURL("silent", "/robots.txt")); resp.StatusCode != 200 {
			t.Fatalf("robots.txt: %d", resp.StatusCode)
		}
		c.Timeout = 300 * time.Millisecond
		start := time.Now()
		_, err := c.Get(hostileURL("silent", "/"))
		if err == nil || time.Since(start) < 250*time.Millisecond {
			t.Fatalf("silent homepage: %v after %v, want a timeout", err, time.Since(start))
		}
		hits := w.Hits(hostileHost("silent"))
		if len(hits) < 2 || hits[len(hits)-1].Path != "/" {
			t.Fatalf("hits = %+v", hits)
		}
		waitStatus(t, w, hostileHost("silent"), len(hits)-1, 0)
	})
	t.Run("silent-tls", func(t *testing.T) {
		t.Parallel()
		c := w.Client()
		c.Timeout = 300 * time.Millisecond
		if _, err := c.Get(hostileURL("silent-tls", "/robots.txt")); err == nil {
			t.Fatal("silent TLS host answered")
		}
		hits := w.Hits(hostileHost("silent-tls"))
		if len(hits) == 0 || hits[0].Method != "TLS" || hits[0].Status != 0 || hits[0].Path != "" {
			t.Fatalf("hits = %+v", hits)
		}
	})
	t.Run("trickle", func(t *testing.T) {
		t.Parallel()
		conn, br := rawGet(t, w, hostileHost("trickle"), "/")
		defer conn.Close()
		var at []time.Time
		for range 3 {
			if _, err := br.ReadByte(); err != nil {
				t.Fatal(err)
			}
			at = append(at, time.Now())
		}
		if g1, g2 := at[1].Sub(at[0]), at[2].Sub(at[1]); g1 < 800*time.Millisecond || g2 < 800*time.Millisecond || g1 > 3*time.Second {
			t.Errorf("gaps between the first bytes: %v, %v; want about 1 s", g1, g2)
		}
		hits := w.Hits(hostileHost("trickle"))
		if len(hits) == 0 || hits[len(hits)-1].Status != 200 {
			t.Errorf("hits = %+v", hits)
		}
	})
	t.Run("hang-after-headers", func(t *testing.T) {
		t.Parallel()
		c := w.Client()
		c.Timeout = 500 * time.Millisecond
		resp, err := c.Get(hostileURL("hang", "/"))
		if err != nil {
			t.Fatalf("headers did not come: %v", err)
		}
		defer resp.Body.Close()
		if resp.StatusCode != 200 || resp.ContentLength != 100000 {
			t.Errorf("status %d, length %d", resp.StatusCode, resp.ContentLength)
		}
		if b, err := io.ReadAll(resp.Body); err == nil || len(b) != 0 {
			t.Errorf("body: %d bytes, %v; want nothing and a timeout", len(b), err)
		}
	})
}

// waitStatus waits until hit i of host has the given status recorded.
func waitStatus(t *testing.T, w *Web, host string, i, status int) {
	t.Helper()
	deadline := time.Now().Add(3 * time.Second)
	for {
		hits := w.Hits(host)
		if len(hits) > i && hits[i].Status == status {
			return
		}
		if time.Now().After(deadline) {
			t.Fatalf("hit %d of %s: %+v, want status %d", i, host, hits, status)
		}
		time.Sleep(10 * time.Millisecond)
	}
}

func TestGzipBombs(t *testing.T) {
	// The construction: a small bomb decompresses (CRC and size checked by
	// the reader at EOF) to exactly the prefix and the spaces.
	small, err := gzipBomb([]byte("<urlset>"), 16)
	if err != nil {
		t.Fatal(err)
	}
	out, err := io.ReadAll(mustGzip(t, small))
	if err != nil {
		t.Fatalf("small bomb: %v", err)
	}
	if len(out) != 8+16<<20 || string(out[:8]) != "<urlset>" || bytes.Count(out[8:], []byte(" ")) != 16<<20 {
		t.Errorf("small bomb expands to %d bytes", len(out))
	}

	w := sharedWeb(t)
	c := noFollow(w)
	for _, b := range []struct{ url, prefix, ctype, encoding string }{
		{hostileURL("bomb-sitemap", "/sitemap.xml.gz"), bombSitemapPrefix, typeGzip, ""},
		{hostileURL("bomb-page", "/"), bombPagePrefix, typeHTML, "gzip"},
	} {
		resp, body := get(t, c, b.url)
		if resp.Header.Get("Content-Type") != b.ctype || resp.Header.Get("Content-Encoding") != b.encoding {
			t.Errorf("%s: headers %v", b.url, resp.Header)
		}
		if len(body) < 900<<10 || len(body) > 1200<<10 {
			t.Errorf("%s: %d bytes of gzip, want about 1 MiB", b.url, len(body))
		}
		size := binary.LittleEndian.Uint32(body[len(body)-4:])
		if want := uint32(len(b.prefix) + bombChunks<<20); size != want {
			t.Errorf("%s: ISIZE %d, want %d (1 GiB plus the prefix, mod 2^32)", b.url, size, want)
		}
		head := make([]byte, 9<<20)
		n, err := io.ReadFull(mustGzip(t, body), head)
		if err != nil || n != len(head) || !bytes.HasPrefix(head, []byte(b.prefix)) ||
			len(bytes.TrimRight(head[len(b.prefix):], " ")) != 0 {
			t.Errorf("%s: first 9 MiB: %d bytes, %v, prefix %q", b.url, n, err, head[:min(n, 60)])
		}
	}
}

func mustGzip(t *testing.T, b []byte) io.Reader {
	t.Helper()
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		t.Fatal(err)
	}
	return zr
}

func TestBigAndBadBodies(t *testing.T) {
	w := sharedWeb(t)
	c := w.Client()
	t.Run("huge", func(t *testing.T) {
		resp, body := get(t, c, hostileURL("huge", "/"))
		if resp.ContentLength != 20<<20 || len(body) != 20<<20 || !bytes.HasSuffix(body, []byte("</html>\n")) {
			t.Errorf("Content-Length %d, %d bytes, ends %q", resp.ContentLength, len(body), body[max(0, len(body)-20):])
		}
	})
	t.Run("deep", func(t *testing.T) {
		_, body := get(t, c, hostileURL("deep", "/"))
		if n := bytes.Count(body, []byte("<div>")); n != 10000 || !bytes.Contains(body, bytes.Repeat([]byte("<div>"), 10000)) {
			t.Errorf("%d <div>s, want 10000 nested", n)
		}
		pu, _ := url.Parse(hostileURL("deep", "/"))
		if pi := parsePage(pu, body); len(pi.alternates) != 1 || pi.alternates[0].href.String() != feedOf("deep") {
			t.Errorf("alternates = %+v", pi.alternates)
		}
	})
	t.Run("invalid-utf8", func(t *testing.T) {
		_, home := get(t, c, hostileURL("bad-utf8", "/"))
		_, feed := get(t, c, feedOf("bad-utf8"))
		if utf8.Valid(home) || utf8.Valid(feed) || !bytes.Contains(home, []byte(`title="Caf`+"\xe9")) {
			t.Errorf("home valid %v, feed valid %v", utf8.Valid(home), utf8.Valid(feed))
		}
	})
	for _, name := range []string{"shift-jis", "windows-1251"} {
		t.Run(name, func(t *testing.T) {
			site, _ := w.Site(name)
			_, body := get(t, c, site.Expect.FeedURL)
			f, err := parseFeedXML(body)
			if err != nil || f.title != site.Expect.FeedTitle || len(f.links) != site.Expect.FeedItems || utf8.Valid(body) {
				t.Errorf("feed: %v, title %q, %d items, valid UTF-8 %v", err, f, len(f.links), utf8.Valid(body))
			}
			resp, home := get(t, c, site.URL())
			if !strings.Contains(resp.Header.Get("Content-Type"), "charset=") || utf8.Valid(home) {
				t.Errorf("home: %s, valid UTF-8 %v", resp.Header.Get("Content-Type"), utf8.Valid(home))
			}
		})
	}
	t.Run("truncated", func(t *testing.T) {
		_, feed := get(t, c, hostileURL("truncated", "/feed"))
		if _, err := parseFeedXML(feed); err == nil {
			t.Error("truncated feed parses")
		}
		_, sm := get(t, c, hostileURL("truncated", "/sitemap.xml"))
		if _, err := parseSitemap(sm); err == nil {
			t.Error("truncated sitemap parses")
		}
	})
	t.Run("entities", func(t *testing.T) {
		_, body := get(t, c, feedOf("entities"))
		if len(body) > 16<<10 || !bytes.Contains(body, []byte(`<!ENTITY xxe SYSTEM "file:///etc/passwd">`)) ||
			!bytes.Contains(body, []byte(`<!ENTITY lol9 "&lol8;&lol8;`)) {
			t.Errorf("entities feed: %d bytes: %.300s", len(body), body)
		}
		var syntax *xml.SyntaxError
		if _, err := parseFeedXML(body); !errors.As(err, &syntax) {
			t.Errorf("a strict parser should reject the undefined entities: %v", err)
		}
	})
	t.Run("sitemap-50k", func(t *testing.T) {
		_, body := get(t, c, hostileURL("sitemap-50k", "/sitemap.xml"))
		sm, err := parseSitemap(body)
		if err != nil || len(sm.locs) != 50000 || len(body) >= maxBody {
			t.Fatalf("%v: %d URLs in %d bytes", err, len(sm.locs), len(body))
		}
		for i := 0; i < len(sm.locs); i += 997 {
			u, _ := url.Parse(sm.locs[i])
			for _, r := range shapeRules {
				if shapeOf(r.shape, u) != shape.Article || sm.lastmods[i].IsZero() {
					t.Errorf("%s: %s under the %s rules, lastmod %v", sm.locs[i], shapeOf(r.shape, u), r.name, sm.lastmods[i])
				}
			}
		}
	})
}

func TestRedirectTraps(t *testing.T) {
	w := sharedWeb(t)
	c := noFollow(w)
	location := func(u string) (int, string) {
		t.Helper()
		resp, _ := get(t, c, u)
		return resp.StatusCode, resp.Header.Get("Location")
	}
	cases := []struct{ url, location string }{
		{hostileURL("loop", "/"), "/index.html"},
		{hostileURL("loop", "/index.html"), "/"},
		{hostileURL("loop", "/feed"), "/feed"},
		{hostileURL("scheme", "/"), "ftp://files.scheme.hostile.test/pub/index.html"},
		{hostileURL("scheme", "/feed"), "file:///etc/passwd"},
		{hostileURL("scheme", "/feed/"), "javascript:alert(document.cookie)"},
		{hostileURL("scheme", "/rss"), "data:text/html,<script>alert(1)</script>"},
		{hostileURL("offsite", "/"), "https://www.offsite-landing.test/"},
		{hostileURL("private", "/"), "http://169.254.169.254/latest/meta-data/"},
		{hostileURL("private", "/feed"), "http://127.0.0.1/"},
		{hostileURL("private", "/rss"), "http://[::1]:8080/"},
	}
	for _, tc := range cases {
		if st, loc := location(tc.url); st/100 != 3 || loc != tc.location {
			t.Errorf("%s: %d to %q, want a redirect to %q", tc.url, st, loc, tc.location)
		}
	}
	// The chain: 8 redirects to a page with a feed link.
	u, hops := hostileURL("chain", "/"), 0
	for ; hops < 20; hops++ {
		st, loc := location(u)
		if st == 200 {
			break
		}
		next, _ := url.Parse(u)
		u = next.ResolveReference(&url.URL{Path: loc}).String()
	}
	if hops != 8 || u != hostileURL("chain", "/home/") {
		t.Errorf("chain: %d hops to %s, want 8 to /home/", hops, u)
	}
	// A client that follows redirects gives up on the loop.
	if _, err := w.Client().Get(hostileURL("loop", "/")); err == nil || !strings.Contains(err.Error(), "redirects") {
		t.Errorf("loop with a following client: %v", err)
	}
	// The offsite landing page serves, with its own robots.txt.
	if resp, body := get(t, w.Client(), hostileURL("offsite", "/")); resp.Request.URL.Host != "www.offsite-landing.test" || !bytes.Contains(body, []byte(`application/rss+xml`)) {
		t.Errorf("offsite: landed at %s", resp.Request.URL)
	}
	// Private targets reach the proxy, which refuses and records them.
	resp, _ := get(t, w.Client(), hostileURL("private", "/"))
	if resp.StatusCode != http.StatusBadGateway {
		t.Errorf("following to 169.254.169.254: %d, want 502 from the proxy", resp.StatusCode)
	}
	if hits := w.Hits("169.254.169.254"); len(hits) == 0 || hits[0].Path != "/latest/meta-data/" || hits[0].Status != 502 {
		t.Errorf("hits of 169.254.169.254 = %+v", hits)
	}
	get(t, w.Client(), hostileURL("private", "/rss"))
	if hits := w.Hits("[::1]:8080"); len(hits) == 0 {
		t.Errorf("no hit recorded for [::1]")
	}
}

func TestRobotsAtItsWorst(t *testing.T) {
	w := sharedWeb(t)
	c := w.Client()
	resp, _ := get(t, c, hostileURL("robots-5xx", "/robots.txt"))
	if resp.StatusCode != 503 {
		t.Errorf("robots-5xx: %d", resp.StatusCode)
	}
	resp, _ = get(t, c, hostileURL("robots-429", "/robots.txt"))
	if resp.StatusCode != 429 || resp.Header.Get("Retry-After") == "" {
		t.Errorf("robots-429: %d %v", resp.StatusCode, resp.Header)
	}
	resp, _ = get(t, c, hostileURL("robots-html", "/robots.txt"))
	if resp.StatusCode != 200 || !strings.HasPrefix(resp.Header.Get("Content-Type"), "text/html") {
		t.Errorf("robots-html: %d %s", resp.StatusCode, resp.Header.Get("Content-Type"))
	}
	_, body := get(t, c, hostileURL("robots-huge", "/robots.txt"))
	if len(body) < 5<<20 || !bytes.Contains(body[:500<<10], []byte("Disallow: /private/")) {
		t.Errorf("robots-huge: %d bytes", len(body))
	}
	_, body = get(t, c, hostileURL("robots-preamble", "/robots.txt"))
	if !bytes.HasPrefix(bytes.SplitN(body, []byte("\n"), 2)[1], []byte("Disallow: /")) {
		t.Errorf("robots-preamble: %q", body)
	}
	slow := w.Client()
	slow.Timeout = 300 * time.Millisecond
	if _, err := slow.Get(hostileURL("robots-timeout", "/robots.txt")); err == nil {
		t.Error("robots-timeout answered")
	}
	if resp, _ := get(t, c, hostileURL("robots-timeout", "/")); resp.StatusCode != 200 {
		t.Errorf("robots-timeout homepage: %d", resp.StatusCode)
	}
	// The non-ASCII site links both disallowed sections, percent-encoded.
	pu, _ := url.Parse(hostileURL("robots-nonascii", "/"))
	_, body = get(t, c, pu.String())
	var sections []string
	for _, u := range sameHost(parsePage(pu, body).anchors, pu.Host) {
		if strings.HasPrefix(u.EscapedPath(), "/%") {
			sections = append(sections, u.EscapedPath())
		}
	}
	rules := parseRobots([]byte("User-agent: *\nDisallow: /ニュース/\nDisallow: /%E7%89%B9%E9%9B%86/\n"))
	disallowed := 0
	for _, s := range sections {
		if !rules.allowed("feedscout", s) {
			disallowed++
		}
	}
	if len(sections) != 4 || disallowed != 2 {
		t.Errorf("non-ASCII sections %v: %d disallowed, want 4 with 2 disallowed", sections, disallowed)
	}
}

func TestExpectIsComplete(t *testing.T) {
	outcomes := map[report.Outcome]bool{report.OutcomeFeed: true, report.OutcomeNewsSitemap: true, report.OutcomeArticleSitemap: true,
		report.OutcomeSections: true, report.OutcomeRefused: true, report.OutcomeNone: true}
	def, hostile := DefaultSites(), HostileSites()
	if len(def) < 30 {
		t.Errorf("%d default sites, want at least 30", len(def))
	}
	seed := map[string]int{"theverge": 2, "techcrunch": 2, "itmedia": 2, "nikkei": 13, "asahi": 14, "yomiuri": 13, "apnews": 2, "reuters": 1}
	seen := map[string]bool{}
	for _, s := range append(def, hostile...) {
		e := s.Expect
		if seen[s.Name] {
			t.Errorf("%s: duplicate name", s.Name)
		}
		seen[s.Name] = true
		if !outcomes[e.Outcome] || (e.ArticleOutcome != "" && !outcomes[e.ArticleOutcome]) {
			t.Errorf("%s: outcome %q / %q", s.Name, e.Outcome, e.ArticleOutcome)
		}
		for _, a := range e.Acceptable {
			if !outcomes[a] {
				t.Errorf("%s: acceptable outcome %q", s.Name, a)
			}
		}
		if e.Note == "" && e.Problem == "" {
			t.Errorf("%s: no Note or Problem", s.Name)
		}
		switch e.Outcome {
		case report.OutcomeFeed:
			if e.FeedURL == "" || e.FeedFormat == "" {
				t.Errorf("%s: feed without FeedURL or FeedFormat", s.Name)
			}
		case report.OutcomeNewsSitemap, report.OutcomeArticleSitemap:
			if len(e.Sitemaps) == 0 || e.SitemapURLs == 0 {
				t.Errorf("%s: sitemap outcome without Sitemaps", s.Name)
			}
		}
		if want, ok := seed[s.Name]; ok != (e.SeedRequests != 0) || e.SeedRequests != want {
			t.Errorf("%s: SeedRequests %d, want %d", s.Name, e.SeedRequests, want)
		}
		if u, err := url.Parse(s.URL()); err != nil || u.Hostname() != s.Host {
			t.Errorf("%s: URL %s does not start at %s", s.Name, s.URL(), s.Host)
		}
	}
	for _, s := range hostile {
		for _, h := range s.Hosts() {
			if !strings.HasSuffix(h, ".test") {
				t.Errorf("%s: hostile host %s is not under .test", s.Name, h)
			}
		}
	}
	total := 0
	for _, s := range def {
		if s.Expect.ArticleRequests == 0 {
			t.Errorf("%s: default site without ArticleRequests", s.Name)
		}
		total += s.Expect.ArticleRequests
	}
	if total != 219 {
		t.Errorf("the article's order costs %d requests on the default sites, the package doc says 219", total)
	}
}
