//go:build wasip1

package opmlimport

import "io"

// charsetReader in the WebAssembly build ignores the declared encoding: the
// document arrives as text the browser has already decoded (a JS string
// sent as UTF-8), and the charset tables would push the module past its
// size budget.
func charsetReader(label string, input io.Reader) (io.Reader, error) { return input, nil }
