package check

import (
	"fmt"
	"mime"
	"net/http"
	"net/url"
	"strings"
	"time"

	"feedscout/common/report"
	"feedscout/common/report/catalog"
)

// The rules both `check` and discovery's health lines apply: each is
// written once, here, and takes only what a fetch already gave (the
// response header, the parsed document), so that health costs no request.

// Codes of the findings (docs/checking.md). Append-only.
const (
	CodeFetch           = "fetch"             // no response: the fetcher's word says why
	CodeHTTPStatus      = "http-status"       // not 200
	CodeRedirect        = "redirect"          // reached through redirects
	CodeTooLarge        = "too-large"         // over the size the check reads
	CodeEmpty           = "empty"             // an empty body
	CodeBOM             = "bom"               // a byte order mark not at the very start
	CodeJunk            = "junk-before-xml"   // text before the XML declaration or root
	CodeDoctype         = "doctype"           // a DTD declaration
	CodeXMLSyntax       = "xml-syntax"        // not well-formed XML
	CodeTruncated       = "truncated"         // the file ends inside an element
	CodeNotXML          = "not-xml"           // not XML at all
	CodeNotSitemap      = "not-sitemap"       // the root is not urlset or sitemapindex
	CodeNamespace       = "sitemap-namespace" // the root is not in the sitemap namespace
	CodeEncoding        = "encoding"          // not UTF-8
	CodeNoLoc           = "no-loc"            // an entry without <loc>
	CodeLocURL          = "loc-url"           // a <loc> that is not an absolute http(s) URL
	CodeLocLong         = "loc-long"          // a <loc> over 2,048 characters
	CodeLastmod         = "lastmod"           // a <lastmod> that is not a W3C datetime
	CodeIndex           = "sitemap-index"     // a sitemap index: check its children
	CodeTextSitemap     = "text-sitemap"      // a plain-text sitemap
	CodeNotNews         = "not-news"          // no <news:news> block
	CodeNewsPublication = "news-publication"  // <news:publication> without name or language
	CodeNewsLanguage    = "news-language"     // a malformed <news:language>
	CodeNewsName        = "news-name"         // names differ within one file
	CodeNewsTitle       = "news-title"        // no <news:title>
	CodeNewsDate        = "news-date"         // <news:publication_date> missing or not W3C
	CodeNewsOld         = "news-old"          // entries older than 48 hours
	CodeNewsFuture      = "news-future"       // a publication date in the future
	CodeNewsLimit       = "news-limit"        // more than 1,000 <news:news>
	CodeHost            = "host"              // a <loc> on another host
	CodeScheme          = "scheme"            // a <loc> with another scheme
	CodeDuplicateLoc    = "duplicate-loc"     // a <loc> already listed
	CodeURLLimit        = "url-limit"         // more than 50,000 URLs
	CodeContentType     = "content-type"      // a Content-Type that does not fit
	CodeNotFeed         = "not-feed"          // neither a feed nor a sitemap
	CodeFeedBroken      = "feed-broken"       // a feed that does not parse
	CodeValidators      = "no-validators"     // no ETag or Last-Modified
	CodeConditional     = "no-304"            // a conditional request not answered 304
	CodeGzip            = "no-gzip"           // not compressed although gzip was asked for
	CodeSelfMissing     = "self-missing"      // no rel=self
	CodeSelfMismatch    = "self-mismatch"     // rel=self is another URL
	CodeHub             = "no-hub"            // no WebSub hub
	CodePushed          = "hub"               // a WebSub hub: updates are pushed (health lines)
	CodeIDMissing       = "id-missing"        // items without an id
	CodeIDDuplicate     = "id-duplicate"      // an id used twice
	CodeDateUnparseable = "date-unparseable"  // an item date in no standard form
	CodeDateMissing     = "date-missing"      // items without a date
	CodeStale           = "stale"             // the newest item is old
	CodeFutureItem      = "item-future"       // an item dated in the future
	CodeMoreLikeThis    = "more"              // more lines of a finding left out
	CodeNoItems         = "no-items"          // a feed without items
)

// Codes are every finding code Run and the health rules emit, in the
// order of the constants above: the list the popup's messages are held to
// (tests/check/check_codes_test.go). TestCodes keeps it in step with the
// constants and with every finding the package builds.
var Codes = []string{
	CodeFetch, CodeHTTPStatus, CodeRedirect, CodeTooLarge, CodeEmpty, CodeBOM, CodeJunk,
	CodeDoctype, CodeXMLSyntax, CodeTruncated, CodeNotXML, CodeNotSitemap, CodeNamespace,
	CodeEncoding, CodeNoLoc, CodeLocURL, CodeLocLong, CodeLastmod, CodeIndex, CodeTextSitemap,
	CodeNotNews, CodeNewsPublication, CodeNewsLanguage, CodeNewsName, CodeNewsTitle,
	CodeNewsDate, CodeNewsOld, CodeNewsFuture, CodeNewsLimit, CodeHost, CodeScheme,
	CodeDuplicateLoc, CodeURLLimit, CodeContentType, CodeNotFeed, CodeFeedBroken,
	CodeValidators, CodeConditional, CodeGzip, CodeSelfMissing, CodeSelfMismatch, CodeHub, CodePushed,
	CodeIDMissing, CodeIDDuplicate, CodeDateUnparseable, CodeDateMissing, CodeStale,
	CodeFutureItem, CodeMoreLikeThis, CodeNoItems,
}

// Thresholds of the rules.
const (
	// NewsWindow: Google News takes articles of the last two days.
	NewsWindow = 48 * time.Hour
	// NewsLimit: at most 1,000 <news:news> blocks a file.
	NewsLimit = 1000
	// URLLimit and ByteLimit are the sitemap protocol's limits of one
	// file (sitemaps.org: 50,000 URLs, 50 MB = 52,428,800 bytes
	// uncompressed).
	URLLimit  = 50000
	ByteLimit = 50 << 20
	// StaleAfter: a feed whose newest item is older has probably stopped.
	StaleAfter = 30 * 24 * time.Hour
	// GzipWorth: bodies smaller than this need no compression.
	GzipWorth = 1 << 10
	// MaxLoc is the protocol's longest <loc>.
	MaxLoc = 2048
)

// Key is the catalogue's message of a finding code: finding_ and the
// code with - as _ (common/report/catalog; one template per code, its variants
// chosen by the args).
func Key(code string) string { return "finding_" + strings.ReplaceAll(code, "-", "_") }

// finding builds a Finding; args are key, value pairs, every value its
// template names, and its Text is that template said in English, the
// sentence the popup says in the user's language from the same args.
func finding(level, code string, src *report.Source, args ...any) report.Finding {
	f := report.Finding{Level: level, Code: code, Source: src}
	if len(args) > 0 {
		f.Args = map[string]any{}
		for i := 0; i+1 < len(args); i += 2 {
			f.Args[args[i].(string)] = args[i+1]
		}
	}
	f.Text = catalog.English(Key(code), f.Args)
	return f
}

// sizeArgs are the args the template says a size of n bytes with
// (finding_size): size_unit MB, KB or bytes and size_value, as bytesText
// writes it ("84 KB", "1,234 bytes").
func sizeArgs(n int64) []any {
	switch {
	case n >= 10<<20:
		return []any{"size_unit", "MB", "size_value", n >> 20}
	case n >= 10<<10:
		return []any{"size_unit", "KB", "size_value", n >> 10}
	}
	return []any{"size_unit", "bytes", "size_value", n}
}

// mediaType is the Content-Type's type/subtype in lower case, "" when
// there is none.
func mediaType(ct string) string {
	if ct == "" {
		return ""
	}
	mt, _, err := mime.ParseMediaType(ct)
	if err != nil {
		mt, _, _ = strings.Cut(ct, ";")
	}
	return strings.ToLower(strings.TrimSpace(mt))
}

// xmlType reports whether a media type says XML (RFC 7303: application/xml,
// text/xml and every +xml suffix).
func xmlType(mt string) bool {
	return mt == "application/xml" || mt == "text/xml" || strings.HasSuffix(mt, "+xml")
}

// gzipType reports whether a media type says a gzip file.
func gzipType(mt string) bool {
	return mt == "application/gzip" || mt == "application/x-gzip" || mt == "application/octet-stream"
}

// SitemapContentType is the served-right rule of a sitemap: an XML media
// type (a gzip type for a .gz file, text/plain for a text sitemap).
func SitemapContentType(h http.Header, gzipped, text bool, src *report.Source) []report.Finding {
	ct := h.Get("Content-Type")
	mt := mediaType(ct)
	switch {
	case mt == "":
		return []report.Finding{finding(report.LevelWarning, CodeContentType, src, "content_type", "", "of", "sitemap", "form", "missing")}
	case xmlType(mt), gzipped && gzipType(mt), text && mt == "text/plain":
		return nil
	}
	return []report.Finding{finding(report.LevelError, CodeContentType, src, "content_type", mt, "of", "sitemap", "form", "wrong")}
}

// FeedContentType is the feed's Content-Type rule: the format's own media
// type; application/xml and text/xml pass with a note, HTML is an error
// (readers and browsers take it for a page), anything else a warning.
func FeedContentType(h http.Header, format string, src *report.Source) []report.Finding {
	mt := mediaType(h.Get("Content-Type"))
	want := map[string]string{"rss": "application/rss+xml", "atom": "application/atom+xml", "json": "application/feed+json"}[format]
	if want == "" {
		want = "application/rss+xml"
	}
	switch {
	case mt == want, format == "json" && mt == "application/json", format == "rss" && mt == "application/rdf+xml":
		return nil
	case mt == "":
		return []report.Finding{finding(report.LevelWarning, CodeContentType, src, "content_type", "", "want", want, "of", "feed", "form", "missing")}
	case mt == "application/xml" || mt == "text/xml":
		return []report.Finding{finding(report.LevelNote, CodeContentType, src, "content_type", mt, "want", want, "of", "feed", "form", "xml")}
	case strings.Contains(mt, "html"):
		return []report.Finding{finding(report.LevelError, CodeContentType, src, "content_type", mt, "want", want, "of", "feed", "form", "html")}
	}
	return []report.Finding{finding(report.LevelWarning, CodeContentType, src, "content_type", mt, "want", want, "of", "feed", "form", "wrong")}
}

// Validators is the rule of conditional requests: a response without ETag
// and Last-Modified can only be downloaded whole, every time.
func Validators(h http.Header, src *report.Source) []report.Finding {
	if h.Get("ETag") != "" || h.Get("Last-Modified") != "" {
		return nil
	}
	return []report.Finding{finding(report.LevelWarning, CodeValidators, src)}
}

// Gzip is the compression rule: feedscout asks for gzip; a body of at
// least GzipWorth bytes sent uncompressed costs every reader that much on
// every fetch.
func Gzip(h http.Header, size int, src *report.Source) []report.Finding {
	enc := strings.ToLower(strings.TrimSpace(h.Get("Content-Encoding")))
	if enc != "" && enc != "identity" || size < GzipWorth {
		return nil
	}
	return []report.Finding{finding(report.LevelWarning, CodeGzip, src,
		append([]any{"bytes", size, "size", bytesText(int64(size))}, sizeArgs(int64(size))...)...)}
}

// SelfLink is the rel=self rule: the feed states its own URL, and it is
// the URL the feed was fetched from (else readers subscribe elsewhere).
func SelfLink(fetched, self, format string, src *report.Source) []report.Finding {
	el := map[string]string{"rss": `<atom:link rel="self">`, "atom": `<link rel="self">`, "json": "feed_url"}[format]
	if self == "" {
		return []report.Finding{finding(report.LevelWarning, CodeSelfMissing, src, "url", fetched, "element", el)}
	}
	if sameURL(fetched, self) {
		return nil
	}
	return []report.Finding{finding(report.LevelWarning, CodeSelfMismatch, src, "self", self, "url", fetched, "element", el)}
}

// Hub is the WebSub rule: without a hub, readers learn of new items only
// by polling.
func Hub(hub string, src *report.Source) []report.Finding {
	if hub != "" {
		return nil
	}
	return []report.Finding{finding(report.LevelNote, CodeHub, src)}
}

// Pushed is the WebSub rule's good news, the one note a health line
// keeps: the feed names a hub, so a reader that subscribes to it learns
// of new items at once instead of polling.
func Pushed(hub string, src *report.Source) []report.Finding {
	if hub == "" {
		return nil
	}
	return []report.Finding{finding(report.LevelNote, CodePushed, src, "hub", hub)}
}

// Newest is the freshness rule of a feed: its newest item's age.
func Newest(newest time.Time, items, dated int, now time.Time, src *report.Source) []report.Finding {
	switch {
	case items == 0:
		return []report.Finding{finding(report.LevelWarning, CodeNoItems, src)}
	case dated == 0:
		return []report.Finding{finding(report.LevelWarning, CodeDateMissing, src, "items", items)}
	case now.Sub(newest) > StaleAfter:
		days := int(now.Sub(newest) / (24 * time.Hour))
		return []report.Finding{finding(report.LevelWarning, CodeStale, src,
			"days", days, "newest", newest.UTC().Format(time.RFC3339), "items", items)}
	}
	return nil
}

// OldNews is the 48-hour rule of a news sitemap: how many of its news
// entries Google News no longer takes. oldest is the line of the oldest
// one (0 when unknown).
func OldNews(old, total int, oldestLine int, oldestDate string, oldestHours int, src *report.Source) []report.Finding {
	if old == 0 {
		return nil
	}
	if oldestLine > 0 {
		return []report.Finding{finding(report.LevelWarning, CodeNewsOld, src,
			"old", old, "total", total, "line", oldestLine, "date", oldestDate, "hours", oldestHours)}
	}
	return []report.Finding{finding(report.LevelWarning, CodeNewsOld, src, "old", old, "total", total)}
}

// NewsLimitRule is the 1,000-entry rule of a news sitemap.
func NewsLimitRule(n, firstOverLine int, src *report.Source) []report.Finding {
	if n <= NewsLimit {
		return nil
	}
	return []report.Finding{finding(report.LevelError, CodeNewsLimit, src, "count", n, "max", NewsLimit, "line", firstOverLine, "over", NewsLimit+1)}
}

// sameURL compares two absolute URLs with scheme and host case-folded and
// an empty path as "/".
func sameURL(a, b string) bool {
	ua, ea := url.Parse(strings.TrimSpace(a))
	ub, eb := url.Parse(strings.TrimSpace(b))
	if ea != nil || eb != nil {
		return a == b
	}
	norm := func(u *url.URL) string {
		u.Scheme, u.Host = strings.ToLower(u.Scheme), strings.ToLower(u.Host)
		u.Fragment = ""
		if u.Path == "" {
			u.Path = "/"
		}
		return u.String()
	}
	return norm(ua) == norm(ub)
}

// bytesText writes a size as the no-gzip finding's size arg carries it
// ("84 KB", "1,234 bytes"); sentences say sizes with sizeArgs.
func bytesText(n int64) string {
	switch {
	case n >= 10<<20:
		return fmt.Sprintf("%d MB", n>>20)
	case n >= 10<<10:
		return fmt.Sprintf("%d KB", n>>10)
	}
	return thousands(int(n)) + " bytes"
}

// thousands writes n with commas: 1,001.
func thousands(n int) string {
	s := fmt.Sprint(n)
	if n < 0 {
		return s
	}
	var b strings.Builder
	for i, c := range s {
		if i > 0 && (len(s)-i)%3 == 0 {
			b.WriteByte(',')
		}
		b.WriteRune(c)
	}
	return b.String()
}
