package sitemap

import (
	"bufio"
	"bytes"
	"errors"
	"fmt"
	"io"
	"unicode/utf8"

	"feedscout/common/report"
)

// parseText reads a text sitemap (sitemaps.org: "one URL per line", UTF-8,
// nothing else). Blank lines are skipped; the file counts as a sitemap when
// at least one line is an http(s) URL and such lines are the majority.
// Lines over maxField bytes are skipped.
func parseText(src *source) (*Sitemap, error) {
	src.noTokenCap = true
	sm := &Sitemap{Kind: KindText}
	var entries entryList
	br := bufio.NewReaderSize(src, 4096)
	other := 0
	for {
		line, err := readLine(br)
		src.setMark()
		if line = bytes.TrimSpace(line); len(line) > 0 {
			if isURLLine(line) {
				if entries.len() == MaxEntries {
					sm.Truncated = true
					break
				}
				entries.add(Entry{Loc: string(line)})
			} else {
				other++
			}
		}
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, truncation(err)
		}
	}
	if n := entries.len(); n == 0 || other >= n {
		return nil, fmt.Errorf("%w: text with %d URL lines and %d other lines", ErrNotSitemap, n, other)
	}
	sm.Entries = entries.slice()
	return sm, nil
}

// readLine returns the next line without its end; a line over maxField is
// returned empty (skipped) after its rest is discarded.
func readLine(br *bufio.Reader) ([]byte, error) {
	line, err := br.ReadSlice('\n')
	if !errors.Is(err, bufio.ErrBufferFull) {
		return line, err
	}
	var buf []byte
	buf = append(buf, line...)
	for errors.Is(err, bufio.ErrBufferFull) {
		line, err = br.ReadSlice('\n')
		if len(buf) <= maxField {
			buf = append(buf, line...)
		}
	}
	if len(buf) > maxField {
		return nil, err
	}
	return buf, err
}

// isURLLine: an absolute http(s) URL (report.WebURL), valid UTF-8, no
// spaces or markup.
func isURLLine(b []byte) bool {
	return utf8.Valid(b) && bytes.IndexAny(b, " \t<>\"") < 0 && report.WebURL(string(b))
}
