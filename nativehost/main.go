// Command feedscout-host is feedscout's companion program: a CLI for people
// and the native messaging host for the browser extension.
package main

import (
	"fmt"
	"io"
	"os"
)

// version is set at build time (build.sh: -ldflags -X main.version).
var version = "dev"

func main() { os.Exit(doMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func doMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) == 1 && args[0] == "version" {
		fmt.Fprintf(stdout, "feedscout-host %s\n", version)
		return 0
	}
	fmt.Fprintln(stderr, "usage: feedscout-host version")
	return 2
}
