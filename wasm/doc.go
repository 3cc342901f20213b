// Command wasm is the page classifier built as a WebAssembly module,
// classify.wasm, for the extension's popup: an adapter that reads a
// request, calls package classify, shape or opml, and writes the JSON
// answer. It holds no rule of its own. The news sitemap generator and the
// popup's Import OPML (opml_import) are a module of their own,
// newsmap.wasm (wasm/newsmapwasm), which the generator page loads when it
// opens and the popup only when the user imports a file; both share this
// ABI through package feedscout/wasm/internal/abi.
//
// # Build
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -ldflags="-s -w" -o classify.wasm ./wasm
//
// (build.sh; -s -w drops the name section, 66 KB. build.sh also writes
// classify.wasm.gz, which the popup fetches.)
//
// The result is a WASI preview1 reactor: it imports only
// wasi_snapshot_preview1 functions (extension/lib/wasi.js provides them in
// the browser) and exports _initialize, which the host must call once,
// before anything else. main never runs.
//
// # ABI
//
// Every call passes its request in and gets JSON back through the module's
// linear memory ("memory" export), UTF-8, no terminator. classify_html
// reads the page URL and HTML as they are; the other calls read a list of
// strings, each written as its length in bytes (decimal), a colon and its
// bytes: "5:title0:" is "title" and "" (encodeFields in
// extension/lib/classifier.js writes it, abi.Fields reads it). Requests are
// not JSON because a JSON reader would cost the module 24 KB for requests
// that are only ever strings; answers are JSON, written without
// encoding/json (package abi's writer), byte for byte what json.Marshal
// gives:
//
//	alloc(size i32) -> ptr i32    reserve size bytes; the host writes the request there
//	free(ptr i32)                 release a buffer from alloc or a result
//	classify_html(url_ptr i32, url_len i32, html_ptr i32, html_len i32, lists i32) -> i64
//	shape(ptr i32, len i32) -> i64
//	opml_export(ptr i32, len i32) -> i64
//	opml_ways(ptr i32, len i32) -> i64
//
// ptr must come from alloc and len be at most its size. A call returns
// result_ptr<<32 | result_len; the result stays valid until the host frees
// it, and the request buffer until the host frees that. Both must be freed:
// the module keeps every buffer alive (reachable for Go's collector) until
// free. A call may grow the memory, so views of it taken before the call are
// stale after it. Calls must not overlap (one thread, no re-entry).
//
// Requests and answers:
//
//	classify_html  the page URL and its HTML, two alloc'd buffers of plain
//	             UTF-8 (what TextEncoder.encodeInto writes), read in place
//	             -> classify.Page as JSON
//	             The HTML is text the browser already decoded, so it is read
//	             as UTF-8 whatever charset a <meta> names
//	             (classify.TextContentType); invalid UTF-8 becomes U+FFFD.
//	             The module carries no charset tables: raw bytes in other
//	             charsets are the host's job. With lists 0 the answer leaves
//	             out "sections" and "articles". The popup uses it: a 1 MB
//	             page then costs no JSON.stringify, no escaping and no copy
//	             in the module.
//	shape        fields: the URLs ("https://.../a/b", "/path"), one each
//	             -> [{"url": "...", "shape": "article|section|other", "rule": "..."}]
//	             A URL that does not parse is "other" by rule "invalid-url".
//	             Only BenchmarkClassifyVsDOMParser uses it (its DOMParser
//	             baseline judges the links it finds by the same Go rules).
//	opml_export  fields: title, reader ("any" or "", "newsboat", "freshrss",
//	             "rss-bridge"), gateway, host, bridge, then kind, url,
//	             title, site, format, added, sig for each opml.Subscription
//	             (sig: the signature of its gateway URL for Atom, or "")
//	             -> {"opml": "<?xml ..."} (opml.WriteFor)
//	opml_ways    opml_export's fields (title unused)
//	             -> {"ways": ["direct"|"gateway"|"exec"|"xpath"|"bridge", ...],
//	                 "urls": ["...", ...]}
//	             (opml.Ways and opml.Addresses: how the reader follows each
//	             subscription and the address it subscribes to; "urls" is
//	             left out when the flavour cannot say them, newsboat
//	             without the host)
//
// opml_import, which reads the document opml_export writes (and any
// reader's), is newsmap.wasm's call (wasm/newsmapwasm/doc.go): reading
// XML needs encoding/xml's decoder, which cost this module 137 KB that
// the popup's timed path does not use. classify.wasm links no encoding/xml at all
// (package opml escapes by itself; GOOS=wasip1 GOARCH=wasm go list -deps
// ./wasm names none).
//
// Any failure (a malformed request, a bad page URL, a pointer not from
// alloc) answers {"error": "sentence"} instead; a call never traps on bad
// input.
package main
