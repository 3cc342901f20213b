// Package report is feedscout's contract: the discovery report and
// everything in it (feeds, sitemaps, departments, sections, the request
// log), and the small vocabulary other programs rely on: outcomes, steps,
// orders, stop reasons, status words, subscription kinds, reason codes and
// the sentences they render, and the one check of a web address.
//
// It is a top-level package, not one under nativehost/internal, because
// everything that speaks the contract imports it: the host (discovery, the
// CLI, native messaging), the wasm module (subscription kinds, OPML), and
// the black-box tests in tests/, which decode reports into these very
// types. It depends on the standard library only, so the wasm module can
// import it without pulling in the host. docs/ARCHITECTURE.md describes the
// contract as a whole; docs/reasons.md lists every reason code.
//
// Names in JSON are the contract: new fields and words may be added, none
// is renamed or removed.
package report
