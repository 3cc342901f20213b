package opml

import (
	"fmt"
	"net/url"
	"path"
	"strings"
)

// The readers an export is written for (Options.Reader). A feed is the
// same outline in every flavour; what differs is how a news sitemap, an
// article sitemap or a section page, which no reader reads by itself,
// becomes something the reader can follow.
const (
	// ReaderAny points each of them at feedscout's loopback gateway
	// (`feedscout-host serve`), which answers with an Atom feed: every
	// reader on the user's machine can read it.
	ReaderAny = "any"
	// ReaderNewsboat runs `feedscout-host feed URL` for each of them
	// (newsboat 2.21 and later turn an xmlUrl starting with "|" into an
	// exec: line).
	ReaderNewsboat = "newsboat"
	// ReaderFreshRSS gives each of them as an XPath outline FreshRSS
	// scrapes itself: XML+XPath for sitemaps, HTML+XPath for sections.
	ReaderFreshRSS = "freshrss"
)

// Readers lists the flavours in the order a picker offers them.
var Readers = []string{ReaderAny, ReaderNewsboat, ReaderFreshRSS}

// DefaultGateway is where `feedscout-host serve` listens unless told
// otherwise.
const DefaultGateway = "http://127.0.0.1:8765"

// FreshRSSNamespace is the XML namespace of FreshRSS's OPML attributes
// (frss:xPathItem and the like).
const FreshRSSNamespace = "https://freshrss.org/opml"

// frssPrefix is the prefix Write declares for FreshRSSNamespace.
const frssPrefix = "frss"

// Options say what WriteFor writes.
type Options struct {
	// Title is the document's <title>.
	Title string
	// Reader is ReaderAny, ReaderNewsboat or ReaderFreshRSS; empty means
	// ReaderAny.
	Reader string
	// Gateway is the base URL of the gateway for ReaderAny (scheme, host,
	// port, and a path prefix if it has one); empty means DefaultGateway.
	Gateway string
	// Host is the absolute path of the feedscout-host program, which
	// ReaderNewsboat's outlines run. Required for that flavour when there
	// is anything but feeds to write.
	Host string
}

// flavour is a checked Options: how one subscription becomes an outline.
type flavour struct {
	reader  string
	gateway string // no trailing slash
	host    string
}

// newFlavour checks o against what subs need.
func newFlavour(o Options, subs []Subscription) (flavour, error) {
	f := flavour{reader: o.Reader, gateway: strings.TrimRight(o.Gateway, "/"), host: o.Host}
	if f.reader == "" {
		f.reader = ReaderAny
	}
	if f.gateway == "" {
		f.gateway = DefaultGateway
	}
	switch f.reader {
	case ReaderAny:
		u, err := url.Parse(f.gateway)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return f, fmt.Errorf("opml: write: gateway %q is not an http(s) base URL such as %s", o.Gateway, DefaultGateway)
		}
	case ReaderNewsboat:
		needed := false
		for _, s := range subs {
			needed = needed || s.Kind != KindFeed
		}
		if needed && (f.host == "" || !path.IsAbs(f.host)) {
			if f.host == "" {
				return f, fmt.Errorf("opml: write: the newsboat flavour needs the absolute path of feedscout-host")
			}
			return f, fmt.Errorf("opml: write: the newsboat flavour needs the absolute path of feedscout-host, not %q", f.host)
		}
	case ReaderFreshRSS:
	default:
		return f, fmt.Errorf("opml: write: unknown reader %q (want any, newsboat or freshrss)", o.Reader)
	}
	return f, nil
}

// GatewayURL is the gateway's address for following source (a news
// sitemap, an article sitemap or a section page): gateway/feed?url=SOURCE,
// the source query-escaped. gateway empty means DefaultGateway.
func GatewayURL(gateway, source string) string {
	gateway = strings.TrimRight(gateway, "/")
	if gateway == "" {
		gateway = DefaultGateway
	}
	return gateway + "/feed?url=" + url.QueryEscape(source)
}

// NewsboatCommand is the command newsboat runs to follow source: host
// (an absolute path) with the arguments `feed SOURCE`. newsboat gives
// the command to /bin/sh, so both words are single-quoted. newsboat's
// urls file treats a backslash as an escape, so none is written: a quote
// in host is closed, written inside double quotes and reopened ('"'"'),
// and the characters ', " and \ of source are percent-encoded (%27, %22,
// %5C), which names the same resource.
func NewsboatCommand(host, source string) string {
	return shellQuote(host) + " feed " + shellQuote(urlSafe(source))
}

// shellQuote single-quotes s for sh without using a backslash.
func shellQuote(s string) string {
	return "'" + strings.ReplaceAll(s, "'", `'"'"'`) + "'"
}

// urlSafe percent-encodes the characters of a URL that need a backslash
// in newsboat's urls file or end a quoted shell word, and any control
// character or space.
func urlSafe(u string) string {
	var b strings.Builder
	for i := 0; i < len(u); i++ {
		c := u[i]
		if c == '\'' || c == '"' || c == '\\' || c <= ' ' || c == 0x7f {
			fmt.Fprintf(&b, "%%%02X", c)
			continue
		}
		b.WriteByte(c)
	}
	return b.String()
}

// attrs returns the outline attributes for s, as name, value pairs (empty
// values are left out by the encoder). Every outline carries feedscout's
// kind and address, so Read restores s from any flavour.
func (f flavour) attrs(s Subscription) []string {
	text := s.Title
	if text == "" {
		text = s.URL
	}
	own := []string{
		prefix + ":kind", s.Kind, prefix + ":href", s.URL,
		prefix + ":format", s.Format, prefix + ":added", s.Added,
	}
	if s.Kind == KindFeed {
		return append([]string{"type", "rss", "text", text, "title", s.Title,
			"xmlUrl", s.URL, "htmlUrl", s.Site}, own...)
	}
	page := s.Site
	if s.Kind == KindSection {
		page = s.URL
	}
	var kv []string
	switch f.reader {
	case ReaderAny:
		kv = []string{"type", "rss", "text", text, "title", s.Title,
			"xmlUrl", GatewayURL(f.gateway, s.URL), "htmlUrl", page}
	case ReaderNewsboat:
		kv = []string{"type", "rss", "text", text, "title", s.Title,
			"xmlUrl", "|" + NewsboatCommand(f.host, s.URL), "htmlUrl", page}
	case ReaderFreshRSS:
		x := XPathFor(s)
		kv = []string{"type", x.Type, "text", text, "title", s.Title,
			"xmlUrl", s.URL, "htmlUrl", page,
			frssPrefix + ":xPathItem", x.Item,
			frssPrefix + ":xPathItemTitle", x.Title,
			frssPrefix + ":xPathItemUri", x.URI,
			frssPrefix + ":xPathItemTimestamp", x.Timestamp,
			frssPrefix + ":xPathItemUid", x.UID}
	}
	return append(kv, own...)
}
