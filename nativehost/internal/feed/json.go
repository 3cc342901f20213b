package feed

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
)

// JSON Feed version URLs start with this (https://jsonfeed.org/version/1.1:
// "version (required, string) is the URL of the version of the format the
// feed uses"). Early 1.0 feeds used http.
var jsonFeedVersions = []string{"https://jsonfeed.org/version/", "http://jsonfeed.org/version/"}

// prepareJSON accepts a JSON object only when it declares a JSON Feed
// version: gofeed takes any object ({"error": "not found"}) for a feed.
func prepareJSON(body []byte) (document, error) {
	if !json.Valid(body) {
		if bytes.Contains(body[:min(len(body), 4096)], []byte("jsonfeed.org/version/")) {
			return document{}, fmt.Errorf("%w: invalid or truncated JSON Feed", ErrBroken)
		}
		return document{}, fmt.Errorf("%w: invalid JSON", ErrNotFeed)
	}
	var probe struct {
		Version json.RawMessage `json:"version"`
	}
	if err := json.Unmarshal(body, &probe); err != nil {
		return document{}, fmt.Errorf("%w: %w", ErrNotFeed, err)
	}
	var version string
	json.Unmarshal(probe.Version, &version) // not a string: stays ""
	if !hasVersionPrefix(version) {
		return document{}, fmt.Errorf("%w: JSON without a JSON Feed version", ErrNotFeed)
	}
	return document{body: body, json: true, hub: jsonHub(body)}, nil
}

func hasVersionPrefix(v string) bool {
	for _, p := range jsonFeedVersions {
		if strings.HasPrefix(v, p) {
			return true
		}
	}
	return false
}

// jsonHub returns the first hub URL of a JSON Feed ("hubs": [{"type":
// "WebSub", "url": ...}]), which gofeed does not read. A malformed hubs
// member is ignored.
func jsonHub(body []byte) string {
	var feed struct {
		Hubs []struct {
			URL string `json:"url"`
		} `json:"hubs"`
	}
	if json.Unmarshal(body, &feed) != nil {
		return ""
	}
	for _, h := range feed.Hubs {
		if u := strings.TrimSpace(h.URL); u != "" {
			return u
		}
	}
	return ""
}
