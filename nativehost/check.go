package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"strings"
	"sync"

	"feedscout/common/report"
	"feedscout/nativehost/internal/check"
	"feedscout/nativehost/internal/fetch"
)

// runCheck checks each URL (a news sitemap through the four questions, a
// feed through its rules; docs/checking.md) concurrently and prints the
// results in the order given: readable, or one JSON line each with
// --json. Exit status 1 when any result has an error finding.
func runCheck(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("check", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines, one result per URL")
	allowPrivate := fs.Bool("allow-private", false, "allow requests to loopback and private addresses")
	if fs.Parse(args) != nil || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: feedscout-host check [--json] [--allow-private] URL...")
		return exitUsage
	}
	for _, u := range fs.Args() {
		if !report.WebURL(u) {
			fmt.Fprintf(stderr, "feedscout-host check: %q is not an absolute http(s) URL\n", u)
			return exitUsage
		}
	}
	client, err := newCheckClient(*allowPrivate)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host check: %v\n", err)
		return exitUsage
	}
	results := make([]*check.Result, fs.NArg())
	errs := make([]error, fs.NArg())
	var wg sync.WaitGroup
	for i, u := range fs.Args() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			results[i], errs[i] = check.Run(context.Background(), client, u, check.Options{MaxBody: check.ByteLimit})
		}()
	}
	wg.Wait()
	status := exitOK
	for i, res := range results {
		if errs[i] != nil {
			fmt.Fprintf(stderr, "feedscout-host check: %v\n", errs[i])
			status = exitFail
			continue
		}
		if res.Errors > 0 {
			status = exitFail
		}
		if *asJSON {
			enc := json.NewEncoder(stdout)
			enc.SetEscapeHTML(false)
			if err := enc.Encode(res); err != nil {
				fmt.Fprintf(stderr, "feedscout-host check: write: %v\n", err)
				return exitFail
			}
			continue
		}
		printCheck(stdout, res)
	}
	return status
}

// newCheckClient is the polite client of a check: the process's usual
// options (the shared state folder, so pacing holds across every feedscout
// process and client; FEEDSCOUT_PAUSE), with the body cap raised to the
// sitemap protocol's 50 MB, so that a sitemap within the protocol's limit
// is read whole and one beyond it is named.
func newCheckClient(allowPrivate bool) (*fetch.Client, error) {
	return newClientWith(fetch.Options{AllowPrivate: allowPrivate, MaxBody: check.ByteLimit})
}

// printCheck writes the readable form of one result.
func printCheck(w io.Writer, r *check.Result) {
	kind := string(r.Kind)
	if r.Format != "" {
		kind += " (" + r.Format + ")"
	}
	reqs := fmt.Sprintf("%d requests", report.Requests(r.Requests))
	if r.Conditional > 0 {
		reqs += ", 1 conditional"
	}
	fmt.Fprintf(w, "%s  %s: %s, %s, %s (%s)\n", r.URL, kind, count(r.Errors, "error"), count(r.Warnings, "warning"), count(r.Notes, "note"), reqs)
	for _, a := range r.Answers {
		v := a.Verdict
		if a.Why != "" {
			v += " (" + a.Why + ")"
		}
		fmt.Fprintf(w, "  %d. %-34s %s\n", a.Question, a.Text, v)
	}
	for _, f := range r.Findings {
		fmt.Fprintf(w, "  %-8s %s%s\n", f.Level, f.Text, sourceText(f.Source))
	}
	fmt.Fprintln(w, "  requests:")
	for i, q := range r.Requests {
		note := q.Note
		if i+1 == r.Conditional {
			note = strings.TrimSpace("conditional request " + note)
		}
		if note != "" {
			note = "  (" + note + ")"
		}
		fmt.Fprintf(w, "    %d. %-8s %-16v %8d B %6d ms  %s%s\n", i+1, q.Step, q.Status, q.Bytes, q.MS, q.URL, note)
	}
	fmt.Fprintln(w)
}

// sourceText is a finding's source in brackets: the request and header;
// the line is already in the sentence.
func sourceText(s *report.Source) string {
	if s == nil || s.Request == 0 {
		return ""
	}
	out := fmt.Sprintf("  [request %d", s.Request)
	if s.Header != "" {
		out += ", " + s.Header
	}
	return out + "]"
}

func count(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return fmt.Sprintf("%d %ss", n, word)
}
