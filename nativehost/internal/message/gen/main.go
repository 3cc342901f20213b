// Command gen writes the extension's copy of the protocol's constants
// (extension/lib/protocol_gen.js) from package message, so that the
// extension restates none of them: go generate ./nativehost/internal/message.
package main

import (
	"fmt"
	"os"
	"strings"

	"feedscout/nativehost/internal/message"
)

func main() {
	if len(os.Args) != 2 {
		fmt.Fprintln(os.Stderr, "usage: go run ./gen FILE.js")
		os.Exit(2)
	}
	if err := os.WriteFile(os.Args[1], render(), 0o644); err != nil {
		fmt.Fprintf(os.Stderr, "gen: %v\n", err)
		os.Exit(1)
	}
}

// render is the generated ES module: plain constants, importable by the
// worker as it is and by the popup's bundle.
func render() []byte {
	blocks := []string{
		`// protocol_gen.js: the native messaging protocol's constants, written by
// go generate ./nativehost/internal/message from package message (the
// host's side of nativehost/PROTOCOL.md). Do not edit: a Go test fails
// when this file is not what the generator writes.
`,
		words("REQUEST", "the request types the host answers", message.RequestTypes),
		words("REPLY", "the types of the host's replies", message.ReplyTypes),
		words("HOST_CODES", "the error codes of the host's error replies", message.Codes),
		limit("MAX_REQUEST", "the largest message the host accepts, in bytes of UTF-8 JSON (message.MaxRequest)", message.MaxRequest),
		limit("MAX_SPENT", "the largest spent count of a discover request (message.MaxSpent)", message.MaxSpent),
	}
	return []byte(strings.Join(blocks, "\n"))
}

// words is a frozen object from each word's camelCase name to the word
// ("bad-json" is badJson).
func words(name, doc string, list []string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "/** %s names %s. */\nexport const %s = Object.freeze({\n", name, doc, name)
	for _, w := range list {
		fmt.Fprintf(&b, "  %s: %q,\n", camel(w), w)
	}
	b.WriteString("});\n")
	return b.String()
}

// limit is one numeric constant.
func limit(name, doc string, n int) string {
	return fmt.Sprintf("/** %s is %s. */\nexport const %s = %d;\n", name, doc, name, n)
}

// camel is a hyphenated word in camelCase.
func camel(w string) string {
	parts := strings.Split(w, "-")
	for i := 1; i < len(parts); i++ {
		if parts[i] != "" {
			parts[i] = strings.ToUpper(parts[i][:1]) + parts[i][1:]
		}
	}
	return strings.Join(parts, "")
}
