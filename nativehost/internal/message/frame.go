package message

import (
	"bytes"
	"encoding/binary"
	"errors"
	"fmt"
	"io"
)

// Limits of the framing.
const (
	// MaxRequest is the largest incoming message the host accepts. A request
	// may carry the HTML of the tab (page.html), so it allows the 8 MiB body
	// cap of the fetcher plus room for the envelope.
	MaxRequest = 8<<20 + 64<<10

	// MaxBrowserMessage is the most a browser sends to a native host in one
	// message (Chrome: 64 MiB). A declared length above it cannot come from
	// a browser: the stream is corrupt and cannot be resynchronised.
	MaxBrowserMessage = 64 << 20

	// MaxReply bounds every outgoing message. Chrome drops replies over
	// 1 MB; 1,000,000 bytes stays under that whether "MB" means 10^6 or 2^20.
	MaxReply = 1_000_000
)

// Errors from Reader.Next. ErrEmpty and ErrTooLarge leave the stream in
// sync (the next frame can be read); ErrTruncated and ErrCorrupt do not.
var (
	ErrEmpty     = errors.New("read message: zero length")
	ErrTooLarge  = errors.New("read message: larger than the request limit")
	ErrTruncated = fmt.Errorf("read message: truncated frame: %w", io.ErrUnexpectedEOF)
	ErrCorrupt   = errors.New("read message: length beyond any browser message")
)

// Reader reads framed messages from a stream (the host's stdin).
type Reader struct {
	r    io.Reader
	max  int
	head []byte // the start of the last message skipped as too large
}

// headSize is how much of a message skipped as too large is kept, to find
// its id (the extension writes the id first).
const headSize = 4 << 10

// SkippedHead returns the first bytes (at most 4 KiB) of the message the
// last ErrTooLarge skipped, for PeekID.
func (r *Reader) SkippedHead() []byte { return r.head }

// NewReader returns a Reader of r that refuses messages longer than max
// bytes (MaxRequest when max <= 0).
func NewReader(r io.Reader, max int) *Reader {
	if max <= 0 {
		max = MaxRequest
	}
	return &Reader{r: r, max: max}
}

// Next returns the body of the next message. It returns io.EOF when the
// stream ends cleanly between frames, ErrTruncated when it ends inside one,
// ErrEmpty for a zero length, ErrTooLarge (after discarding the body,
// without storing it) for a length over the limit, and ErrCorrupt for a
// length no browser sends (such as 0xFFFFFFFF). Memory grows with the bytes
// actually received, not with the declared length.
func (r *Reader) Next() ([]byte, error) {
	var hdr [4]byte
	if _, err := io.ReadFull(r.r, hdr[:]); err != nil {
		if err == io.EOF {
			return nil, io.EOF
		}
		if err == io.ErrUnexpectedEOF {
			return nil, ErrTruncated
		}
		return nil, fmt.Errorf("read message length: %w", err)
	}
	n := int64(binary.NativeEndian.Uint32(hdr[:]))
	switch {
	case n == 0:
		return nil, ErrEmpty
	case n > MaxBrowserMessage:
		return nil, ErrCorrupt
	case n > int64(r.max):
		head := make([]byte, headSize)
		k, err := io.ReadFull(r.r, head)
		if k < headSize {
			return nil, truncated(err)
		}
		got, err := io.CopyN(io.Discard, r.r, n-headSize)
		if got < n-headSize {
			return nil, truncated(err)
		}
		r.head = head
		return nil, ErrTooLarge
	}
	if n <= 64<<10 {
		b := make([]byte, n)
		if _, err := io.ReadFull(r.r, b); err != nil {
			return nil, truncated(err)
		}
		return b, nil
	}
	var buf bytes.Buffer
	if got, err := io.CopyN(&buf, r.r, n); got < n {
		return nil, truncated(err)
	}
	return buf.Bytes(), nil
}

func truncated(err error) error {
	if err == nil || err == io.EOF || err == io.ErrUnexpectedEOF {
		return ErrTruncated
	}
	return fmt.Errorf("read message body: %w", err)
}

// Frame returns body with its length header, ready to write.
func Frame(body []byte) []byte {
	out := make([]byte, 4+len(body))
	binary.NativeEndian.PutUint32(out, uint32(len(body)))
	copy(out[4:], body)
	return out
}
