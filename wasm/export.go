//go:build wasip1

package main

import (
	"errors"
	"unsafe"
)

// buffers holds every buffer the host may read or write, by address, so
// the collector keeps it until free (Go's collector does not move objects,
// so the address stays valid).
var buffers = map[uint32][]byte{}

// keep registers b and returns its address.
func keep(b []byte) uint32 {
	if len(b) == 0 {
		b = make([]byte, 1)[:0]
	}
	p := uint32(uintptr(unsafe.Pointer(unsafe.SliceData(b))))
	buffers[p] = b[:len(b):len(b)]
	return p
}

//go:wasmexport alloc
func alloc(size uint32) uint32 {
	b := make([]byte, size, max(size, 1))
	return keep(b)
}

//go:wasmexport free
func free(ptr uint32) { delete(buffers, ptr) }

// call runs one JSON call on the request at ptr and returns the result's
// address and length packed as ptr<<32 | len. A panic in fn becomes an
// error reply: the module must stay usable.
func call(name string, ptr, size uint32, fn func([]byte) []byte) (packed uint64) {
	defer func() {
		if r := recover(); r != nil {
			out := errorReply(errors.New(name + ": internal error: " + panicText(r)))
			packed = uint64(keep(out))<<32 | uint64(len(out))
		}
	}()
	var out []byte
	in, ok := buffers[ptr]
	switch {
	case !ok:
		out = errorReply(errors.New(name + ": request pointer was not returned by alloc"))
	case int(size) > len(in):
		out = errorReply(errors.New(name + ": request length exceeds its buffer"))
	default:
		out = fn(in[:size])
	}
	return uint64(keep(out))<<32 | uint64(len(out))
}

func panicText(r any) string {
	switch v := r.(type) {
	case error:
		return v.Error()
	case string:
		return v
	}
	return "panic"
}

//go:wasmexport classify_html
func classifyHTMLExport(urlPtr, urlLen, htmlPtr, htmlLen, lists uint32) (packed uint64) {
	defer func() {
		if r := recover(); r != nil {
			out := errorReply(errors.New("classify_html: internal error: " + panicText(r)))
			packed = uint64(keep(out))<<32 | uint64(len(out))
		}
	}()
	var out []byte
	u, uok := buffers[urlPtr]
	h, hok := buffers[htmlPtr]
	switch {
	case !uok || !hok:
		out = errorReply(errors.New("classify_html: a pointer was not returned by alloc"))
	case int(urlLen) > len(u) || int(htmlLen) > len(h):
		out = errorReply(errors.New("classify_html: a length exceeds its buffer"))
	default:
		out = classifyHTMLCall(string(u[:urlLen]), h[:htmlLen], lists != 0)
	}
	return uint64(keep(out))<<32 | uint64(len(out))
}

//go:wasmexport shape
func shapeExport(ptr, size uint32) uint64 { return call("shape", ptr, size, shapeCall) }

//go:wasmexport opml_export
func opmlExportExport(ptr, size uint32) uint64 {
	return call("opml_export", ptr, size, opmlExportCall)
}

//go:wasmexport opml_import
func opmlImportExport(ptr, size uint32) uint64 {
	return call("opml_import", ptr, size, opmlImportCall)
}

//go:wasmexport newsmap
func newsmapExport(ptr, size uint32) uint64 { return call("newsmap", ptr, size, newsmapCall) }
