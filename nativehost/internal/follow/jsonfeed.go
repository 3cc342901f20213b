package follow

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"strings"
	"time"
	"unicode"
	"unicode/utf8"

	"golang.org/x/net/html"

	"feedscout/common/report"
	"feedscout/common/report/kind"
)

// Limits of a JSON Feed turned into Atom.
const (
	// maxSummary is the longest summary kept per entry, in characters:
	// the text a reader shows under the title, not the article.
	maxSummary = 1000
	// maxTitle is the longest title, in characters (also the length of a
	// title made from an untitled item's text).
	maxTitle = 300
	// untitledWords is how much of an untitled item's text becomes its
	// title, in characters, before the cut at a word.
	untitledWords = 80
)

// jsonFeedDoc is the part of a JSON Feed (1.0 or 1.1) that becomes Atom.
type jsonFeedDoc struct {
	Title string         `json:"title"`
	Items []jsonFeedItem `json:"items"`
}

type jsonFeedItem struct {
	ID            json.RawMessage `json:"id"` // a string, though 1.0 feeds wrote numbers
	URL           string          `json:"url"`
	ExternalURL   string          `json:"external_url"`
	Title         string          `json:"title"`
	Summary       string          `json:"summary"`
	ContentText   string          `json:"content_text"`
	ContentHTML   string          `json:"content_html"`
	DatePublished string          `json:"date_published"`
	DateModified  string          `json:"date_modified"`
}

// fromJSONFeed makes the entries of a JSON Feed, for readers that read
// only RSS and Atom (newsboat 2.21): each item with a link (url, else
// external_url, else an id that is an absolute web address; a relative url
// resolved against the feed's URL), titled with its title (else the start of its
// text, else the link's last segment), its summary as plain text (summary,
// else content_text, else content_html with the markup taken out), dated
// date_published (else date_modified, else when feedscout first saw it).
// At most MaxEntries, newest first. A feed that reads but has no item with
// a link is kept empty: the publisher may not have written any yet.
func fromJSONFeed(body []byte, at string, st *State, now time.Time) (*read, error) {
	var doc jsonFeedDoc
	if err := json.Unmarshal(body, &doc); err != nil {
		return nil, fmt.Errorf("%s no longer reads as a JSON Feed (%v); the publisher may be changing it.", at, err)
	}
	base, _ := url.Parse(at)
	seen := make(map[string]time.Time, len(st.Entries))
	for _, e := range st.Entries {
		seen[e.URL] = e.Published
	}
	r := &read{kind: kind.JSONFeed, title: cut(clean(doc.Title), maxTitle)}
	if r.title == "" {
		r.title = siteTitle("", base.Hostname(), "")
	}
	done := map[string]bool{}
	for _, it := range doc.Items {
		link := itemLink(base, it)
		if link == "" || done[link] {
			continue
		}
		done[link] = true
		summary := clean(it.Summary)
		if summary == "" {
			summary = clean(it.ContentText)
		}
		if summary == "" {
			summary = htmlText(it.ContentHTML)
		}
		title := clean(it.Title)
		if title == "" {
			title = cut(summary, untitledWords)
		}
		if title == "" {
			title = slugTitle(link)
		}
		date, ok := jsonDate(it.DatePublished)
		if !ok {
			date, ok = jsonDate(it.DateModified)
		}
		if !ok {
			if date, ok = seen[link]; !ok {
				date = now.UTC().Truncate(time.Second)
			}
		}
		r.entries = append(r.entries, Entry{URL: link, Title: cut(title, maxTitle), Summary: cut(summary, maxSummary), Published: date})
	}
	newestFirst(r.entries)
	r.entries = r.entries[:min(len(r.entries), MaxEntries)]
	return r, nil
}

// itemLink is an item's web address, absolute, or "".
func itemLink(base *url.URL, it jsonFeedItem) string {
	var id string
	json.Unmarshal(it.ID, &id) // a number stays ""
	if id = strings.TrimSpace(id); !report.WebURL(id) {
		id = "" // an id is opaque: only an absolute web address is a link
	}
	for _, s := range []string{it.URL, it.ExternalURL, id} {
		s = strings.TrimSpace(s)
		if s == "" {
			continue
		}
		u, err := base.Parse(s)
		if err != nil {
			continue
		}
		u.Fragment, u.RawFragment = "", ""
		if abs := u.String(); report.WebURL(abs) {
			return abs
		}
	}
	return ""
}

// jsonDate reads a JSON Feed date (RFC 3339).
func jsonDate(s string) (time.Time, bool) {
	t, err := time.Parse(time.RFC3339, strings.TrimSpace(s))
	if err != nil {
		return time.Time{}, false
	}
	return t.UTC(), true
}

// htmlText is the text of an HTML fragment: the characters a browser
// shows, white space collapsed, script and style left out.
func htmlText(s string) string {
	if s == "" {
		return ""
	}
	z := html.NewTokenizer(strings.NewReader(s))
	var b bytes.Buffer
	skip := 0
	for b.Len() < 4*maxSummary {
		tt := z.Next()
		switch tt {
		case html.ErrorToken:
			return cut(clean(b.String()), maxSummary)
		case html.TextToken:
			if skip == 0 {
				b.Write(z.Text())
			}
		case html.StartTagToken, html.EndTagToken, html.SelfClosingTagToken:
			name, _ := z.TagName()
			switch string(name) {
			case "script", "style", "template":
				if tt == html.StartTagToken {
					skip++
				} else if tt == html.EndTagToken && skip > 0 {
					skip--
				}
			default:
				b.WriteByte(' ') // <p>a</p><p>b</p> is two words
			}
		}
	}
	return cut(clean(b.String()), maxSummary)
}

// clean collapses white space runs (Unicode's) and drops control
// characters.
func clean(s string) string {
	s = strings.Map(func(r rune) rune {
		if unicode.IsControl(r) && !unicode.IsSpace(r) {
			return -1
		}
		return r
	}, s)
	return strings.Join(strings.Fields(s), " ")
}

// cut shortens s to at most n characters, at a word when there is one in
// the last fifth, ending with "…".
func cut(s string, n int) string {
	if utf8.RuneCountInString(s) <= n {
		return s
	}
	rs := []rune(s)[:n-1]
	if i := strings.LastIndexFunc(string(rs), unicode.IsSpace); i > 0 && utf8.RuneCountInString(string(rs)[:i]) > n*4/5 {
		return string(rs)[:i] + "…"
	}
	return string(rs) + "…"
}
