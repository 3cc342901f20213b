package feed_test

import (
	"errors"
	"fmt"

	"feedscout/nativehost/internal/feed"
)

func ExampleParse() {
	body := []byte(`<?xml version="1.0" encoding="UTF-8"?>
<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">
  <channel>
    <title>Example News</title>
    <link>https://www.example.com/</link>
    <atom:link rel="self" href="https://www.example.com/feed.rss"/>
    <atom:link rel="hub" href="https://pubsubhubbub.appspot.com/"/>
    <item><title>One</title><link>https://www.example.com/2026/11/29/one-story-today</link>
      <pubDate>Sun, 29 Nov 2026 14:30:00 +0300</pubDate></item>
  </channel>
</rss>`)
	s, err := feed.Parse(body, "application/rss+xml")
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(s.Format, s.Title, s.Items, s.Newest)
	fmt.Println(s.SelfLink, s.Hub)
	// Output:
	// rss Example News 1 2026-11-29 11:30:00 +0000 UTC
	// https://www.example.com/feed.rss https://pubsubhubbub.appspot.com/
}

func ExampleParse_notFeed() {
	for _, body := range []string{
		`{"error": "not found"}`,
		`<!DOCTYPE html><html><body>Page not found</body></html>`,
		`<?xml version="1.0"?><rss version="2.0"><channel><title>Cut`,
	} {
		_, err := feed.Parse([]byte(body), "")
		fmt.Println(errors.Is(err, feed.ErrNotFeed), errors.Is(err, feed.ErrBroken))
	}
	// Output:
	// true false
	// true false
	// false true
}
