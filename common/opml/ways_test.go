package opml

import (
	"slices"
	"testing"

	"feedscout/common/report/kind"
)

// TestWays: how each reader follows each kind, as docs/readers.md says
// and WriteFor writes it.
func TestWays(t *testing.T) {
	subs := []Subscription{
		{Kind: kind.Feed, URL: "https://a.example/feed.xml", Format: "rss"},
		{Kind: kind.Feed, URL: "https://a.example/feed.json", Format: "json"},
		{Kind: kind.NewsSitemap, URL: "https://a.example/sitemap-news.xml"},
		{Kind: kind.NewsSitemap, URL: "https://a.example/sitemap-news.xml.gz"},
		{Kind: kind.ArticleSitemap, URL: "https://a.example/sitemap.xml"},
		{Kind: kind.Section, URL: "https://a.example/business/"},
	}
	for _, c := range []struct {
		o    Options
		want []string
	}{
		{Options{Reader: ReaderAny}, []string{WayDirect, WayDirect, WayGateway, WayGateway, WayGateway, WayGateway}},
		{Options{Reader: ReaderAny, JSONThroughGateway: true}, []string{WayDirect, WayGateway, WayGateway, WayGateway, WayGateway, WayGateway}},
		{Options{Reader: ReaderNewsboat}, []string{WayDirect, WayExec, WayExec, WayExec, WayExec, WayExec}},
		{Options{Reader: ReaderNewsboat, Host: "/usr/bin/feedscout-host"}, []string{WayDirect, WayExec, WayExec, WayExec, WayExec, WayExec}},
		{Options{Reader: ReaderFreshRSS}, []string{WayDirect, WayDirect, WayXPath, WayGateway, WayXPath, WayXPath}},
	} {
		got, err := Ways(subs, c.o)
		if err != nil {
			t.Fatalf("%+v: %v", c.o, err)
		}
		if !slices.Equal(got, c.want) {
			t.Errorf("%+v: ways %v, want %v", c.o, got, c.want)
		}
	}
	if _, err := Ways([]Subscription{{Kind: "podcast", URL: "https://a.example/"}}, Options{}); err == nil {
		t.Error("an unknown kind has a way")
	}
	if _, err := Ways(subs, Options{Reader: "feedly"}); err == nil {
		t.Error("an unknown reader has ways")
	}
}
