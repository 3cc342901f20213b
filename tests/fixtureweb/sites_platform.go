package fixtureweb

import (
	"fmt"
	"net/http"
	"time"

	"feedscout/common/report"
)

// Platform sites (issue 27): pages of platforms whose feeds are derived
// from the page's URL, a homepage that advertises its feed only in an
// HTTP Link header, a feed whose WebSub hub is in its headers, and a page
// with no feed at all. They are a list of their own, PlatformSites, not
// part of DefaultSites: the golden reports and the request-economy
// figures stay those of the news sites.

// Fixture ids of the platform sites.
const (
	// PlatformChannelID is the YouTube channel's id (UC + 22 characters,
	// as YouTube's are).
	PlatformChannelID = "UCfixtureChannel0000001"
	// PlatformRepo is the GitHub repository's OWNER/NAME.
	PlatformRepo = "feedscout-fixture/harbour"
)

// PlatformSites returns the platform sites; every call returns fresh
// values.
func PlatformSites() []Site {
	return []Site{youtubeChannel(), githubRepo(), linkHeaderHome(), quietPage()}
}

// youtubeChannel is a YouTube channel page as YouTube serves one: its
// canonical /channel/UC… URL, its uploads feed advertised (title "RSS"),
// the channel's videos playlist feed served but not advertised. Its
// robots.txt is YouTube's own first lines. Its search link moves to the
// search results without loading a page, as YouTube's own links do.
func youtubeChannel() Site {
	const origin = "https://www.youtube.com"
	id := PlatformChannelID
	rt := newRouter(status(http.StatusNotFound, "404 Not Found", "This page isn't available."))
	rt.handle("/robots.txt", text(typeText, "# robots.txt file for YouTube\nUser-agent: *\nDisallow: /api/\nDisallow: /comment\nDisallow: /get_video\nDisallow: /results\n"))
	page := text(typeHTML, fmt.Sprintf(`<!DOCTYPE html><html lang="en" dir="ltr"><head>
<title>Harbour Sessions - YouTube</title>
<meta name="title" content="Harbour Sessions">
<link rel="canonical" href="%[1]s/channel/%[2]s">
<link rel="alternate" type="application/rss+xml" title="RSS" href="%[1]s/feeds/videos.xml?channel_id=%[2]s">
<meta property="og:site_name" content="YouTube">
<meta property="og:url" content="%[1]s/channel/%[2]s">
<meta itemprop="identifier" content="%[2]s">
</head><body><ytd-app><h1>Harbour Sessions</h1><p>Live music from the harbour, every week.</p>
<p><a id="to-search" href="/results?search_query=harbour">Search YouTube</a></p></ytd-app>
<script>
// As YouTube moves between its pages without loading one: the address by
// the history API, the head's feed and canonical links replaced, then its
// own yt-navigate-finish event.
document.getElementById("to-search").addEventListener("click", (e) => {
  e.preventDefault();
  history.pushState({}, "", "/results?search_query=harbour");
  for (const l of document.querySelectorAll("link[rel=alternate], link[rel=canonical], meta[itemprop]")) l.remove();
  document.title = "harbour - YouTube";
  document.dispatchEvent(new Event("yt-navigate-finish"));
});
</script></body></html>`, origin, id))
	rt.handle("/channel/"+id, page)
	rt.handle("/@harboursessions", page)
	rt.handle("/feeds/videos.xml", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := Clock(r)
		q := r.URL.Query()
		title := "Harbour Sessions"
		switch {
		case q.Get("channel_id") == id:
		case q.Get("playlist_id") == "UULF"+id[2:]:
			title = "Videos: Harbour Sessions"
		case q.Get("playlist_id") == "UUSH"+id[2:], q.Get("playlist_id") == "UULV"+id[2:]:
			title = "Shorts and live: Harbour Sessions"
		default:
			http.NotFound(w, r)
			return
		}
		var items []story
		for i := 0; i < 15; i++ {
			items = append(items, story{URL: fmt.Sprintf("%s/watch?v=fixture%04d", origin, i), Title: fmt.Sprintf("Harbour session %d", 15-i), Time: now.Add(-time.Duration(i*26) * time.Hour)})
		}
		serveDoc(w, r, "text/xml; charset=UTF-8", atomFeed(feedMeta{Title: title, Link: origin + "/channel/" + id, Self: origin + r.URL.RequestURI(), Updated: now}, items), time.Time{})
	}))
	return Site{
		Name: "youtube-channel", Host: "www.youtube.com", Start: origin + "/channel/" + id, Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: origin + "/feeds/videos.xml?channel_id=" + id, FeedFormat: "atom", FeedItems: 15,
			Note: "a YouTube channel page: the uploads feed advertised, the videos, shorts and live playlists derived by the platform rule",
		},
	}
}

// githubRepo is a GitHub repository page: no feed advertised, the
// commits, releases and tags Atom feeds served.
func githubRepo() Site {
	const origin = "https://github.com"
	rt := newRouter(status(http.StatusNotFound, "Page not found · GitHub", "This is not the web page you are looking for."))
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /*/pulse\nDisallow: /*/tree/\nDisallow: /search$\n"))
	rt.handle("/"+PlatformRepo, text(typeHTML, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8">
<title>GitHub - feedscout-fixture/harbour: Tide tables for the harbour</title>
<meta name="description" content="Tide tables for the harbour">
<link rel="canonical" href="https://github.com/feedscout-fixture/harbour">
<meta property="og:site_name" content="GitHub">
</head><body><main><h1><a href="/feedscout-fixture">feedscout-fixture</a> / <a href="/feedscout-fixture/harbour">harbour</a></h1>
<a href="/feedscout-fixture/harbour/releases">Releases</a> <a href="/feedscout-fixture/harbour/tags">Tags</a></main></body></html>`))
	for _, kind := range []string{"commits", "releases", "tags"} {
		kind := kind
		rt.handle("/"+PlatformRepo+"/"+kind+".atom", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			now := Clock(r)
			var items []story
			for i := 0; i < 4; i++ {
				items = append(items, story{URL: fmt.Sprintf("%s/%s/%s/%d", origin, PlatformRepo, kind, i), Title: fmt.Sprintf("%s %d", kind, 4-i), Time: now.Add(-time.Duration(i*50) * time.Hour)})
			}
			serveDoc(w, r, typeAtom, atomFeed(feedMeta{Title: kind + " from feedscout-fixture/harbour", Link: origin + "/" + PlatformRepo, Self: origin + r.URL.Path, Updated: now}, items), time.Time{})
		}))
	}
	return Site{
		Name: "github-repo", Host: "github.com", Start: origin + "/" + PlatformRepo, Handler: rt,
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: origin + "/" + PlatformRepo + "/commits.atom", FeedFormat: "atom", FeedItems: 4,
			Note: "a GitHub repository page that advertises no feed: commits, releases and tags derived by the platform rule",
		},
	}
}

// linkHeaderHome is a homepage whose only word about its feed is an HTTP
// Link header (RFC 8288); the feed names its WebSub hub in its own Link
// headers, not in its XML.
func linkHeaderHome() Site {
	const origin = "https://www.tidewater-notes.net"
	rt := newRouter(status(http.StatusNotFound, "Not found", "Nothing here."))
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow:\n"))
	home := text(typeHTML, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>Tidewater Notes</title></head>
<body><h1>Tidewater Notes</h1><p>Notes from the estuary.</p></body></html>`)
	rt.handleFunc("/", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Add("Link", `<https://www.tidewater-notes.net/wp-json/>; rel="https://api.w.org/"`)
		w.Header().Add("Link", `</notes/index.rss>; rel="alternate"; type="application/rss+xml"; title="Tidewater Notes"`)
		home.ServeHTTP(w, r)
	})
	rt.handleFunc("/notes/index.rss", func(w http.ResponseWriter, r *http.Request) {
		now := Clock(r)
		var items []story
		for i := 0; i < 6; i++ {
			items = append(items, story{URL: fmt.Sprintf("%s/notes/%d", origin, 6-i), Title: fmt.Sprintf("Note %d", 6-i), Time: now.Add(-time.Duration(i*20) * time.Hour)})
		}
		w.Header().Add("Link", `<https://websub.tidewater-notes.net/>; rel="hub"`)
		w.Header().Add("Link", `<https://www.tidewater-notes.net/notes/index.rss>; rel="self"`)
		serveDoc(w, r, typeRSS, rssFeed(feedMeta{Title: "Tidewater Notes", Link: origin + "/", Self: origin + "/notes/index.rss", Updated: now}, items), time.Time{})
	})
	return Site{
		Name: "link-header", Host: "www.tidewater-notes.net", Handler: gz(rt),
		Expect: Expect{
			Outcome: report.OutcomeFeed, FeedURL: origin + "/notes/index.rss", FeedFormat: "rss", FeedItems: 6,
			Note: "the homepage advertises its feed only in a Link header; the feed's WebSub hub is in the feed's Link headers",
		},
	}
}

// quietPage is a page with no feed of any kind: no <link>, no Link
// header, no platform.
func quietPage() Site {
	rt := newRouter(status(http.StatusNotFound, "Not found", "Nothing here."))
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow:\n"))
	rt.handle("/", text(typeHTML, `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><title>A quiet page</title></head>
<body><h1>A quiet page</h1><p>Nothing to subscribe to here.</p></body></html>`))
	return Site{
		Name: "quiet-page", Host: "www.quiet-page.org", Handler: rt,
		Expect: Expect{Outcome: report.OutcomeNone, Note: "a page with no feed at all: the toolbar icon stays the plain one"},
	}
}
