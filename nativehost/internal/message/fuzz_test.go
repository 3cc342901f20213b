package message

import (
	"bytes"
	"encoding/json"
	"errors"
	"io"
	"testing"
)

// FuzzReader feeds arbitrary bytes to the frame reader. Invariants: it
// never panics, every body returned is non-empty and within the limit, it
// always terminates, and after a fatal error the caller stops.
func FuzzReader(f *testing.F) {
	f.Add(Frame([]byte(`{"id":"1","type":"version"}`)))
	f.Add(header(0))
	f.Add(append(header(0xFFFFFFFF), 1, 2, 3))
	f.Add(append(header(9), "abc"...))
	f.Fuzz(func(t *testing.T, in []byte) {
		const limit = 1 << 10
		r := NewReader(bytes.NewReader(in), limit)
		consumed := 0
		for i := 0; ; i++ {
			if i > len(in)+1 {
				t.Fatal("reader does not make progress")
			}
			b, err := r.Next()
			if err == nil {
				if len(b) == 0 || len(b) > limit {
					t.Fatalf("body of %d bytes returned", len(b))
				}
				consumed += 4 + len(b)
				if consumed > len(in) {
					t.Fatalf("returned more bytes than were sent")
				}
				continue
			}
			if errors.Is(err, ErrEmpty) || errors.Is(err, ErrTooLarge) {
				continue
			}
			if err != io.EOF && !errors.Is(err, ErrTruncated) && !errors.Is(err, ErrCorrupt) {
				t.Fatalf("unexpected error %v", err)
			}
			return
		}
	})
}

// FuzzDecode feeds arbitrary bodies to the request decoder. Invariants:
// it never panics, always returns a request, an accepted request has a
// known type and (for discover/section) an http(s) URL, a rejected one a
// code and a sentence, and the id it returns is valid JSON a reply can echo.
func FuzzDecode(f *testing.F) {
	f.Add([]byte(`{"id":"1","type":"version"}`))
	f.Add([]byte(`{"id":2,"type":"discover","url":"https://www.nikkei.com/","order":"article"}`))
	f.Add([]byte(`{"id":"3","type":"section","url":"javascript:alert(1)"}`))
	f.Add([]byte(`{"id":{"x":1},"type":"discover"`))
	f.Fuzz(func(t *testing.T, in []byte) {
		req, err := Decode(in)
		if req == nil {
			t.Fatal("nil request")
		}
		if len(req.ID) > 0 && !json.Valid(req.ID) {
			t.Fatalf("id %q is not valid JSON", req.ID)
		}
		if len(req.ID) > MaxID {
			t.Fatalf("id of %d bytes accepted", len(req.ID))
		}
		if err != nil {
			var me *Error
			if !errors.As(err, &me) || me.Code == "" || me.Msg == "" {
				t.Fatalf("error %v without code and sentence", err)
			}
			b, merr := Marshal(ErrorReply(req.ID, err), MaxReply)
			if merr != nil || !json.Valid(b) {
				t.Fatalf("error reply does not encode: %v", merr)
			}
			return
		}
		switch req.Type {
		case TypeVersion:
		case TypeDiscover, TypeSection:
			if checkURL("url", req.URL) != nil {
				t.Fatalf("accepted url %q", req.URL)
			}
		default:
			t.Fatalf("accepted type %q", req.Type)
		}
	})
}
