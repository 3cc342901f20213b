package opml

import (
	"errors"
	"net/url"
	"strconv"
	"strings"

	"feedscout/common/report/kind"
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
	// exec: line), and for a JSON Feed, which newsboat 2.21 does not
	// read: `feed` gives it as Atom.
	ReaderNewsboat = "newsboat"
	// ReaderFreshRSS gives each of them as an XPath outline FreshRSS
	// scrapes itself: XML+XPath for sitemaps, HTML+XPath for sections;
	// a gzip file (sitemap.xml.gz), which FreshRSS cannot unpack, goes
	// through the gateway as for ReaderAny.
	ReaderFreshRSS = "freshrss"
	// ReaderRSSBridge gives each of them as a URL of the user's
	// RSS-Bridge (Options.Bridge), whose XPathBridge scrapes the source
	// itself (bridge.go): any reader anywhere that reaches the bridge
	// follows it, and RSS-Bridge, not feedscout, fetches the site. A gzip
	// file, which RSS-Bridge cannot unpack, goes through the gateway as
	// for ReaderAny.
	ReaderRSSBridge = "rss-bridge"
)

// Readers lists the flavours in the order a picker offers them.
var Readers = []string{ReaderAny, ReaderNewsboat, ReaderFreshRSS, ReaderRSSBridge}

// DefaultGateway is where `feedscout-host serve` listens unless told
// otherwise.
const DefaultGateway = "http://127.0.0.1:8765"

// FreshRSSNamespace is the XML namespace of FreshRSS's OPML attributes
// (frss:xPathItem and the like).
const FreshRSSNamespace = "https://freshrss.org/opml"

// FreshRSSPrefix is the prefix Write declares for FreshRSSNamespace.
const FreshRSSPrefix = "frss"

// Options say what WriteFor writes.
type Options struct {
	// Title is the document's <title>.
	Title string
	// Reader is ReaderAny, ReaderNewsboat or ReaderFreshRSS; empty means
	// ReaderAny.
	Reader string
	// Gateway is the base URL of the gateway for ReaderAny and for
	// ReaderFreshRSS's gzip files (scheme, host, port, and a path prefix
	// if it has one); empty means DefaultGateway.
	Gateway string
	// Host is the absolute path of the feedscout-host program, which
	// ReaderNewsboat's outlines run. Required for that flavour when there
	// is anything but RSS and Atom feeds to write.
	Host string
	// JSONThroughGateway writes, in ReaderAny, a JSON Feed as the
	// gateway's URL too (Atom from `feedscout-host serve`) instead of the
	// feed itself: for a list of what readers asked the gateway for (its
	// own /opml). Off, a JSON Feed is a plain feed outline, which readers
	// that read JSON Feed, on any machine, take directly.
	JSONThroughGateway bool
	// Bridge is the base URL of the RSS-Bridge instance ReaderRSSBridge
	// writes URLs of (scheme, host, port and path up to its index.php or
	// its folder, no query). Required for that flavour.
	Bridge string
	// Sign, when set, gives the signature of a gateway URL for source in
	// format ("atom" or "json"; docs/following.md, "Signed URLs"): the
	// gateway URLs written carry it as &sig=. The host signs with the
	// gateway's key; the popup passes the signatures WebCrypto made.
	Sign func(format, source string) string
}

// Check reports whether WriteFor accepts o, whatever the subscriptions
// (the newsboat flavour needs Host as soon as there is anything but RSS
// and Atom feeds).
func (o Options) Check() error {
	_, err := newFlavour(o, []Subscription{{Kind: kind.Section}})
	return err
}

// flavour is a checked Options: how one subscription becomes an outline.
type flavour struct {
	reader  string
	gateway string // no trailing slash
	bridge  string // no trailing slash
	host    string
	json    bool // JSON Feeds through the gateway (Options.JSONThroughGateway)
	sign    func(format, source string) string
}

// newFlavour checks o against what subs need.
func newFlavour(o Options, subs []Subscription) (flavour, error) {
	f := flavour{reader: o.Reader, gateway: strings.TrimRight(o.Gateway, "/"), bridge: strings.TrimRight(o.Bridge, "/"),
		host: o.Host, json: o.JSONThroughGateway, sign: o.Sign}
	if f.reader == "" {
		f.reader = ReaderAny
	}
	if f.gateway == "" {
		f.gateway = DefaultGateway
	}
	problem := ""
	switch f.reader {
	case ReaderAny, ReaderFreshRSS, ReaderRSSBridge:
		if !baseURL(f.gateway) {
			problem = "gateway " + strconv.Quote(o.Gateway) + " is not an http(s) base URL such as " + DefaultGateway
		} else if f.reader == ReaderRSSBridge && !baseURL(f.bridge) {
			problem = "the rss-bridge flavour needs the base URL of an RSS-Bridge, such as https://rss-bridge.example.org"
			if o.Bridge != "" {
				problem = "bridge " + strconv.Quote(o.Bridge) + " is not an http(s) base URL such as https://rss-bridge.example.org"
			}
		}
	case ReaderNewsboat:
		for _, s := range subs {
			if (s.Kind != kind.Feed || s.Format == "json") && !strings.HasPrefix(f.host, "/") {
				problem = "the newsboat flavour needs the absolute path of feedscout-host"
				if f.host != "" {
					problem += ", not " + strconv.Quote(f.host)
				}
				break
			}
		}
	default:
		problem = "unknown reader " + strconv.Quote(o.Reader) + " (want any, newsboat, freshrss or rss-bridge)"
	}
	if problem != "" {
		return f, errors.New("opml: write: " + problem)
	}
	return f, nil
}

// baseURL reports whether s is scheme://host[/prefix] for http or https,
// with no query or fragment to append to.
func baseURL(s string) bool {
	rest, ok := strings.CutPrefix(s, "http://")
	if !ok {
		rest, ok = strings.CutPrefix(s, "https://")
	}
	return ok && rest != "" && rest[0] != '/' && !strings.ContainsAny(rest, "?# ")
}

// How a reader follows a subscription (Ways): the reader reads the
// source itself (a feed, or a JSON Feed FreshRSS reads), through the
// gateway, by running feedscout-host (newsboat's exec:), or by scraping
// it with XPath (FreshRSS).
const (
	WayDirect  = "direct"
	WayGateway = "gateway"
	WayExec    = "exec"
	WayXPath   = "xpath"
	WayBridge  = "bridge"
)

// way is how f's reader follows s: the one decision outline writes.
func (f flavour) way(s Subscription) string {
	// A JSON Feed goes through feedscout like a sitemap for newsboat
	// (2.21 reads none: `feed` turns it into Atom), and for any reader
	// when asked (the gateway's own list).
	jsonFeed := s.Kind == kind.Feed && s.Format == "json"
	switch {
	case jsonFeed && (f.reader == ReaderFreshRSS || f.reader == ReaderRSSBridge):
		return WayDirect
	case s.Kind == kind.Feed && !(jsonFeed && (f.json || f.reader == ReaderNewsboat)):
		return WayDirect
	case f.reader == ReaderAny:
		return WayGateway
	case f.reader == ReaderNewsboat:
		return WayExec
	case gzipFile(s.URL):
		// FreshRSS and RSS-Bridge read a fetched body as it comes, and a
		// .gz sitemap is a gzip file, not gzip transfer: the gateway
		// unpacks it.
		return WayGateway
	case f.reader == ReaderRSSBridge:
		return WayBridge
	}
	return WayXPath
}

// address is the xmlUrl f writes for s, followed the way way: the feed
// itself, the gateway's (signed) URL, newsboat's command, the source
// (FreshRSS scrapes it) or the RSS-Bridge URL.
func (f flavour) address(s Subscription, way string) string {
	switch way {
	case WayGateway:
		u := GatewayURL(f.gateway, s.URL)
		if f.sign != nil {
			if sig := f.sign(FormatAtom, s.URL); sig != "" {
				u += "&sig=" + sig
			}
		}
		return u
	case WayExec:
		return "|" + NewsboatCommand(f.host, s.URL)
	case WayBridge:
		return BridgeURL(f.bridge, s)
	}
	return s.URL
}

// FormatAtom names the gateway's Atom feeds in a signature (Options.Sign);
// the gateway's URLs in OPML are always for Atom.
const FormatAtom = "atom"

// Ways says how o's reader follows each of subs (WayDirect and the rest),
// as WriteFor writes them. The host's path does not change the way, so
// the newsboat flavour needs none here.
func Ways(subs []Subscription, o Options) ([]string, error) {
	if o.Host == "" {
		o.Host = "/feedscout-host"
	}
	f, err := newFlavour(o, subs)
	if err != nil {
		return nil, err
	}
	ways := make([]string, len(subs))
	for i, s := range subs {
		if !KnownKind(s.Kind) {
			return nil, errors.New("opml: ways: subscription " + strconv.Itoa(i) + ": unknown kind " + strconv.Quote(string(s.Kind)))
		}
		ways[i] = f.way(s)
	}
	return ways, nil
}

// Addresses says, for each of subs, the address o's reader subscribes to
// (the xmlUrl WriteFor writes): what "Add to <reader>" sends.
// The newsboat flavour needs Options.Host here, as WriteFor does.
func Addresses(subs []Subscription, o Options) ([]string, error) {
	f, err := newFlavour(o, subs)
	if err != nil {
		return nil, err
	}
	urls := make([]string, len(subs))
	for i, s := range subs {
		if !KnownKind(s.Kind) {
			return nil, errors.New("opml: addresses: subscription " + strconv.Itoa(i) + ": unknown kind " + strconv.Quote(string(s.Kind)))
		}
		urls[i] = f.address(s, f.way(s))
	}
	return urls, nil
}

// gzipFile reports whether source names a gzip file (a path ending in
// .gz, such as sitemap-news.xml.gz).
func gzipFile(source string) bool {
	if i := strings.IndexAny(source, "?#"); i >= 0 {
		source = source[:i]
	}
	return strings.HasSuffix(strings.ToLower(source), ".gz")
}

// GatewayURL is the gateway's address for following source (a news
// sitemap, an article sitemap, a section page or a JSON Feed):
// gateway/feed?url=SOURCE, the source query-escaped. gateway empty means
// DefaultGateway. The gateway itself names its feeds with it: this is the
// one definition of the address.
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
	b := make([]byte, 0, len(u))
	for i := 0; i < len(u); i++ {
		if c := u[i]; c == '\'' || c == '"' || c == '\\' || c <= ' ' || c == 0x7f {
			b = append(b, '%', hexDigits[c>>4], hexDigits[c&15])
		} else {
			b = append(b, c)
		}
	}
	return string(b)
}

const hexDigits = "0123456789ABCDEF"

// outlineNames are the attributes of a subscription's outline, in order.
var outlineNames = [...]string{"type", "text", "title", "xmlUrl", "htmlUrl",
	FreshRSSPrefix + ":xPathItem", FreshRSSPrefix + ":xPathItemTitle", FreshRSSPrefix + ":xPathItemUri",
	FreshRSSPrefix + ":xPathItemTimestamp", FreshRSSPrefix + ":xPathItemUid",
	Prefix + ":kind", Prefix + ":href", Prefix + ":format", Prefix + ":added"}

// outline writes the outline for s. Every outline carries feedscout's
// kind and address, so opmlimport.Read restores s from any flavour. The
// attributes come from a table through one call site: in the WebAssembly
// build each call site and each pointer stored on the heap costs code, and
// the module's size budget is tight.
func (f flavour) outline(e *encoder, s Subscription) {
	text := s.Title
	if text == "" {
		text = s.URL
	}
	page := s.Site
	if s.Kind == kind.Section {
		page = s.URL
	}
	var x XPath
	way := f.way(s)
	typ, xmlURL := "rss", f.address(s, way)
	if way == WayXPath {
		x = XPathFor(s)
		typ = x.Type
	}
	if s.Kind == kind.Feed && s.Format == "json" && f.reader == ReaderFreshRSS {
		// FreshRSS (1.24+) reads JSON Feed only when told it is one.
		typ = TypeJSONFeed
	}
	vals := [len(outlineNames)]string{typ, text, s.Title, xmlURL, page,
		x.Item, x.Title, x.URI, x.Timestamp, x.UID, string(s.Kind), s.URL, s.Format, s.Added}
	for i, name := range outlineNames {
		e.attr(name, vals[i])
	}
	e.start("outline")
	e.end("outline")
}
