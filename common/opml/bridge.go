package opml

import (
	"net/url"
	"strings"

	"feedscout/common/report/kind"
)

// RSS-Bridge's XPathBridge (its parameters url, item, title, uri,
// timestamp; bridges/XPathBridge.php) loads every document with PHP's
// DOMDocument::loadHTML, and libxml2's HTML parser drops namespace
// prefixes: in a news sitemap news:title is the element title, and
// local-name() is not needed. Child steps, not descendant::, because an
// image sitemap's image:title is a title too (measured with Debian's
// rss-bridge 2022-01-20 and PHP 8.2: descendant::title gives the image's).
//
// XPathBridge url-decodes every expression once more after PHP has
// decoded the query (getExpressionItem: urldecode), so an expression must
// hold no '%' and no '+': the section expression leaves out its
// comparison with the page's own path when that path has one.
var bridgeNews = [...]string{"//url[news]", "news/title", "loc", "news/publication_date"}

var bridgeArticles = [...]string{"//url[lastmod]", "loc", "loc", "lastmod"}

// BridgeURL is the address of s (a news sitemap, an article sitemap or a
// section page) on the RSS-Bridge at bridge (its base URL), as Atom: bridge/?action=display&bridge=XPathBridge&url=...
// with the item, title, uri and timestamp expressions. A section's items
// are those of FreshRSS's outline (XPathFor), without a timestamp: the
// page has none.
func BridgeURL(bridge string, s Subscription) string {
	var x [4]string
	switch s.Kind {
	case kind.NewsSitemap:
		x = bridgeNews
	case kind.ArticleSitemap:
		x = bridgeArticles
	default:
		fx := XPathFor(Subscription{Kind: kind.Section, URL: s.URL})
		x = [4]string{fx.Item, fx.Title, fx.URI, ""}
		if strings.ContainsAny(sectionSelf(s.URL), "%+'") {
			x[0] = sectionItemsFor(s.URL, false)
		}
	}
	q := strings.TrimRight(bridge, "/") + "/?action=display&bridge=XPathBridge&url=" + url.QueryEscape(s.URL)
	for i, name := range [...]string{"item", "title", "uri", "timestamp"} {
		if x[i] != "" {
			q += "&" + name + "=" + url.QueryEscape(x[i])
		}
	}
	return q + "&format=Atom"
}
