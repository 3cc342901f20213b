// Package abi is what the WebAssembly modules under wasm/ (classify.wasm,
// built from package feedscout/wasm, and newsmap.wasm, from
// feedscout/wasm/newsmapwasm) share of their ABI (wasm/doc.go): the
// exported alloc and free, the buffers they keep, a call's packed result
// and its panic guard (abi.go, wasip1 only), the reader of requests
// (request.go: a list of strings) and the error answer. One copy of each,
// for both. The answers' JSON is written with feedscout/common/jsonw,
// which the host links too (classify's answer), so that it stays out of
// this package.
package abi
