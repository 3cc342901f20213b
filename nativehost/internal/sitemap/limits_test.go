package sitemap

import (
	"bytes"
	"compress/gzip"
	"errors"
	"io"
	"runtime"
	"runtime/metrics"
	"strings"
	"sync"
	"testing"
	"time"
)

// bomb builds a gzip stream of members (one compressed 1 MiB chunk,
// repeated) that decodes to head + chunk*copies: 1,024 copies are a 1 GiB
// bomb of about 1 MiB, built in milliseconds.
func bomb(t testing.TB, head string, unit string, copies int) []byte {
	chunk := []byte(strings.Repeat(unit, (1<<20)/len(unit)))
	member := func(p []byte) []byte {
		var b bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
		zw.Write(p)
		zw.Close()
		return b.Bytes()
	}
	first, rest := member(append([]byte(head), chunk...)), member(chunk)
	out := make([]byte, 0, len(first)+len(rest)*copies)
	out = append(out, first...)
	for range copies - 1 {
		out = append(out, rest...)
	}
	return out
}

// peakHeap runs f and returns the most heap it saw in use above what was
// live before, sampling every 200 µs.
func peakHeap(f func()) uint64 {
	runtime.GC()
	sample := []metrics.Sample{{Name: "/memory/classes/heap/objects:bytes"}}
	read := func() uint64 { metrics.Read(sample); return sample[0].Value.Uint64() }
	base := read()
	var peak uint64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	wg.Go(func() {
		tick := time.NewTicker(200 * time.Microsecond)
		defer tick.Stop()
		for {
			if v := read(); v > peak {
				peak = v
			}
			select {
			case <-stop:
				return
			case <-tick.C:
			}
		}
	})
	f()
	close(stop)
	wg.Wait()
	if v := read(); v > peak {
		peak = v
	}
	if peak < base {
		return 0
	}
	return peak - base
}

// TestGzipBombs: 1 GiB bombs of four shapes stop at a cap with bounded
// heap: many small tokens at the 50 MiB decoded cap, one endless text at
// the 1 MiB token cap, endless entries at 50,000 entries (Truncated),
// endless nesting at 64 levels.
func TestGzipBombs(t *testing.T) {
	const urlset = `<?xml version="1.0"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`
	cases := []struct {
		name      string
		unit      string
		wantErr   error
		wantMsg   string
		truncated bool
		maxHeap   uint64
	}{
		{"comments", "<!-- nothing to see -->\n", ErrTooLarge, "more than 50 MiB decoded", false, 16 << 20},
		{"spaces", " ", ErrTooLarge, "one XML token longer than 1 MiB", false, 16 << 20},
		{"entries", "<url><loc>https://www.example.com/a/b/c</loc></url>\n", nil, "", true, 24 << 20},
		{"nesting", "<a>", ErrNotSitemap, "nested deeper than 64 levels", false, 16 << 20},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			gz := bomb(t, urlset, c.unit, 1024)
			if len(gz) > 4<<20 {
				t.Fatalf("bomb is %d bytes, want a few MiB at most", len(gz))
			}
			var sm *Sitemap
			var err error
			start := time.Now()
			heap := peakHeap(func() { sm, err = Parse(bytes.NewReader(gz)) })
			t.Logf("%d KiB gzip (1 GiB decoded): %v in %v, peak heap +%.1f MiB", len(gz)>>10, err, time.Since(start).Round(time.Millisecond), float64(heap)/(1<<20))
			if c.wantErr != nil {
				if !errors.Is(err, c.wantErr) || !strings.Contains(err.Error(), c.wantMsg) {
					t.Fatalf("err = %v, want %v mentioning %q", err, c.wantErr, c.wantMsg)
				}
			} else if err != nil {
				t.Fatal(err)
			}
			if c.truncated && (sm == nil || !sm.Truncated || len(sm.Entries) != MaxEntries) {
				t.Fatalf("want Truncated with %d entries, got %+v", MaxEntries, sm != nil && sm.Truncated)
			}
			if heap > c.maxHeap {
				t.Errorf("peak heap +%d MiB, want at most %d MiB", heap>>20, c.maxHeap>>20)
			}
		})
	}
}

// TestRawInputCap: the raw stream is capped too (endless empty gzip
// members), exactly the cap is allowed and one byte more is not. The cap
// is lowered to 1 MiB here to keep the test fast; the bombs above use the
// real one.
func TestRawInputCap(t *testing.T) {
	defer func(c int64) { byteCap = c }(byteCap)
	byteCap = 1 << 20

	var empty bytes.Buffer
	zw := gzip.NewWriter(&empty)
	zw.Close()
	if _, err := Parse(&repeatReader{unit: empty.Bytes()}); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than 1 MiB read") {
		t.Errorf("endless empty gzip members: err = %v, want ErrTooLarge naming the cap", err)
	}

	const open, end = `<urlset><url><loc>https://www.example.com/world/</loc></url>`, `</urlset>`
	var b strings.Builder
	b.WriteString(open)
	for b.Len() < int(byteCap)-len(end) {
		n := min(1000, int(byteCap)-len(end)-b.Len()-len("<!---->"))
		b.WriteString("<!--" + strings.Repeat("y", max(n, 0)) + "-->")
	}
	b.WriteString(end)
	if b.Len() != int(byteCap) {
		t.Fatalf("built %d bytes, want %d", b.Len(), byteCap)
	}
	for _, gz := range []bool{false, true} {
		in := []byte(b.String())
		if gz {
			in = gzipped(in)
		}
		if sm, err := Parse(bytes.NewReader(in)); err != nil || len(sm.Entries) != 1 {
			t.Errorf("exactly the cap (gzip %v): err = %v", gz, err)
		}
		in = []byte(b.String() + " ")
		if gz {
			in = gzipped(in)
		}
		if _, err := Parse(bytes.NewReader(in)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "more than 1 MiB") {
			t.Errorf("cap + 1 byte (gzip %v): err = %v, want ErrTooLarge naming the cap", gz, err)
		}
	}
}

// repeatReader yields unit over and over, left bytes in all (0: forever).
type repeatReader struct {
	unit []byte
	left int
	pos  int
}

func (r *repeatReader) Read(p []byte) (int, error) {
	if r.left < 0 {
		return 0, io.EOF
	}
	n := 0
	for n < len(p) {
		if r.left > 0 && n == r.left {
			r.left = -1
			break
		}
		p[n] = r.unit[r.pos]
		r.pos = (r.pos + 1) % len(r.unit)
		n++
	}
	if r.left > 0 {
		r.left -= n
		if r.left == 0 {
			r.left = -1
		}
	}
	return n, nil
}

// TestTruncatedGzip: a gzip stream cut short is ErrTruncated, for XML and
// for text, and a long text line is skipped, not taken for an XML token.
func TestTruncatedGzip(t *testing.T) {
	xmlGz := gzipped(genURLSet(2000))
	textGz := gzipped([]byte(strings.Repeat("https://www.example.com/world/\n", 20000)))
	for name, gz := range map[string][]byte{"xml": xmlGz, "text": textGz} {
		if _, err := Parse(bytes.NewReader(gz[:len(gz)/2])); !errors.Is(err, ErrTruncated) {
			t.Errorf("%s: half a gzip stream: err = %v, want ErrTruncated", name, err)
		}
	}
	long := "https://www.example.com/a/\n" + "https://www.example.com/" + strings.Repeat("x", 3<<20) + "\nhttps://www.example.com/b/\n"
	sm, err := Parse(strings.NewReader(long))
	if err != nil || len(sm.Entries) != 2 {
		t.Errorf("text with a 3 MiB line: %v, %v", sm, err)
	}
}
