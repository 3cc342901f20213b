package robots

import (
	"net/url"
	"strings"
	"testing"
)

// FuzzParse checks, for any body and path: Parse never returns nil for any
// status, the status policy holds whatever the body, answers are
// deterministic and do not depend on the line-ending style, and every
// sitemap is an absolute http(s) URL.
func FuzzParse(f *testing.F) {
	for _, c := range googleChecks() {
		if len(c.robots) < 1000 {
			f.Add(c.robots, googlePath(c.url), c.agent)
		}
	}
	f.Add("Disallow: /a\nUser-agent: *\nCrawl-delay: x\nDisallow: /b", "/b", "feedscout")
	f.Add("User-agent: *\nDisallow: /ニュース/*.html$", "/%E3%83%8B/x.html", "feedscout")
	f.Add("\xEF\xBB\xBFSitemap: https://a.example/s.xml\n", "/", "*")
	f.Fuzz(func(t *testing.T, body, path, agent string) {
		for _, status := range []int{0, 200, 301, 404, 429, 503} {
			if Parse(status, []byte(body)) == nil {
				t.Fatalf("Parse(%d) = nil", status)
			}
		}
		if !Parse(404, []byte(body)).Allowed(agent, path) || Parse(503, []byte(body)).Allowed(agent, path) {
			t.Fatalf("status policy depends on the body")
		}
		r := Parse(200, []byte(body))
		got := r.Allowed(agent, path)
		if r.Allowed(agent, path) != got || Parse(200, []byte(body)).Allowed(agent, path) != got {
			t.Fatalf("Allowed(%q, %q) not deterministic", agent, path)
		}
		if len(body) < MaxSize/2 {
			crlf := Parse(200, []byte(strings.ReplaceAll(body, "\n", "\r\n")))
			if crlf.Allowed(agent, path) != got {
				t.Fatalf("Allowed(%q, %q) changes with CRLF line ends", agent, path)
			}
			if crlf.CrawlDelay(agent) != r.CrawlDelay(agent) {
				t.Fatalf("CrawlDelay changes with CRLF line ends")
			}
		}
		if r.DisallowsRoot(agent) == r.Allowed(agent, "/") {
			t.Fatalf("DisallowsRoot disagrees with Allowed(/)")
		}
		if r.CrawlDelay(agent) < 0 {
			t.Fatalf("negative CrawlDelay")
		}
		for _, s := range r.Sitemaps() {
			u, err := url.Parse(s)
			if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" {
				t.Fatalf("Sitemaps() has %q", s)
			}
		}
	})
}
