package follow

import (
	"encoding/json"
	"encoding/xml"
	"fmt"
	"io"
	"net/url"
	"time"

	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/fetch"
)

// Formats of Write.
const (
	FormatAtom = "atom" // Atom 1.0 (RFC 4287)
	FormatJSON = "json" // JSON Feed 1.1
)

// Subtitle is the feed's subtitle: what is followed and, when something is
// wrong, what and since when, in sentences a reader shows.
func Subtitle(st *State) string {
	what := map[kind.SourceKind]string{kind.NewsSitemap: "News sitemap", kind.ArticleSitemap: "Article sitemap", kind.Section: "Section page", kind.JSONFeed: "JSON Feed"}[st.Kind]
	if what == "" {
		what = "Page"
	}
	s := what + " " + st.URL + ", followed by feedscout."
	switch st.Status {
	case StatusGone:
		s = st.Problem
	case StatusFailing:
		s += fmt.Sprintf(" The last fetch failed: %s These are the entries of %s; feedscout tries again after %s.", st.Problem, clock(st.LastOK), clock(st.NextFetch))
	}
	if st.Moved != "" {
		s += " " + st.Moved
	}
	return s
}

// Home is the homepage of the site of u (https://example.com/ for
// https://example.com/news/sitemap.xml), "" when u has no host: a feed's
// link, an OPML outline's htmlUrl.
func Home(u string) string {
	p, err := url.Parse(u)
	if err != nil || p.Host == "" {
		return ""
	}
	return (&url.URL{Scheme: p.Scheme, Host: p.Host, Path: "/"}).String()
}

// home is the site's homepage for a feed of src, src itself when it has
// no host.
func home(src string) string {
	if h := Home(src); h != "" {
		return h
	}
	return src
}

// updated is the feed's date: its newest entry, else the last good fetch.
func updated(st *State) time.Time {
	t := st.LastOK
	for _, e := range st.Entries {
		if e.Published.After(t) || t.IsZero() {
			t = e.Published
		}
	}
	if t.IsZero() {
		t = st.Created
	}
	return t.UTC()
}

type atomText struct {
	Type string `xml:"type,attr,omitempty"`
	Text string `xml:",chardata"`
}

type atomLink struct {
	Rel  string `xml:"rel,attr,omitempty"`
	Type string `xml:"type,attr,omitempty"`
	Href string `xml:"href,attr"`
}

type atomPerson struct {
	Name string `xml:"name"`
	URI  string `xml:"uri,omitempty"`
}

type atomGenerator struct {
	URI     string `xml:"uri,attr,omitempty"`
	Version string `xml:"version,attr,omitempty"`
	Text    string `xml:",chardata"`
}

type atomEntry struct {
	ID        string     `xml:"id"`
	Title     atomText   `xml:"title"`
	Link      atomLink   `xml:"link"`
	Published string     `xml:"published"`
	Updated   string     `xml:"updated"`
	Summary   *atomText  `xml:"summary,omitempty"`
	Author    atomPerson `xml:"author"`
}

type atomFeed struct {
	XMLName   xml.Name      `xml:"http://www.w3.org/2005/Atom feed"`
	ID        string        `xml:"id"`
	Title     atomText      `xml:"title"`
	Subtitle  atomText      `xml:"subtitle"`
	Updated   string        `xml:"updated"`
	Links     []atomLink    `xml:"link"`
	Author    atomPerson    `xml:"author"`
	Generator atomGenerator `xml:"generator"`
	Entries   []atomEntry   `xml:"entry"`
}

// rfc3339 is Atom's date form, UTC to the second.
func rfc3339(t time.Time) string { return t.UTC().Truncate(time.Second).Format(time.RFC3339) }

// Write writes st as a feed in format (FormatAtom or FormatJSON). self is
// the feed's own URL (the gateway's), or "" for stdout.
func Write(w io.Writer, st *State, format, self string) error {
	switch format {
	case FormatAtom, "":
		return writeAtom(w, st, self)
	case FormatJSON:
		return writeJSON(w, st, self)
	}
	return fmt.Errorf("write feed: unknown format %q (atom or json)", format)
}

func writeAtom(w io.Writer, st *State, self string) error {
	site := home(st.URL)
	author := atomPerson{Name: st.Title, URI: site}
	if author.Name == "" {
		author.Name = site
	}
	f := atomFeed{
		ID:        st.Source,
		Title:     atomText{Text: title(st)},
		Subtitle:  atomText{Text: Subtitle(st)},
		Updated:   rfc3339(updated(st)),
		Links:     []atomLink{{Rel: "alternate", Type: "text/html", Href: site}, {Rel: "via", Href: st.URL}},
		Author:    author,
		Generator: atomGenerator{URI: "https://github.com/feedscout/feedscout", Version: fetch.Version, Text: "feedscout"},
	}
	if self != "" {
		f.Links = append(f.Links, atomLink{Rel: "self", Type: "application/atom+xml", Href: self})
	}
	for _, e := range st.Entries {
		d := rfc3339(e.Published)
		ae := atomEntry{
			ID: e.URL, Title: atomText{Text: e.Title}, Link: atomLink{Rel: "alternate", Type: "text/html", Href: e.URL},
			Published: d, Updated: d, Author: author,
		}
		if e.Summary != "" {
			ae.Summary = &atomText{Type: "text", Text: e.Summary}
		}
		f.Entries = append(f.Entries, ae)
	}
	if _, err := io.WriteString(w, xml.Header); err != nil {
		return fmt.Errorf("write atom feed: %w", err)
	}
	enc := xml.NewEncoder(w)
	enc.Indent("", " ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("write atom feed: %w", err)
	}
	if _, err := io.WriteString(w, "\n"); err != nil {
		return fmt.Errorf("write atom feed: %w", err)
	}
	return nil
}

// title is the feed's title, never empty.
func title(st *State) string {
	if st.Title != "" {
		return st.Title
	}
	return st.URL
}

type jsonAuthor struct {
	Name string `json:"name"`
	URL  string `json:"url,omitempty"`
}

type jsonItem struct {
	ID            string `json:"id"`
	URL           string `json:"url"`
	Title         string `json:"title"`
	ContentText   string `json:"content_text"`
	DatePublished string `json:"date_published"`
}

type jsonFeed struct {
	Version     string       `json:"version"`
	Title       string       `json:"title"`
	HomePageURL string       `json:"home_page_url"`
	FeedURL     string       `json:"feed_url,omitempty"`
	Description string       `json:"description"`
	Authors     []jsonAuthor `json:"authors"`
	Expired     bool         `json:"expired,omitempty"`
	Items       []jsonItem   `json:"items"`
}

func writeJSON(w io.Writer, st *State, self string) error {
	f := jsonFeed{
		Version: "https://jsonfeed.org/version/1.1", Title: title(st), HomePageURL: home(st.URL), FeedURL: self,
		Description: Subtitle(st), Authors: []jsonAuthor{{Name: title(st), URL: home(st.URL)}},
		Expired: st.Status == StatusGone, Items: []jsonItem{},
	}
	for _, e := range st.Entries {
		text := e.Summary
		if text == "" {
			text = e.Title
		}
		f.Items = append(f.Items, jsonItem{ID: e.URL, URL: e.URL, Title: e.Title, ContentText: text, DatePublished: rfc3339(e.Published)})
	}
	enc := json.NewEncoder(w)
	enc.SetEscapeHTML(false)
	enc.SetIndent("", " ")
	if err := enc.Encode(f); err != nil {
		return fmt.Errorf("write json feed: %w", err)
	}
	return nil
}
