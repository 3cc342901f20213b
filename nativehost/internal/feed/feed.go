package feed

import (
	"bytes"
	"errors"
	"fmt"
	"time"

	"github.com/mmcdole/gofeed"
)

// The two ways Parse fails; every error it returns wraps exactly one.
var (
	// ErrNotFeed: the body is something else: an HTML page (a soft 404),
	// JSON that is not a JSON Feed, a sitemap, text, a document with DTD
	// declarations (refused).
	ErrNotFeed = errors.New("not a feed")
	// ErrBroken: the body starts like a feed but is cut off or invalid
	// (broken, try later).
	ErrBroken = errors.New("broken feed")
)

// Summary is what discovery reports about a feed.
type Summary struct {
	// Format is "rss" (RSS 0.9x, 1.0/RDF, 2.0), "atom" or "json".
	Format   string `json:"format"`
	Title    string `json:"title,omitempty"`
	SiteLink string `json:"site_link,omitempty"`
	// SelfLink is the feed's own URL as it states it (atom:link
	// rel="self", JSON Feed feed_url): where a subscription should point.
	SelfLink string `json:"self_link,omitempty"`
	// Hub is the WebSub hub (link rel="hub", JSON Feed hubs).
	Hub      string `json:"hub,omitempty"`
	Language string `json:"language,omitempty"`
	Items    int    `json:"items"`
	// Newest is the latest item date (published, else updated), in UTC.
	Newest time.Time `json:"newest,omitzero"`
}

// Item is one entry, for previews.
type Item struct {
	URL   string `json:"url,omitempty"`
	Title string `json:"title,omitempty"`
	// Published is the item's date (published, else updated), in UTC;
	// zero when it has none that parses.
	Published time.Time `json:"published,omitzero"`
}

// Parse recognises body (bytes as fetched, any encoding) as a feed and
// summarises it. contentType is the response's Content-Type, or "": only
// its charset is used, and only when the body is not valid UTF-8 and its
// XML declaration names no other encoding. Errors wrap ErrNotFeed or
// ErrBroken. body is not modified or retained.
func Parse(body []byte, contentType string) (*Summary, error) {
	f, hub, err := parse(body, contentType)
	if err != nil {
		return nil, err
	}
	return summarise(f, hub), nil
}

// Items returns the entries of the feed in body, in document order, with
// the same recognition and errors as Parse.
func Items(body []byte, contentType string) ([]Item, error) {
	f, _, err := parse(body, contentType)
	if err != nil {
		return nil, err
	}
	items := make([]Item, 0, len(f.Items))
	for _, it := range f.Items {
		if it == nil {
			continue
		}
		items = append(items, Item{URL: itemURL(it), Title: clean(it.Title), Published: itemDate(it)})
	}
	return items, nil
}

// parse prepares body and runs gofeed on it; hub is a JSON Feed's hub,
// which gofeed does not read.
func parse(body []byte, contentType string) (f *gofeed.Feed, hub string, err error) {
	doc, err := prepare(body, contentType)
	if err != nil {
		return nil, "", fmt.Errorf("parse feed: %w", err)
	}
	if doc.json {
		hub = doc.hub
	}
	f, err = runGofeed(doc.body)
	if err != nil {
		return nil, "", fmt.Errorf("parse feed: %w: %w", ErrBroken, err)
	}
	return f, hub, nil
}

// runGofeed parses a prepared document. gofeed reads untrusted bytes in
// our process; a panic in it becomes an error, not a crashed host.
func runGofeed(doc []byte) (f *gofeed.Feed, err error) {
	defer func() {
		if r := recover(); r != nil {
			f, err = nil, fmt.Errorf("gofeed panicked: %v", r)
		}
	}()
	p := gofeed.NewParser()
	p.KeepOriginalFeed = true // for Atom's link rel="hub"
	return p.Parse(bytes.NewReader(doc))
}
