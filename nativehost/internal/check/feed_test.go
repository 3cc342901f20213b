package check

import (
	"strings"
	"testing"

	"feedscout/common/report"
)

// scanFeed runs the first question and the item rules on a feed body.
func scanFeed(t *testing.T, body string) []report.Finding {
	t.Helper()
	base := &report.Source{Request: 2, URL: "https://a.example/feed.xml"}
	d := &dispatch{}
	_, fs, ok := scanXML([]byte(body), base, d)
	if !ok || d.fd == nil {
		t.Fatalf("not a readable feed: %+v", fs)
	}
	items, _ := itemRules(d.fd.items, d.fd.format, now, base)
	return append(fs, items...)
}

func TestFeedItemRules(t *testing.T) {
	rss := `<?xml version="1.0"?>
<rss version="2.0"><channel><title>T</title>
<item><title>A</title><guid>https://a.example/1</guid><pubDate>Thu, 29 Oct 2026 14:30:00 +0300</pubDate></item>
<item><title>B</title><guid>https://a.example/1</guid><pubDate>29 Oct 2026 14:30 GMT</pubDate></item>
<item><title>C</title><pubDate>2026-10-29</pubDate></item>
<item><title>D</title><guid>https://a.example/4</guid><pubDate>Mon, 2 Nov 2026 12:00:00 +0300</pubDate></item>
<item><title>E</title><guid>https://a.example/5</guid></item>
</channel></rss>`
	fs := scanFeed(t, rss)
	wantFinding(t, fs, report.LevelError, CodeIDDuplicate, "line 4: <guid> https://a.example/1 repeats the id of the item on line 3: readers keep one of the two.", 4)
	wantFinding(t, fs, report.LevelError, CodeDateUnparseable, `line 5: <pubDate> "2026-10-29" is not an RFC 822 date such as Thu, 08 May 2026 14:30:00 +0300.`, 5)
	wantFinding(t, fs, report.LevelWarning, CodeFutureItem, "line 6: <pubDate> Mon, 2 Nov 2026 12:00:00 +0300 is 72 hours in the future: readers sort it above every new item until then.", 6)
	wantFinding(t, fs, report.LevelWarning, CodeIDMissing, "1 of 5 items have no <guid>: readers fall back to the link or the title to tell items apart, and show edited items twice.", 0)
	wantFinding(t, fs, report.LevelWarning, CodeDateMissing, "1 of 5 <item> elements have no date: readers cannot place them in time.", 0)

	atom := `<?xml version="1.0"?>
<feed xmlns="http://www.w3.org/2005/Atom"><title>T</title>
<entry><title>A</title><id>urn:1</id><updated>2026-10-29T10:00:00Z</updated></entry>
<entry><title>B</title><updated>2026-10-29 10:00</updated></entry>
</feed>`
	fs = scanFeed(t, atom)
	wantFinding(t, fs, report.LevelError, CodeIDMissing, "1 of 2 items have no <id>: readers fall back to the link or the title to tell items apart, and show edited items twice.", 0)
	wantFinding(t, fs, report.LevelError, CodeDateUnparseable, `line 4: <updated> "2026-10-29 10:00" is not an RFC 3339 date such as 2026-05-08T14:30:00+03:00.`, 4)
}

// RSS 1.0 items are named by rdf:about and dated by dc:date.
func TestRDFItems(t *testing.T) {
	rdf := `<?xml version="1.0"?>
<rdf:RDF xmlns:rdf="http://www.w3.org/1999/02/22-rdf-syntax-ns#" xmlns="http://purl.org/rss/1.0/" xmlns:dc="http://purl.org/dc/elements/1.1/">
<channel rdf:about="https://a.example/"><title>T</title></channel>
<item rdf:about="https://a.example/1"><title>A</title><dc:date>2026-10-29T10:00:00+09:00</dc:date></item>
<item rdf:about="https://a.example/1"><title>B</title><dc:date>2026-10-29</dc:date></item>
</rdf:RDF>`
	fs := scanFeed(t, rdf)
	if len(fs) != 1 {
		t.Fatalf("findings %+v, want the one duplicate", fs)
	}
	wantFinding(t, fs, report.LevelError, CodeIDDuplicate, "line 5: rdf:about https://a.example/1 repeats the id of the item on line 4: readers keep one of the two.", 5)
}

func TestJSONFeedRules(t *testing.T) {
	base := &report.Source{Request: 2}
	_, _, fs := readJSONFeed([]byte("{\n\"version\": \"https://jsonfeed.org/version/1.1\",\n\"items\": [,]}"), base)
	wantFinding(t, fs, report.LevelError, CodeFeedBroken, "line 3: the JSON does not decode: invalid character ',' looking for beginning of value.", 3)
	_, _, fs = readJSONFeed([]byte(`{"version": "1", "items": []}`), base)
	wantFinding(t, fs, report.LevelError, CodeNotFeed, `The JSON has no JSON Feed version (https://jsonfeed.org/version/1.1), found "1": it is not a feed.`, 0)
	_, items, fs := readJSONFeed([]byte(`{"version": "https://jsonfeed.org/version/1.1", "items": [{"id": "a", "date_published": "2026-10-29T10:00:00Z"}, {"id": "a", "date_published": "yesterday"}, {"id": 7}]}`), base)
	if len(fs) != 0 || len(items) != 3 {
		t.Fatalf("%+v %+v", fs, items)
	}
	rules, dated := itemRules(items, "json", now, base)
	if dated != 1 {
		t.Fatalf("dated %d", dated)
	}
	wantFinding(t, rules, report.LevelError, CodeIDDuplicate, `item 2: "id" a repeats the id of item 1: readers keep one of the two.`, 0)
	wantFinding(t, rules, report.LevelError, CodeDateUnparseable, `item 2: "date_published" "yesterday" is not an RFC 3339 date such as 2026-05-08T14:30:00+03:00.`, 0)
	for _, f := range rules {
		if strings.Contains(f.Text, "item 3") {
			t.Fatalf("a numeric id is an id: %+v", f)
		}
	}
}
