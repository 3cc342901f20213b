package sitemap

import (
	"bufio"
	"bytes"
	"encoding/xml"
	"io"
	"runtime"
	"slices"
	"testing"
	"time"
)

// Benchmarks for docs/performance-readers.md. Parse is measured against
// baselines on the same bytes in the same run, because the machine is
// shared and absolute MB/s swing with its load: a bare encoding/xml Token
// scan and a RawToken scan with the same decoder settings (what any
// encoding/xml reader pays before doing anything), and a ReadByte pass
// through bufio (the floor of any byte-at-a-time decoder).

type benchInput struct {
	name string
	data []byte
}

func benchInputs() []benchInput {
	return []benchInput{
		{"urlset-50000", genURLSet(50000)},
		{"news-1000", genNews(1000)},
	}
}

func BenchmarkParse(b *testing.B) {
	for _, in := range benchInputs() {
		b.Run(in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			b.ReportAllocs()
			for b.Loop() {
				mustParse(b, bytes.NewReader(in.data))
			}
		})
	}
	b.Run("urlset-50000-gzip", func(b *testing.B) {
		plain := genURLSet(50000)
		gz := gzipped(plain)
		b.SetBytes(int64(len(plain))) // MB/s of decoded XML
		b.ReportAllocs()
		for b.Loop() {
			mustParse(b, bytes.NewReader(gz))
		}
		b.ReportMetric(float64(len(gz))/(1<<20), "gzip-MiB")
	})
}

// BenchmarkParseHeap reports Parse's heap: the peak while parsing and what
// the result retains. The input is held gzipped (0.6 MiB for the urlset),
// so the figures are Parse's own and not inflated by an 11 MB resident
// input (the GC's heap goal is twice all that is live: with the plain
// input resident the peak above it doubles). The peak depends on when the
// concurrent GC runs, and on the machine's load, so it is sampled over
// seven runs: median and worst.
func BenchmarkParseHeap(b *testing.B) {
	for _, name := range []string{"urlset-50000", "news-1000"} {
		b.Run(name, func(b *testing.B) {
			var gz []byte
			if name == "urlset-50000" {
				gz = gzipped(genURLSet(50000))
			} else {
				gz = gzipped(genNews(1000))
			}
			// Nothing from an earlier run may stay live: it would raise
			// the GC's goal for the next.
			entries := 0
			peaks := make([]uint64, 7)
			for i := range peaks {
				peaks[i] = peakHeap(func() { entries = len(mustParse(b, bytes.NewReader(gz)).Entries) })
			}
			slices.Sort(peaks)
			retained := retainedHeap(func() any { return mustParse(b, bytes.NewReader(gz)) })
			for b.Loop() {
				mustParse(b, bytes.NewReader(gz))
			}
			b.ReportMetric(float64(peaks[len(peaks)/2])/(1<<20), "peak-heap-median-MiB")
			b.ReportMetric(float64(peaks[len(peaks)-1])/(1<<20), "peak-heap-max-MiB")
			b.ReportMetric(float64(retained)/(1<<20), "retained-MiB")
			b.ReportMetric(float64(entries), "entries")
		})
	}
}

func mustParse(b *testing.B, r io.Reader) *Sitemap {
	sm, err := Parse(r)
	if err != nil {
		b.Fatal(err)
	}
	return sm
}

// retainedHeap returns the heap still held by what f returns, after GC.
func retainedHeap(f func() any) uint64 {
	var ms runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&ms)
	before := ms.HeapAlloc
	v := f()
	runtime.GC()
	runtime.ReadMemStats(&ms)
	runtime.KeepAlive(v)
	if ms.HeapAlloc < before {
		return 0
	}
	return ms.HeapAlloc - before
}

// scanXML reads every token of data with Parse's decoder settings and
// does nothing with them.
func scanXML(b *testing.B, data []byte, raw bool) {
	d := xml.NewDecoder(bytes.NewReader(data))
	d.Strict = false
	d.Entity = xml.HTMLEntity
	next := d.Token
	if raw {
		next = d.RawToken
	}
	for {
		if _, err := next(); err != nil {
			if err != io.EOF {
				b.Fatal(err)
			}
			return
		}
	}
}

func BenchmarkBaseline(b *testing.B) {
	scan := func(b *testing.B, data []byte, raw bool) {
		b.SetBytes(int64(len(data)))
		b.ReportAllocs()
		for b.Loop() {
			scanXML(b, data, raw)
		}
	}
	for _, in := range benchInputs() {
		b.Run("xml-token/"+in.name, func(b *testing.B) { scan(b, in.data, false) })
		b.Run("xml-rawtoken/"+in.name, func(b *testing.B) { scan(b, in.data, true) })
		b.Run("readbyte/"+in.name, func(b *testing.B) {
			b.SetBytes(int64(len(in.data)))
			for b.Loop() {
				var r io.ByteReader = bufio.NewReader(bytes.NewReader(in.data))
				for {
					if _, err := r.ReadByte(); err != nil {
						break
					}
				}
			}
		})
	}
}

// BenchmarkInterleaved runs Parse and the two encoding/xml scans in turn
// within each iteration, so the machine's load weighs on all three alike,
// and reports each one's MB/s and Parse's speed relative to the scans.
func BenchmarkInterleaved(b *testing.B) {
	for _, in := range benchInputs() {
		b.Run(in.name, func(b *testing.B) {
			var parse, token, raw time.Duration
			for b.Loop() {
				t0 := time.Now()
				mustParse(b, bytes.NewReader(in.data))
				t1 := time.Now()
				scanXML(b, in.data, false)
				t2 := time.Now()
				scanXML(b, in.data, true)
				parse, token, raw = parse+t1.Sub(t0), token+t2.Sub(t1), raw+time.Since(t2)
			}
			mbps := func(d time.Duration) float64 { return float64(len(in.data)) * float64(b.N) / d.Seconds() / 1e6 }
			b.ReportMetric(mbps(parse), "parse-MB/s")
			b.ReportMetric(mbps(token), "token-MB/s")
			b.ReportMetric(mbps(raw), "rawtoken-MB/s")
			b.ReportMetric(token.Seconds()/parse.Seconds(), "parse/token-speed")
			b.ReportMetric(raw.Seconds()/parse.Seconds(), "parse/rawtoken-speed")
		})
	}
}

func BenchmarkJudge(b *testing.B) {
	sm, err := Parse(bytes.NewReader(genURLSet(50000)))
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		Judge(sm, goldenNow)
	}
}
