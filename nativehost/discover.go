package main

import (
	"context"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strconv"
	"sync"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/discover"
)

// runDiscover discovers each site concurrently (each paced on its own by
// the shared client) and prints each report as it completes: a readable
// block, or one JSON line with --json. Live progress goes to stderr when it
// is a terminal.
func runDiscover(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("discover", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines, one report per site")
	order := fs.String("order", report.OrderSmart, "discovery order: smart or article")
	allowPrivate := fs.Bool("allow-private", false, "allow requests to loopback and private addresses")
	sinceFlag := fs.String("since", "", "last look at the sites: an RFC 3339 time, or a duration such as 24h ago")
	if fs.Parse(args) != nil || fs.NArg() == 0 {
		fmt.Fprintln(stderr, "usage: feedscout-host discover [--json] [--order smart|article] [--since TIME|DURATION] [--allow-private] URL...")
		return exitUsage
	}
	since, err := parseSince(*sinceFlag, time.Now())
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host discover: %v\n", err)
		return exitUsage
	}
	if *order != report.OrderSmart && *order != report.OrderArticle {
		fmt.Fprintf(stderr, "feedscout-host discover: unknown order %q (smart or article)\n", *order)
		return exitUsage
	}
	for _, u := range fs.Args() {
		if !report.WebURL(u) {
			fmt.Fprintf(stderr, "feedscout-host discover: %q is not an absolute http(s) URL\n", u)
			return exitUsage
		}
	}
	client, err := newClient(*allowPrivate)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host discover: %v\n", err)
		return exitUsage
	}

	live := isTerminal(stderr)
	var mu sync.Mutex // one report or progress line at a time
	var wg sync.WaitGroup
	status := exitOK
	for _, site := range fs.Args() {
		wg.Add(1)
		go func() {
			defer wg.Done()
			o := discover.Options{Order: *order, Since: since}
			if live {
				host := hostOf(site)
				o.OnRow = func(r report.Row) {
					mu.Lock()
					fmt.Fprintf(stderr, "%-24s %-8s %-16v %s\n", host, r.Step, r.Status, r.URL)
					mu.Unlock()
				}
			}
			rep, err := discover.Run(context.Background(), client, site, o)
			mu.Lock()
			defer mu.Unlock()
			if err != nil {
				fmt.Fprintf(stderr, "feedscout-host discover: %v\n", err)
				status = exitFail
				return
			}
			if *asJSON {
				enc := json.NewEncoder(stdout)
				enc.SetEscapeHTML(false)
				enc.Encode(rep)
				return
			}
			printReport(stdout, rep)
		}()
	}
	wg.Wait()
	return status
}

// printReport writes the readable form of one report.
func printReport(w io.Writer, r *report.Report) {
	fmt.Fprintf(w, "%s  %s  (%d requests, %.1f s, order %s)\n", r.Site, r.Outcome, report.Requests(r.Requests), float64(r.ElapsedMS)/1000, r.Order)
	fmt.Fprintf(w, "  %s\n", r.Reason)
	for _, f := range r.Feeds {
		line := fmt.Sprintf("  feed     %-5s %-6s %s", f.Format, f.Via, f.URL)
		if f.Checked {
			line += fmt.Sprintf("  %q, %d items", f.Title, f.Items)
			if f.Newest != "" {
				line += ", newest " + f.Newest
			}
		} else if f.Preview != "" {
			line += "  (" + f.Preview + ")"
		}
		fmt.Fprintln(w, line)
		for _, h := range f.Headlines {
			fmt.Fprintf(w, "    %-20s %s\n", h.Date, h.Title)
		}
	}
	for _, s := range r.Sitemaps {
		fmt.Fprintf(w, "  sitemap  %-8s %s  %d URLs\n", s.Kind, s.URL, s.URLs)
		for _, d := range s.Departments {
			fmt.Fprintf(w, "    department %-14s %s\n", d.Name, d.URL)
		}
	}
	if n := len(r.Sections); n > 0 {
		const show = 10
		if r.Unchanged > 0 {
			fmt.Fprintf(w, "  sections %d (%d unchanged since the last look)\n", n, r.Unchanged)
		} else {
			fmt.Fprintf(w, "  sections %d\n", n)
		}
		for i, s := range r.Sections {
			if i == show {
				fmt.Fprintf(w, "    ... and %d more (--json lists all)\n", n-show)
				break
			}
			line := "    " + s.URL
			if s.Name != "" {
				line += "  " + strconv.Quote(s.Name)
			}
			if s.Lastmod != "" {
				line += "  " + s.Lastmod
			}
			fmt.Fprintln(w, line)
		}
	}
	fmt.Fprintln(w, "  requests:")
	for _, q := range r.Requests {
		fmt.Fprintf(w, "    %-8s %-16v %8d B %6d ms  %s\n", q.Step, q.Status, q.Bytes, q.MS, q.URL)
	}
	fmt.Fprintln(w)
}

func hostOf(s string) string {
	if u, err := url.Parse(s); err == nil {
		return u.Host
	}
	return s
}

// isTerminal reports whether w is a character device (a terminal).
func isTerminal(w io.Writer) bool {
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	fi, err := f.Stat()
	return err == nil && fi.Mode()&os.ModeCharDevice != 0
}

// parseSince reads --since: empty (no last look), an RFC 3339 time, or a
// duration counted back from now ("24h": a day ago).
func parseSince(s string, now time.Time) (time.Time, error) {
	if s == "" {
		return time.Time{}, nil
	}
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if d, err := time.ParseDuration(s); err == nil && d >= 0 {
		return now.Add(-d), nil
	}
	return time.Time{}, fmt.Errorf("--since %q: not an RFC 3339 time (2026-11-29T10:00:00Z) or a duration (24h)", s)
}
