package feed

import (
	"bytes"
	"fmt"
	"testing"
	"time"

	"github.com/mmcdole/gofeed"
)

// genRSS builds an RSS 2.0 feed of n items (~500 bytes each).
func genRSS(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom"><channel><title>Bench</title>` +
		`<link>https://bench.example.com/</link><atom:link rel="hub" href="https://hub.example.com/"/>` + "\n")
	t := time.Date(2026, 11, 29, 12, 0, 0, 0, time.UTC)
	for i := range n {
		fmt.Fprintf(&b, "<item><title>Story %d: the council votes &amp; the city waits</title>"+
			"<link>https://bench.example.com/2026/11/29/story-%d-the-council-votes</link>"+
			"<guid>https://bench.example.com/2026/11/29/story-%d-the-council-votes</guid>"+
			"<pubDate>%s</pubDate><description><![CDATA[<p>Paragraph %d of a summary that runs "+
			"for a while, as summaries do, with <b>markup</b> inside.</p>]]></description></item>\n",
			i, i, i, t.Add(-time.Duration(i)*time.Minute).Format(time.RFC1123Z), i)
	}
	b.WriteString("</channel></rss>\n")
	return b.Bytes()
}

// BenchmarkParse compares the wrapper with gofeed alone on the same feed:
// the difference is the wrapper's scan for the root (and its checks).
func BenchmarkParse(b *testing.B) {
	body := genRSS(2000)
	b.Run("wrapper/rss-2000", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := Parse(body, "application/rss+xml"); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("gofeed/rss-2000", func(b *testing.B) {
		b.SetBytes(int64(len(body)))
		b.ReportAllocs()
		for b.Loop() {
			if _, err := gofeed.NewParser().Parse(bytes.NewReader(body)); err != nil {
				b.Fatal(err)
			}
		}
	})
}
