// Package htmltok is a fenced copy of the tokenizer of golang.org/x/net/html
// at XNetVersion, changed to read a page in place: a Tokenizer over a byte
// slice, and Attrs that hand out attributes as slices of it. It gives the
// tokens, raw bytes, text and attributes x/net/html gives (tests hold it to
// the library at the version go.mod requires, and run x/net/html's own
// tokenizer test inputs against it); it was changed only where reading in
// place asks for it. When go.mod moves x/net, TestXNetVersion fails until
// the copy is brought up to that version and XNetVersion with it.
package htmltok

// XNetVersion is the golang.org/x/net release the tokenizer was copied
// from (html/token.go).
const XNetVersion = "v0.62.0"
