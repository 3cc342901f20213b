package robots

import (
	"slices"
	"strings"
	"testing"
	"time"
)

const agent = "feedscout"

func TestStatusPolicy(t *testing.T) {
	body := []byte("User-agent: *\nDisallow: /private/\n")
	tests := []struct {
		status     int
		home, priv bool
	}{
		{200, true, false},
		{206, true, false},
		{301, true, true}, // redirects given up on: unavailable
		{401, true, true},
		{403, true, true},
		{404, true, true},
		{410, true, true},
		{429, false, false},
		{500, false, false},
		{503, false, false},
		{0, false, false},
		{100, false, false},
		{999, false, false},
	}
	for _, tt := range tests {
		r := Parse(tt.status, body)
		if r == nil {
			t.Fatalf("Parse(%d) = nil", tt.status)
		}
		if got := r.Allowed(agent, "/"); got != tt.home {
			t.Errorf("Parse(%d).Allowed(/) = %v, want %v", tt.status, got, tt.home)
		}
		if got := r.Allowed(agent, "/private/x"); got != tt.priv {
			t.Errorf("Parse(%d).Allowed(/private/x) = %v, want %v", tt.status, got, tt.priv)
		}
		if r.Status() != tt.status {
			t.Errorf("Status() = %d, want %d", r.Status(), tt.status)
		}
	}
	u := Unreachable()
	if u.Allowed(agent, "/") || !u.DisallowsRoot(agent) || u.Status() != 0 {
		t.Errorf("Unreachable allows / or has a status")
	}
}

func TestAllowed(t *testing.T) {
	tests := []struct {
		name, robots, path string
		want               bool
	}{
		{"rule before user-agent", "Disallow: /a\nUser-agent: *\nDisallow: /b\n", "/a", true},
		{"rule before user-agent, rest read", "Disallow: /a\nUser-agent: *\nDisallow: /b\n", "/b", false},
		{"bad crawl-delay", "User-agent: *\nCrawl-delay: soon\nDisallow: /b\n", "/b", false},
		{"negative crawl-delay", "User-agent: *\nCrawl-delay: -1\nDisallow: /b\n", "/b/c", false},
		{"crawl-delay before user-agent", "Crawl-delay: 5\nUser-agent: *\nDisallow: /b\n", "/b", false},
		{"comment in value", "User-agent: *\nDisallow: /a#b\n", "/a", false},
		{"comment line", "User-agent: *\n# Disallow: /\nDisallow: /x\n", "/", true},
		{"exact agent", "User-agent: feedscout\nDisallow: /\n", "/", false},
		{"agent case", "User-agent: FeedScout\nDisallow: /\n", "/", false},
		{"agent with version", "User-agent: feedscout/0.1\nDisallow: /\n", "/", false},
		{"longer agent is another crawler", "User-agent: feedscoutbot\nDisallow: /\n", "/", true},
		{"shorter agent is another crawler", "User-agent: feed\nDisallow: /\n", "/", true},
		{"named group beats global", "User-agent: *\nDisallow: /\n\nUser-agent: feedscout\nAllow: /\n", "/x", true},
		{"groups for one agent merge", "User-agent: feedscout\nDisallow: /a\n\nUser-agent: other\nDisallow: /\n\nUser-agent: feedscout\nDisallow: /b\n", "/b/1", false},
		{"wildcard anchored at start", "User-agent: *\nDisallow: /a*.php\n", "/x/a.php", true},
		{"wildcard matches", "User-agent: *\nDisallow: /a*.php\n", "/a/b.php", false},
		{"leading wildcard", "User-agent: *\nDisallow: *.pdf$\n", "/docs/x.pdf", false},
		{"end anchor", "User-agent: *\nDisallow: /*.pdf$\n", "/docs/x.pdf?dl=1", true},
		{"wildcard precedence by pattern length", "User-agent: *\nAllow: /news/\nDisallow: /*.xml\n", "/news/a.xml", true},
		{"tie goes to allow", "User-agent: *\nDisallow: /a\nAllow: /a\n", "/a", true},
		{"non-ASCII pattern, encoded path", "User-agent: *\nDisallow: /ニュース/\n", "/%E3%83%8B%E3%83%A5%E3%83%BC%E3%82%B9/1", false},
		{"non-ASCII pattern, lowercase escapes", "User-agent: *\nDisallow: /ニュース/\n", "/%e3%83%8b%e3%83%a5%e3%83%bc%e3%82%b9/1", false},
		{"Cyrillic pattern", "User-agent: *\nDisallow: /новости\n", "/%D0%BD%D0%BE%D0%B2%D0%BE%D1%81%D1%82%D0%B8/", false},
		{"encoded pattern, other section", "User-agent: *\nDisallow: /%D0%BD%D0%BE\n", "/%D0%B4", true},
		{"query", "User-agent: *\nDisallow: /*?sid=\n", "/a?sid=1", false},
		{"fragment ignored", "User-agent: *\nDisallow: /a$\n", "/a#top", false},
		{"empty path is root", "User-agent: *\nDisallow: /$\n", "", false},
		{"path without slash", "User-agent: *\nDisallow: /a\n", "a/b", false},
		{"CR line ends", "User-agent: *\rDisallow: /a\r", "/a", false},
		{"CRLF line ends", "User-agent: *\r\nDisallow: /a\r\n", "/a", false},
		{"byte order mark", "\xEF\xBB\xBFUser-agent: *\nDisallow: /a\n", "/a", false},
		{"missing colon", "User-agent *\nDisallow /a\n", "/a", false},
		{"html page", "<!DOCTYPE html><html><body>Not found</body></html>", "/", true},
		{"disallow star", "User-agent: *\nDisallow: *\n", "/anything", false},
		{"space in pattern", "User-agent: *\nDisallow: /a b\n", "/a%20b", false},
		{"invalid UTF-8", "User-agent: *\nDisallow: /\xff\xfe\n", "/%FF%FE", false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Parse(200, []byte(tt.robots))
			if got := r.Allowed(agent, tt.path); got != tt.want {
				t.Errorf("Allowed(%q) = %v, want %v", tt.path, got, tt.want)
			}
		})
	}
}

func TestSitemaps(t *testing.T) {
	r := Parse(200, []byte(strings.Join([]string{
		"Sitemap: https://www.example.com/sitemap.xml",
		"User-agent: *",
		"Disallow: /private/",
		"site-map: https://www.example.com/news.xml # news",
		"Sitemap: /relative.xml",
		"Sitemap: ftp://example.com/s.xml",
		"Sitemap: http://:80/no-host.xml",
		"SITEMAP: https://www.example.com/sitemap.xml",
		"Sitemap: https://cdn.example.net/sitemap_index.xml.gz",
	}, "\n")))
	want := []string{
		"https://www.example.com/sitemap.xml",
		"https://www.example.com/news.xml",
		"https://cdn.example.net/sitemap_index.xml.gz",
	}
	if got := r.Sitemaps(); !slices.Equal(got, want) {
		t.Errorf("Sitemaps() = %q, want %q", got, want)
	}
	r.Sitemaps()[0] = "changed"
	if r.Sitemaps()[0] != want[0] {
		t.Errorf("Sitemaps() shares its slice with the caller")
	}
	if got := Parse(503, []byte("Sitemap: https://a.example/s.xml")).Sitemaps(); len(got) != 0 {
		t.Errorf("5xx Sitemaps() = %q, want none", got)
	}
}

func TestCrawlDelay(t *testing.T) {
	tests := []struct {
		robots string
		want   time.Duration
	}{
		{"User-agent: *\nCrawl-delay: 5\n", 5 * time.Second},
		{"User-agent: *\nCrawl-delay: 0.5\n", 500 * time.Millisecond},
		{"User-agent: *\nCrawl-delay: 1e300\n", 24 * time.Hour},
		{"User-agent: *\nCrawl-delay: NaN\n", 0},
		{"User-agent: *\nCrawl-delay: -3\n", 0},
		{"User-agent: *\nCrawl-delay: 2\nCrawl-delay: 7\n", 2 * time.Second},
		{"User-agent: *\nCrawl-delay: 9\n\nUser-agent: feedscout\nCrawl-delay: 3\n", 3 * time.Second},
		{"User-agent: *\nCrawl-delay: 9\n\nUser-agent: feedscout\nDisallow: /x\n", 0},
		{"User-agent: other\nCrawl-delay: 9\n", 0},
	}
	for _, tt := range tests {
		if got := Parse(200, []byte(tt.robots)).CrawlDelay(agent); got != tt.want {
			t.Errorf("CrawlDelay for %q = %v, want %v", tt.robots, got, tt.want)
		}
	}
}

func TestRootAndNamedAgents(t *testing.T) {
	tests := []struct {
		name, robots    string
		disallowsRoot   bool
		onlyNamedAgents bool
	}{
		{"welcome list", "User-agent: Googlebot\nUser-agent: bingbot\nAllow: /\n\nUser-agent: *\nDisallow: /\n", true, true},
		{"welcome list, named group allows by default", "User-agent: Googlebot\nDisallow: /search\n\nUser-agent: *\nDisallow: /\n", true, true},
		{"consecutive agents share the group", "User-agent: Googlebot\n\nUser-agent: *\nDisallow: /\n", true, false},
		{"everyone out", "User-agent: *\nDisallow: /\n", true, false},
		{"named crawler also out", "User-agent: Googlebot\nDisallow: /\n\nUser-agent: *\nDisallow: /\n", true, false},
		{"we are on the list", "User-agent: feedscout\nAllow: /\n\nUser-agent: *\nDisallow: /\n", false, true},
		{"only admin closed", "User-agent: *\nDisallow: /admin/\n", false, false},
		{"we are named and shut out", "User-agent: feedscout\nDisallow: /\n", true, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			r := Parse(200, []byte(tt.robots))
			if got := r.DisallowsRoot(agent); got != tt.disallowsRoot {
				t.Errorf("DisallowsRoot = %v, want %v", got, tt.disallowsRoot)
			}
			if got := r.OnlyNamedAgents(); got != tt.onlyNamedAgents {
				t.Errorf("OnlyNamedAgents = %v, want %v", got, tt.onlyNamedAgents)
			}
		})
	}
	if Parse(503, nil).OnlyNamedAgents() {
		t.Errorf("OnlyNamedAgents true for a 5xx")
	}
}

// TestMaxSize: a 5 MB file is read up to MaxSize; the line cut there is
// dropped rather than read as a shorter (broader) rule.
func TestMaxSize(t *testing.T) {
	head := "User-agent: *\nDisallow: /early\n"
	var b strings.Builder
	b.WriteString(head)
	for b.Len() < MaxSize-20 {
		b.WriteString("# filler filler filler filler\n")
	}
	cut := MaxSize - b.Len()
	b.WriteString("Disallow: /" + strings.Repeat("x", cut+10) + "\n") // straddles the limit
	for b.Len() < 5<<20 {
		b.WriteString("Disallow: /late\n")
	}
	start := time.Now()
	r := Parse(200, []byte(b.String()))
	if time.Since(start) > 2*time.Second {
		t.Errorf("parsing 5 MB took %v", time.Since(start))
	}
	if r.Allowed(agent, "/early") {
		t.Errorf("rule before the limit ignored")
	}
	if !r.Allowed(agent, "/late") {
		t.Errorf("rule after the limit honoured")
	}
	if !r.Allowed(agent, "/x") {
		t.Errorf("line cut at the limit read as a rule")
	}
}

// TestManyRules keeps Parse fast on a file at the size limit made only of
// distinct wildcard rules (each one is compiled).
func TestManyRules(t *testing.T) {
	var b strings.Builder
	b.WriteString("User-agent: *\n")
	for i := 0; b.Len() < MaxSize; i++ {
		b.WriteString("Disallow: /s" + strings.Repeat("a", i%7) + "*/p" + string(rune('a'+i%26)) + "$\n")
	}
	start := time.Now()
	r := Parse(200, []byte(b.String()))
	took := time.Since(start)
	if r.Allowed(agent, "/saa/x/pc") {
		t.Errorf("wildcard rule ignored")
	}
	if took > 5*time.Second {
		t.Errorf("parsing %d KiB of wildcard rules took %v", b.Len()>>10, took)
	}
	t.Logf("%d KiB of wildcard rules parsed in %v", b.Len()>>10, took)
}
