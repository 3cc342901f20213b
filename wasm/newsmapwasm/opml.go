package main

import (
	"strconv"

	"feedscout/common/jsonw"
	"feedscout/common/opml"
	"feedscout/wasm/internal/abi"
	"feedscout/wasm/opmlimport"
)

// opmlImportCall is the popup's Import OPML (opml_import): the document,
// one field -> {"subscriptions": [opml.Subscription...]} (opmlimport.Parse,
// Read of a document in memory). It is here, not in classify.wasm, because
// reading OPML links encoding/xml's decoder, which the popup's classifier
// has no room for; the popup loads this module only when the user imports
// a file.
func opmlImportCall(in []byte) []byte {
	f, err := abi.Fields(in, "opml_import")
	if err != nil {
		return abi.ErrorReply(err)
	}
	if len(f) != 1 {
		return abi.BadRequest("opml_import", strconv.Itoa(len(f))+" fields, want 1")
	}
	subs, err := opmlimport.Parse([]byte(f[0]))
	if err != nil {
		return abi.ErrorReply(err)
	}
	o := jsonw.Object{}
	o.Key("subscriptions")
	o.B = appendSubs(o.B, subs)
	return o.Done()
}

// appendSubs writes a []opml.Subscription as json.Marshal does; nil as
// null.
func appendSubs(b []byte, subs []opml.Subscription) []byte {
	if subs == nil {
		return append(b, "null"...)
	}
	return jsonw.Array(b, len(subs), func(b []byte, i int) []byte {
		s := &subs[i]
		o := jsonw.Object{B: b}
		o.Str("kind", string(s.Kind))
		o.Str("url", s.URL)
		o.Str("title", s.Title)
		o.Str("site", s.Site)
		o.StrOmit("format", s.Format)
		o.StrOmit("added", s.Added)
		return o.Done()
	})
}
