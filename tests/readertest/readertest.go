// Package readertest reads feedscout's OPML the way the readers do, for
// the tests of both common/opml (its unit tests) and tests/ (the end-to-end
// ones): libxml2's xmllint runs a FreshRSS outline's XPath expressions as
// FreshRSS does, and Outlines lists the subscriptions a reader imports;
// StartPostgres, StartMiniflux and StartRSSBridge run the server readers
// (Unix only: they need process groups and, as root, another user's
// credentials). It imports nothing of feedscout, so common/opml's own tests
// can use it.
package readertest

import (
	"bytes"
	"encoding/xml"
	"fmt"
	"io"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
)

// Tool finds a program a test needs: without it the test skips, or fails
// when FEEDSCOUT_REQUIRE_TOOLS is set (CI installs every tool).
func Tool(t testing.TB, name string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		if os.Getenv("FEEDSCOUT_REQUIRE_TOOLS") != "" {
			t.Fatalf("%s is not installed and FEEDSCOUT_REQUIRE_TOOLS is set", name)
		}
		t.Skipf("%s is not installed (.ci/run installs it)", name)
	}
	return p
}

// XPath is a FreshRSS XPath outline's expressions: Item selects the items
// over the whole document, the four fields are relative to an item (an
// empty one is the empty string), and HTML says the document is read as
// HTML (HTML+XPath) rather than XML (XML+XPath).
type XPath struct {
	HTML                        bool
	Item, Title, URI, Time, UID string
}

// Scrape evaluates x on the document in file the way FreshRSS does, with
// libxml2's own XPath engine (xmllint --xpath; --html for HTML+XPath):
// the items are x.Item over the whole document, and each field is
// normalize-space(expr) with the item as the context node (xmllint has no
// context node, so the relative expression is anchored at the item:
// Anchor). It returns [title, uri, timestamp, uid] per item.
func Scrape(t testing.TB, x XPath, file string) [][4]string {
	t.Helper()
	xmllint := Tool(t, "xmllint")
	eval := func(expr string) string {
		args := []string{"--nonet", "--xpath", expr, file}
		if x.HTML {
			args = append([]string{"--html"}, args...)
		}
		out, err := exec.Command(xmllint, args...).Output()
		if err != nil {
			// xmllint exits 10 for an empty result: an empty string.
			if ee, ok := err.(*exec.ExitError); ok && ee.ExitCode() == 10 {
				return ""
			}
			t.Fatalf("xmllint --xpath %s %s: %v", expr, file, err)
		}
		// A normalized value never ends in a newline: one is xmllint's.
		return strings.TrimSuffix(string(out), "\n")
	}
	n, err := strconv.Atoi(eval("count(" + x.Item + ")"))
	if err != nil {
		t.Fatalf("count(%s): %v", x.Item, err)
	}
	items := make([][4]string, n)
	for i := range items {
		node := fmt.Sprintf("(%s)[%d]", x.Item, i+1)
		var parts []string
		for _, e := range []string{x.Title, x.URI, x.Time, x.UID} {
			if e == "" {
				e = "''"
			} else {
				e = Anchor(e, node)
			}
			parts = append(parts, "normalize-space("+e+")")
		}
		// A tab cannot be in a normalized value: it separates them.
		vals := strings.Split(eval("concat("+strings.Join(parts, ",'\t',")+")"), "\t")
		if len(vals) != 4 {
			t.Fatalf("item %d: %q", i+1, vals)
		}
		copy(items[i][:], vals)
	}
	return items
}

// Anchor anchors a relative XPath expression at node: "." is node, a
// location path p is node/p, and a parenthesized union of those followed
// by predicates, (.|@a|b)[1], has each member anchored.
func Anchor(expr, node string) string {
	one := func(p string) string {
		if p == "." {
			return node
		}
		return node + "/" + p
	}
	if !strings.HasPrefix(expr, "(") {
		return one(expr)
	}
	depth, members, start := 0, []string{}, 1
	for i, c := range expr {
		switch c {
		case '(', '[':
			depth++
		case ')', ']':
			depth--
			if depth == 0 {
				members = append(members, one(expr[start:i]))
				return "(" + strings.Join(members, "|") + ")" + expr[i+1:]
			}
		case '|':
			if depth == 1 {
				members = append(members, one(expr[start:i]))
				start = i + 1
			}
		}
	}
	return one(expr)
}

// Outlines returns the attributes of every outline of an OPML document
// that is not a folder (has no child outline), in document order. An
// attribute in no namespace is under its local name, one in a namespace
// of prefixes (namespace URI to prefix) under prefix:local; attributes in
// any other namespace are left out.
func Outlines(t testing.TB, doc []byte, prefixes map[string]string) []map[string]string {
	t.Helper()
	dec := xml.NewDecoder(bytes.NewReader(doc))
	var out, open []map[string]string
	var leaf []bool
	for {
		tok, err := dec.Token()
		if err == io.EOF {
			return out
		}
		if err != nil {
			t.Fatalf("read OPML outlines: %v", err)
		}
		switch el := tok.(type) {
		case xml.StartElement:
			if el.Name.Local != "outline" {
				continue
			}
			if len(leaf) > 0 {
				leaf[len(leaf)-1] = false
			}
			m := map[string]string{}
			for _, a := range el.Attr {
				if a.Name.Space == "" {
					m[a.Name.Local] = a.Value
				} else if p, ok := prefixes[a.Name.Space]; ok {
					m[p+":"+a.Name.Local] = a.Value
				}
			}
			open, leaf = append(open, m), append(leaf, true)
		case xml.EndElement:
			if el.Name.Local != "outline" {
				continue
			}
			if leaf[len(leaf)-1] {
				out = append(out, open[len(open)-1])
			}
			open, leaf = open[:len(open)-1], leaf[:len(leaf)-1]
		}
	}
}
