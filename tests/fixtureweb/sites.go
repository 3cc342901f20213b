package fixtureweb

// DefaultSites returns the fixture web of the end-to-end tests and the
// request-economy benchmark: the eight sites of the source article with
// its outcomes and request counts, and 24 more that cover what a feed
// finder meets (CMS blogs whose feed is only at the usual path, JSON Feed,
// a feed on another host, redirects, soft-404s, gzip sitemaps, a sitemap
// index, sections from the homepage, sites that refuse). Every call
// returns fresh values.
func DefaultSites() []Site {
	return []Site{
		// The source article's eight.
		theVerge(), techCrunch(), itmedia(), nikkei(), asahi(), yomiuri(), apnews(), reuters(),
		// Feeds found by guessing, in other formats, or elsewhere.
		wordpressBlog(), bloggerBlog(), hugoBlog(), ghostBlog(), jsonFeedSite(), feedburnerSite(),
		anchorFeed(), robotsDisallowsFeeds(),
		// Redirects.
		httpToHTTPS(), bareToWWW(), wwwToBare(), localeRedirect(), baseHref(),
		// Sitemaps and sections.
		soft404News(), soft404All(), gzipNewsSitemap(), wordpressNoFeed(), articleSitemap(), russianSections(), nothingUsable(),
		// Sites that say no.
		blocksFeedscout(), homeTooMany(), homeUnauthorized(), wafAfterHome(),
	}
}
