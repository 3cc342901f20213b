// Package sitemap reads one sitemap file (XML urlset or sitemapindex, Google
// News and image extensions, plain text, gzip-compressed or not) into entries
// and judges what discovery can do with it, using the URL shape rules of
// feedscout/common/classify.
//
// It parses bytes only: fetching (politeness, the 8 MiB body cap) is the
// fetcher's job. Parse streams with encoding/xml and holds only the entries,
// so a 50,000-URL file costs a few MiB of heap whatever its size on the wire.
package sitemap
