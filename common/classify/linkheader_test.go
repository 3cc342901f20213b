package classify

import (
	"reflect"
	"testing"
)

// TestParseLinkHeader holds the Link header reader to RFC 8288's own
// examples (section 3.5) and to the headers feeds and pages send.
func TestParseLinkHeader(t *testing.T) {
	cases := []struct {
		name   string
		values []string
		want   []HeaderLink
	}{
		{"rfc 8288 3.5, first", []string{`<http://example.com/TheBook/chapter2>; rel="previous"; title="previous chapter"`},
			[]HeaderLink{{URL: "http://example.com/TheBook/chapter2", Rels: []string{"previous"}, Title: "previous chapter"}}},
		{"rfc 8288 3.5, relative", []string{`</>; rel="http://example.net/foo"`},
			[]HeaderLink{{URL: "https://www.example.org/", Rels: []string{"http://example.net/foo"}}}},
		{"rfc 8288 3.5, two in one", []string{`</TheBook/chapter2>; rel="previous"; title*=UTF-8'de'letztes%20Kapitel, </TheBook/chapter4>; rel="next"; title*=UTF-8'de'n%c3%a4chstes%20Kapitel`},
			[]HeaderLink{{URL: "https://www.example.org/TheBook/chapter2", Rels: []string{"previous"}}, {URL: "https://www.example.org/TheBook/chapter4", Rels: []string{"next"}}}},
		{"rfc 8288 3.5, two rels", []string{`<http://example.org/>; rel="start http://example.net/relation/other"`},
			[]HeaderLink{{URL: "http://example.org/", Rels: []string{"start", "http://example.net/relation/other"}}}},
		{"feed, unquoted, upper case, two headers", []string{`<https://www.example.org/feed/>; REL=Alternate; type=application/rss+xml`, `<https://pubsubhubbub.appspot.com/>; rel="hub"`},
			[]HeaderLink{{URL: "https://www.example.org/feed/", Rels: []string{"alternate"}, Type: "application/rss+xml"}, {URL: "https://pubsubhubbub.appspot.com/", Rels: []string{"hub"}}}},
		{"comma in a quoted title", []string{`</a.xml>; rel=alternate; title="News, daily"; type="application/atom+xml", </b>; rel=next`},
			[]HeaderLink{{URL: "https://www.example.org/a.xml", Rels: []string{"alternate"}, Type: "application/atom+xml", Title: "News, daily"}, {URL: "https://www.example.org/b", Rels: []string{"next"}}}},
		{"not a web url, garbage", []string{`<mailto:x@example.org>; rel=author, garbage, <ftp://x/>; rel=alternate`}, nil},
	}
	for _, c := range cases {
		if got := ParseLinkHeader("https://www.example.org/page", c.values); !reflect.DeepEqual(got, c.want) {
			t.Errorf("%s\n got %+v\nwant %+v", c.name, got, c.want)
		}
	}
}

// TestHeaderFeeds: a Link header advertises a feed as a <link> does;
// WebSub's hub comes from rel=hub.
func TestHeaderFeeds(t *testing.T) {
	h := []string{
		`<https://www.example.org/wp-json/>; rel="https://api.w.org/"`,
		`</feed/>; rel="alternate"; type="application/rss+xml"; title="Example"`,
		`</comments/feed/>; rel="alternate"; type="application/rss+xml"`,
		`</entry/1>; rel="alternate"; type="application/atom+xml;type=entry"`,
		`</feed.json>; rel="feed"`,
		`<https://websub.example.net/>; rel="hub", </feed/>; rel="self"`,
	}
	var got []string
	for _, f := range HeaderFeeds("https://www.example.org/", h) {
		got = append(got, f.URL+" "+f.Format+" "+f.Scope)
	}
	want := []string{"https://www.example.org/feed/ rss main", "https://www.example.org/feed.json json main", "https://www.example.org/comments/feed/ rss comments"}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("HeaderFeeds\n got %q\nwant %q", got, want)
	}
	if hub := HeaderHub("https://www.example.org/feed/", h); hub != "https://websub.example.net/" {
		t.Errorf("HeaderHub = %q", hub)
	}
	if HeaderFeeds("https://www.example.org/", nil) != nil || HeaderHub("https://www.example.org/", []string{`</x>; rel=next`}) != "" {
		t.Error("no links: no feeds, no hub")
	}
}
