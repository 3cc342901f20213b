package main

import (
	"flag"
	"fmt"
	"io"

	"feedscout/common/opml"
	"feedscout/common/report"
	"feedscout/nativehost/internal/follow"
	"feedscout/nativehost/internal/gateway"
)

// runSign prints, for each source, its gateway URL signed with the key of
// the state folder (made on first use): what a reader on any machine
// subscribes to on a public gateway.
func runSign(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("sign", flag.ContinueOnError)
	fs.SetOutput(stderr)
	state := fs.String("state", "", "state folder holding the gateway's key (default $XDG_STATE_HOME/feedscout or ~/.local/state/feedscout)")
	base := fs.String("gateway", opml.DefaultGateway, "the gateway's base URL as readers use it (serve --public BASE)")
	format := fs.String("format", follow.FormatAtom, "the feed's format: atom or json")
	const use = "usage: feedscout-host sign [--state DIR] [--gateway BASE] [--format atom|json] SOURCE..."
	if fs.Parse(args) != nil || fs.NArg() == 0 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	if *format != follow.FormatAtom && *format != follow.FormatJSON {
		fmt.Fprintf(stderr, "feedscout-host sign: unknown format %q (atom or json)\n%s\n", *format, use)
		return exitUsage
	}
	u, err := gateway.CheckBase(*base)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host sign: --gateway: %v\n", err)
		return exitUsage
	}
	for _, src := range fs.Args() {
		if !report.WebURL(src) {
			fmt.Fprintf(stderr, "feedscout-host sign: %q is not an http(s) address\n", src)
			return exitUsage
		}
	}
	dir, err := stateDir(*state)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host sign: %v\n", err)
		return exitFail
	}
	k, err := gateway.LoadKey(dir, true)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host sign: %v\n", err)
		return exitFail
	}
	for _, src := range fs.Args() {
		fmt.Fprintln(stdout, k.SignedURL(u.String(), src, *format))
	}
	return exitOK
}
