// Package message is the native messaging wire format between the browser
// extension and feedscout-host: Chrome's framing (a uint32 length in native
// byte order, then that many bytes of UTF-8 JSON), the request and reply
// envelopes, and the limits that keep a hostile or broken peer from making
// the host allocate without bound or write a reply the browser would drop.
//
// The protocol is documented for extension authors in nativehost/PROTOCOL.md.
package message
