// Package discover runs feedscout's discovery for one site: robots.txt,
// advertised feeds, the usual feed paths, the sitemaps robots.txt lists and
// the site's section pages, in one of two orders, and writes the report
// other programs read (DESIGN.md, "A report").
//
// Every request goes through one fetch.Client, which owns politeness
// (robots.txt, pause, budget); this package decides only what to ask for
// next and when to stop.
package discover
