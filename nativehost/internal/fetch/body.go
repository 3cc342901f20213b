package fetch

import (
	"bufio"
	"compress/gzip"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"

	"feedscout/common/report"
)

// readBody reads resp's body decoded: Content-Encoding gzip (the only one
// we ask for), then, for a path ending in ".gz", a gzip file inside
// (recognised by its magic bytes, so an already decoded .gz passes as is).
// Memory stays bounded whatever the server sends (a gzip bomb stops at the
// cap).
//
// With truncate false, a body over max decoded bytes, or over max bytes on
// the wire, fails as too-large: never a silent truncation. With truncate
// true (robots.txt, which RFC 9309 says to read only so far) the first max
// bytes are returned.
func readBody(resp *http.Response, path string, max int64, truncate bool) (body []byte, err error) {
	enc := strings.ToLower(strings.TrimSpace(resp.Header.Get("Content-Encoding")))
	identity := enc == "" || enc == "identity"
	if !truncate && identity && resp.ContentLength > max {
		return nil, &Error{Word: report.StatusTooLarge, Err: fmt.Errorf("content-length %d over the %s cap", resp.ContentLength, size(max))}
	}
	wire := &errReader{r: resp.Body}
	var lr *io.LimitedReader
	var r io.Reader = wire
	if !truncate {
		lr = &io.LimitedReader{R: wire, N: max + 1}
		r = lr
	}
	switch {
	case identity:
	case enc == "gzip" || enc == "x-gzip":
		if r, err = gunzip(r); err != nil {
			return nil, bodyError(wire, lr, err)
		}
	default:
		return nil, &Error{Word: report.StatusBadEncoding, Err: fmt.Errorf("content-encoding %q not requested", enc)}
	}
	if strings.HasSuffix(strings.ToLower(path), ".gz") {
		br := bufio.NewReader(r)
		r = br
		if magic, _ := br.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
			if r, err = gunzip(br); err != nil {
				return nil, bodyError(wire, lr, err)
			}
		}
	}
	limit := max + 1
	if truncate {
		limit = max
	}
	body, err = io.ReadAll(io.LimitReader(r, limit))
	if err != nil {
		return body, bodyError(wire, lr, err)
	}
	if lr != nil && lr.N == 0 && !identity {
		return body, &Error{Word: report.StatusTooLarge, Err: fmt.Errorf("compressed body over the %s cap", size(max))}
	}
	if int64(len(body)) > max {
		return body, &Error{Word: report.StatusTooLarge, Err: fmt.Errorf("body over the %s cap after decompression", size(max))}
	}
	return body, nil
}

// gunzip starts decoding r; an empty body is an empty body, not an error.
func gunzip(r io.Reader) (io.Reader, error) {
	zr, err := gzip.NewReader(r)
	if err == io.EOF {
		return strings.NewReader(""), nil
	}
	if err != nil {
		return nil, err
	}
	return zr, nil
}

// bodyError tells a failure of the connection (returned as is, classified
// later: timeout, network) from one of the decoder.
func bodyError(wire *errReader, lr *io.LimitedReader, err error) error {
	if wire.err != nil {
		return wire.err
	}
	if lr != nil && lr.N == 0 {
		return &Error{Word: report.StatusTooLarge, Err: errors.New("compressed body over the cap")}
	}
	return &Error{Word: report.StatusBadEncoding, Err: fmt.Errorf("decode gzip: %w", err)}
}

// errReader remembers the first error of the connection other than EOF.
type errReader struct {
	r   io.Reader
	err error
}

func (e *errReader) Read(p []byte) (int, error) {
	n, err := e.r.Read(p)
	if err != nil && err != io.EOF && e.err == nil {
		e.err = err
	}
	return n, err
}

// size formats a byte count for notes: "8 MiB", "500 KiB", "1234 bytes".
func size(n int64) string {
	switch {
	case n >= 1<<20 && n%(1<<20) == 0:
		return fmt.Sprintf("%d MiB", n>>20)
	case n >= 1<<10 && n%(1<<10) == 0:
		return fmt.Sprintf("%d KiB", n>>10)
	}
	return fmt.Sprintf("%d bytes", n)
}
