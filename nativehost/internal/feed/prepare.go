package feed

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"strings"
)

// document is a body made ready for gofeed: UTF-8, without what precedes
// the root element (junk, the XML declaration, comments) or follows it.
type document struct {
	body []byte
	json bool
	hub  string // a JSON Feed's first hub
}

// maxDepth caps element nesting. Atom's XHTML content nests a few dozen
// levels at most; without a cap, 8 MiB of <a> would make encoding/xml (ours
// and gofeed's) hold millions of open elements.
const maxDepth = 512

// maxJunk bounds how far into the body elements that are not a feed root
// (a PHP notice's <br /><b>Notice</b>) are passed over while looking for it.
const maxJunk = 64 << 10

// prepare recognises the format, makes the body UTF-8 and finds the root.
func prepare(body []byte, contentType string) (document, error) {
	body = fromUTF16(body)
	body = bytes.TrimPrefix(body, []byte("\xef\xbb\xbf"))
	start := bytes.TrimLeft(body, " \t\r\n")
	switch {
	case len(start) == 0:
		return document{}, fmt.Errorf("%w: empty body", ErrNotFeed)
	case start[0] == '{':
		return prepareJSON(start)
	case start[0] == '[':
		return document{}, fmt.Errorf("%w: a JSON array", ErrNotFeed)
	}
	if i := bytes.IndexByte(body, '<'); i < 0 || i > maxJunk {
		return document{}, fmt.Errorf("%w: no markup in the first %d KiB", ErrNotFeed, maxJunk>>10)
	}
	body = anchor(body)
	body = toUTF8(body, contentType)
	return findRoot(body)
}

// anchor cuts junk before the XML declaration (a PHP notice or warning
// printed before <?xml) within the first maxJunk bytes, unless a feed
// root already came before it.
func anchor(body []byte) []byte {
	i := bytes.Index(body[:min(len(body), maxJunk)], []byte("<?xml"))
	if i <= 0 {
		return body
	}
	before := bytes.ToLower(body[:i])
	for _, root := range []string{"<rss", "<feed", "<rdf"} {
		if bytes.Contains(before, []byte(root)) {
			return body
		}
	}
	return body[i:]
}

// rootFormat maps a root element's local name to the format.
func rootFormat(local string) string {
	switch strings.ToLower(local) {
	case "rss", "rdf":
		return "rss"
	case "feed":
		return "atom"
	}
	return ""
}

// findRoot scans the whole document once with a non-strict decoder (the
// settings gofeed uses) to find the feed's root element and check that it
// closes: gofeed alone only looks 4 KiB in for the root (a long comment
// hides it), gives up on junk before it, and fails on a truncated file
// the same way as on any other bad input.
func findRoot(body []byte) (document, error) {
	d := xml.NewDecoder(bytes.NewReader(body))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	// No AutoClose: it would close RSS's <link> like HTML's.
	d.CharsetReader = func(_ string, r io.Reader) (io.Reader, error) {
		return r, nil // toUTF8 already decoded whatever the declaration says
	}
	depth, root := 0, -1 // depth: inside the root
	open := 0            // all open elements, junk before the root included
	var rootName string
	for {
		off := d.InputOffset()
		tok, err := d.Token()
		if err != nil {
			switch {
			case root >= 0:
				return document{}, fmt.Errorf("%w: %s ends early or is invalid: %w", ErrBroken, rootName, err)
			case errors.Is(err, io.EOF):
				return document{}, fmt.Errorf("%w: no rss, feed or rdf:RDF root element", ErrNotFeed)
			}
			return document{}, fmt.Errorf("%w: %w", ErrNotFeed, err)
		}
		switch t := tok.(type) {
		case xml.Directive:
			if err := directive(t); err != nil {
				return document{}, err
			}
		case xml.StartElement:
			if open++; open > maxDepth {
				return document{}, fmt.Errorf("%w: elements nested deeper than %d levels", ErrNotFeed, maxDepth)
			}
			if root >= 0 {
				depth++
				continue
			}
			if rootFormat(t.Name.Local) != "" {
				root, rootName, depth = int(off), "<"+t.Name.Local+">", 1
				continue
			}
			// Junk before the root: passed over, not skipped, since an
			// unclosed <br> would otherwise swallow the feed.
			if err := notRoot(t.Name.Local, off); err != nil {
				return document{}, err
			}
		case xml.EndElement:
			open--
			if root >= 0 {
				depth--
				if depth == 0 {
					return document{body: body[root:d.InputOffset()]}, nil
				}
			}
		}
	}
}

// notRoot explains an element before the root that is not a feed root,
// or returns nil to pass over it as junk.
func notRoot(local string, off int64) error {
	switch strings.ToLower(local) {
	case "html", "head", "body":
		return fmt.Errorf("%w: an HTML page", ErrNotFeed)
	case "urlset", "sitemapindex":
		return fmt.Errorf("%w: a sitemap", ErrNotFeed)
	}
	if off > maxJunk {
		return fmt.Errorf("%w: root element <%.40s>", ErrNotFeed, local)
	}
	return nil
}

// directive refuses DTD machinery. A DOCTYPE with an internal subset (the
// only place entities can be declared) and any ENTITY, ELEMENT or ATTLIST
// declaration are refused: entity expansion has no business in a feed. An
// HTML doctype means an HTML page. A bare external DOCTYPE, like Netscape
// RSS 0.91's <!DOCTYPE rss PUBLIC "-//Netscape Communications//DTD RSS
// 0.91//EN" "http://my.netscape.com/publish/formats/rss-0.91.dtd">, is
// inert (the DTD is never fetched) and allowed: old feeds carry it.
func directive(t xml.Directive) error {
	s := strings.ToLower(strings.TrimSpace(string(t)))
	f := strings.Fields(s)
	if len(f) >= 2 && f[0] == "doctype" {
		switch {
		case strings.TrimSuffix(f[1], ">") == "html":
			return fmt.Errorf("%w: an HTML page", ErrNotFeed)
		case !strings.Contains(s, "["):
			return nil
		}
	}
	return fmt.Errorf("%w: DOCTYPE or ENTITY declaration refused: <!%.40s>", ErrNotFeed, t)
}
