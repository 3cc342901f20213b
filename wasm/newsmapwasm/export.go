//go:build wasip1

package main

import "feedscout/wasm/internal/abi"

// newsmap is the module's one call; alloc and free come from package abi.
//
//go:wasmexport newsmap
func newsmapExport(ptr, size uint32) uint64 { return abi.Call("newsmap", ptr, size, newsmapCall) }
