package message

import (
	"fmt"
	"io"
	"sync"
)

// Writer writes framed replies. It is safe for concurrent use: each reply
// is written whole, with one Write call, under a lock, so replies of
// requests running in parallel never interleave.
type Writer struct {
	mu    sync.Mutex
	w     io.Writer
	limit int
	err   error
}

// NewWriter returns a Writer to w (the host's stdout) that keeps every
// message under MaxReply bytes.
func NewWriter(w io.Writer) *Writer { return &Writer{w: w, limit: MaxReply} }

// Send encodes r (see Marshal) and writes it as one frame. After a write
// error every later Send returns that error: the browser is gone.
func (w *Writer) Send(r *Reply) error {
	b, err := Marshal(r, w.limit)
	if err != nil {
		return err
	}
	frame := Frame(b)
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.err != nil {
		return w.err
	}
	if _, err := w.w.Write(frame); err != nil {
		w.err = fmt.Errorf("write reply: %w", err)
	}
	return w.err
}
