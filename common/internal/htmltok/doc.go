// Package htmltok is a fenced copy of the tokenizer of golang.org/x/net/html
// at XNetVersion (token.go; BSD licence in LICENSE here), changed to read a
// page in place: a Tokenizer over a byte slice it never modifies, and Attrs
// that hand out attributes as slices of it. It gives the tokens, raw bytes,
// text and attributes x/net/html gives: the tests hold it to the library,
// and run x/net/html's own tokenizer cases and the html5lib tokenizer tests
// it ships against it. When go.mod moves x/net, TestXNetVersion fails until
// the copy is brought up to that version, and XNetVersion with it.
package htmltok

// XNetVersion is the golang.org/x/net release the tokenizer was copied
// from.
const XNetVersion = "v0.62.0"
