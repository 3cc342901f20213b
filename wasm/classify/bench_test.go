package classify

import "testing"

// BenchmarkClassify classifies the ~1 MB publisher homepage
// (testdata/publisher-home.html): 420 story cards, nav menus, inline CSS
// and script. The goal is at most 10 ms natively.
func BenchmarkClassify(b *testing.B) {
	pageURL, body, ct := readFixture(b, "publisher-home.html")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := Classify(pageURL, body, ct); err != nil {
			b.Fatal(err)
		}
	}
}

// BenchmarkSectionArticles reads one section page, Nikkei's startups page.
func BenchmarkSectionArticles(b *testing.B) {
	pageURL, body, ct := readFixture(b, "nikkei-startups.html")
	b.SetBytes(int64(len(body)))
	b.ReportAllocs()
	for b.Loop() {
		if _, err := SectionArticles(pageURL, body, ct); err != nil {
			b.Fatal(err)
		}
	}
}
