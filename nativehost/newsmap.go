package main

import (
	"flag"
	"fmt"
	"io"

	"feedscout/common/newsmap"
)

// maxNewsmapInput bounds what newsmap reads from stdin: 1,000 lines of
// long URLs and titles fit many times over.
const maxNewsmapInput = 8 << 20

// runNewsmap writes a news sitemap from `URL | date | title` lines on
// stdin (common/newsmap: the same code as the extension's generator page).
// The sitemap goes to stdout, warnings and refusals to stderr, one a line;
// exit status 1 when the input is refused.
func runNewsmap(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("newsmap", flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("name", "", "the publication's name (news:name)")
	lang := fs.String("lang", "", "its language code (news:language): en, ru, zh-cn")
	checkedAt := fs.String("checked-at", "", "the moment of checking, with time and zone (2026-10-30T12:00:00+03:00): warn for entries older than 48 hours")
	const use = "usage: feedscout-host newsmap --name NAME --lang CODE [--checked-at TIME] < LINES   (one URL | date | title a line)"
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	in, err := io.ReadAll(io.LimitReader(stdin, maxNewsmapInput+1))
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host newsmap: read the lines: %v\n", err)
		return exitFail
	}
	if len(in) > maxNewsmapInput {
		fmt.Fprintf(stderr, "feedscout-host newsmap: the input is larger than %d MiB; a news sitemap holds at most %d lines.\n", maxNewsmapInput>>20, newsmap.MaxEntries)
		return exitFail
	}
	res := newsmap.Generate(newsmap.Options{Name: *name, Language: *lang, CheckedAt: *checkedAt}, string(in))
	for _, f := range res.Findings {
		fmt.Fprintf(stderr, "feedscout-host newsmap: %s: %s\n", f.Level, f.Text)
	}
	if res.Refused() {
		fmt.Fprintln(stderr, "feedscout-host newsmap: nothing written: fix the lines above and run it again.")
		return exitFail
	}
	if _, err := io.WriteString(stdout, res.XML); err != nil {
		fmt.Fprintf(stderr, "feedscout-host newsmap: write: %v\n", err)
		return exitFail
	}
	return exitOK
}
