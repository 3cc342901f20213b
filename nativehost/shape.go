package main

import (
	"bufio"
	"encoding/json"
	"flag"
	"fmt"
	"io"
	"net/url"
	"strings"
	"text/tabwriter"

	"feedscout/wasm/shape"
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
	if fs.Parse(args) != nil {
		return exitUsage
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
			v = shape.InPage([]shape.Link{{Path: shape.Input(u), Text: *text}})[0]
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
