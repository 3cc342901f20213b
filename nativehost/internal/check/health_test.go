package check

import (
	"net/http"
	"testing"
	"time"

	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
)

// TestFeedHubAndPushed: the feed's own hub first, its Link header's when
// it names none (W3C WebSub section 4), and the health line says updates
// are pushed when there is one, nothing about a hub when there is none.
func TestFeedHubAndPushed(t *testing.T) {
	cases := []struct {
		name, body, link, want string
	}{
		{"in the feed", "https://hub.example/feed", `<https://hub.example/header>; rel="hub"`, "https://hub.example/feed"},
		{"in the headers", "", `<https://www.example.org/feed/>; rel="self", <https://websub.example.net/>; rel="hub"`, "https://websub.example.net/"},
		{"relative, in the headers", "", `</hub>; rel=hub`, "https://www.example.org/hub"},
		{"none", "", `<https://www.example.org/feed/>; rel="self"`, ""},
	}
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	for _, c := range cases {
		h := http.Header{"Content-Type": {"application/rss+xml"}, "Etag": {`"1"`}, "Content-Encoding": {"gzip"}}
		if c.link != "" {
			h.Set("Link", c.link)
		}
		resp := &fetch.Response{URL: "https://www.example.org/feed/", Status: 200, Header: h}
		sum := &feed.Summary{Format: "rss", Hub: c.body, SelfLink: "https://www.example.org/feed/", Items: 1, Newest: now.Add(-time.Hour)}
		if got := FeedHub(resp, sum); got != c.want {
			t.Errorf("%s: FeedHub = %q, want %q", c.name, got, c.want)
		}
		sum.Hub = FeedHub(resp, sum)
		var pushed []string
		for _, f := range FeedHealth(resp.URL, h, 100, false, sum, now) {
			if f.Code == CodePushed || f.Code == CodeHub {
				pushed = append(pushed, f.Code+" "+f.Text)
			}
		}
		want := 0
		if c.want != "" {
			want = 1
		}
		if len(pushed) != want || want == 1 && pushed[0] != "hub Updates are pushed: the feed names the WebSub hub "+c.want+"." {
			t.Errorf("%s: health %q", c.name, pushed)
		}
	}
}
