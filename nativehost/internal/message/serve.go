package message

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"runtime/debug"
	"sync"

	"feedscout/common/report"
)

// Handler answers every request type (the one dispatch of the host). It
// calls progress once per log row as work happens (progress is safe for
// concurrent use and cheap) and returns the result reply's payload: a
// Reply with the field of the request's type set (ID and Type are filled
// in by Serve). A returned error becomes an error reply (an *Error keeps
// its code). ctx is canceled when the browser goes away. Version requests
// are handled in the read loop, in order, so they must answer at once.
type Handler interface {
	Handle(ctx context.Context, req *Request, progress func(row report.Row)) (*Reply, error)
}

// ServeOptions tune Serve.
type ServeOptions struct {
	// MaxInFlight bounds the discover/section requests handled at once;
	// further requests wait in the pipe (default 64).
	MaxInFlight int
	// Log receives diagnostics (the host's stderr); nil discards them.
	Log io.Writer
}

// Serve runs the native messaging loop: it reads requests from in until
// the stream ends, has version requests answered at once and runs each other
// request in its own goroutine, writing progress and then exactly one
// result or error reply per request to out. Malformed frames and requests
// get an error reply; a stream that cannot be resynchronised (a length no
// browser sends) gets one and ends the loop. When in ends, in-flight work
// is canceled and Serve returns after its replies were attempted. It
// returns nil on a clean end of input and the error that stopped it
// otherwise.
func Serve(ctx context.Context, in io.Reader, out io.Writer, h Handler, o ServeOptions) error {
	if o.MaxInFlight <= 0 {
		o.MaxInFlight = 64
	}
	logw := o.Log
	if logw == nil {
		logw = io.Discard
	}
	ctx, cancel := context.WithCancel(ctx)
	defer cancel()
	w := NewWriter(out)
	r := NewReader(in, MaxRequest)
	slots := make(chan struct{}, o.MaxInFlight)
	var wg sync.WaitGroup
	defer wg.Wait()
	defer cancel() // runs before wg.Wait: stop in-flight work first

	fail := func(id json.RawMessage, code string, args map[string]any) error {
		return w.Send(ErrorReply(id, Fail(code, args)))
	}
	for {
		body, err := r.Next()
		switch {
		case err == nil:
		case err == io.EOF:
			return nil
		case errors.Is(err, ErrEmpty):
			if err := fail(nil, CodeEmpty, nil); err != nil {
				return err
			}
			continue
		case errors.Is(err, ErrTooLarge):
			if err := fail(PeekID(r.SkippedHead()), CodeTooLarge, map[string]any{"limit": MaxRequest}); err != nil {
				return err
			}
			continue
		case errors.Is(err, ErrCorrupt):
			fail(nil, CodeCorrupt, nil)
			return err
		case errors.Is(err, ErrTruncated):
			fmt.Fprintln(logw, "feedscout-host: input ended inside a message; stopping")
			return nil
		default:
			return err
		}
		req, err := Decode(body)
		if err != nil {
			if err := w.Send(ErrorReply(req.ID, err)); err != nil {
				return err
			}
			continue
		}
		if req.Type == TypeVersion {
			if err := handle(ctx, w, h, req, logw); err != nil {
				return err
			}
			continue
		}
		select {
		case slots <- struct{}{}:
		case <-ctx.Done():
			return ctx.Err()
		}
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer func() { <-slots }()
			handle(ctx, w, h, req, logw)
		}()
	}
}

// handle runs one request and writes its replies; a panic in the handler
// becomes an internal error reply, with the stack on the log. It returns
// the error of writing the last reply (the browser is gone).
func handle(ctx context.Context, w *Writer, h Handler, req *Request, logw io.Writer) (err error) {
	defer func() {
		if p := recover(); p != nil {
			fmt.Fprintf(logw, "feedscout-host: panic handling %s %s: %v\n%s", req.Type, req.URL, p, debug.Stack())
			err = w.Send(ErrorReply(req.ID, Fail(CodeInternal, map[string]any{"detail": "it failed on this request; details are in its log"})))
		}
	}()
	progress := func(row report.Row) {
		w.Send(&Reply{ID: req.ID, Type: TypeProgress, Request: &row})
	}
	rep, err := h.Handle(ctx, req, progress)
	if err != nil {
		return w.Send(ErrorReply(req.ID, err))
	}
	rep.ID, rep.Type = req.ID, TypeResult
	return w.Send(rep)
}
