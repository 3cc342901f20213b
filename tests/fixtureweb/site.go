package fixtureweb

import (
	"net/http"
	"time"

	"feedscout/common/report"
)

// Site is one site of the fixture web: the host discovery starts at, the
// handler serving it, any further hosts it owns, and what discovery should
// find there.
type Site struct {
	// Name is a short unique id ("nikkei", "wordpress-nolink").
	Name string
	// Host is the host name discovery starts at: lowercase, no port.
	Host string
	// Scheme is "https" (the default when empty) or "http". A request that
	// arrives on the other scheme over plain HTTP is redirected (301) to
	// Scheme, as real sites do; an "http" site has no TLS service: the proxy
	// refuses CONNECT to it.
	Scheme string
	// Start is the URL discovery starts from; empty means Scheme://Host/.
	// It differs for sites that test redirects (an http:// start on an
	// https site).
	Start string
	// Handler serves every request for Host (including /robots.txt). It
	// may use Clock(r) for the fixture's time.
	Handler http.Handler
	// Extra are further hosts the site owns: a feed host
	// (rss.itmedia.co.jp), the www or bare twin a redirect leads to. They
	// are served like Host but are not starting points of discovery.
	Extra []Host
	// Expect is what discovery should find.
	Expect Expect
}

// Host is a further host name served for a Site.
type Host struct {
	// Name is the host name: lowercase, no port.
	Name string
	// Scheme is "https" (default) or "http", as for Site.
	Scheme string
	// Handler serves every request for Name.
	Handler http.Handler
}

// URL is where discovery of the site starts.
func (s Site) URL() string {
	if s.Start != "" {
		return s.Start
	}
	scheme := s.Scheme
	if scheme == "" {
		scheme = "https"
	}
	return scheme + "://" + s.Host + "/"
}

// Hosts lists every host name of the site: Host first, then Extra.
func (s Site) Hosts() []string {
	hs := []string{s.Host}
	for _, h := range s.Extra {
		hs = append(hs, h.Name)
	}
	return hs
}

// Expect is what discovery should find on a site. The end-to-end tests
// compare the product's report with it and the request-economy benchmark
// uses its counts as the baseline. Zero values mean "not asserted".
//
// "The article's order" is the source article's discovery, `--order
// article` (docs/ARCHITECTURE.md, "Discovery of one site"): robots.txt;
// the homepage and its advertised feeds (RSS, Atom, or JSON Feed link
// tags, resolved against <base href>); the nine usual paths in order,
// stopping at the first that parses as RSS or Atom;
// up to 4 sitemaps from robots.txt in their listed order, one level into an
// index (up to 5 children in listed order), stopping at the first usable;
// then sections from the sitemap or the homepage's anchors, with no
// request of their own. Its root is the start URL's scheme and host,
// redirects are followed (each hop is a request of its own), advertised
// feeds are not fetched, and a URL that robots.txt disallows is not
// fetched.
type Expect struct {
	// Outcome is the report outcome a correct discovery reaches:
	// report.OutcomeFeed, OutcomeNewsSitemap, OutcomeArticleSitemap,
	// OutcomeSections, OutcomeRefused or OutcomeNone (the one list of
	// them, which this package and the tests name directly).
	Outcome report.Outcome
	// ArticleOutcome is what the article's order reaches when that differs
	// from Outcome (a site that rewards a better order, such as a site-wide
	// 403 after the homepage); empty means the same as Outcome.
	ArticleOutcome report.Outcome
	// Acceptable lists further outcomes a correct product may reach where
	// the specifications leave room (hostile sites only).
	Acceptable []report.Outcome
	// Reason is a word the report's reason should contain when the outcome
	// alone does not say why ("403", "robots.txt", "429").
	Reason string

	// FeedURL is the feed discovery should report first (absolute).
	FeedURL string
	// FeedFormat is "rss", "atom" or "json": what FeedURL serves.
	FeedFormat string
	// FeedTitle is the feed's title after decoding (set where decoding is
	// the point: Shift_JIS, windows-1251).
	FeedTitle string
	// FeedItems is the number of items FeedURL serves.
	FeedItems int
	// Feeds lists every feed the homepage advertises, in document order,
	// when it advertises more than one.
	Feeds []string

	// Sitemaps lists the usable sitemaps discovery should report: the one
	// news, article or sections sitemap, or every department sitemap of an
	// index split by department (Asahi).
	Sitemaps []string
	// SitemapURLs is the number of <loc> entries in the first of Sitemaps.
	SitemapURLs int

	// Sections is the number of sections discovery should offer (Nikkei:
	// 184 from the sitemap + the homepage = 185, "Showing 60 of 185").
	Sections int
	// Fresh is the number of those sections whose sitemap lastmod lies
	// within 24 h of Clock (Nikkei: 157).
	Fresh int
	// Follow lists section pages with what following each should give.
	Follow []Follow

	// SeedRequests is the source article's request count for the site
	// where it gives one (2 for The Verge, 13 or 14 for the Japanese
	// papers: the fixture sits in that range), else 0.
	SeedRequests int
	// ArticleRequests is what the article's order costs on this fixture,
	// counted on the server side: every request any host of the site
	// received, redirect hops included. 0 where no count is asserted
	// (hostile sites that are about timing out).
	ArticleRequests int

	// Problem names what a report must say went wrong on a hostile site
	// (a status word such as "timeout" or "too-large", or a phrase).
	Problem string
	// Within bounds the whole discovery of a hostile site (0: no bound
	// beyond the product's own).
	Within time.Duration
	// Note says in a sentence what the site is for.
	Note string
}

// ArticleOrderOutcome is the outcome the article's order reaches.
func (e Expect) ArticleOrderOutcome() report.Outcome {
	if e.ArticleOutcome != "" {
		return e.ArticleOutcome
	}
	return e.Outcome
}

// Follow is what following one section page should give.
type Follow struct {
	// URL is the section page.
	URL string
	// Links is the number of distinct same-host anchors (<a href>) on it,
	// resolved against the page, fragment dropped.
	Links int
	// Shaped is how many of them have the shape of an article.
	Shaped int
	// Articles is how many of those the dominant-segment rule keeps (when
	// 60 % share a first path segment, the rest go), all under Segment.
	Articles int
	// Segment is that first path segment ("article" for Nikkei).
	Segment string
}
