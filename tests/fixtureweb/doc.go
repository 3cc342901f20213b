// Package fixtureweb is a web of named sites served on loopback, for
// feedscout's end-to-end tests and its request-economy benchmark.
//
// Start serves every host of every Site over HTTP and HTTPS on one
// loopback listener (sorted per connection by its first byte; HTTPS picks
// the host's certificate by SNI; both route by the Host header), with a
// test CA whose certificate it writes to Options.Dir/ca.pem, and a
// loopback forward proxy (CONNECT for https, absolute-URI requests for
// http). The product reaches every host through the proxy like any Go
// program using the standard transport:
//
//	web, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir()})
//	if err != nil {
//		t.Fatal(err)
//	}
//	defer web.Close()
//	cmd := exec.Command(dist+"/feedscout-host", "discover", "--json", site.URL())
//	cmd.Env = append(os.Environ(), web.Env()...)
//
// Tests in the same process use web.Client(). Every request any host
// receives is recorded in order (Hits), so tests assert from the server
// side: robots.txt first, the pause between requests, the budget, nothing
// disallowed fetched (CheckPoliteness).
//
// DefaultSites are the source article's eight sites (The Verge,
// TechCrunch, ITmedia, Nikkei, Asahi, Yomiuri, AP, Reuters) with its
// outcomes and request counts, plus sites for everything else a feed
// finder meets; HostileSites are the hostile servers of issue 7. Each Site
// carries an Expect: the outcome discovery should reach, the feed, the
// sitemaps or the number of sections, and what the article's order costs
// on it (Expect.ArticleRequests, counted on the server side): 219
// requests on the 32 default sites.
//
// Pages, feeds and sitemaps are generated in code from a per-site seed
// and the fixture's clock (Clock: the time Start was called), so they are
// the same on every run, and "changed in the last 24 hours" or "published
// in the last two days" hold whenever the tests run.
//
// # Adding a site
//
//  1. Write a func returning a Site, next to similar ones (sites_*.go,
//     seed_*.go, hostile_sites.go). Most sites are a newsroom: set its
//     origin, name, language, seed, nav and a path func that gives
//     article-shaped paths, take its router(), and add routes for
//     /robots.txt, the feed or sitemaps, and article pages. Use
//     redirect, hostRedirect, status, doc, text, gzipped and gz for the
//     rest; a host name must be unique in the web.
//  2. Fill in Expect: Outcome and what backs it (FeedURL, Sitemaps,
//     Sections), and ArticleRequests, the requests the article's order
//     makes there (see Expect).
//  3. Add the func to DefaultSites or HostileSites, and run
//     go test ./tests/fixtureweb/: TestArticleOrder runs the article's
//     order against every default site and fails if Expect disagrees with
//     what it finds (outcome, feed, sitemaps, sections, request count);
//     the shape tests check that article and section links have the shape
//     that shape.Path gives them.
package fixtureweb
