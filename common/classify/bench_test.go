package classify

import (
	"bytes"
	"testing"
	"time"

	"golang.org/x/net/html"

	"feedscout/common/internal/htmltok"
)

// reportCPU adds the process's CPU time per op (all threads, so the
// collector's work counts) since start, as "cpu-ms/op".
func reportCPU(b *testing.B, start time.Duration) {
	if used := cpuTime() - start; used > 0 && b.N > 0 {
		b.ReportMetric(float64(used)/float64(b.N)/1e6, "cpu-ms/op")
	}
}

// BenchmarkClassify classifies the ~1 MB publisher homepage
// (testdata/publisher-home.html): 420 story cards, nav menus, inline CSS
// and script. The goal is at most 10 ms natively.
func BenchmarkClassify(b *testing.B) {
	pageURL, body, ct := readFixture(b, "publisher-home.html")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := Classify(pageURL, body, ct); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkSectionArticles reads one section page, Nikkei's startups page.
func BenchmarkSectionArticles(b *testing.B) {
	pageURL, body, ct := readFixture(b, "nikkei-startups.html")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		if _, err := SectionArticles(pageURL, body, ct); err != nil {
			b.Fatal(err)
		}
	}
	reportCPU(b, start)
}

// BenchmarkTokenize is the floor under BenchmarkClassify: the same page
// through the tokenizer's Next alone (common/internal/htmltok), nothing read from the
// tokens.
func BenchmarkTokenize(b *testing.B) {
	_, body, _ := readFixture(b, "publisher-home.html")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		z := htmltok.New(body, maxToken)
		for z.Next() != html.ErrorToken {
		}
	}
	reportCPU(b, start)
}

// BenchmarkTokenizeXNet is the same through x/net/html's Tokenizer, which
// htmltok copies: reading from an io.Reader a byte per call and
// copying every attribute name.
func BenchmarkTokenizeXNet(b *testing.B) {
	_, body, _ := readFixture(b, "publisher-home.html")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	start := cpuTime()
	for b.Loop() {
		z := html.NewTokenizer(bytes.NewReader(body))
		for z.Next() != html.ErrorToken {
		}
	}
	reportCPU(b, start)
}
