// Package discover runs feedscout's discovery for one site: robots.txt,
// advertised feeds, the usual feed paths, the sitemaps robots.txt lists and
// the site's section pages, in one of two orders, and writes the report
// other programs read (package report; docs/ARCHITECTURE.md).
//
// Every request goes through one fetch.Client, which owns politeness
// (robots.txt, pause, budget); this package decides only what to ask for
// next and when to stop. Each step returns what it found (step: found,
// enough, problem) and the orders (smart.go, article.go) read those top to
// bottom; the reason is a code with arguments (outcome.go), rendered by
// report.Sentence.
package discover
