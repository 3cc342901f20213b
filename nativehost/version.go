package main

import (
	"fmt"
	"io"
	"os"
	"path/filepath"
)

func runVersion(args []string, stdout, stderr io.Writer) int {
	if len(args) != 0 {
		fmt.Fprintln(stderr, "usage: feedscout-host version")
		return exitUsage
	}
	fmt.Fprintf(stdout, "feedscout-host %s\n", version)
	return exitOK
}

// hostPath is the absolute path of this program with symbolic links
// resolved: what a reader runs to follow a source (the newsboat flavour's
// exec: lines) and what the version reply tells the extension.
func hostPath() (string, error) {
	p, err := os.Executable()
	if err != nil {
		return "", fmt.Errorf("find the host's own path: %w", err)
	}
	if r, err := filepath.EvalSymlinks(p); err == nil {
		p = r
	}
	p, err = filepath.Abs(p)
	if err != nil {
		return "", fmt.Errorf("find the host's own path: %w", err)
	}
	return p, nil
}
