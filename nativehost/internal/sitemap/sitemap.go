package sitemap

import (
	"errors"
	"fmt"
	"io"
	"time"
)

// Kind says which of the three sitemap forms a file is.
type Kind string

// The sitemap forms (sitemaps.org protocol 0.9): a list of pages, a list of
// other sitemaps, or a UTF-8 text file with one URL per line.
const (
	KindURLSet Kind = "urlset"
	KindIndex  Kind = "index"
	KindText   Kind = "text"
)

// Limits of one file. The first two are the sitemaps.org protocol's own
// limits ("no more than 50,000 URLs and must be no larger than 50MB
// (52,428,800 bytes)"); the others bound memory on hostile input.
const (
	// MaxEntries is the most entries Parse keeps; past it the result is
	// marked Truncated and the rest of the file is not read.
	MaxEntries = 50000
	// MaxBytes caps the decoded (gunzipped) size, and the raw input too.
	MaxBytes = 50 << 20
	// maxToken caps one XML token (a text run, a comment, a tag): without
	// it encoding/xml would buffer a 50 MiB comment whole.
	maxToken = 1 << 20
	// maxDepth caps element nesting; a sitemap needs five levels.
	maxDepth = 64
	// maxField caps the text kept for one field (loc, title). The protocol
	// allows 2,048 characters in a URL; longer loc values are dropped.
	maxField = 16 << 10
)

// Errors Parse can return, wrapped with the details; test with errors.Is.
var (
	// ErrTooLarge: the file is over MaxBytes decoded (a gzip bomb ends
	// here), or one XML token is over 1 MiB.
	ErrTooLarge = errors.New("sitemap too large")
	// ErrDoctype: the file has a DOCTYPE, ENTITY or other DTD declaration.
	// Sitemaps never need one; refusing them closes the door on entity
	// expansion tricks whatever the XML library does.
	ErrDoctype = errors.New("DOCTYPE or ENTITY declaration refused")
	// ErrNotSitemap: the bytes are something else (an HTML page, a feed,
	// JSON, text that is not a URL list).
	ErrNotSitemap = errors.New("not a sitemap")
	// ErrTruncated: the file ends early: XML before its root closes, or a
	// gzip stream (a cut-off download: worth trying again later).
	ErrTruncated = errors.New("sitemap truncated")
)

// Entry is one <url> of a urlset, one <sitemap> of an index, or one line of
// a text sitemap. Loc is as written in the file, trimmed and never empty:
// an http(s) URL or, in XML, one without a scheme (relative). Entries whose
// loc has another scheme (javascript:, data:) are dropped.
type Entry struct {
	Loc     string    `json:"loc"`
	Lastmod time.Time `json:"lastmod,omitzero"`
	News    *News     `json:"news,omitempty"`
	// Images counts the entry's <image:image> elements.
	Images int `json:"images,omitempty"`
}

// News is an entry's Google News block (<news:news>).
type News struct {
	Title           string    `json:"title,omitempty"`
	PublicationName string    `json:"publication_name,omitempty"`
	Language        string    `json:"language,omitempty"`
	PublicationDate time.Time `json:"publication_date,omitzero"`
}

// Sitemap is one parsed file.
type Sitemap struct {
	Kind Kind `json:"kind"`
	// Entries are the pages of a urlset or text file, or the child
	// sitemaps of an index, in file order; at most MaxEntries.
	Entries []Entry `json:"entries"`
	// Truncated is set when the file has more than MaxEntries entries.
	Truncated bool `json:"truncated,omitempty"`
	// DeclaresNews is set when the file declares the Google News namespace
	// (whether or not any entry uses it: judge by Judge, not by this).
	DeclaresNews bool `json:"declares_news,omitempty"`
}

// Parse reads one sitemap file from r, streaming. r may be gzip-compressed
// (recognised by its magic bytes, whatever the URL or Content-Type said); it
// is then decompressed up to MaxBytes. XML is read with a non-strict
// decoder: unescaped & and HTML entities in text pass, the encoding named in
// the XML declaration is honoured (Latin-1, Shift_JIS ...), a bad or
// missing <priority> or <changefreq> is ignored, and so is a bad <lastmod>
// (the entry is kept without a date). Anything that does not start with '<'
// is read as a text sitemap.
//
// Limits: at most MaxEntries entries (then Truncated is set and reading
// stops); over MaxBytes decoded, or one XML token over 1 MiB, fails with
// ErrTooLarge, so a 1 GiB gzip bomb stops at the cap with bounded memory
// (a bomb made of entries stops earlier, at MaxEntries, with Truncated). A
// DOCTYPE or ENTITY declaration fails with ErrDoctype, a file that is not a
// sitemap with ErrNotSitemap, a file cut short (XML ending inside an
// element, a gzip stream ending early) with ErrTruncated, other malformed
// XML with the decoder's error. On error the Sitemap is nil.
// Parse does not close r.
func Parse(r io.Reader) (*Sitemap, error) {
	src, err := newSource(r)
	if err != nil {
		return nil, fmt.Errorf("parse sitemap: %w", err)
	}
	var sm *Sitemap
	if src.text {
		sm, err = parseText(src)
	} else {
		sm, err = parseXML(src)
	}
	if err != nil {
		return nil, fmt.Errorf("parse sitemap: %w", err)
	}
	return sm, nil
}
