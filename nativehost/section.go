package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"

	"feedscout/common/report"
	"feedscout/nativehost/internal/section"
)

// runSection follows one section page and prints its articles.
func runSection(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("section", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print one JSON object")
	allowPrivate := fs.Bool("allow-private", false, "allow requests to loopback and private addresses")
	if fs.Parse(args) != nil || fs.NArg() != 1 {
		fmt.Fprintln(stderr, "usage: feedscout-host section [--json] [--allow-private] URL")
		return exitUsage
	}
	client, err := newClient(*allowPrivate)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host section: %v\n", err)
		return exitUsage
	}
	if !report.WebURL(fs.Arg(0)) {
		fmt.Fprintf(stderr, "feedscout-host section: %q is not an absolute http(s) URL\n", fs.Arg(0))
		return exitUsage
	}
	res, err := section.Follow(context.Background(), client, fs.Arg(0), nil)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host section: %s\n", section.Why(err).Sentence())
		return exitFail
	}
	if *asJSON {
		enc := json.NewEncoder(stdout)
		enc.SetEscapeHTML(false)
		enc.Encode(res)
		return exitOK
	}
	fmt.Fprintf(stdout, "%s: %d articles (%d requests)\n", res.URL, len(res.Articles), report.Requests(res.Requests))
	for _, a := range res.Articles {
		fmt.Fprintf(stdout, "  %s\n    %s\n", a.URL, a.Title)
	}
	return exitOK
}
