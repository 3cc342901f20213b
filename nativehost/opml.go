package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"net/netip"
	"net/url"
	"os"

	"feedscout/common/opml"
	"feedscout/common/report"
	"feedscout/nativehost/internal/follow"
	"feedscout/nativehost/internal/gateway"
)

// maxReportLine bounds one line of the reports read by opml: a report
// with thousands of sections and its request log fits many times over.
const maxReportLine = 64 << 20

// runOPML turns discovery reports (JSON Lines as `discover --json` prints
// them, from the file named or stdin) into one OPML document on stdout for
// the reader chosen: per site what follow.FromReport chooses.
func runOPML(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("opml", flag.ContinueOnError)
	fs.SetOutput(stderr)
	reader := fs.String("reader", opml.ReaderAny, "the reader the file is for: any, newsboat, freshrss or rss-bridge")
	gw := fs.String("gateway", opml.DefaultGateway, "the gateway's base URL (feedscout-host serve, or serve --public BASE), for --reader any")
	bridge := fs.String("bridge", "", "the RSS-Bridge's base URL, for --reader rss-bridge")
	state := fs.String("state", "", "state folder holding the gateway's key, which signs its URLs (default $XDG_STATE_HOME/feedscout or ~/.local/state/feedscout)")
	sections := fs.Int("sections", follow.DefaultSections, "at most this many sections per site, the most recently modified first")
	title := fs.String("title", "feedscout subscriptions", "the document's title")
	const usageLine = "usage: feedscout-host opml [--reader any|newsboat|freshrss|rss-bridge] [--gateway URL] [--bridge URL] [--state DIR] [--sections N] [--title TEXT] [REPORTS.jsonl]"
	if fs.Parse(args) != nil || fs.NArg() > 1 {
		fmt.Fprintln(stderr, usageLine)
		return exitUsage
	}
	if *sections < 0 {
		fmt.Fprintf(stderr, "feedscout-host opml: --sections %d: want 0 or more\n", *sections)
		return exitUsage
	}
	o := opml.Options{Title: *title, Reader: *reader, Gateway: *gw, Bridge: *bridge}
	if *reader == opml.ReaderNewsboat {
		host, err := hostPath()
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host opml: %v\n", err)
			return exitFail
		}
		o.Host = host
	}
	if err := o.Check(); err != nil {
		fmt.Fprintf(stderr, "feedscout-host opml: %v\n", err)
		return exitUsage
	}
	// A public gateway's URLs are signed with the state folder's key
	// (made on first use); the loopback gateway's stay unsigned, as its
	// own /opml writes them, so that a rotated key breaks none of them.
	if !loopbackBase(o.Gateway) {
		dir, err := stateDir(*state)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host opml: %v\n", err)
			return exitFail
		}
		key, err := gateway.LoadKey(dir, true)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host opml: %v\n", err)
			return exitFail
		}
		o.Sign = key.Sign
	}
	in, name := stdin, "stdin"
	if fs.NArg() == 1 {
		f, err := os.Open(fs.Arg(0))
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host opml: %v\n", err)
			return exitFail
		}
		defer f.Close()
		in, name = f, fs.Arg(0)
	}
	subs, err := readReports(in, *sections)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host opml: read %s: %v\n", name, err)
		return exitFail
	}
	var b bytes.Buffer
	if err := opml.WriteFor(&b, subs, o); err != nil {
		fmt.Fprintf(stderr, "feedscout-host opml: %v\n", err)
		return exitFail
	}
	if _, err := stdout.Write(b.Bytes()); err != nil {
		fmt.Fprintf(stderr, "feedscout-host opml: write: %v\n", err)
		return exitFail
	}
	return exitOK
}

// loopbackBase reports whether the gateway base URL names this machine
// (localhost, 127.0.0.0/8, ::1).
func loopbackBase(base string) bool {
	u, err := url.Parse(base)
	if err != nil {
		return false
	}
	if h := u.Hostname(); h == "localhost" {
		return true
	} else if ip, err := netip.ParseAddr(h); err == nil {
		return ip.IsLoopback()
	}
	return false
}

// readReports reads JSON Lines reports (blank lines skipped) and returns
// what to follow of each site, in the order of the lines.
func readReports(r io.Reader, maxSections int) ([]opml.Subscription, error) {
	sc := bufio.NewScanner(r)
	sc.Buffer(make([]byte, 0, 64<<10), maxReportLine)
	subs := []opml.Subscription{}
	n := 0
	for sc.Scan() {
		n++
		line := bytes.TrimSpace(sc.Bytes())
		if len(line) == 0 {
			continue
		}
		var rep report.Report
		if err := json.Unmarshal(line, &rep); err != nil {
			return nil, fmt.Errorf("line %d: not a report: %w", n, err)
		}
		if !report.WebURL(rep.Site) || rep.Outcome == "" {
			return nil, fmt.Errorf("line %d: not a report: no site and outcome (discover --json prints reports)", n)
		}
		subs = append(subs, follow.FromReport(&rep, maxSections)...)
	}
	if err := sc.Err(); err != nil {
		if errors.Is(err, bufio.ErrTooLong) {
			return nil, fmt.Errorf("line %d: longer than %d bytes", n+1, maxReportLine)
		}
		return nil, err
	}
	return subs, nil
}
