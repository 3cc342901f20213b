package harness

// Fixture pages for the browser tests, made in code so each test states
// what it puts on the page.

import (
	"fmt"
	"html"
	"strings"
)

// LinkTag is one <link rel="alternate"> of a fixture page.
type LinkTag struct {
	Rel, Typ, Title, Href string
}

// NewsPage writes a news homepage: the given link tags in <head>, then
// sections section links (/news/section-N/) and articles article links
// (/news/2026/11/29/story-N.html), then extra (raw HTML). No favicon
// request: the icon is a data: URL, so server hit counts are exact.
func NewsPage(title string, links []LinkTag, sections, articles int, extra string) string {
	var b strings.Builder
	fmt.Fprintf(&b, "<!doctype html>\n<html lang=en><head><meta charset=utf-8>\n<title>%s</title>\n<link rel=icon href=\"data:,\">\n", html.EscapeString(title))
	for _, l := range links {
		fmt.Fprintf(&b, "<link rel=\"%s\" type=\"%s\" title=\"%s\" href=\"%s\">\n",
			html.EscapeString(l.Rel), html.EscapeString(l.Typ), html.EscapeString(l.Title), html.EscapeString(l.Href))
	}
	b.WriteString("</head><body><header><nav>\n")
	for i := 0; i < sections; i++ {
		fmt.Fprintf(&b, "<a href=\"/news/section-%d/\">Section %d</a>\n", i, i)
	}
	b.WriteString("</nav></header><main>\n")
	for i := 0; i < articles; i++ {
		fmt.Fprintf(&b, "<article><h2><a href=\"/news/2026/11/29/story-number-%d.html\">Story %d: a headline of ordinary length for a news site</a></h2><p>%s</p></article>\n",
			i, i, strings.Repeat("Lorem ipsum dolor sit amet, consectetur adipiscing elit. ", 3))
	}
	b.WriteString(extra)
	b.WriteString("</main></body></html>\n")
	return b.String()
}

// BigNewsPage is a homepage of about size bytes: two advertised feeds and
// as many sections and articles as it takes.
func BigNewsPage(size int) string {
	links := []LinkTag{
		{"alternate", "application/rss+xml", "Big News - All", "/rss.xml"},
		{"alternate", "application/atom+xml", "Big News - Atom", "/atom.xml"},
	}
	articles := 100
	for {
		p := NewsPage("Big News", links, 80, articles, "")
		if len(p) >= size {
			return p
		}
		articles += max(1, (size-len(p))/400)
	}
}
