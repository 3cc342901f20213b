package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"os"
	"strings"
	"text/tabwriter"

	"feedscout/common/classify"
	"feedscout/common/report"
	"feedscout/common/shape"
)

// shapeLine is one line of `shape --json`.
type shapeLine struct {
	URL   string      `json:"url"`
	Shape shape.Shape `json:"shape"`
	Rule  string      `json:"rule"`
}

// runShape prints the shape of each URL (arguments, or one per line on
// stdin) and the rule that decided it. With -text, each URL is judged as a
// page's link with that anchor text (shape.InPage, as the page classifier
// does), so a service text shows its rule (service-text). An input that is
// not a URL is reported on stderr and makes the exit status 1; the rest are
// judged.
func runShape(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("shape", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print JSON Lines")
	text := fs.String("text", "", "judge each URL as a page's link with this anchor text")
	page := fs.String("page", "", "judge every same-host link of this saved HTML page (a file, - for stdin) fetched from the one URL given")
	if fs.Parse(args) != nil {
		return exitUsage
	}
	if *page != "" {
		return runShapePage(*page, fs.Args(), *asJSON, stdin, stdout, stderr)
	}
	inputs := fs.Args()
	if len(inputs) == 0 {
		sc := bufio.NewScanner(stdin)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		for sc.Scan() {
			if s := strings.TrimSpace(sc.Text()); s != "" {
				inputs = append(inputs, s)
			}
		}
		if err := sc.Err(); err != nil {
			fmt.Fprintf(stderr, "feedscout-host shape: read stdin: %v\n", err)
			return exitFail
		}
	}
	status := exitOK
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, in := range inputs {
		u, err := url.Parse(in)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host shape: %q is not a URL: %v\n", in, err)
			status = exitFail
			continue
		}
		v := shape.URL(u)
		if *text != "" {
			v = shape.OnHost(u.Hostname(), shape.InPage([]shape.Link{{Path: shape.Input(u), Text: *text}})[0])
		}
		if *asJSON {
			enc.Encode(shapeLine{URL: in, Shape: v.Shape, Rule: v.Rule})
		} else {
			fmt.Fprintf(tw, "%s\t%s\t%s\n", v.Shape, v.Rule, in)
		}
	}
	tw.Flush()
	return status
}

// pageLine is one line of `shape --page --json`: a link of the page as the
// page classifier judged it.
type pageLine struct {
	URL   string      `json:"url"`
	Shape shape.Shape `json:"shape"`
	Rule  string      `json:"rule"`
	Place string      `json:"place"`
	Tag   bool        `json:"rel_tag,omitempty"`
	Text  string      `json:"text,omitempty"`
}

// runShapePage judges every same-host link of a saved page, read from file
// (- for stdin) as fetched from the one URL in args, as the popup's and
// the host's page classifier do (classify.Links: place, text, rel=tag and
// the page's other links count), and prints each with its shape, rule and
// place: why a link is offered as a section, or not. Nothing is fetched.
func runShapePage(file string, args []string, asJSON bool, stdin io.Reader, stdout, stderr io.Writer) int {
	if len(args) != 1 || !report.WebURL(args[0]) {
		fmt.Fprintln(stderr, "usage: feedscout-host shape --page FILE|- [--json] URL   (URL: where the page was fetched from)")
		return exitUsage
	}
	var body []byte
	var err error
	if file == "-" {
		body, err = io.ReadAll(io.LimitReader(stdin, classify.MaxBody+1))
	} else {
		var f *os.File
		if f, err = os.Open(file); err == nil {
			body, err = io.ReadAll(io.LimitReader(f, classify.MaxBody+1))
			f.Close()
		}
	}
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host shape: read the page: %v\n", err)
		return exitFail
	}
	links, err := classify.Links(args[0], body, "")
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host shape: %v\n", err)
		return exitUsage
	}
	tw := tabwriter.NewWriter(stdout, 0, 8, 2, ' ', 0)
	enc := json.NewEncoder(stdout)
	enc.SetEscapeHTML(false)
	for _, l := range links {
		if asJSON {
			enc.Encode(pageLine{URL: l.URL, Shape: l.Verdict.Shape, Rule: l.Verdict.Rule, Place: l.Place, Tag: l.Tag, Text: l.Text})
			continue
		}
		text := l.Text
		if r := []rune(text); len(r) > 60 {
			text = string(r[:59]) + "…"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\n", l.Verdict.Shape, l.Verdict.Rule, l.Place, l.URL, text)
	}
	tw.Flush()
	return exitOK
}
