package sitemap

import (
	"bufio"
	"bytes"
	"compress/gzip"
	"fmt"
	"io"
)

// byteCap is MaxBytes; a variable only so tests can check the boundary
// without pushing 50 MiB through the decoder.
var byteCap int64 = MaxBytes

// sniffSize is how much of the decoded start Parse looks at to tell XML
// from text and to skip junk before the XML declaration.
const sniffSize = 4096

// source is the decoded byte stream of one file: gzip undone, at most
// MaxBytes, with a watch on the longest XML token. It is the io.ByteReader
// encoding/xml reads from directly (no second bufio layer), so it counts
// every byte the decoder consumes.
type source struct {
	src  io.Reader
	buf  []byte
	r, w int
	read int64 // bytes taken from src so far
	// mark is the consumed offset at the last token boundary (setMark);
	// a fill that finds more than maxToken bytes since then fails. The
	// text reader bounds its lines itself and turns this off.
	mark       int64
	noTokenCap bool
	err        error
	// text is set when the content does not look like XML.
	text bool
}

// newSource undoes gzip when the input starts with its magic bytes, skips a
// UTF-8 byte order mark and leading whitespace, and when junk precedes the
// XML (a PHP notice before <?xml) skips to the XML.
func newSource(r io.Reader) (*source, error) {
	raw := bufio.NewReaderSize(&capped{r: r, left: byteCap}, 32<<10)
	var in io.Reader = raw
	if magic, _ := raw.Peek(2); len(magic) == 2 && magic[0] == 0x1f && magic[1] == 0x8b {
		zr, err := gzip.NewReader(raw)
		if err != nil {
			return nil, fmt.Errorf("gunzip: %w", err)
		}
		in = zr
	}
	s := &source{src: in, buf: make([]byte, 64<<10)}
	head, err := s.peek(sniffSize)
	if err != nil {
		return nil, err
	}
	skip := len(head) - len(bytes.TrimLeft(bytes.TrimPrefix(head, []byte("\xef\xbb\xbf")), " \t\r\n"))
	head = head[skip:]
	if i := xmlStart(head); i >= 0 {
		skip += i
	} else {
		s.text = true
	}
	s.r += skip
	s.setMark()
	return s, nil
}

// xmlStart returns where the XML begins in head, or -1 for text. Normally
// 0; past junk when head does not start with '<' or starts with markup
// (<br />, <b>Notice</b>) before a later <?xml.
func xmlStart(head []byte) int {
	decl := bytes.Index(head, []byte("<?xml"))
	if len(head) > 0 && head[0] == '<' {
		if decl > 0 && !bytes.Contains(head[:decl], []byte("<urlset")) && !bytes.Contains(head[:decl], []byte("<sitemapindex")) {
			return decl
		}
		return 0
	}
	first := -1
	for _, m := range [][]byte{[]byte("<?xml"), []byte("<urlset"), []byte("<sitemapindex")} {
		if i := bytes.Index(head, m); i >= 0 && (first < 0 || i < first) {
			first = i
		}
	}
	return first
}

// peek returns up to n buffered bytes without consuming them; fewer only at
// the end of the input.
func (s *source) peek(n int) ([]byte, error) {
	for s.w-s.r < n && s.err == nil {
		if s.r > 0 {
			copy(s.buf, s.buf[s.r:s.w])
			s.w -= s.r
			s.r = 0
		}
		k, err := s.src.Read(s.buf[s.w:])
		s.w += k
		s.read += int64(k)
		s.setErr(err)
	}
	if s.w-s.r < n && s.err != io.EOF && s.err != nil {
		return nil, s.err
	}
	return s.buf[s.r:min(s.w, s.r+n)], nil
}

func (s *source) setErr(err error) {
	if s.read > byteCap {
		s.err = fmt.Errorf("%w: more than %d MiB decoded", ErrTooLarge, byteCap>>20)
		return
	}
	if err != nil && s.err == nil {
		s.err = err
	}
}

// setMark records a token boundary: the decoder has consumed everything up
// to here.
func (s *source) setMark() { s.mark = s.read - int64(s.w-s.r) }

// fill refills the empty buffer.
func (s *source) fill() error {
	if s.err != nil {
		return s.err
	}
	if !s.noTokenCap && s.read-s.mark > maxToken {
		s.err = fmt.Errorf("%w: one XML token longer than %d MiB", ErrTooLarge, maxToken>>20)
		return s.err
	}
	s.r, s.w = 0, 0
	for s.w == 0 && s.err == nil {
		k, err := s.src.Read(s.buf)
		s.w = k
		s.read += int64(k)
		s.setErr(err)
	}
	if s.w > 0 && s.read <= byteCap {
		return nil
	}
	return s.err
}

// ReadByte implements io.ByteReader for encoding/xml.
func (s *source) ReadByte() (byte, error) {
	if s.r == s.w {
		if err := s.fill(); err != nil {
			return 0, err
		}
	}
	b := s.buf[s.r]
	s.r++
	return b, nil
}

// Read implements io.Reader; encoding/xml uses it when it switches to a
// charset decoder, and the text reader uses it.
func (s *source) Read(p []byte) (int, error) {
	if s.r == s.w {
		if err := s.fill(); err != nil {
			return 0, err
		}
	}
	n := copy(p, s.buf[s.r:s.w])
	s.r += n
	return n, nil
}

// capped fails once more than left bytes were read: the raw input gets the
// same cap as the decoded one, so a stream of empty gzip members cannot
// keep Parse busy forever.
type capped struct {
	r    io.Reader
	left int64
}

func (c *capped) Read(p []byte) (int, error) {
	if c.left <= 0 {
		// Probe for one more byte: exactly byteCap is allowed.
		var one [1]byte
		if n, err := c.r.Read(one[:]); n == 0 {
			return 0, err
		}
		return 0, fmt.Errorf("%w: more than %d MiB read", ErrTooLarge, byteCap>>20)
	}
	if int64(len(p)) > c.left {
		p = p[:c.left]
	}
	n, err := c.r.Read(p)
	c.left -= int64(n)
	return n, err
}
