package fixtureweb

import (
	"encoding/json"
	"encoding/xml"
	"strings"
	"time"
)

// feedMeta describes a feed's channel.
type feedMeta struct {
	Title, Link, Self, Description, Lang, Generator string
	// Hub is a WebSub hub announced with rel="hub", if any.
	Hub string
	// Updated is the channel's build time.
	Updated time.Time
}

// xesc escapes s for XML text and attribute values.
func xesc(s string) string {
	var b strings.Builder
	_ = xml.EscapeText(&b, []byte(s))
	return b.String()
}

// rssFeed writes an RSS 2.0 document with atom:link self (and hub).
func rssFeed(m feedMeta, items []story) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom" xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:content="http://purl.org/rss/1.0/modules/content/">` + "\n<channel>\n")
	b.WriteString("<title>" + xesc(m.Title) + "</title>\n<link>" + xesc(m.Link) + "</link>\n")
	b.WriteString("<description>" + xesc(m.Description) + "</description>\n")
	if m.Lang != "" {
		b.WriteString("<language>" + xesc(m.Lang) + "</language>\n")
	}
	b.WriteString("<lastBuildDate>" + m.Updated.UTC().Format(time.RFC1123Z) + "</lastBuildDate>\n")
	if m.Self != "" {
		b.WriteString(`<atom:link href="` + xesc(m.Self) + `" rel="self" type="application/rss+xml"/>` + "\n")
	}
	if m.Hub != "" {
		b.WriteString(`<atom:link href="` + xesc(m.Hub) + `" rel="hub"/>` + "\n")
	}
	if m.Generator != "" {
		b.WriteString("<generator>" + xesc(m.Generator) + "</generator>\n")
	}
	for _, it := range items {
		b.WriteString("<item>\n<title>" + xesc(it.Title) + "</title>\n<link>" + xesc(it.URL) + "</link>\n")
		b.WriteString(`<guid isPermaLink="true">` + xesc(it.URL) + "</guid>\n")
		b.WriteString("<pubDate>" + it.Time.UTC().Format(time.RFC1123Z) + "</pubDate>\n")
		if it.Author != "" {
			b.WriteString("<dc:creator>" + xesc(it.Author) + "</dc:creator>\n")
		}
		if it.Section != "" {
			b.WriteString("<category>" + xesc(it.Section) + "</category>\n")
		}
		b.WriteString("<description>" + xesc(it.Summary) + "</description>\n")
		b.WriteString("<content:encoded><![CDATA[<p>" + it.Summary + "</p>]]></content:encoded>\n</item>\n")
	}
	b.WriteString("</channel>\n</rss>\n")
	return []byte(b.String())
}

// atomFeed writes an Atom 1.0 document.
func atomFeed(m feedMeta, items []story) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="utf-8"?>` + "\n")
	lang := ""
	if m.Lang != "" {
		lang = ` xml:lang="` + xesc(m.Lang) + `"`
	}
	b.WriteString(`<feed xmlns="http://www.w3.org/2005/Atom"` + lang + ">\n")
	b.WriteString("<title>" + xesc(m.Title) + "</title>\n")
	if m.Description != "" {
		b.WriteString("<subtitle>" + xesc(m.Description) + "</subtitle>\n")
	}
	b.WriteString("<id>" + xesc(m.Self) + "</id>\n<updated>" + m.Updated.UTC().Format(time.RFC3339) + "</updated>\n")
	b.WriteString(`<link rel="alternate" type="text/html" href="` + xesc(m.Link) + `"/>` + "\n")
	b.WriteString(`<link rel="self" type="application/atom+xml" href="` + xesc(m.Self) + `"/>` + "\n")
	if m.Hub != "" {
		b.WriteString(`<link rel="hub" href="` + xesc(m.Hub) + `"/>` + "\n")
	}
	if m.Generator != "" {
		b.WriteString("<generator>" + xesc(m.Generator) + "</generator>\n")
	}
	for _, it := range items {
		b.WriteString("<entry>\n<title>" + xesc(it.Title) + "</title>\n<id>" + xesc(it.URL) + "</id>\n")
		b.WriteString(`<link rel="alternate" type="text/html" href="` + xesc(it.URL) + `"/>` + "\n")
		ts := it.Time.UTC().Format(time.RFC3339)
		b.WriteString("<published>" + ts + "</published>\n<updated>" + ts + "</updated>\n")
		if it.Author != "" {
			b.WriteString("<author><name>" + xesc(it.Author) + "</name></author>\n")
		}
		b.WriteString(`<summary type="text">` + xesc(it.Summary) + "</summary>\n</entry>\n")
	}
	b.WriteString("</feed>\n")
	return []byte(b.String())
}

// jsonFeed writes a JSON Feed 1.1 document.
func jsonFeed(m feedMeta, items []story) []byte {
	type author struct {
		Name string `json:"name"`
	}
	type item struct {
		ID            string   `json:"id"`
		URL           string   `json:"url"`
		Title         string   `json:"title"`
		ContentText   string   `json:"content_text"`
		DatePublished string   `json:"date_published"`
		Authors       []author `json:"authors,omitempty"`
	}
	type feed struct {
		Version     string `json:"version"`
		Title       string `json:"title"`
		HomePageURL string `json:"home_page_url"`
		FeedURL     string `json:"feed_url"`
		Description string `json:"description,omitempty"`
		Language    string `json:"language,omitempty"`
		Items       []item `json:"items"`
	}
	f := feed{Version: "https://jsonfeed.org/version/1.1", Title: m.Title, HomePageURL: m.Link, FeedURL: m.Self,
		Description: m.Description, Language: m.Lang, Items: []item{}}
	for _, it := range items {
		j := item{ID: it.URL, URL: it.URL, Title: it.Title, ContentText: it.Summary,
			DatePublished: it.Time.UTC().Format(time.RFC3339)}
		if it.Author != "" {
			j.Authors = []author{{it.Author}}
		}
		f.Items = append(f.Items, j)
	}
	b, err := json.MarshalIndent(f, "", "  ")
	if err != nil {
		panic("fixtureweb: marshal json feed: " + err.Error())
	}
	return append(b, '\n')
}
