package message

import (
	"bytes"
	"encoding/binary"
	"errors"
	"io"
	"runtime"
	"testing"
)

func header(n uint32) []byte {
	b := make([]byte, 4)
	binary.NativeEndian.PutUint32(b, n)
	return b
}

func TestReaderNext(t *testing.T) {
	big := bytes.Repeat([]byte("x"), 100<<10)
	cases := []struct {
		name  string
		in    []byte
		max   int
		want  []string // bodies, in order
		final error    // error after the bodies
	}{
		{"two", append(Frame([]byte(`{"a":1}`)), Frame([]byte(`{}`))...), 0, []string{`{"a":1}`, `{}`}, io.EOF},
		{"empty stream", nil, 0, nil, io.EOF},
		{"short header", []byte{1, 0}, 0, nil, ErrTruncated},
		{"short body", append(header(10), "abc"...), 0, nil, ErrTruncated},
		{"long declared short sent", append(header(1<<20), "abc"...), 2 << 20, nil, ErrTruncated},
		{"zero", header(0), 0, nil, ErrEmpty},
		{"ffffffff", append(header(0xFFFFFFFF), "abc"...), 0, nil, ErrCorrupt},
		{"over limit", append(Frame(big), Frame([]byte(`{}`))...), 1 << 10, nil, ErrTooLarge},
		{"big ok", Frame(big), 0, []string{string(big)}, io.EOF},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			r := NewReader(bytes.NewReader(c.in), c.max)
			for _, w := range c.want {
				b, err := r.Next()
				if err != nil || string(b) != w {
					t.Fatalf("Next = %.20q, %v; want %.20q", b, err, w)
				}
			}
			if _, err := r.Next(); !errors.Is(err, c.final) {
				t.Fatalf("final Next error = %v, want %v", err, c.final)
			}
		})
	}
}

// A frame over the limit is skipped and the stream stays in sync.
func TestReaderResyncAfterTooLarge(t *testing.T) {
	in := append(Frame(bytes.Repeat([]byte("y"), 5000)), Frame([]byte(`{"id":1}`))...)
	r := NewReader(bytes.NewReader(in), 1000)
	if _, err := r.Next(); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("first Next error = %v, want ErrTooLarge", err)
	}
	b, err := r.Next()
	if err != nil || string(b) != `{"id":1}` {
		t.Fatalf("second Next = %q, %v", b, err)
	}
}

// A 64 MiB declared length followed by a few bytes allocates in proportion
// to the bytes received, not to the length declared.
func TestReaderDoesNotTrustLength(t *testing.T) {
	in := append(header(MaxBrowserMessage), "tiny"...)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	r := NewReader(bytes.NewReader(in), MaxBrowserMessage)
	if _, err := r.Next(); !errors.Is(err, ErrTruncated) {
		t.Fatalf("Next error = %v, want ErrTruncated", err)
	}
	runtime.ReadMemStats(&after)
	if got := after.TotalAlloc - before.TotalAlloc; got > 1<<20 {
		t.Fatalf("reading a lying 64 MiB header allocated %d bytes", got)
	}
}

// A message skipped as too large still names its request when the id
// comes first, as the extension writes it.
func TestSkippedHeadNamesTheRequest(t *testing.T) {
	body := append([]byte(`{"id":"c0ffee12","type":"discover","url":"https://a.example/","page":{"html":"`), bytes.Repeat([]byte("x"), MaxRequest)...)
	body = append(body, `"}}`...)
	r := NewReader(bytes.NewReader(Frame(body)), 0)
	if _, err := r.Next(); !errors.Is(err, ErrTooLarge) {
		t.Fatalf("Next: %v, want ErrTooLarge", err)
	}
	if id := PeekID(r.SkippedHead()); string(id) != `"c0ffee12"` {
		t.Errorf("PeekID = %s, want \"c0ffee12\"", id)
	}
	for _, head := range []string{`{"type":"discover","page":{"html":"xxxx`, `[1,2`, `{"id":{"a":1}}`, ``} {
		if id := PeekID([]byte(head)); id != nil {
			t.Errorf("PeekID(%q) = %s, want none", head, id)
		}
	}
}
