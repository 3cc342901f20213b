// Package classify turns one HTML page into what feedscout needs from it:
// advertised feeds, feed-like anchors, sections and articles. It reads the
// page with common/internal/htmltok (a copy of x/net/html's tokenizer that
// reads in place) and judges links by the URL shape rules of common/shape. It
// is pure Go (no network, no OS, no syscall/js) so the same code runs
// natively in the host and as WebAssembly in the popup.
package classify
