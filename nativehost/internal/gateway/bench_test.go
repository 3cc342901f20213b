package gateway

import (
	"net/url"
	"testing"
)

// BenchmarkVerify is the signature check a public gateway makes for every
// /feed request (goal: under 5 µs). BenchmarkParseQuery, its baseline in
// the same run, is the query parsing every request pays anyway
// (docs/performance-gateway.md has the figures).
func BenchmarkVerify(b *testing.B) {
	k, _ := NewKey()
	src := "https://www.nikkei.com/business/startups/?utm=feedscout&page=1"
	sig := k.Sign("atom", src)
	b.ReportAllocs()
	for b.Loop() {
		if !k.Verify("atom", src, sig) {
			b.Fatal("verify failed")
		}
	}
}

func BenchmarkParseQuery(b *testing.B) {
	k, _ := NewKey()
	src := "https://www.nikkei.com/business/startups/?utm=feedscout&page=1"
	raw := "url=" + url.QueryEscape(src) + "&sig=" + k.Sign("atom", src)
	b.ReportAllocs()
	for b.Loop() {
		q, err := url.ParseQuery(raw)
		if err != nil || q.Get("url") != src {
			b.Fatal("parse failed")
		}
	}
}
