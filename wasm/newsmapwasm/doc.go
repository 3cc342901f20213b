// Command newsmapwasm is the news sitemap generator (package newsmap, the
// code behind `feedscout-host newsmap`) built as a WebAssembly module,
// newsmap.wasm, for the extension's generator page
// (extension/generator/), the only page that loads it. It is its own
// module so that the popup's classify.wasm does not carry the generator.
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
// feedscout/wasm/internal/abi), with one call:
//
//	newsmap(ptr i32, len i32) -> i64
//
//	newsmap  {"name": "...", "language": "ru", "checked_at": "" or "2026-10-30T12:00:00+03:00", "lines": "URL | date | title\n..."}
//	         -> {"xml": "<?xml ..." or "" when refused, "entries": 2, "findings": [report.Finding...]}
//
// The answer is byte for byte json.Marshal of newsmap.Generate's Result.
// Any failure answers {"error": "sentence"}; a call never traps on bad
// input.
package main
