package check

import (
	"bytes"
	"encoding/json"
	"encoding/xml"
	"fmt"
	"strings"
	"time"

	"feedscout/common/newsmap"
	"feedscout/common/report"
)

const (
	nsAtom = "http://www.w3.org/2005/Atom"
	nsDC   = "http://purl.org/dc/elements/1.1/"
	nsRDF  = "http://www.w3.org/1999/02/22-rdf-syntax-ns#"
)

// feedItem is one item or entry as written, with lines.
type feedItem struct {
	line     int
	id       string
	idLine   int
	idSeen   bool
	idTag    string // how the id is written, when not the format's element (rdf:about)
	date     string
	dateLine int
	dateTag  string // pubDate, dc:date, published, updated
}

// feedCollector gathers the items of an RSS, RDF or Atom feed during the
// scan.
type feedCollector struct {
	format    string // rss or atom
	itemDepth int
	items     []feedItem
	cur       *feedItem
	field     string
	fieldTag  string
	fieldLine int
	buf       []byte
}

func newFeedCollector(root xml.Name) *feedCollector {
	switch strings.ToLower(root.Local) {
	case "rss":
		return &feedCollector{format: "rss", itemDepth: 3}
	case "rdf":
		return &feedCollector{format: "rss", itemDepth: 2}
	}
	return &feedCollector{format: "atom", itemDepth: 2}
}

func (c *feedCollector) start(t xml.StartElement, line, depth int) {
	local, space := t.Name.Local, t.Name.Space
	if depth == c.itemDepth && (local == "item" || local == "entry" && space == nsAtom) {
		c.items = append(c.items, feedItem{line: line})
		c.cur = &c.items[len(c.items)-1]
		// RSS 1.0 names each item by its rdf:about.
		for _, a := range t.Attr {
			if a.Name.Local == "about" && a.Name.Space == nsRDF && strings.TrimSpace(a.Value) != "" {
				c.cur.id, c.cur.idLine, c.cur.idSeen, c.cur.idTag = strings.TrimSpace(a.Value), line, true, "rdf:about"
			}
		}
		return
	}
	if c.cur == nil || depth != c.itemDepth+1 {
		return
	}
	field := ""
	switch {
	case c.format == "rss" && space == "" && local == "guid":
		field = "id"
	case c.format == "rss" && space == "" && local == "pubDate":
		field = "pubDate"
	case c.format == "rss" && space == nsDC && local == "date":
		field = "dc:date"
	case c.format == "atom" && space == nsAtom && local == "id":
		field = "id"
	case c.format == "atom" && space == nsAtom && (local == "published" || local == "updated"):
		field = local
	}
	if field != "" {
		c.field, c.fieldTag, c.fieldLine = field, local, line
		c.buf = c.buf[:0]
	}
}

func (c *feedCollector) text(t xml.CharData, depth int) {
	if c.field != "" && len(c.buf) < 4<<10 {
		c.buf = append(c.buf, t...)
	}
}

func (c *feedCollector) end(t xml.EndElement, line, depth int) {
	if depth == c.itemDepth && c.cur != nil {
		c.cur = nil
		return
	}
	if c.field == "" || t.Name.Local != c.fieldTag {
		return
	}
	v := strings.TrimSpace(string(c.buf))
	switch c.field {
	case "id":
		c.cur.id, c.cur.idLine, c.cur.idSeen = v, c.fieldLine, true
	default:
		// published wins over updated, pubDate over dc:date: the first
		// date stays unless a better one comes.
		if c.cur.dateTag == "" || c.field == "published" || c.field == "pubDate" {
			c.cur.date, c.cur.dateLine, c.cur.dateTag = v, c.fieldLine, c.field
		}
	}
	c.field = ""
}

// rfc822 are the forms of RFC 822 dates (RSS 2.0's, with four-digit years
// as RFC 1123 has them) feedscout accepts: day name optional, day of one
// or two digits, seconds optional, a numeric zone or a zone name.
var rfc822 = []string{
	"Mon, 2 Jan 2006 15:04:05 -0700", "Mon, 2 Jan 2006 15:04:05 MST",
	"2 Jan 2006 15:04:05 -0700", "2 Jan 2006 15:04:05 MST",
	"Mon, 2 Jan 2006 15:04 -0700", "Mon, 2 Jan 2006 15:04 MST",
	"2 Jan 2006 15:04 -0700", "2 Jan 2006 15:04 MST",
	"Mon, 2 Jan 06 15:04:05 -0700", "Mon, 2 Jan 06 15:04:05 MST",
}

// itemDate parses an item date by its element's rule: RFC 822 for RSS's
// pubDate, W3C for dc:date, RFC 3339 for Atom and JSON Feed.
func itemDate(tag, v string) (time.Time, bool) {
	switch tag {
	case "pubDate":
		for _, layout := range rfc822 {
			if t, err := time.Parse(layout, v); err == nil {
				return t, true
			}
		}
		return time.Time{}, false
	case "dc:date":
		t, prec, err := newsmap.ParseW3C(v)
		return t, err == nil && prec >= newsmap.Day
	}
	t, err := time.Parse(time.RFC3339, v)
	return t, err == nil
}

// itemRules are the rules on a feed's items: unique ids, parseable
// dates; it returns how many items carry a date that parses.
func itemRules(items []feedItem, format string, now time.Time, base *report.Source) (fs []report.Finding, dated int) {
	var l limiter
	idName := map[string]string{"rss": "<guid>", "atom": "<id>", "json": `"id"`}[format]
	itemName := map[string]string{"rss": "<item>", "atom": "<entry>", "json": "item"}[format]
	seen := map[string]int{}
	noID := 0
	for i, it := range items {
		if !it.idSeen || it.id == "" {
			noID++
		} else if prev, dup := seen[it.id]; dup {
			name := idName
			if it.idTag != "" {
				name = it.idTag
			}
			l.add(finding(report.LevelError, CodeIDDuplicate, at(base, it.idLine), "line", it.idLine, "item", i+1, "id", clip(it.id, 200), "first", prev, "element", name,
				"format", format, "id_shown", clip(it.id, 100)))
		} else if format == "json" {
			seen[it.id] = i + 1
		} else {
			seen[it.id] = it.idLine
		}
		if it.dateTag == "" {
			continue
		}
		if when, ok := itemDate(it.dateTag, it.date); ok {
			dated++
			if ahead := when.Sub(now); ahead > 24*time.Hour {
				hours := int(ahead / time.Hour)
				l.add(finding(report.LevelWarning, CodeFutureItem, at(base, it.dateLine), "line", it.dateLine, "item", i+1, "date", clip(it.date, 60), "hours", hours, "element", it.dateTag,
					"format", format, "element_shown", fmt.Sprintf("%q", it.dateTag)))
			}
			continue
		}
		l.add(finding(report.LevelError, CodeDateUnparseable, at(base, it.dateLine), "line", it.dateLine, "item", i+1, "element", it.dateTag, "date", clip(it.date, 60),
			"format", format, "element_shown", fmt.Sprintf("%q", it.dateTag), "date_shown", fmt.Sprintf("%q", clip(it.date, 60))))
	}
	fs = l.done(base)
	if noID > 0 {
		level := report.LevelWarning
		if format != "rss" {
			level = report.LevelError // required by Atom and JSON Feed
		}
		fs = append(fs, finding(level, CodeIDMissing, base,
			"missing", noID, "items", len(items), "element", idName))
	}
	undated := 0
	for _, it := range items {
		if it.dateTag == "" {
			undated++
		}
	}
	if undated > 0 && undated < len(items) {
		fs = append(fs, finding(report.LevelWarning, CodeDateMissing, base, "missing", undated, "items", len(items), "element", itemName))
	}
	return fs, dated
}

// jsonFeed is what the rules read of a JSON Feed.
type jsonFeed struct {
	Version string `json:"version"`
	FeedURL string `json:"feed_url"`
	Hubs    []struct {
		URL string `json:"url"`
	} `json:"hubs"`
	Items []struct {
		ID            json.RawMessage `json:"id"`
		DatePublished string          `json:"date_published"`
		DateModified  string          `json:"date_modified"`
	} `json:"items"`
}

// readJSONFeed is the first question for a JSON Feed: does it decode?
func readJSONFeed(body []byte, base *report.Source) (*jsonFeed, []feedItem, []report.Finding) {
	var jf jsonFeed
	if err := json.Unmarshal(body, &jf); err != nil {
		line := 0
		if se, ok := err.(*json.SyntaxError); ok {
			line = lineAt(body, int(se.Offset))
		}
		return nil, nil, []report.Finding{finding(report.LevelError, CodeFeedBroken, at(base, line), "line", line, "error", err.Error())}
	}
	if !strings.HasPrefix(jf.Version, "https://jsonfeed.org/version/") {
		return nil, nil, []report.Finding{finding(report.LevelError, CodeNotFeed, base, "version", jf.Version, "version_shown", fmt.Sprintf("%q", clip(jf.Version, 60)))}
	}
	items := make([]feedItem, len(jf.Items))
	for i, it := range jf.Items {
		var id string
		if len(it.ID) > 0 && !bytes.Equal(it.ID, []byte("null")) {
			if json.Unmarshal(it.ID, &id) != nil {
				id = string(it.ID)
			}
		}
		items[i] = feedItem{id: id, idSeen: id != ""}
		switch {
		case it.DatePublished != "":
			items[i].date, items[i].dateTag = it.DatePublished, "date_published"
		case it.DateModified != "":
			items[i].date, items[i].dateTag = it.DateModified, "date_modified"
		}
	}
	return &jf, items, nil
}
