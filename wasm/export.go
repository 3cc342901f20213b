//go:build wasip1

package main

import (
	"errors"

	"feedscout/wasm/internal/abi"
)

// The exports of classify.wasm besides alloc and free, which package abi
// exports for both modules (doc.go).

//go:wasmexport classify_html
func classifyHTMLExport(urlPtr, urlLen, htmlPtr, htmlLen, lists uint32) (packed uint64) {
	defer abi.Recover("classify_html", &packed)
	var out []byte
	u, uok := abi.Buffer(urlPtr)
	h, hok := abi.Buffer(htmlPtr)
	switch {
	case !uok || !hok:
		out = abi.ErrorReply(errors.New("classify_html: a pointer was not returned by alloc"))
	case int(urlLen) > len(u) || int(htmlLen) > len(h):
		out = abi.ErrorReply(errors.New("classify_html: a length exceeds its buffer"))
	default:
		out = classifyHTMLCall(string(u[:urlLen]), h[:htmlLen], lists != 0)
	}
	return abi.Result(out)
}

//go:wasmexport shape
func shapeExport(ptr, size uint32) uint64 { return abi.Call("shape", ptr, size, shapeCall) }

//go:wasmexport opml_export
func opmlExportExport(ptr, size uint32) uint64 {
	return abi.Call("opml_export", ptr, size, opmlExportCall)
}

//go:wasmexport opml_ways
func opmlWaysExport(ptr, size uint32) uint64 {
	return abi.Call("opml_ways", ptr, size, opmlWaysCall)
}
