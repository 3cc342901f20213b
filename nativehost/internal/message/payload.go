package message

import (
	"time"

	"feedscout/common/report/kind"
)

// Feed is the payload of a feed result (PROTOCOL.md, feed): the first
// entries of a source's feed, as `feedscout-host feed` makes it.
type Feed struct {
	// URL is the source as followed (normalised: no fragment).
	URL string `json:"url"`
	// FetchedFrom is where the source is fetched now, when a permanent
	// redirect moved it.
	FetchedFrom string          `json:"fetched_from,omitempty"`
	Kind        kind.SourceKind `json:"kind"`
	Title       string          `json:"title"`
	Subtitle    string          `json:"subtitle"`
	Status      string          `json:"status"`
	Entries     []FeedEntry     `json:"entries"`
	// Total is how many entries the feed has (Entries holds the first of
	// them).
	Total int `json:"total"`
	// Fetched reports whether this request made the source's fetch (else
	// the stored feed was given: the interval had not passed).
	Fetched   bool      `json:"fetched"`
	LastOK    time.Time `json:"last_ok,omitzero"`
	NextFetch time.Time `json:"next_fetch,omitzero"`
}

// FeedEntry is one entry of a feed result.
type FeedEntry struct {
	Title string    `json:"title"`
	Link  string    `json:"link"`
	Date  time.Time `json:"date,omitzero"`
}

// Status is the payload of a status result: what the host can tell about
// the machine.
type Status struct {
	Gateway Gateway `json:"gateway"`
}

// Gateway is the gateway part of a status result.
type Gateway struct {
	// URL is the gateway's base URL looked at, as the OPML "any" flavour
	// writes it.
	URL string `json:"url"`
	// Running reports whether feedscout's gateway answered there.
	Running bool `json:"running"`
	// State is "running", "stopped" (nothing answered in time) or "other"
	// (something that is not feedscout's gateway answered).
	State string `json:"state"`
	// Detail says what was seen, in English.
	Detail string `json:"detail"`
}
