//go:build wasip1

package abi

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

// Buffer is the whole buffer at ptr; false when ptr was not returned by
// alloc or was freed.
func Buffer(ptr uint32) ([]byte, bool) {
	b, ok := buffers[ptr]
	return b, ok
}

// Result keeps out until the host frees it and returns its address and
// length packed as ptr<<32 | len, what every call returns.
func Result(out []byte) uint64 {
	return uint64(keep(out))<<32 | uint64(len(out))
}

// Recover, deferred by an exported function with its packed result
// named, turns a panic into an error answer: the module must stay usable.
func Recover(name string, packed *uint64) {
	if r := recover(); r != nil {
		*packed = Result(ErrorReply(errors.New(name + ": internal error: " + panicText(r))))
	}
}

// Call runs one JSON call on the request at ptr and returns the packed
// result; a panic in fn becomes an error answer.
func Call(name string, ptr, size uint32, fn func([]byte) []byte) (packed uint64) {
	defer Recover(name, &packed)
	var out []byte
	in, ok := Buffer(ptr)
	switch {
	case !ok:
		out = ErrorReply(errors.New(name + ": request pointer was not returned by alloc"))
	case int(size) > len(in):
		out = ErrorReply(errors.New(name + ": request length exceeds its buffer"))
	default:
		out = fn(in[:size])
	}
	return Result(out)
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
