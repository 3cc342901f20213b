// Package shape holds feedscout's URL shape rules: whether the page at a URL
// is an article, a section page or neither, judged from its path and query
// (Path), among its siblings (InContext), or by the source article's rules
// (Seed), with the name of the rule that decided. It is pure Go, allocates
// nothing per path, and is shared by the popup's classifier and the host.
package shape
