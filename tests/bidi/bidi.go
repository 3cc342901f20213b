// Package bidi is a small WebDriver BiDi client for the Firefox tests: one
// WebSocket to the browser's remote agent (firefox --remote-debugging-port),
// commands sent as {id, method, params} and matched to their answers by id,
// events handed to listeners. It speaks only what the tests use; every
// command's parameters and results are plain JSON the caller shapes.
//
// The WebSocket (RFC 6455, client side, no extensions) is in ws.go: Go's
// standard library has none, and the part a BiDi client needs is small.
package bidi

import (
	"context"
	"encoding/json"
	"fmt"
	"sync"
)

// Error is a BiDi error answer (the spec's "error" message).
type Error struct {
	Method  string // the command that failed
	Code    string `json:"error"` // "no such frame", "unknown error", ...
	Message string `json:"message"`
}

func (e *Error) Error() string {
	return fmt.Sprintf("bidi %s: %s: %s", e.Method, e.Code, e.Message)
}

// Event is one event the browser sent.
type Event struct {
	Method string
	Params json.RawMessage
}

// Client is a connection to a browser's BiDi endpoint.
type Client struct {
	ws *wsConn

	mu        sync.Mutex
	next      int64
	pending   map[int64]chan answer
	listeners map[int]func(Event)
	nextL     int
	err       error // why the connection ended, once it has

	done chan struct{}
}

type answer struct {
	result json.RawMessage
	err    error
}

// Dial connects to url, the remote agent's WebSocket address
// (ws://127.0.0.1:PORT/session for a new session, whose first command must
// be session.new).
func Dial(url string) (*Client, error) {
	ws, err := wsDial(url)
	if err != nil {
		return nil, fmt.Errorf("bidi dial: %w", err)
	}
	c := &Client{ws: ws, pending: map[int64]chan answer{}, listeners: map[int]func(Event){}, done: make(chan struct{})}
	go c.readLoop()
	return c, nil
}

// Call sends method with params and waits for its answer, which it decodes
// into result (when not nil). A BiDi error answer is an *Error.
func (c *Client) Call(ctx context.Context, method string, params, result any) error {
	if params == nil {
		params = struct{}{}
	}
	ch := make(chan answer, 1)
	c.mu.Lock()
	if c.err != nil {
		err := c.err
		c.mu.Unlock()
		return fmt.Errorf("bidi %s: %w", method, err)
	}
	c.next++
	id := c.next
	c.pending[id] = ch
	c.mu.Unlock()
	defer func() {
		c.mu.Lock()
		delete(c.pending, id)
		c.mu.Unlock()
	}()
	msg, err := json.Marshal(map[string]any{"id": id, "method": method, "params": params})
	if err != nil {
		return fmt.Errorf("bidi %s: encode params: %w", method, err)
	}
	if err := c.ws.writeText(msg); err != nil {
		return fmt.Errorf("bidi %s: %w", method, err)
	}
	select {
	case a := <-ch:
		if a.err != nil {
			if e, ok := a.err.(*Error); ok {
				e.Method = method
				return e
			}
			return fmt.Errorf("bidi %s: %w", method, a.err)
		}
		if result != nil {
			if err := json.Unmarshal(a.result, result); err != nil {
				return fmt.Errorf("bidi %s: decode result %.300s: %w", method, a.result, err)
			}
		}
		return nil
	case <-ctx.Done():
		return fmt.Errorf("bidi %s: %w", method, ctx.Err())
	}
}

// Listen calls fn for every event from now on (from the reading goroutine:
// fn must not block or call Call). The returned function stops it.
func (c *Client) Listen(fn func(Event)) (stop func()) {
	c.mu.Lock()
	c.nextL++
	id := c.nextL
	c.listeners[id] = fn
	c.mu.Unlock()
	return func() {
		c.mu.Lock()
		delete(c.listeners, id)
		c.mu.Unlock()
	}
}

// Done is closed when the connection has ended (Close, or the browser
// went away); Err then says why.
func (c *Client) Done() <-chan struct{} { return c.done }

// Err is why the connection ended, nil while it is open.
func (c *Client) Err() error {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.err
}

// Close ends the connection (not the browser: send browser.close first for
// that).
func (c *Client) Close() error {
	return c.ws.close()
}

func (c *Client) readLoop() {
	for {
		raw, err := c.ws.readMessage()
		if err != nil {
			c.mu.Lock()
			c.err = err
			for id, ch := range c.pending {
				ch <- answer{err: err}
				delete(c.pending, id)
			}
			c.mu.Unlock()
			close(c.done)
			return
		}
		var m struct {
			Type   string          `json:"type"`
			ID     *int64          `json:"id"`
			Result json.RawMessage `json:"result"`
			Method string          `json:"method"`
			Params json.RawMessage `json:"params"`
			Error
		}
		if err := json.Unmarshal(raw, &m); err != nil {
			continue // not JSON: nothing to route it to
		}
		switch m.Type {
		case "success", "error":
			if m.ID == nil {
				continue // an error about a message that had no id
			}
			c.mu.Lock()
			ch := c.pending[*m.ID]
			c.mu.Unlock()
			if ch == nil {
				continue
			}
			if m.Type == "error" {
				e := m.Error
				ch <- answer{err: &e}
			} else {
				ch <- answer{result: m.Result}
			}
		case "event":
			c.mu.Lock()
			fns := make([]func(Event), 0, len(c.listeners))
			for _, fn := range c.listeners {
				fns = append(fns, fn)
			}
			c.mu.Unlock()
			for _, fn := range fns {
				fn(Event{Method: m.Method, Params: m.Params})
			}
		}
	}
}
