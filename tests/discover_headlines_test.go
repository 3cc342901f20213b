package tests

// Headlines and the choice of the feed to preview, against two sites of
// their own on the fixture web: the first advertised feed disallowed by
// robots.txt, and the first one failing (a redirect loop). The next one is
// previewed with its three newest headlines; a disallowed feed is listed
// after the public ones and says why it was not fetched.

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
)

// headlineItems are the public feed's items, out of date order, one
// undated and one untitled: the newest three are "Fourth", "Second",
// "Fifth".
var headlineItems = []struct {
	title string
	age   time.Duration // before the fixture's clock; 0: no date
}{
	{"First", 50 * time.Hour},
	{"Second", 2 * time.Hour},
	{"Undated", 0},
	{"Fourth", 1 * time.Hour},
	{"", 30 * time.Minute},
	{"Fifth", 3 * time.Hour},
}

// headlineSite serves a homepage advertising first (the feed that cannot
// be previewed) and then /feed.xml (the public one).
func headlineSite(name, host, first string, serveFirst http.HandlerFunc) fixtureweb.Site {
	mux := http.NewServeMux()
	mux.HandleFunc("/robots.txt", func(w http.ResponseWriter, r *http.Request) {
		fmt.Fprint(w, "User-agent: *\nDisallow: /private/\n")
	})
	mux.HandleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		if r.URL.Path != "/" {
			http.NotFound(w, r)
			return
		}
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		fmt.Fprintf(w, `<!doctype html><html><head><title>%s</title>
<link rel="alternate" type="application/rss+xml" title="Everything" href="%s">
<link rel="alternate" type="application/rss+xml" title="Public" href="/feed.xml">
</head><body><a href="/news/today-in-the-valley-report">Today</a></body></html>`, name, first)
	})
	mux.HandleFunc("/feed.xml", func(w http.ResponseWriter, r *http.Request) {
		now := fixtureweb.Clock(r)
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>Public</title><link>https://` + host + `/</link>`)
		for i, it := range headlineItems {
			fmt.Fprintf(&b, "<item><title>%s</title><link>https://%s/news/item-%d-of-the-day</link>", it.title, host, i)
			if it.age > 0 {
				fmt.Fprintf(&b, "<pubDate>%s</pubDate>", now.Add(-it.age).UTC().Format(http.TimeFormat))
			}
			b.WriteString("</item>")
		}
		b.WriteString("</channel></rss>")
		w.Header().Set("Content-Type", "application/rss+xml")
		fmt.Fprint(w, b.String())
	})
	if serveFirst != nil {
		mux.HandleFunc(first, serveFirst)
	}
	return fixtureweb.Site{Name: name, Host: host, Handler: mux,
		Expect: fixtureweb.Expect{Outcome: reportpkg.OutcomeFeed, FeedURL: "https://" + host + "/feed.xml"}}
}

// firstDisallowedSite is the headline site whose first advertised feed
// robots.txt disallows.
func firstDisallowedSite() fixtureweb.Site {
	return headlineSite("first-disallowed", "first-disallowed.test", "/private/all.xml", nil)
}

func TestDiscoverHeadlines(t *testing.T) {
	t.Parallel()
	disallowed := firstDisallowedSite()
	failing := headlineSite("first-fails", "first-fails.test", "/loop.xml", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, "/loop.xml", http.StatusFound)
	})
	sites := []fixtureweb.Site{disallowed, failing}
	w := startWeb(t, sites)
	reps := discoverAll(t, fastEnv(w), "smart", sites)
	wantHeads := []string{"Fourth", "Second", "Fifth"}
	for _, s := range sites {
		t.Run(s.Name, func(t *testing.T) {
			var r struct {
				ReasonCode string `json:"reason_code"`
				Feeds      []struct {
					URL     string `json:"url"`
					Checked bool   `json:"checked"`
					Items   int    `json:"items"`
					Preview string `json:"preview"`
					// PreviewCode and PreviewArgs say Preview without
					// English (docs/reasons.md, A feed's preview).
					PreviewCode string         `json:"preview_code"`
					PreviewArgs map[string]any `json:"preview_args"`
					Headlines   []struct {
						Title string `json:"title"`
						Date  string `json:"date"`
					} `json:"headlines"`
				} `json:"feeds"`
			}
			decodeJSON(t, string(reps[s.Name].raw), &r)
			if r.ReasonCode != "feed-advertised" || len(r.Feeds) != 2 {
				t.Fatalf("reason %s, feeds %+v", r.ReasonCode, r.Feeds)
			}
			pub, other := r.Feeds[0], r.Feeds[1]
			if pub.URL != s.Expect.FeedURL || !pub.Checked || pub.Items != len(headlineItems) {
				t.Errorf("first feed %+v, want %s previewed", pub, s.Expect.FeedURL)
			}
			if len(pub.Headlines) != len(wantHeads) {
				t.Fatalf("headlines %+v, want %v", pub.Headlines, wantHeads)
			}
			var last time.Time
			for i, h := range pub.Headlines {
				d, err := time.Parse(time.RFC3339, h.Date)
				if h.Title != wantHeads[i] || err != nil || (i > 0 && !d.Before(last)) {
					t.Errorf("headline %d: %+v, want %q dated, newest first", i, h, wantHeads[i])
				}
				last = d
			}
			if other.Checked || len(other.Headlines) != 0 {
				t.Errorf("the feed that cannot be previewed: %+v", other)
			}
			if pub.PreviewCode != "" || pub.PreviewArgs != nil {
				t.Errorf("the previewed feed has preview_code %q, preview_args %v", pub.PreviewCode, pub.PreviewArgs)
			}
			if got := reportpkg.PreviewSentence(other.PreviewCode, other.PreviewArgs); other.PreviewCode != reportpkg.PreviewFailed || got != other.Preview {
				t.Errorf("the feed not previewed: preview_code %q, args %v say %q, preview %q", other.PreviewCode, other.PreviewArgs, got, other.Preview)
			}
			problem, _ := other.PreviewArgs["feed_problem"].(map[string]any)
			wantProblem := map[string]string{"first-disallowed": "robots-disallow", "first-fails": "redirect-loop"}[s.Name]
			if problem["problem"] != wantProblem {
				t.Errorf("preview_args %v, want feed_problem %s", other.PreviewArgs, wantProblem)
			}
			switch s.Name {
			case "first-disallowed":
				// Listed after the public one (the page lists it first).
				if !strings.HasSuffix(other.URL, "/private/all.xml") || !strings.Contains(other.Preview, "robots-disallow") {
					t.Errorf("disallowed feed %+v: not last, or not saying why", other)
				}
			case "first-fails":
				if !strings.HasSuffix(other.URL, "/loop.xml") || !strings.Contains(other.Preview, "redirect-loop") {
					t.Errorf("failing feed %+v, want it to say redirect-loop", other)
				}
			}
			if got, saw := madeRequests(reps[s.Name]), siteHits(w, s); got != saw {
				t.Errorf("the report counts %d requests, the server saw %d", got, saw)
			}
		})
	}
}
