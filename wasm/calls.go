package main

import (
	"bytes"
	"net/url"
	"strconv"

	"feedscout/common/classify"
	"feedscout/common/jsonw"
	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/common/shape"
	"feedscout/wasm/internal/abi"
)

// The calls of the ABI (doc.go): each JSON call takes the request's JSON
// and returns the answer's JSON, {"error": "..."} when it fails (package
// abi reads and writes it).

// classifyHTMLCall is the popup's call (classify_html): the page URL and
// the page's HTML as UTF-8 (the bytes TextEncoder gives), read in place, into
// classify.Page as JSON. The HTML is text the browser already decoded, so it
// is read as UTF-8 whatever its <meta> says; invalid UTF-8 is replaced by
// U+FFFD first, as a JavaScript string would hold it. With lists false the
// answer leaves out "sections" and "articles" (the popup shows neither),
// which on a big homepage are most of its bytes. Both steps are package
// classify's (ClassifyText, Page.AppendJSON, answer.go), which
// `feedscout-host classify` runs too.
func classifyHTMLCall(pageURL string, html []byte, lists bool) []byte {
	p, err := classify.ClassifyText(pageURL, html)
	if err != nil {
		return abi.ErrorReply(err)
	}
	return p.AppendJSON(nil, lists)
}

// shapeCall: the URLs, a field each -> [{"url", "shape", "rule"}], one
// per URL, judged by shape.URL.
func shapeCall(in []byte) []byte {
	urls, err := abi.Fields(in, "shape")
	if err != nil {
		return abi.ErrorReply(err)
	}
	return jsonw.Array(nil, len(urls), func(b []byte, i int) []byte {
		kind, rule := string(shape.Other), "invalid-url"
		if u, err := url.Parse(urls[i]); err == nil {
			v := shape.URL(u)
			kind, rule = string(v.Shape), v.Rule
		}
		o := jsonw.Object{B: b}
		o.Str("url", urls[i])
		o.Str("shape", kind)
		o.Str("rule", rule)
		return o.Done()
	})
}

// opmlExportCall: the fields title, reader, gateway, host and bridge, then
// seven for each subscription (kind, url, title, site, format, added,
// sig) -> {"opml": "..."}, written by opml.WriteFor: reader is "any" (or
// empty), "newsboat", "freshrss" or "rss-bridge"; gateway the gateway's
// base URL for any (empty: opml.DefaultGateway); host the absolute path of
// feedscout-host, which newsboat needs (the host's version reply gives
// it); bridge the RSS-Bridge's base URL, which rss-bridge needs; sig the
// signature of the subscription's gateway URL for Atom, which the popup
// made with WebCrypto (empty: unsigned).
func opmlExportCall(in []byte) []byte {
	o, subs, bad := readExport(in, "opml_export")
	if bad != nil {
		return bad
	}
	var buf bytes.Buffer
	if err := opml.WriteFor(&buf, subs, o); err != nil {
		return abi.ErrorReply(err)
	}
	reply := jsonw.Object{}
	reply.Str("opml", buf.String())
	return reply.Done()
}

// opmlWaysCall: opml_export's fields -> {"ways": ["direct", ...], "urls":
// [...]}, how the reader follows each subscription (opml.Ways: direct,
// gateway, exec, xpath, bridge) and the address it subscribes to
// (opml.Addresses), the decisions WriteFor writes: the popup's
// Subscriptions say the way, "Add to <reader>" sends the address. The
// newsboat flavour's addresses need the host; without it the answer has
// the ways alone.
func opmlWaysCall(in []byte) []byte {
	o, subs, bad := readExport(in, "opml_ways")
	if bad != nil {
		return bad
	}
	ways, err := opml.Ways(subs, o)
	if err != nil {
		return abi.ErrorReply(err)
	}
	reply := jsonw.Object{}
	reply.Key("ways")
	reply.B = jsonw.Array(reply.B, len(ways), func(b []byte, i int) []byte { return jsonw.AppendString(b, ways[i]) })
	if urls, err := opml.Addresses(subs, o); err == nil {
		reply.Key("urls")
		reply.B = jsonw.Array(reply.B, len(urls), func(b []byte, i int) []byte { return jsonw.AppendString(b, urls[i]) })
	}
	return reply.Done()
}

// readExport reads opml_export's fields (and opml_ways'), or answers
// why not.
func readExport(in []byte, call string) (opml.Options, []opml.Subscription, []byte) {
	f, err := abi.Fields(in, call)
	if err != nil {
		return opml.Options{}, nil, abi.ErrorReply(err)
	}
	if len(f) < 5 || (len(f)-5)%7 != 0 {
		return opml.Options{}, nil, abi.BadRequest(call, strconv.Itoa(len(f))+" fields, want 5 and 7 for each subscription")
	}
	o := opml.Options{Title: f[0], Reader: f[1], Gateway: f[2], Host: f[3], Bridge: f[4]}
	subs := make([]opml.Subscription, (len(f)-5)/7)
	sigs := map[string]string{}
	for i := range subs {
		s := f[5+7*i:]
		subs[i] = opml.Subscription{Kind: kind.SourceKind(s[0]), URL: s[1], Title: s[2], Site: s[3], Format: s[4], Added: s[5]}
		if s[6] != "" {
			sigs[s[1]] = s[6]
		}
	}
	if len(sigs) > 0 {
		o.Sign = func(format, source string) string {
			if format != opml.FormatAtom {
				return ""
			}
			return sigs[source]
		}
	}
	return o, subs, nil
}
