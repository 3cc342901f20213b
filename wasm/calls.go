package main

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"unicode/utf8"

	"feedscout/report"
	"feedscout/wasm/classify"
	"feedscout/wasm/newsmap"
	"feedscout/wasm/opml"
	"feedscout/wasm/shape"
)

// The JSON calls of the ABI (doc.go): each takes the request's JSON and
// returns the answer's JSON, {"error": "..."} when it fails.

// errorReply is every call's answer when it fails.
func errorReply(err error) []byte {
	o := object{}
	o.str("error", err.Error())
	return o.done()
}

// request parses a call's request, which must be a JSON object.
func request(in []byte, call string) (map[string]any, error) {
	v, err := parseJSON(in)
	if err != nil {
		return nil, errors.New(call + ": decode request: " + err.Error())
	}
	m, ok := v.(map[string]any)
	if !ok {
		return nil, errors.New(call + ": decode request: not a JSON object")
	}
	return m, nil
}

// badRequest names the call and the member at fault.
func badRequest(call string, err error) []byte {
	return errorReply(errors.New(call + ": decode request: " + err.Error()))
}

// classifyHTMLCall is the popup's call (classify_html): the page URL and
// the page's HTML as UTF-8 (the bytes TextEncoder gives), read in place, into
// classify.Page as JSON. The HTML is text the browser already decoded, so it
// is read as UTF-8 whatever its <meta> says; invalid UTF-8 is replaced by
// U+FFFD first, as a JavaScript string would hold it. With lists false the
// answer leaves out "sections" and "articles" (the popup shows neither),
// which on a big homepage are most of its bytes.
func classifyHTMLCall(pageURL string, html []byte, lists bool) []byte {
	if !utf8.Valid(html) {
		html = []byte(string([]rune(string(html))))
	}
	p, err := classify.Classify(pageURL, html, classify.TextContentType)
	if err != nil {
		return errorReply(err)
	}
	if !lists {
		return appendPageNoLists(nil, p)
	}
	return appendPage(nil, p)
}

// shapeCall: {"urls": [...]} -> [{"url", "shape", "rule"}], one per URL,
// judged by shape.URL.
func shapeCall(in []byte) []byte {
	m, err := request(in, "shape")
	if err != nil {
		return errorReply(err)
	}
	urls, err := getStrings(m, "urls")
	if err != nil {
		return badRequest("shape", err)
	}
	return array(nil, len(urls), func(b []byte, i int) []byte {
		kind, rule := string(shape.Other), "invalid-url"
		if u, err := url.Parse(urls[i]); err == nil {
			v := shape.URL(u)
			kind, rule = string(v.Shape), v.Rule
		}
		o := object{b: b}
		o.str("url", urls[i])
		o.str("shape", kind)
		o.str("rule", rule)
		return o.done()
	})
}

// opmlExportCall: {"title", "subscriptions": [...], "reader", "gateway",
// "host"} -> {"opml": "..."}, written by opml.WriteFor: reader is "any"
// (the default), "newsboat" or "freshrss"; gateway the gateway's base URL
// for any (default opml.DefaultGateway); host the absolute path of
// feedscout-host, which newsboat needs (the host's version reply gives it).
func opmlExportCall(in []byte) []byte {
	m, err := request(in, "opml_export")
	if err != nil {
		return errorReply(err)
	}
	var o opml.Options
	for _, f := range []struct {
		name string
		v    *string
	}{{"title", &o.Title}, {"reader", &o.Reader}, {"gateway", &o.Gateway}, {"host", &o.Host}} {
		if *f.v, err = getString(m, f.name); err != nil {
			return badRequest("opml_export", err)
		}
	}
	objs, err := getObjects(m, "subscriptions")
	if err != nil {
		return badRequest("opml_export", err)
	}
	subs := make([]opml.Subscription, len(objs))
	for i, o := range objs {
		fields := []*string{&subs[i].Kind, &subs[i].URL, &subs[i].Title, &subs[i].Site, &subs[i].Format, &subs[i].Added}
		for j, k := range []string{"kind", "url", "title", "site", "format", "added"} {
			if *fields[j], err = getString(o, k); err != nil {
				return badRequest("opml_export", errors.New("subscriptions: "+err.Error()))
			}
		}
	}
	var buf bytes.Buffer
	if err := opml.WriteFor(&buf, subs, o); err != nil {
		return errorReply(err)
	}
	reply := object{}
	reply.str("opml", buf.String())
	return reply.done()
}

// opmlImportCall: {"opml": "..."} -> {"subscriptions": [...]}.
func opmlImportCall(in []byte) []byte {
	m, err := request(in, "opml_import")
	if err != nil {
		return errorReply(err)
	}
	doc, err := getString(m, "opml")
	if err != nil {
		return badRequest("opml_import", err)
	}
	subs, err := opml.Read(bytes.NewReader([]byte(doc)))
	if err != nil {
		return errorReply(err)
	}
	o := object{}
	o.key("subscriptions")
	o.b = appendSubs(o.b, subs)
	return o.done()
}

// newsmapCall: {"name", "language", "checked_at", "lines"} -> the
// generator's newsmap.Result: {"xml", "entries", "findings": [...]}.
func newsmapCall(in []byte) []byte {
	m, err := request(in, "newsmap")
	if err != nil {
		return errorReply(err)
	}
	var o newsmap.Options
	var lines string
	for _, f := range []struct {
		k string
		v *string
	}{{"name", &o.Name}, {"language", &o.Language}, {"checked_at", &o.CheckedAt}, {"lines", &lines}} {
		if *f.v, err = getString(m, f.k); err != nil {
			return badRequest("newsmap", err)
		}
	}
	res := newsmap.Generate(o, lines)
	reply := object{}
	reply.str("xml", res.XML)
	reply.integer("entries", res.Entries)
	reply.key("findings")
	reply.b = array(reply.b, len(res.Findings), func(b []byte, i int) []byte { return appendFinding(b, &res.Findings[i]) })
	return reply.done()
}

// appendFinding writes a report.Finding as json.Marshal does: args sorted
// by key (their values are strings and integers), empty members left out.
func appendFinding(b []byte, f *report.Finding) []byte {
	o := object{b: b}
	o.str("level", f.Level)
	o.str("code", f.Code)
	if len(f.Args) > 0 {
		keys := make([]string, 0, len(f.Args))
		for k := range f.Args {
			keys = append(keys, k)
		}
		for i := 1; i < len(keys); i++ { // insertion sort: a few keys, and no sort package in the module
			for j := i; j > 0 && keys[j] < keys[j-1]; j-- {
				keys[j], keys[j-1] = keys[j-1], keys[j]
			}
		}
		o.key("args")
		args := object{b: o.b}
		for _, k := range keys {
			switch v := f.Args[k].(type) {
			case int:
				args.integer(k, v)
			case string:
				args.str(k, v)
			default:
				args.str(k, fmt.Sprint(v))
			}
		}
		o.b = args.done()
	}
	o.str("text", f.Text)
	if s := f.Source; s != nil {
		o.key("source")
		src := object{b: o.b}
		if s.Request != 0 {
			src.integer("request", s.Request)
		}
		src.strOmit("url", s.URL)
		if s.Line != 0 {
			src.integer("line", s.Line)
		}
		src.strOmit("header", s.Header)
		o.b = src.done()
	}
	return o.done()
}
