package fetch

import (
	"bytes"
	"container/list"
	"net/http"
	"sync"
)

// condCacheBytes bounds the bodies kept for conditional requests, so that a
// long-lived host process does not grow without limit.
const condCacheBytes = 32 << 20

// condCache remembers, per URL, the validators (ETag, Last-Modified) and
// the body of the last 200 that had any, so that a re-fetch can send
// If-None-Match / If-Modified-Since and a 304 can be answered with the
// stored body. Least recently used entries go first when full.
type condCache struct {
	mu      sync.Mutex
	max     int64
	size    int64
	order   list.List // of *condEntry, most recently used at the front
	entries map[string]*condEntry
}

type condEntry struct {
	url     string
	etag    string
	lastMod string
	header  http.Header
	body    []byte
	elem    *list.Element
}

// get returns the entry for url, or nil.
func (c *condCache) get(url string) *condEntry {
	c.mu.Lock()
	defer c.mu.Unlock()
	e := c.entries[url]
	if e != nil {
		c.order.MoveToFront(e.elem)
	}
	return e
}

// put stores a 200 response if it carries a validator.
func (c *condCache) put(url string, h http.Header, body []byte) {
	etag, lastMod := h.Get("ETag"), h.Get("Last-Modified")
	if etag == "" && lastMod == "" || int64(len(body)) > c.max/2 {
		return
	}
	c.mu.Lock()
	defer c.mu.Unlock()
	c.remove(c.entries[url])
	// A copy: the caller owns the Response's Body and may change it.
	e := &condEntry{url: url, etag: etag, lastMod: lastMod, header: h.Clone(), body: bytes.Clone(body)}
	e.elem = c.order.PushFront(e)
	c.entries[url] = e
	c.size += int64(len(body))
	for c.size > c.max {
		c.remove(c.order.Back().Value.(*condEntry))
	}
}

func (c *condCache) remove(e *condEntry) {
	if e == nil {
		return
	}
	c.order.Remove(e.elem)
	delete(c.entries, e.url)
	c.size -= int64(len(e.body))
}

// freshen returns the stored header updated with a 304's header fields
// (RFC 9110 15.4.5, RFC 9111 4.3.4).
func (e *condEntry) freshen(h http.Header) http.Header {
	out := e.header.Clone()
	for k, v := range h {
		out[k] = v
	}
	return out
}
