package main

import (
	"strings"
	"testing"
	"time"

	"feedscout/common/report"
)

func TestParseSince(t *testing.T) {
	now := time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)
	for _, c := range []struct {
		in   string
		want time.Time
		ok   bool
	}{
		{"", time.Time{}, true},
		{"2026-11-29T10:00:00Z", time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC), true},
		{"24h", now.Add(-24 * time.Hour), true},
		{"90m", now.Add(-90 * time.Minute), true},
		{"-1h", time.Time{}, false},
		{"yesterday", time.Time{}, false},
		{"2026-11-29", time.Time{}, false},
	} {
		got, err := parseSince(c.in, now)
		if (err == nil) != c.ok || !got.Equal(c.want) {
			t.Errorf("parseSince(%q) = %v, %v; want %v, ok %v", c.in, got, err, c.want, c.ok)
		}
	}
}

func TestBrowserLaunch(t *testing.T) {
	for _, c := range []struct {
		args []string
		want bool
	}{
		{[]string{"chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/"}, true},
		{[]string{"chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/", "--parent-window=7"}, true},
		{[]string{"/home/u/.mozilla/native-messaging-hosts/dev.feedscout.host.json", "feedscout@feedscout.dev"}, true},
		{[]string{"C:\\hosts\\dev.feedscout.host.json", "{b6a9c1e2-0000-4000-8000-000000000000}"}, true},
		{[]string{"discover", "https://a.example/"}, false},
		{[]string{"manifest.json", "not-an-addon-id"}, false},
		{nil, false},
	} {
		if got := browserLaunch(c.args); got != c.want {
			t.Errorf("browserLaunch(%q) = %v, want %v", c.args, got, c.want)
		}
	}
}

// The readable report counts only the rows that are requests, and shows
// the previewed feed's headlines and the sections' own names.
func TestPrintReport(t *testing.T) {
	r := &report.Report{
		Site: "https://a.example/", Outcome: report.OutcomeFeed, Reason: "a.example announces its feed in its homepage; it has 2 items.", Order: report.OrderSmart,
		Feeds: []report.Feed{{URL: "https://a.example/feed", Title: "A", Format: "rss", Via: report.ViaLink, Items: 2, Checked: true,
			Headlines: []report.Headline{{Title: "Newest story", Date: "2026-11-29T10:00:00Z"}, {Title: "Older story", Date: "2026-11-28T10:00:00Z"}}}},
		Sections: []report.Section{{URL: "https://a.example/business/", Name: "Business"}},
		Requests: []report.Row{
			{Step: report.StepRobots, URL: "https://a.example/robots.txt", Status: report.Status{Code: 200}, Sent: true},
			{Step: report.StepFeed, URL: "https://a.example/feed", Status: report.Status{Code: 302}, Sent: true},
			{Step: report.StepFeed, URL: "javascript:x", Status: report.Status{Word: report.StatusBadRedirect}},
		},
	}
	var b strings.Builder
	printReport(&b, r)
	out := b.String()
	for _, want := range []string{"(2 requests, ", "2026-11-29T10:00:00Z Newest story", `https://a.example/business/  "Business"`} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Index(out, "Newest story") > strings.Index(out, "Older story") {
		t.Errorf("headlines out of order:\n%s", out)
	}
}
