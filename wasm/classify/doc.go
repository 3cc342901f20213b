// Package classify turns one HTML page into what feedscout needs from it:
// advertised feeds, feed-like anchors, sections and articles, plus the URL
// shape rules every other part of feedscout uses. It is pure Go (no network,
// no OS, no syscall/js) so the same code runs natively in the host and as
// WebAssembly in the popup.
package classify
