//go:build wasip1

package main

import "feedscout/wasm/internal/abi"

// The exports of newsmap.wasm besides alloc and free, which package abi
// exports for both modules (doc.go).

//go:wasmexport newsmap
func newsmapExport(ptr, size uint32) uint64 { return abi.Call("newsmap", ptr, size, newsmapCall) }

//go:wasmexport opml_import
func opmlImportExport(ptr, size uint32) uint64 {
	return abi.Call("opml_import", ptr, size, opmlImportCall)
}
