package harness

// The fixture sites of the headline tests: feeds whose first is disallowed
// or fails, so that the next one is previewed.

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
)

// HeadlineItems are the public feed's items, out of date order, one
// undated and one untitled: the newest three are "Fourth", "Second",
// "Fifth".
var HeadlineItems = []struct {
	title string
	age   time.Duration // before the fixture's clock; 0: no date
}{
	{"First", 50 * time.Hour},
	{"Second", 2 * time.Hour},
	{"Undated", 0},
	{"Fourth", 1 * time.Hour},
	{"", 30 * time.Minute},
	{"Fifth", 3 * time.Hour},
}

// HeadlineSite serves a homepage advertising first (the feed that cannot
// be previewed) and then /feed.xml (the public one).
func HeadlineSite(name, host, first string, serveFirst http.HandlerFunc) fixtureweb.Site {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>%s</title>
<link rel="alternate" type="application/rss+xml" title="Everything" href="%s">
<link rel="alternate" type="application/rss+xml" title="Public" href="/feed.xml">
</head><body><a href="/news/today-in-the-valley-report">Today</a></body></html>`, name, first)
	})
	mux.HandleFunc("/feed.xml", func(w http.ResponseWriter, r *http.Request) {
		now := fixtureweb.Clock(r)
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Public</title><link>https://` + host + `/</link>`)
		for i, it := range HeadlineItems {
			fmt.Fprintf(&b, "<item><title>%s</title><link>https://%s/news/item-%d-of-the-day</link>", it.title, host, i)
			if it.age > 0 {
				fmt.Fprintf(&b, "<pubDate>%s</pubDate>", now.Add(-it.age).UTC().Format(http.TimeFormat))
			}
			b.WriteString("</item>")
		}
		b.WriteString("</channel></rss>")
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, b.String())
	})
	if serveFirst != nil {
		mux.HandleFunc(first, serveFirst)
	}
	return fixtureweb.Site{Name: name, Host: host, Handler: mux,
		Expect: fixtureweb.Expect{Outcome: reportpkg.OutcomeFeed, FeedURL: "https://" + host + "/feed.xml"}}
}

// FirstDisallowedSite is the headline site whose first advertised feed
// robots.txt disallows.
func FirstDisallowedSite() fixtureweb.Site {
	return HeadlineSite("first-disallowed", "first-disallowed.test", "/private/all.xml", nil)
}
