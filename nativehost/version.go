package main

import (
	"fmt"
	"io"
)

func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: feedscout-host version")
		return exitUsage
	}
	fmt.Fprintf(stdout, "feedscout-host %s\n", version)
	return exitOK
}
