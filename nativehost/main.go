// Command feedscout-host is feedscout's companion program: a CLI for people
// (discover, section, shape, install, uninstall, version) and, when a
// browser starts it, the native messaging host of the extension. Each
// action lives in its own file; this one only dispatches.
package main

import (
	"fmt"
	"io"
	"os"
	"strings"
)

// version is set at build time (build.sh: -ldflags -X main.version).
var version = "dev"

// Exit statuses: 0 for every completed action (a discovery that ends
// "refused" or "none" is complete), 1 for a failure, 2 for a usage error.
const (
	exitOK    = 0
	exitFail  = 1
	exitUsage = 2
)

const usage = `usage:
  feedscout-host discover [--json] [--order smart|article] [--since TIME|DURATION] [--allow-private] URL...
  feedscout-host section [--json] [--allow-private] URL
  feedscout-host shape [--json] [--text TEXT] [URL...]      (URLs from stdin when none given)
  feedscout-host shape --page FILE|- [--json] URL   (every link of a saved page, judged as the popup does)
  feedscout-host classify [--json] --page FILE|- URL   (a saved page's feeds, sections and articles: what the popup's classifier answers)
  feedscout-host feed [--format atom|json] [--state DIR] [--min-interval D] [--allow-private] URL
  feedscout-host check [--json] [--allow-private] URL...   (a news sitemap or a feed, see docs/checking.md)
  feedscout-host newsmap --name NAME --lang CODE [--checked-at TIME] < LINES   (URL | date | title a line)
  feedscout-host serve [--addr 127.0.0.1:8765] [--state DIR] [--min-interval D] [--allow-private]
  feedscout-host serve --public BASE [--addr HOST:PORT] [--tls-cert FILE --tls-key FILE] [--max-sources N] [--max-per-client N] [--state DIR]
  feedscout-host key [--state DIR] [--rotate | --set KEY]   (the gateway's key: signs its URLs, opens its status page)
  feedscout-host sign [--state DIR] [--gateway BASE] [--format atom|json] SOURCE...   (signed gateway URLs, one a line)
  feedscout-host opml [--reader any|newsboat|freshrss|rss-bridge] [--gateway URL] [--bridge URL] [--state DIR] [--sections N] [REPORTS.jsonl]   (discover --json reports, stdin by default)
  feedscout-host install [--browser NAME] [--profile DIR]
  feedscout-host install --serve [--addr 127.0.0.1:8765] [--state DIR] [--min-interval D] [--no-start]
  feedscout-host install --serve --public BASE [--addr HOST:PORT] [--tls-cert FILE --tls-key FILE] [--state /var/lib/DIR] [--no-start]   (a systemd system service, as root)
  feedscout-host uninstall [--browser NAME] [--profile DIR] | uninstall --serve [--public]
  feedscout-host version
Started by a browser (chrome-extension://ID/ or Firefox's manifest path and
add-on id), it speaks native messaging on stdin/stdout; see PROTOCOL.md.
`

func main() { os.Exit(doMain(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) }

func doMain(args []string, stdin io.Reader, stdout, stderr io.Writer) int {
	if browserLaunch(args) {
		return runNative(stdin, stdout, stderr)
	}
	if len(args) == 0 {
		fmt.Fprint(stderr, usage)
		return exitUsage
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "version", "--version":
		return runVersion(rest, stdout, stderr)
	case "shape":
		return runShape(rest, stdin, stdout, stderr)
	case "classify":
		return runClassify(rest, stdin, stdout, stderr)
	case "install":
		return runInstall(rest, stdout, stderr)
	case "uninstall":
		return runUninstall(rest, stdout, stderr)
	case "discover":
		return runDiscover(rest, stdout, stderr)
	case "section":
		return runSection(rest, stdout, stderr)
	case "feed":
		return runFeed(rest, stdout, stderr)
	case "serve":
		return runServe(rest, stderr)
	case "key":
		return runKey(rest, stdout, stderr)
	case "sign":
		return runSign(rest, stdout, stderr)
	case "check":
		return runCheck(rest, stdout, stderr)
	case "newsmap":
		return runNewsmap(rest, stdin, stdout, stderr)
	case "opml":
		return runOPML(rest, stdin, stdout, stderr)
	case "help", "-h", "--help":
		fmt.Fprint(stdout, usage)
		return exitOK
	}
	fmt.Fprintf(stderr, "feedscout-host: unknown command %q\n%s", cmd, usage)
	return exitUsage
}

// browserLaunch reports whether the arguments are those a browser passes
// to a native messaging host: Chrome an origin (chrome-extension://ID/,
// plus --parent-window=N on Windows), Firefox the manifest path and the
// add-on id.
func browserLaunch(args []string) bool {
	if len(args) >= 1 && strings.HasPrefix(args[0], "chrome-extension://") {
		return true
	}
	return len(args) == 2 && strings.HasSuffix(args[0], ".json") &&
		(strings.Contains(args[1], "@") || strings.HasPrefix(args[1], "{"))
}
