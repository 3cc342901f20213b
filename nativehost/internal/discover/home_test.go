package discover

import (
	"slices"
	"testing"

	"feedscout/common/classify"
)

// TestWithHeaderFeeds: a Link header's feeds come after the page's own
// <link> feeds and before the derived ones, each once.
func TestWithHeaderFeeds(t *testing.T) {
	page := []classify.Feed{{URL: "https://a.example/feed/"}, {URL: "https://a.example/comments/feed/"}, {URL: "https://a.example/x.atom", Rule: "github-user"}}
	header := []classify.Feed{{URL: "https://a.example/feed/"}, {URL: "https://a.example/feed.json"}}
	var got []string
	for _, f := range withHeaderFeeds(page, header) {
		got = append(got, f.URL)
	}
	want := []string{"https://a.example/feed/", "https://a.example/comments/feed/", "https://a.example/feed.json", "https://a.example/x.atom"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q\nwant %q", got, want)
	}
	if got := withHeaderFeeds(page, nil); len(got) != 3 {
		t.Errorf("no header feeds: %d feeds", len(got))
	}
	if got := urlPage("https://github.com/golang/go"); got == nil || len(got.Feeds) != 3 || got.Feeds[0].Rule != "github-commits" {
		t.Errorf("urlPage(github.com/golang/go) = %+v", got)
	}
	if got := urlPage("https://www.nikkei.com/"); got != nil {
		t.Errorf("urlPage(nikkei) = %+v, want nil", got)
	}
}
