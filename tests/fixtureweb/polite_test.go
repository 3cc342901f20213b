package fixtureweb

import (
	"net/http"
	"strings"
	"testing"
	"time"
)

func TestRobotsMatcher(t *testing.T) {
	const groups = "allow: /foo/bar/\n\nuser-agent: FooBot\ndisallow: /\nallow: /x/\nuser-agent: BarBot\ndisallow: /\nallow: /y/\n\n\nallow: /w/\nuser-agent: BazBot\n\nuser-agent: FooBot\nallow: /z/\ndisallow: /\n"
	cases := []struct {
		name, robots, agent, path string
		want                      bool
	}{
		{"empty", "", "feedscout", "/", true},
		{"star disallow", "User-agent: *\nDisallow: /", "feedscout", "/", false},
		{"robots.txt always allowed", "User-agent: *\nDisallow: /", "feedscout", "/robots.txt", true},
		{"named group wins over star", "User-agent: *\nAllow: /\n\nUser-agent: feedscout\nDisallow: /", "FeedScout", "/a", false},
		{"others fall to star", "User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /", "feedscout", "/", false},
		{"named allowed", "User-agent: Googlebot\nAllow: /\n\nUser-agent: *\nDisallow: /", "googlebot", "/", true},
		{"agent with version", "User-agent: feedscout/0.1\nDisallow: /", "feedscout", "/x", false},
		{"agent with spaces", "User-Agent: Foo Bar\nDisallow: /", "foo", "/x", false},
		{"groups merge", groups, "FooBot", "/z/d", true},
		{"groups merge x", groups, "FooBot", "/x/b", true},
		{"groups y", groups, "FooBot", "/y/c", false},
		{"group over blank lines", groups, "BarBot", "/w/a", true},
		{"shared group", groups, "BazBot", "/z/d", true},
		{"preamble ignored", "Disallow: /\n\nUser-agent: *\nDisallow: /private/", "feedscout", "/", true},
		{"preamble only", "Disallow: /\n", "feedscout", "/", true},
		{"longest wins", "User-agent: *\nDisallow: /\nAllow: /fish", "a", "/fish/salmon", true},
		{"longest disallow", "User-agent: *\nAllow: /a\nDisallow: /a/b", "a", "/a/b/c", false},
		{"tie goes to allow", "User-agent: *\nDisallow: /page\nAllow: /page", "a", "/page", true},
		{"wildcard", "User-agent: *\nDisallow: /*.php", "a", "/x/y.php?z", false},
		{"anchor", "User-agent: *\nDisallow: /*.php$", "a", "/x/y.php?z", true},
		{"anchor end", "User-agent: *\nDisallow: /*.php$", "a", "/x/y.php", false},
		{"exact anchor", "User-agent: *\nDisallow: /rss$", "a", "/rss/", true},
		{"query", "User-agent: *\nDisallow: /*?s=", "a", "/?s=x", false},
		{"empty disallow", "User-agent: *\nDisallow:", "a", "/", true},
		{"comment", "User-agent: * # all\nDisallow: /x # not y\n", "a", "/x1", false},
		{"crlf and bom", "\xef\xbb\xbfUser-agent: *\r\nDisallow: /private/\r\n", "a", "/private/x", false},
		{"html page", "<html><p>User-agent: this is a page</p><p>Disallow: nothing</p></html>", "feedscout", "/", true},
		{"raw utf-8 rule, encoded path", "User-agent: *\nDisallow: /ニュース/", "a", "/%E3%83%8B%E3%83%A5%E3%83%BC%E3%82%B9/", false},
		{"raw utf-8 rule, lower-case hex", "User-agent: *\nDisallow: /ニュース/", "a", "/%e3%83%8b%e3%83%a5%e3%83%bc%e3%82%b9/a", false},
		{"encoded rule, raw path", "User-agent: *\nDisallow: /%E7%89%B9%E9%9B%86/", "a", "/特集/", false},
		{"unreserved escapes decode", "User-agent: *\nDisallow: /a-b/", "a", "/a%2Db/", false},
		{"reserved escapes stay", "User-agent: *\nDisallow: /a/b", "a", "/a%2Fb", true},
		{"other section allowed", "User-agent: *\nDisallow: /ニュース/", "a", "/%E7%B5%8C%E6%B8%88/", true},
	}
	for _, c := range cases {
		if got := parseRobots([]byte(c.robots)).allowed(c.agent, c.path); got != c.want {
			t.Errorf("%s: allowed(%q, %q) = %v, want %v", c.name, c.agent, c.path, got, c.want)
		}
	}
	if !(&robotsRules{allowAll: true}).allowed("a", "/x") || (&robotsRules{disallowAll: true}).allowed("a", "/x") ||
		!(&robotsRules{disallowAll: true}).allowed("a", "/robots.txt") {
		t.Error("status policy shortcuts")
	}
}

func TestRobotsMatcherOnFixtures(t *testing.T) {
	w := sharedWeb(t)
	c := w.Client()
	rules := func(host string) *robotsRules {
		_, b := get(t, c, "https://"+host+"/robots.txt")
		return parseRobots(b)
	}
	cases := []struct {
		host, agent, path string
		want              bool
	}{
		{"www.reuters.com", "feedscout", "/", false},
		{"www.reuters.com", "Googlebot", "/world/", true},
		{"www.quiet-harbor.net", "feedscout", "/", false},
		{"www.quiet-harbor.net", "otherbot", "/", true},
		{"www.cedar-valley-news.com", "feedscout", "/feed", false},
		{"www.cedar-valley-news.com", "feedscout", "/feed/", false},
		{"www.cedar-valley-news.com", "feedscout", "/feed.xml", false},
		{"www.cedar-valley-news.com", "feedscout", "/atom.xml", true},
		{"www.nikkei.com", "feedscout", "/search?q=x", false},
		{"www.nikkei.com", "feedscout", "/business/startups/", true},
		{"www.theverge.com", "GPTBot", "/", false},
		{"robots-preamble.hostile.test", "feedscout", "/", true},
		{"robots-preamble.hostile.test", "feedscout", "/private/x", false},
		{"robots-huge.hostile.test", "feedscout", "/", true},
		{"robots-huge.hostile.test", "feedscout", "/archive/0000001/", false},
		{"robots-nonascii.hostile.test", "feedscout", "/%E3%83%8B%E3%83%A5%E3%83%BC%E3%82%B9/", false},
		{"robots-nonascii.hostile.test", "feedscout", "/%e7%89%b9%e9%9b%86/", false},
		{"robots-nonascii.hostile.test", "feedscout", "/%E7%B5%8C%E6%B8%88/", true},
	}
	for _, tc := range cases {
		if got := rules(tc.host).allowed(tc.agent, tc.path); got != tc.want {
			t.Errorf("%s: allowed(%q, %q) = %v, want %v", tc.host, tc.agent, tc.path, got, tc.want)
		}
	}
}

// politeSite is a small site for the CheckPoliteness tests: robots.txt
// disallows /private/ for everyone and everything for "rudebot".
func politeSite() Site {
	rt := newRouter(status(http.StatusNotFound, "Not found", ""))
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n\nUser-agent: rudebot\nDisallow: /\n"))
	rt.handle("/", text(typeHTML, "<html><body>hi</body></html>"))
	return Site{Name: "polite", Host: "polite.test", Handler: rt}
}

func TestCheckPoliteness(t *testing.T) {
	const ua = "feedscout/0.1 (+https://example.org/feedscout)"
	const gap = 40 * time.Millisecond
	cases := []struct {
		name  string
		paths []string
		pause time.Duration
		ua    string
		max   int
		agent string
		want  []string // substrings of the error; none: no error
	}{
		{"polite", []string{"/robots.txt", "/", "/x"}, 50 * time.Millisecond, ua, 25, "feedscout", nil},
		{"robots not first", []string{"/", "/robots.txt"}, 50 * time.Millisecond, ua, 25, "feedscout", []string{"first request was GET /, not /robots.txt"}},
		{"too fast", []string{"/robots.txt", "/"}, 0, ua, 25, "feedscout", []string{"request 2 (GET /) came", "less than 40ms"}},
		{"too many", []string{"/robots.txt", "/", "/a", "/b"}, 50 * time.Millisecond, ua, 3, "feedscout", []string{"4 requests, more than 3"}},
		{"disallowed", []string{"/robots.txt", "/private/x"}, 50 * time.Millisecond, ua, 25, "feedscout", []string{"request 2 (GET /private/x) is disallowed for feedscout"}},
		{"agent group", []string{"/robots.txt", "/"}, 50 * time.Millisecond, "rudebot/2", 25, "rudebot", []string{"request 2 (GET /) is disallowed for rudebot"}},
		{"anonymous", []string{"/robots.txt"}, 0, "Go-http-client/1.1", 25, "feedscout", []string{"does not name feedscout"}},
		{"any agent", []string{"/robots.txt", "/"}, 50 * time.Millisecond, "Go-http-client/1.1", 25, "*", nil},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			w := startWeb(t, []Site{politeSite()})
			cl := w.Client()
			for i, p := range c.paths {
				if i > 0 {
					time.Sleep(c.pause)
				}
				req, _ := http.NewRequest("GET", "https://polite.test"+p, nil)
				req.Header.Set("User-Agent", c.ua)
				resp, err := cl.Do(req)
				if err != nil {
					t.Fatal(err)
				}
				resp.Body.Close()
			}
			err := w.CheckPoliteness("polite.test", gap, c.max, c.agent)
			if len(c.want) == 0 {
				if err != nil {
					t.Errorf("CheckPoliteness: %v", err)
				}
				return
			}
			if err == nil {
				t.Fatalf("CheckPoliteness passed, want %q", c.want)
			}
			for _, s := range c.want {
				if !strings.Contains(err.Error(), s) {
					t.Errorf("error %q lacks %q", err, s)
				}
			}
		})
	}
	t.Run("no hits", func(t *testing.T) {
		w := startWeb(t, []Site{politeSite()})
		if err := w.CheckPoliteness("polite.test", time.Second, 1, "feedscout"); err != nil {
			t.Error(err)
		}
	})
}

// TestCheckPolitenessStatusPolicy checks the robots.txt status policy and
// redirects on fixture sites: 5xx or no answer disallows everything, a
// redirect is followed to the robots.txt the client fetched there.
func TestCheckPolitenessStatusPolicy(t *testing.T) {
	t.Parallel()
	w := startWeb(t, append(DefaultSites(), HostileSites()...))
	c := w.Client()
	c.Timeout = 300 * time.Millisecond
	fetch := func(urls ...string) {
		for _, u := range urls {
			req, _ := http.NewRequest("GET", u, nil)
			req.Header.Set("User-Agent", "feedscout/0.1")
			if resp, err := c.Do(req); err == nil {
				resp.Body.Close()
			}
			time.Sleep(15 * time.Millisecond)
		}
	}
	fetch("https://robots-5xx.hostile.test/robots.txt", "https://robots-5xx.hostile.test/")
	if err := w.CheckPoliteness("robots-5xx.hostile.test", 0, 25, "feedscout"); err == nil || !strings.Contains(err.Error(), "answered 503: disallow all") {
		t.Errorf("robots 5xx: %v", err)
	}
	fetch("https://robots-timeout.hostile.test/robots.txt", "https://robots-timeout.hostile.test/")
	if err := w.CheckPoliteness("robots-timeout.hostile.test", 0, 25, "feedscout"); err == nil || !strings.Contains(err.Error(), "never answered") {
		t.Errorf("robots timeout: %v", err)
	}
	fetch("https://robots-429.hostile.test/robots.txt", "https://robots-429.hostile.test/")
	if err := w.CheckPoliteness("robots-429.hostile.test", 0, 25, "feedscout"); err != nil {
		t.Errorf("robots 429 (4xx allows all): %v", err)
	}
	// bare-to-www: the bare host's robots.txt redirects to www's, whose
	// rules (Disallow: /account/) govern both.
	fetch("https://dailyledger.co.uk/robots.txt", "https://dailyledger.co.uk/account/x")
	err := w.CheckPoliteness("dailyledger.co.uk", 0, 25, "feedscout")
	if err == nil || !strings.Contains(err.Error(), "GET /account/x) is disallowed") {
		t.Errorf("bare host after redirect: %v", err)
	}
	if err := w.CheckPoliteness("www.dailyledger.co.uk", 0, 25, "feedscout"); err == nil || !strings.Contains(err.Error(), "/account/x) is disallowed") {
		t.Errorf("www host: %v", err)
	}
	// http-to-https: same host, the http robots.txt redirects to https.
	fetch("http://www.metro-ledger.com/robots.txt", "https://www.metro-ledger.com/admin/")
	if err := w.CheckPoliteness("www.metro-ledger.com", 0, 25, "feedscout"); err == nil || !strings.Contains(err.Error(), "/admin/) is disallowed") {
		t.Errorf("http to https: %v", err)
	}
	// Gzipped robots.txt (Content-Encoding) is read after decompression.
	req, _ := http.NewRequest("GET", "https://www.nikkei.com/robots.txt", nil)
	req.Header.Set("Accept-Encoding", "gzip")
	req.Header.Set("User-Agent", "feedscout/0.1")
	if resp, err := c.Do(req); err == nil {
		resp.Body.Close()
	}
	fetch("https://www.nikkei.com/search?q=1")
	if err := w.CheckPoliteness("www.nikkei.com", 0, 25, "feedscout"); err == nil || !strings.Contains(err.Error(), "/search?q=1) is disallowed") {
		t.Errorf("gzipped robots.txt: %v", err)
	}
	// The silent TLS host: "TLS" hits count for gaps but are not HTTP.
	fetch("https://silent-tls.hostile.test/robots.txt")
	hits := w.Hits("silent-tls.hostile.test")
	if len(hits) != 1 || hits[0].Method != "TLS" || hits[0].Status != 0 {
		t.Errorf("silent TLS hits = %+v", hits)
	}
	if err := w.CheckPoliteness("silent-tls.hostile.test", 0, 25, "feedscout"); err != nil {
		t.Errorf("silent TLS: %v", err)
	}
}
