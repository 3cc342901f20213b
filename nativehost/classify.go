package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"strconv"

	"feedscout/common/classify"
	"feedscout/common/report"
)

// classifyUsage is the command's usage line, printed with every usage
// error.
const classifyUsage = "usage: feedscout-host classify [--json] --page FILE|- URL   (URL: where the page was fetched from)"

// maxPageFile is the most of a saved page the command reads: more than
// classify.MaxBody, so that the text it decodes to still holds MaxBody
// bytes (UTF-16, the charset that shrinks most, halves it) and the page is
// cut, and marked truncated, where the popup's text would be, not where
// the file was.
const maxPageFile = 4 * classify.MaxBody

// runClassify prints what the popup's classifier (classify.wasm's
// classify_html) answers for a saved page fetched from URL: its feeds
// (advertised, then those the platform rules derive), feed-like anchors,
// sections with their names, articles and the page's kind. Nothing is
// fetched. With --json the answer is the module's JSON, byte for byte (with
// its lists), then a newline; without, a summary to read.
//
// The popup hands the module text the browser has decoded. The file is
// bytes, so it is decoded first as a browser that opened it would decode
// it, the way `shape --page` reads a page (classify.DecodePage: a BOM or a
// <meta> charset in the first 1024 bytes, else UTF-8 when the bytes are
// valid UTF-8, else windows-1252); then it goes through the same code as
// the module's call (classify.ClassifyText: invalid UTF-8 replaced, read as
// UTF-8; Page.AppendJSON). A UTF-8 file gives exactly the module's answer
// for its bytes.
func runClassify(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("classify", flag.ContinueOnError)
	fs.SetOutput(stderr)
	asJSON := fs.Bool("json", false, "print the JSON classify.wasm answers for the page (classify_html, with its lists)")
	page := fs.String("page", "", "the saved HTML page: a file, - for stdin")
	fs.Usage = func() {
		fmt.Fprintln(stderr, classifyUsage)
		fs.PrintDefaults()
	}
	if fs.Parse(args) != nil {
		return exitUsage
	}
	var problem string
	switch {
	case *page == "":
		problem = "classify needs the saved page: --page FILE, or --page - for stdin."
	case fs.NArg() == 0:
		problem = "classify needs the URL the page was fetched from."
	case fs.NArg() > 1:
		problem = fmt.Sprintf("classify takes one URL, not %d (flags go before it).", fs.NArg())
	case !report.WebURL(fs.Arg(0)):
		problem = fmt.Sprintf("%q is not an http or https URL.", fs.Arg(0))
	}
	if problem != "" {
		fmt.Fprintf(stderr, "feedscout-host: %s\n%s\n", problem, classifyUsage)
		return exitUsage
	}
	body, err := readSavedPage(*page, stdin)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host classify: read the page: %v\n", err)
		return exitFail
	}
	p, err := classify.ClassifyText(fs.Arg(0), classify.DecodePage(body, ""))
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host classify: %v\n", err)
		return exitUsage
	}
	if *asJSON {
		_, err = stdout.Write(append(p.AppendJSON(nil, true), '\n'))
	} else {
		err = printClassified(stdout, p)
	}
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host classify: write: %v\n", err)
		return exitFail
	}
	return exitOK
}

// readSavedPage reads up to maxPageFile bytes of file, or of stdin for
// "-".
func readSavedPage(file string, stdin io.Reader) ([]byte, error) {
	if file == "-" {
		return io.ReadAll(io.LimitReader(stdin, maxPageFile))
	}
	f, err := os.Open(file)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return io.ReadAll(io.LimitReader(f, maxPageFile))
}

// listShown is how many sections and articles the summary lists; --json
// has them all.
const listShown = 10

// printClassified writes the summary of p: a line for the page, one per
// feed and feed anchor, the first sections and articles.
func printClassified(w io.Writer, p *classify.Page) error {
	ew := &errWriter{w: w}
	line := p.URL + "  " + p.Kind
	if p.Title != "" {
		line += "  " + strconv.Quote(p.Title)
	}
	ew.printf("%s\n", line)
	if p.Base != "" {
		ew.printf("  base     %s\n", p.Base)
	}
	if p.CMS != "" || p.Generator != "" {
		cms := p.CMS
		if cms == "" {
			cms = "unknown"
		}
		if p.Generator != "" {
			cms += "  (generator " + strconv.Quote(p.Generator) + ")"
		}
		ew.printf("  cms      %s\n", cms)
	}
	if len(p.Feeds) == 0 && len(p.FeedAnchors) == 0 {
		ew.printf("  No feed is advertised, derived from the address or linked as a feed.\n")
	}
	for _, f := range p.Feeds {
		line := fmt.Sprintf("  feed     %-5s %-9s #%d  %s", f.Format, f.Scope, f.Group, f.URL)
		if f.Title != "" {
			line += "  " + strconv.Quote(f.Title)
		}
		if f.Rule != "" {
			line += "  derived (" + f.Rule + ")"
		}
		ew.printf("%s\n", line)
	}
	for _, a := range p.FeedAnchors {
		ew.printf("  anchor   %s%s\n", a.URL, quoted(a.Text))
	}
	printLinks(ew, "sections", p.Sections, func(l classify.Link) string { return l.Name })
	printLinks(ew, "articles", p.Articles, func(l classify.Link) string { return l.Text })
	links := "no"
	if p.LinksToArticles {
		links = "yes"
	}
	ew.printf("  same-host links %d, links to articles: %s\n", p.SameHostLinks, links)
	if p.Truncated {
		ew.printf("  Only the first %d MiB of the page were read.\n", classify.MaxBody>>20)
	}
	return ew.err
}

// printLinks writes a heading with the list's length and its first
// listShown links, each with label(link) when there is one.
func printLinks(ew *errWriter, heading string, links []classify.Link, label func(classify.Link) string) {
	if len(links) == 0 {
		return
	}
	ew.printf("  %s %d\n", heading, len(links))
	for i, l := range links {
		if i == listShown {
			ew.printf("    ... and %d more (--json lists all)\n", len(links)-listShown)
			break
		}
		ew.printf("    %s%s\n", l.URL, quoted(label(l)))
	}
}

// quoted is "  " and s quoted, cut to 60 characters; nothing for "".
func quoted(s string) string {
	if s == "" {
		return ""
	}
	if r := []rune(s); len(r) > 60 {
		s = string(r[:59]) + "…"
	}
	return "  " + strconv.Quote(s)
}

// errWriter keeps the first write error, so that a summary of many lines
// is checked once.
type errWriter struct {
	w   io.Writer
	err error
}

func (e *errWriter) printf(format string, args ...any) {
	if e.err == nil {
		_, e.err = fmt.Fprintf(e.w, format, args...)
	}
}
