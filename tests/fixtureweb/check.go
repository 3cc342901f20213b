package fixtureweb

import (
	"bytes"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"time"
)

// CheckFixture is one file of the check web: a site of its own (host
// NAME.check.test) serving one feed or sitemap at Path, made to show one
// finding of `feedscout-host check` (docs/checking.md), or none.
type CheckFixture struct {
	// Name is the fixture's id and the first label of its host.
	Name string
	// Path is where the file is served.
	Path string
	// What says what is wrong with it, for the docs' table.
	What string
}

// Host is the fixture's host name.
func (f CheckFixture) Host() string { return f.Name + ".check.test" }

// URL is the file's address.
func (f CheckFixture) URL() string { return "https://" + f.Host() + f.Path }

// Generated holds a file written during a test (the news sitemap the
// generator made) for the "generated" site to serve. Safe for concurrent
// use.
type Generated struct {
	mu   sync.Mutex
	body []byte
}

// Set replaces the file served.
func (g *Generated) Set(body []byte) {
	g.mu.Lock()
	g.body = bytes.Clone(body)
	g.mu.Unlock()
}

func (g *Generated) get() []byte {
	g.mu.Lock()
	defer g.mu.Unlock()
	return g.body
}

// GeneratedHost is the host of the generated news sitemap's site: its
// robots.txt lists /news-sitemap.xml, which serves what Generated holds,
// and it has no feed, so discovery ends on that sitemap.
const GeneratedHost = "generated.check.test"

// checkFile is a fixture and the handler of its file.
type checkFile struct {
	CheckFixture
	h      http.Handler
	robots string // the site's robots.txt; "" answers 404 (allow all)
}

// CheckFixtures lists the fixtures of CheckSites, in the order of the
// docs' table.
func CheckFixtures() []CheckFixture {
	var out []CheckFixture
	for _, f := range checkFiles() {
		out = append(out, f.CheckFixture)
	}
	return out
}

// CheckSites returns the check web: one site per fixture of
// CheckFixtures, plus the site of the generated news sitemap (gen).
func CheckSites(gen *Generated) []Site {
	var sites []Site
	for _, f := range checkFiles() {
		rt := newRouter(http.NotFoundHandler())
		rt.handle(f.Path, f.h)
		if f.robots != "" {
			rt.handle("/robots.txt", text(typeText, f.robots))
		}
		if f.Name == "news-redirect" {
			rt.handle("/news-sitemap.xml", doc(typeXML, func(now time.Time) []byte { return newsSitemap(f.Host(), now, 3, 0) }))
		}
		sites = append(sites, Site{Name: "check-" + f.Name, Host: f.Host(), Handler: rt})
	}
	rt := newRouter(http.NotFoundHandler())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow: /private/\n\nSitemap: https://"+GeneratedHost+"/news-sitemap.xml\n"))
	rt.handle("/", htmlPage(func(r *http.Request, now time.Time) page {
		return page{Lang: "ru", Title: "Городские новости", SiteName: "Городские новости",
			Paragraphs: []string{"Новости города."}}
	}))
	rt.handle("/news-sitemap.xml", http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := gen.get()
		if body == nil {
			http.NotFound(w, r)
			return
		}
		serveDoc(w, r, typeXML, body, time.Time{})
	}))
	sites = append(sites, Site{Name: "check-generated", Host: GeneratedHost, Handler: rt})
	return append(sites, healthFeedSite(), healthNewsSite())
}

// Health hosts: sites whose discovery reports a feed and a news sitemap
// with something to say in their health lines.
const (
	HealthFeedHost = "health-feed.check.test"
	HealthNewsHost = "health-news.check.test"
)

// healthFeedSite advertises a feed served without ETag, Last-Modified or
// gzip.
func healthFeedSite() Site {
	rt := newRouter(http.NotFoundHandler())
	rt.handle("/", htmlPage(func(r *http.Request, now time.Time) page {
		return page{Lang: "en", Title: "Health Gazette", SiteName: "Health Gazette", Paragraphs: []string{"News."},
			Links: []headLink{{Rel: "alternate", Type: "application/rss+xml", Href: "/feed.xml", Title: "Health Gazette"}}}
	}))
	rt.handle("/feed.xml", served(typeRSS, func(now time.Time) []byte {
		return rssFeed(checkFeed(HealthFeedHost, true, true), checkStories(HealthFeedHost, now, 10, time.Hour))
	}))
	return Site{Name: "check-health-feed", Host: HealthFeedHost, Handler: rt}
}

// healthNewsSite lists a news sitemap in robots.txt, served as text/html,
// 31 of its 40 entries older than 48 hours.
func healthNewsSite() Site {
	rt := newRouter(http.NotFoundHandler())
	rt.handle("/robots.txt", text(typeText, "User-agent: *\nDisallow:\n\nSitemap: https://"+HealthNewsHost+"/news-sitemap.xml\n"))
	rt.handle("/", htmlPage(func(r *http.Request, now time.Time) page {
		return page{Lang: "en", Title: "Health News", SiteName: "Health News", Paragraphs: []string{"News."}}
	}))
	rt.handle("/news-sitemap.xml", doc(typeHTML, func(now time.Time) []byte { return newsSitemap(HealthNewsHost, now, 40, 31) }))
	return Site{Name: "check-health-news", Host: HealthNewsHost, Handler: rt}
}

// newsSitemap is a news sitemap of n articles on host, the newest an hour
// old, one every 30 minutes; the last old of them are 100 hours old and
// more, one an hour. Their URLs carry today's date, so that changing a
// story number makes a duplicate.
func newsSitemap(host string, now time.Time, n, old int) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="` + nsSitemap + `" xmlns:news="` + nsNews + `">` + "\n")
	for i := range n {
		t := now.Add(-time.Hour - time.Duration(i)*30*time.Minute)
		if i >= n-old {
			t = now.Add(-100*time.Hour - 30*time.Minute - time.Duration(n-1-i)*time.Hour)
		}
		b.WriteString(newsURL(fmt.Sprintf("https://%s/news/%s/story-number-%d", host, now.UTC().Format("2006/01/02"), i), "Check Gazette", "en", t, fmt.Sprintf("Story %d", i)))
	}
	b.WriteString("</urlset>\n")
	return []byte(b.String())
}

// newsURL is one <url> with its news block, 11 lines.
func newsURL(loc, name, lang string, t time.Time, title string) string {
	return "  <url>\n    <loc>" + xesc(loc) + "</loc>\n    <news:news>\n      <news:publication>\n        <news:name>" + xesc(name) +
		"</news:name>\n        <news:language>" + lang + "</news:language>\n      </news:publication>\n      <news:publication_date>" +
		t.UTC().Format(time.RFC3339) + "</news:publication_date>\n      <news:title>" + xesc(title) + "</news:title>\n    </news:news>\n  </url>\n"
}

// served serves body with a fixed Content-Type and nothing else: no ETag,
// no Last-Modified, no compression (ctype "" sends no Content-Type).
func served(ctype string, f func(now time.Time) []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := f(Clock(r))
		if ctype == "" {
			w.Header()["Content-Type"] = nil
		} else {
			w.Header().Set("Content-Type", ctype)
		}
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		_, _ = w.Write(body)
	})
}

// checkFeed is a feed's channel for the fixtures.
func checkFeed(host string, self, hub bool) feedMeta {
	m := feedMeta{Title: "Check Gazette", Link: "https://" + host + "/", Description: "News of the check web", Lang: "en"}
	if self {
		m.Self = "https://" + host + "/feed.xml"
	}
	if hub {
		m.Hub = "https://hub.check.test/"
	}
	return m
}

// checkStories are n stories on host, the newest age old, one every two
// hours.
func checkStories(host string, now time.Time, n int, age time.Duration) []story {
	out := make([]story, n)
	for i := range out {
		t := now.Add(-age - time.Duration(i)*2*time.Hour)
		out[i] = story{URL: fmt.Sprintf("https://%s/news/%s/story-number-%d", host, now.UTC().Format("2006/01/02"), i),
			Title: fmt.Sprintf("Story %d", i), Summary: strings.Repeat("A paragraph of the story. ", 8), Time: t}
	}
	return out
}

func checkFiles() []checkFile {
	var files []checkFile
	add := func(name, path, what string, h func(host string) http.Handler) {
		host := name + ".check.test"
		files = append(files, checkFile{CheckFixture: CheckFixture{Name: name, Path: path, What: what}, h: h(host)})
	}
	// News sitemaps: the four questions.
	add("news-ok", "/news-sitemap.xml", "a news sitemap as it should be", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte { return newsSitemap(host, now, 20, 0) })
	})
	add("news-old", "/news-sitemap.xml", "31 of 40 entries older than 48 hours", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte { return newsSitemap(host, now, 40, 31) })
	})
	add("news-host", "/news-sitemap.xml", "an entry on another host", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			b := newsSitemap(host, now, 2, 0)
			return bytes.Replace(b, []byte("https://"+host+"/news/"), []byte("https://cdn.check.test/news/"), 1)
		})
	})
	add("news-duplicate", "/news-sitemap.xml", "one <loc> listed twice", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			b := newsSitemap(host, now, 2, 0)
			return bytes.Replace(b, []byte("story-number-1"), []byte("story-number-0"), 1)
		})
	})
	add("news-1001", "/news-sitemap.xml", "1,001 <news:news> blocks", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return newsSitemap(host, now, 1001, 0)
		})
	})
	add("news-html-type", "/news-sitemap.xml", "served as text/html", func(host string) http.Handler {
		return doc(typeHTML, func(now time.Time) []byte { return newsSitemap(host, now, 3, 0) })
	})
	add("news-no-type", "/news-sitemap.xml", "served without Content-Type", func(host string) http.Handler {
		return served("", func(now time.Time) []byte { return newsSitemap(host, now, 3, 0) })
	})
	add("news-404", "/news-sitemap.xml", "answers 404", func(host string) http.Handler {
		return status(http.StatusNotFound, "Not found", "No such page.")
	})
	add("news-60mb", "/news-sitemap.xml", "a 60 MB sitemap", func(host string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			// Streamed without Content-Length, so the reader has to stop
			// counting itself.
			w.Header().Set("Content-Type", typeXML)
			fl, _ := w.(http.Flusher)
			_, _ = w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<urlset xmlns=\"" + nsSitemap + "\">\n"))
			entry := []byte("<url><loc>https://" + host + "/news/2026/10/30/a-story-of-the-sixty-megabyte-sitemap-that-goes-on-and-on</loc></url>\n")
			chunk := bytes.Repeat(entry, (64<<10)/len(entry))
			for sent := 0; sent < 60<<20; sent += len(chunk) {
				if _, err := w.Write(chunk); err != nil {
					return
				}
				if fl != nil {
					fl.Flush()
				}
			}
			_, _ = w.Write([]byte("</urlset>\n"))
		})
	})
	add("news-gzip-bomb", "/news-sitemap.xml.gz", "a gzip bomb: 1 GiB once decompressed", func(host string) http.Handler {
		return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			bomb, err := sitemapBomb()
			if err != nil {
				http.Error(w, err.Error(), http.StatusInternalServerError)
				return
			}
			w.Header().Set("Content-Type", typeGzip)
			_, _ = w.Write(bomb)
		})
	})
	add("news-doctype", "/news-sitemap.xml", "a DOCTYPE with entities", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return []byte(`<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE urlset [<!ENTITY a "aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;&a;&a;&a;&a;&a;&a;">]>
<urlset xmlns="` + nsSitemap + `"><url><loc>https://` + host + `/&b;</loc></url></urlset>
`)
		})
	})
	add("news-bom-middle", "/news-sitemap.xml", "a byte order mark in the middle", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			b := newsSitemap(host, now, 3, 0)
			i := bytes.Index(b, []byte("<news:title>Story 1"))
			return append(append(append([]byte{}, b[:i+len("<news:title>")]...), "\xef\xbb\xbf"...), b[i+len("<news:title>"):]...)
		})
	})
	add("news-junk", "/news-sitemap.xml", "a PHP notice before the XML", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return append([]byte("<br />\n<b>Notice</b>:  Undefined variable: lang in <b>/var/www/sitemap.php</b> on line <b>12</b><br />\n"), newsSitemap(host, now, 3, 0)...)
		})
	})
	add("news-truncated", "/news-sitemap.xml", "cut off in the middle", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			b := newsSitemap(host, now, 3, 0)
			return b[:len(b)*2/3]
		})
	})
	add("news-ampersand", "/news-sitemap.xml", "an unescaped & in a title", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return bytes.Replace(newsSitemap(host, now, 3, 0), []byte("<news:title>Story 2"), []byte("<news:title>Школа & музей"), 1)
		})
	})
	add("news-date", "/news-sitemap.xml", "a publication date not in W3C form", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			b := newsSitemap(host, now, 3, 0)
			i := bytes.Index(b, []byte("<news:publication_date>")) + len("<news:publication_date>")
			j := bytes.Index(b[i:], []byte("<"))
			return append(append(append([]byte{}, b[:i]...), now.UTC().Format("02.01.2006 15:04")...), b[i+j:]...)
		})
	})
	add("news-redirect", "/old-news-sitemap.xml", "moved with a 301", func(host string) http.Handler {
		return redirect(http.StatusMovedPermanently, "https://"+host+"/news-sitemap.xml")
	})
	add("sitemap-plain", "/sitemap.xml", "an ordinary sitemap, no news blocks", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return urlset(datedEntries(checkStories(host, now, 5, time.Hour)), false)
		})
	})
	add("sitemap-index", "/sitemap_index.xml", "a sitemap index", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return sitemapIndex([]string{"https://" + host + "/news-sitemap.xml", "https://" + host + "/post-sitemap.xml"}, now)
		})
	})
	add("sitemap-text", "/sitemap.txt", "a text sitemap", func(host string) http.Handler {
		return doc(typeText, func(now time.Time) []byte {
			var b strings.Builder
			for _, s := range checkStories(host, now, 4, time.Hour) {
				b.WriteString(s.URL + "\n")
			}
			return []byte(b.String())
		})
	})
	add("page-html", "/news/", "an HTML page, not a sitemap", func(host string) http.Handler {
		return htmlPage(func(r *http.Request, now time.Time) page {
			return page{Lang: "en", Title: "News", SiteName: "Check Gazette", Paragraphs: []string{"The news."}}
		})
	})
	add("robots-disallow", "/private/news-sitemap.xml", "disallowed by robots.txt", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte { return newsSitemap(host, now, 3, 0) })
	})
	files[len(files)-1].robots = "User-agent: *\nDisallow: /private/\n"
	// More of the first three questions, one finding each.
	edit := func(name, path, what string, f func(host string, b []byte, now time.Time) []byte) {
		add(name, path, what, func(host string) http.Handler {
			return doc(typeXML, func(now time.Time) []byte { return f(host, newsSitemap(host, now, 3, 0), now) })
		})
	}
	swap := func(old, new string) func(host string, b []byte, now time.Time) []byte {
		return func(host string, b []byte, now time.Time) []byte {
			return bytes.Replace(b, []byte(strings.ReplaceAll(old, "HOST", host)), []byte(strings.ReplaceAll(new, "HOST", host)), 1)
		}
	}
	add("empty", "/news-sitemap.xml", "an empty answer", func(host string) http.Handler {
		return served(typeXML, func(now time.Time) []byte { return nil })
	})
	edit("no-namespace", "/news-sitemap.xml", "a root without the sitemap namespace", swap(`<urlset xmlns="`+nsSitemap+`" `, `<urlset `))
	edit("encoding", "/news-sitemap.xml", "declared in windows-1251", swap(`encoding="UTF-8"`, `encoding="windows-1251"`))
	edit("no-loc", "/news-sitemap.xml", "an entry without <loc>", func(host string, b []byte, now time.Time) []byte {
		return bytes.Replace(b, []byte("</urlset>"), []byte("  <url>\n  </url>\n</urlset>"), 1)
	})
	edit("loc-long", "/news-sitemap.xml", "a <loc> of 2,100 characters", swap("<loc>https://HOST/news/", "<loc>https://HOST/news/"+strings.Repeat("a", 2100)+"/"))
	add("opml", "/news-sitemap.xml", "an OPML list where the sitemap should be", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			return []byte(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<opml version=\"2.0\"><head><title>Feeds</title></head><body><outline text=\"News\" xmlUrl=\"https://" + host + "/feed.xml\"/></body></opml>\n")
		})
	})
	edit("loc-relative", "/news-sitemap.xml", "a relative <loc>", swap("<loc>https://HOST/news/", "<loc>/news/"))
	edit("lastmod", "/news-sitemap.xml", "a <lastmod> not in W3C form", swap("</loc>\n", "</loc>\n    <lastmod>yesterday</lastmod>\n"))
	edit("news-no-name", "/news-sitemap.xml", "a <news:publication> without <news:name>", swap("<news:name>Check Gazette</news:name>", ""))
	edit("news-language", "/news-sitemap.xml", "a language code not of ISO 639 form", swap("<news:language>en</news:language>", "<news:language>english</news:language>"))
	edit("news-two-names", "/news-sitemap.xml", "two publication names", func(host string, b []byte, now time.Time) []byte {
		i := bytes.LastIndex(b, []byte("<news:name>Check Gazette"))
		return append(append(append([]byte{}, b[:i]...), "<news:name>Check Herald"...), b[i+len("<news:name>Check Gazette"):]...)
	})
	edit("news-no-title", "/news-sitemap.xml", "a news block without <news:title>", swap("<news:title>Story 0</news:title>", ""))
	edit("news-future", "/news-sitemap.xml", "a publication date a day ahead", func(host string, b []byte, now time.Time) []byte {
		i := bytes.Index(b, []byte("<news:publication_date>")) + len("<news:publication_date>")
		j := bytes.Index(b[i:], []byte("<"))
		return append(append(append([]byte{}, b[:i]...), now.Add(25*time.Hour).UTC().Format(time.RFC3339)...), b[i+j:]...)
	})
	edit("news-http", "/news-sitemap.xml", "an http <loc> in an https sitemap", swap("<loc>https://HOST/", "<loc>http://HOST/"))
	edit("many-hosts", "/news-sitemap.xml", "25 entries on another host", func(host string, b []byte, now time.Time) []byte {
		return bytes.ReplaceAll(newsSitemap(host, now, 25, 0), []byte("<loc>https://"+host+"/"), []byte("<loc>https://cdn.check.test/"))
	})
	add("url-limit", "/sitemap.xml", "50,001 URLs", func(host string) http.Handler {
		return doc(typeXML, func(now time.Time) []byte {
			var b bytes.Buffer
			b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n<urlset xmlns=\"" + nsSitemap + "\">\n")
			for i := range 50001 {
				fmt.Fprintf(&b, "<url><loc>https://%s/news/2026/10/30/story-number-%d</loc></url>\n", host, i)
			}
			b.WriteString("</urlset>\n")
			return b.Bytes()
		})
	})
	// Feeds.
	add("feed-ok", "/feed.xml", "an RSS feed as it should be", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("feed-no-validators", "/feed.xml", "no ETag or Last-Modified", func(host string) http.Handler {
		return gz(served(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("feed-no-304", "/feed.xml", "an ETag, but 200 to every conditional request", func(host string) http.Handler {
		inner := served(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		})
		return gz(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("ETag", `"v1"`)
			inner.ServeHTTP(w, r)
		}))
	})
	add("feed-no-gzip", "/feed.xml", "sent uncompressed", func(host string) http.Handler {
		return doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		})
	})
	add("feed-self-missing", "/feed.xml", "no rel=self", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, false, true), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("feed-self-mismatch", "/rss", "rel=self names another URL", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("feed-no-hub", "/feed.xml", "no WebSub hub", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, false), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("feed-duplicate-ids", "/feed.xml", "two items with one <guid>", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			s := checkStories(host, now, 10, time.Hour)
			b := rssFeed(checkFeed(host, true, true), s)
			return bytes.Replace(b, []byte(">"+s[4].URL+"</guid>"), []byte(">"+s[1].URL+"</guid>"), 1)
		}))
	})
	add("feed-bad-dates", "/feed.xml", "a <pubDate> in ISO form", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			s := checkStories(host, now, 10, time.Hour)
			b := rssFeed(checkFeed(host, true, true), s)
			old := []byte("<pubDate>" + s[2].Time.UTC().Format(time.RFC1123Z) + "</pubDate>")
			return bytes.Replace(b, old, []byte("<pubDate>"+s[2].Time.UTC().Format("2006-01-02")+"</pubDate>"), 1)
		}))
	})
	add("feed-stale", "/feed.xml", "the newest item 45 days old", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, 45*24*time.Hour+time.Hour))
		}))
	})
	add("feed-html-type", "/feed.xml", "served as text/html", func(host string) http.Handler {
		return gz(doc(typeHTML, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("feed-broken", "/feed.xml", "an unescaped & in a title", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			b := rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
			return bytes.Replace(b, []byte("<title>Story 3</title>"), []byte("<title>C++ & Python</title>"), 1)
		}))
	})
	add("atom-ok", "/feed.xml", "an Atom feed as it should be", func(host string) http.Handler {
		return gz(doc(typeAtom, func(now time.Time) []byte {
			return atomFeed(checkFeed(host, true, true), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("json-feed", "/feed.xml", "a JSON Feed without a hub", func(host string) http.Handler {
		return gz(doc(typeJSON, func(now time.Time) []byte {
			return jsonFeed(checkFeed(host, true, false), checkStories(host, now, 10, time.Hour))
		}))
	})
	add("json-not-feed", "/feed.json", "JSON that is not a JSON Feed", func(host string) http.Handler {
		return doc(typeJSON, func(now time.Time) []byte { return []byte(`{"version": "1", "items": []}`) })
	})
	add("json-broken", "/feed.json", "a JSON Feed cut short", func(host string) http.Handler {
		return doc(typeJSON, func(now time.Time) []byte {
			b := jsonFeed(checkFeed(host, true, true), checkStories(host, now, 3, time.Hour))
			return b[:len(b)/2]
		})
	})
	add("atom-no-id", "/feed.xml", "an Atom entry without <id>", func(host string) http.Handler {
		return gz(doc(typeAtom, func(now time.Time) []byte {
			s := checkStories(host, now, 10, time.Hour)
			return bytes.Replace(atomFeed(checkFeed(host, true, true), s), []byte("<id>"+s[3].URL+"</id>"), nil, 1)
		}))
	})
	add("feed-undated", "/feed.xml", "an item without a date", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			s := checkStories(host, now, 10, time.Hour)
			return bytes.Replace(rssFeed(checkFeed(host, true, true), s), []byte("<pubDate>"+s[5].Time.UTC().Format(time.RFC1123Z)+"</pubDate>"), nil, 1)
		}))
	})
	add("feed-future", "/feed.xml", "an item dated two days ahead", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte {
			return rssFeed(checkFeed(host, true, true), checkStories(host, now, 10, -48*time.Hour-30*time.Minute))
		}))
	})
	add("feed-empty", "/feed.xml", "a feed without items", func(host string) http.Handler {
		return gz(doc(typeRSS, func(now time.Time) []byte { return rssFeed(checkFeed(host, true, true), nil) }))
	})
	return files
}

var (
	smBombOnce sync.Once
	smBomb     []byte
	smBombErr  error
)

// sitemapBomb is a .xml.gz of about 1 MiB that expands to a sitemap's
// start and 1 GiB of spaces.
func sitemapBomb() ([]byte, error) {
	smBombOnce.Do(func() {
		smBomb, smBombErr = gzipBomb([]byte(`<?xml version="1.0" encoding="UTF-8"?>`+"\n<urlset xmlns=\""+nsSitemap+"\">\n"), bombChunks)
	})
	return smBomb, smBombErr
}
