// Package feed recognises and summarises one RSS, Atom or JSON Feed document
// that the fetcher already fetched. It wraps github.com/mmcdole/gofeed
// (v1.4.2) thinly, fixing what gofeed alone gets wrong on the open web:
// JSON that is not a JSON Feed, a charset named only in Content-Type, junk
// or a long comment before the root element, truncated XML reported as "not
// a feed", and DTD declarations. It never makes a request (no ParseURL).
package feed
