package classify

import (
	"net/url"
	"strings"
)

// generators maps a lowercased prefix of <meta name=generator> content to
// the CMS it names.
var generators = []struct{ prefix, cms string }{
	{"wordpress", "wordpress"},
	{"blogger", "blogger"},
	{"ghost", "ghost"},
	{"hugo", "hugo"},
	{"drupal", "drupal"},
	{"joomla", "joomla"},
	{"jekyll", "jekyll"},
	{"hexo", "hexo"},
	{"eleventy", "eleventy"},
	{"gatsby", "gatsby"},
	{"movable type", "movabletype"},
	{"movabletype", "movabletype"},
	{"typo3", "typo3"},
	{"substack", "substack"},
	{"medium", "medium"},
	{"tumblr", "tumblr"},
	{"squarespace", "squarespace"},
	{"wix.com", "wix"},
	{"webflow", "webflow"},
}

// hostCMS names the CMS of hosted platforms from the page's hostname.
var hostCMS = []struct{ suffix, cms string }{
	{".blogspot.com", "blogger"},
	{".substack.com", "substack"},
	{".tumblr.com", "tumblr"},
	{".medium.com", "medium"},
}

// telltales are substrings of a script, style, image or <link> URL (or an
// attribute name we record) that only one CMS produces.
var telltales = []struct{ sub, cms string }{
	{"/wp-content/", "wordpress"},
	{"/wp-includes/", "wordpress"},
	{"api.w.org", "wordpress"},
	{"blogger.com/", "blogger"},
	{"blogblog.com/", "blogger"},
	{"data-ghost", "ghost"},
	{"/ghost/portal", "ghost"},
	{"/sites/default/files/", "drupal"},
	{"/core/misc/drupal", "drupal"},
	{"data-drupal-selector", "drupal"},
	{"/media/jui/", "joomla"},
	{"/components/com_", "joomla"},
	{"substackcdn.com", "substack"},
	{"cdn-client.medium.com", "medium"},
	{"miro.medium.com", "medium"},
	{"assets.tumblr.com", "tumblr"},
	{"static1.squarespace.com", "squarespace"},
}

// cmsTelltale returns the CMS an attribute value betrays, or "".
func cmsTelltale(s string) string {
	l := strings.ToLower(s)
	for _, t := range telltales {
		if strings.Contains(l, t.sub) {
			return t.cms
		}
	}
	return ""
}

// detectCMS picks the page's generator string and CMS: a generator meta
// that names a CMS wins, then the hostname of a hosted platform, then the
// first telltale in document order.
func detectCMS(pu *url.URL, d *doc) (generator, cms string) {
	for _, g := range d.generator {
		l := strings.ToLower(g)
		for _, c := range generators {
			if strings.HasPrefix(l, c.prefix) {
				return g, c.cms
			}
		}
	}
	if len(d.generator) > 0 {
		generator = d.generator[0]
	}
	host := pu.Hostname()
	for _, h := range hostCMS {
		if strings.HasSuffix(host, h.suffix) || host == strings.TrimPrefix(h.suffix, ".") {
			return generator, h.cms
		}
	}
	for _, t := range d.telltales {
		if c := cmsTelltale(t); c != "" {
			return generator, c
		}
	}
	return generator, ""
}

// usualPaths are the nine usual feed paths of DESIGN.md, in its order.
var usualPaths = []string{
	"/feed", "/feed/", "/rss", "/rss.xml", "/feed.xml", "/atom.xml",
	"/index.xml", "/feeds/posts/default", "/rss/index.xml",
}

// cmsPaths are the paths, among the nine, where each CMS puts its feed.
var cmsPaths = map[string][]string{
	"wordpress":   {"/feed/", "/feed"},
	"blogger":     {"/feeds/posts/default"},
	"ghost":       {"/rss"}, // Ghost serves /rss/, /rss redirects there
	"hugo":        {"/index.xml"},
	"drupal":      {"/rss.xml"},
	"jekyll":      {"/feed.xml"}, // jekyll-feed
	"hexo":        {"/atom.xml"}, // hexo-generator-feed
	"eleventy":    {"/feed.xml"},
	"gatsby":      {"/rss.xml"}, // gatsby-plugin-feed
	"movabletype": {"/atom.xml", "/index.xml"},
	"substack":    {"/feed"},
	"medium":      {"/feed"},
	"tumblr":      {"/rss"},
}

// GuessPaths returns the nine usual feed paths of DESIGN.md, the given
// CMS's own first, the rest in DESIGN.md's order. An unknown or empty cms
// gives DESIGN.md's order. The slice is new on every call.
func GuessPaths(cms string) []string {
	out := make([]string, 0, len(usualPaths))
	out = append(out, cmsPaths[cms]...)
	for _, p := range usualPaths {
		dup := false
		for _, q := range out {
			dup = dup || p == q
		}
		if !dup {
			out = append(out, p)
		}
	}
	return out
}
