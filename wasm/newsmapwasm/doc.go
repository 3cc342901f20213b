// Command newsmapwasm is the news sitemap generator (package newsmap, the
// code behind `feedscout-host newsmap`) and the OPML reader (package
// opmlimport) built as a WebAssembly module, newsmap.wasm, for the
// extension's generator page (extension/generator/), which loads it when
// it opens, and for the popup's Import OPML, which loads it on the first
// import (extension/popup/subs.js, lib/classifier.js's opmlImporter). It
// is its own module so that the popup's classify.wasm carries neither the
// generator nor encoding/xml's decoder, off the popup's timed path.
//
// # Build
//
//	GOOS=wasip1 GOARCH=wasm go build -buildmode=c-shared -ldflags="-s -w" -o newsmap.wasm ./wasm/newsmapwasm
//
// (build.sh). Like classify.wasm it is a WASI preview1 reactor: the host
// calls _initialize once, then the calls; extension/lib/wasi.js provides
// its imports in the browser.
//
// # ABI
//
// The ABI of classify.wasm (wasm/doc.go: alloc, free, a request in alloc'd
// memory, the answer packed as result_ptr<<32 | result_len, every buffer
// freed by the host, no overlapping calls), from the same code (package
// feedscout/wasm/internal/abi), requests as fields (a length, a colon, the
// bytes), with two calls:
//
//	newsmap(ptr i32, len i32) -> i64
//	opml_import(ptr i32, len i32) -> i64
//
//	newsmap      fields: name, language ("ru"), checked_at ("" or
//	             "2026-10-30T12:00:00+03:00"), lines ("URL | date | title\n...")
//	             -> {"xml": "<?xml ..." or "" when refused, "entries": 2, "findings": [report.Finding...]}
//	             byte for byte json.Marshal of newsmap.Generate's Result
//	opml_import  fields: the document (at most opmlimport.MaxSize bytes;
//	             its declared charset is not applied: the popup sends text
//	             the browser decoded)
//	             -> {"subscriptions": [opml.Subscription...]}
//	             byte for byte json.Marshal of opmlimport.Read's answer
//
// opml_import moved here from classify.wasm, name, request and answer
// unchanged.
//
// Any failure answers {"error": "sentence"}; a call never traps on bad
// input.
package main
