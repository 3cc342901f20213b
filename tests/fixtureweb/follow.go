package fixtureweb

import (
	"fmt"
	"hash/fnv"
	"net/http"
	"sort"
	"strings"
	"sync"
	"time"
)

// Newsdesk is a site for the following tests whose content changes while a
// test runs: it publishes articles when told, and any path can be made to
// fail (a status, a redirect, a slow answer, a malformed body). It has no
// feed; it has a news sitemap (/news-sitemap.xml), a department of a news
// sitemap index (/sitemap_business.xml, in /sitemap_news.xml), an article
// sitemap (/article-sitemap.xml), section pages (/section/NAME/) and a
// sections sitemap with lastmod (/sections-sitemap.xml), named in
// robots.txt like Nikkei's. Every document carries an ETag and a
// Last-Modified and answers conditional requests with 304; no
// Cache-Control unless SetMaxAge.
type Newsdesk struct {
	// Host is the site's host name.
	Host string
	// Sections are the section names (/section/NAME/).
	Sections []string

	mu       sync.Mutex
	now      func() time.Time
	articles []DeskArticle
	modes    map[string]Mode
	maxAge   int
	next     int
}

// DeskArticle is one published article of a Newsdesk.
type DeskArticle struct {
	URL       string
	Title     string
	Section   string
	Published time.Time
}

// Mode makes one path of a Newsdesk misbehave. The zero Mode is normal.
type Mode struct {
	// Status, when set, is answered instead (500, 404, 410...), with a
	// short HTML body; with Location, a redirect there.
	Status   int
	Location string
	// Delay holds the answer back this long (or until the client leaves).
	Delay time.Duration
	// Body, when set, is served with 200 instead of the document (a
	// malformed sitemap, a section page whose layout changed).
	Body string
	// ContentType goes with Body (default text/html).
	ContentType string
}

// NewsdeskName is the news:publication/name of every Newsdesk.
const NewsdeskName = "Follow Desk"

// NewNewsdesk makes a Newsdesk on host with sections sections; now is its
// clock (time.Now when nil: tests that simulate hours pass their own), and
// it starts with initial articles published one hour apart up to now.
func NewNewsdesk(host string, sections, initial int, now func() time.Time) *Newsdesk {
	if now == nil {
		now = time.Now
	}
	d := &Newsdesk{Host: host, now: now, modes: map[string]Mode{}}
	for i := range sections {
		d.Sections = append(d.Sections, deskSectionName(i))
	}
	t0 := now().Add(-time.Duration(initial) * time.Hour)
	for i := range initial {
		d.publishAt(i%max(1, sections), t0.Add(time.Duration(i+1)*time.Hour))
	}
	return d
}

var deskWords = []string{"world", "business", "science", "sports", "culture", "tech", "health", "politics", "travel", "food"}

func deskSectionName(i int) string {
	name := deskWords[i%len(deskWords)]
	if i >= len(deskWords) {
		name += fmt.Sprintf("-%d", i/len(deskWords)+1)
	}
	return name
}

var deskTitles = []string{"Harbour bridge reopens", "Council approves budget", "Rail strike ends", "Museum finds lost map",
	"Storm closes schools", "Startup raises funds", "Team wins final", "Festival draws crowds", "Court rules on data", "River cleanup begins"}

// publishAt adds one article to section si at t; the caller holds mu or
// is the constructor.
func (d *Newsdesk) publishAt(si int, t time.Time) DeskArticle {
	n := d.next
	d.next++
	sec := "news"
	if len(d.Sections) > 0 {
		sec = d.Sections[si%len(d.Sections)]
	}
	title := fmt.Sprintf("%s & more, story %d", deskTitles[n%len(deskTitles)], n)
	a := DeskArticle{
		URL:   fmt.Sprintf("https://%s/article/%s/%s-story-%05d/", d.Host, sec, strings.ToLower(strings.ReplaceAll(deskTitles[n%len(deskTitles)], " ", "-")), n),
		Title: title, Section: sec, Published: t.UTC().Truncate(time.Second),
	}
	d.articles = append(d.articles, a)
	return a
}

// Publish publishes n articles now, in section si (any when si < 0: they
// go round the sections), and returns them.
func (d *Newsdesk) Publish(n, si int) []DeskArticle {
	d.mu.Lock()
	defer d.mu.Unlock()
	var out []DeskArticle
	for range n {
		s := si
		if s < 0 {
			s = d.next
		}
		out = append(out, d.publishAt(s, d.now()))
	}
	return out
}

// Articles returns every published article, oldest first.
func (d *Newsdesk) Articles() []DeskArticle {
	d.mu.Lock()
	defer d.mu.Unlock()
	return append([]DeskArticle(nil), d.articles...)
}

// Set makes path (with its query, as requested) misbehave; the zero Mode
// restores it.
func (d *Newsdesk) Set(path string, m Mode) {
	d.mu.Lock()
	defer d.mu.Unlock()
	if m == (Mode{}) {
		delete(d.modes, path)
		return
	}
	d.modes[path] = m
}

// SetMaxAge makes every document carry Cache-Control: max-age=s (0: none).
func (d *Newsdesk) SetMaxAge(s int) {
	d.mu.Lock()
	d.maxAge = s
	d.mu.Unlock()
}

// URL is the absolute URL of path on the site.
func (d *Newsdesk) URL(path string) string { return "https://" + d.Host + path }

// Site is the Newsdesk as a fixture web site.
func (d *Newsdesk) Site(name string) Site {
	return Site{Name: name, Host: d.Host, Handler: http.HandlerFunc(d.serve), Expect: Expect{
		Note: "a site for following: publishes on demand, any path can fail",
	}}
}

func (d *Newsdesk) serve(w http.ResponseWriter, r *http.Request) {
	d.mu.Lock()
	m, bad := d.modes[r.URL.RequestURI()]
	d.mu.Unlock()
	if bad {
		if m.Delay > 0 {
			t := time.NewTimer(m.Delay)
			select {
			case <-t.C:
			case <-stopped(r):
				t.Stop()
				return
			}
		}
		switch {
		case m.Location != "":
			code := m.Status
			if code == 0 {
				code = http.StatusMovedPermanently
			}
			http.Redirect(w, r, m.Location, code)
			return
		case m.Status != 0:
			w.Header().Set("Content-Type", typeHTML)
			w.WriteHeader(m.Status)
			fmt.Fprintf(w, "<!DOCTYPE html><html><head><title>%d</title></head><body><h1>%d %s</h1></body></html>\n", m.Status, m.Status, http.StatusText(m.Status))
			return
		case m.Body != "":
			ct := m.ContentType
			if ct == "" {
				ct = typeHTML
			}
			d.serveBody(w, r, ct, []byte(m.Body), d.now())
			return
		}
	}
	d.mu.Lock()
	arts := append([]DeskArticle(nil), d.articles...)
	d.mu.Unlock()
	newest := func(as []DeskArticle) time.Time {
		var t time.Time
		for _, a := range as {
			if a.Published.After(t) {
				t = a.Published
			}
		}
		return t
	}
	p := r.URL.Path
	switch {
	case p == "/robots.txt":
		d.serveBody(w, r, typeText, []byte("User-agent: *\nDisallow: /private/\n\nSitemap: "+d.URL("/sitemap_news.xml")+"\nSitemap: "+d.URL("/sections-sitemap.xml")+"\n"), time.Time{})
	case p == "/":
		var b strings.Builder
		b.WriteString("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + NewsdeskName + "</title></head><body><nav>")
		for _, s := range d.Sections {
			fmt.Fprintf(&b, `<a href="/section/%s/">%s</a> `, s, s)
		}
		b.WriteString("</nav></body></html>\n")
		d.serveBody(w, r, typeHTML, []byte(b.String()), newest(arts))
	case p == "/news-sitemap.xml":
		d.serveBody(w, r, typeXML, deskNews(latest(arts, 20)), newest(arts))
	case p == "/sitemap_business.xml":
		var bus []DeskArticle
		for _, a := range arts {
			if a.Section == "business" {
				bus = append(bus, a)
			}
		}
		d.serveBody(w, r, typeXML, deskNews(latest(bus, 20)), newest(bus))
	case p == "/sitemap_news.xml":
		d.serveBody(w, r, typeXML, sitemapIndex([]string{d.URL("/sitemap_business.xml"), d.URL("/news-sitemap.xml")}, newest(arts)), newest(arts))
	case p == "/article-sitemap.xml":
		es := make([]smURL, len(arts))
		for i, a := range arts {
			es[i] = smURL{Loc: a.URL, Lastmod: a.Published}
		}
		d.serveBody(w, r, typeXML, urlset(es, false), newest(arts))
	case p == "/sections-sitemap.xml":
		var es []smURL
		for _, s := range d.Sections {
			es = append(es, smURL{Loc: d.URL("/section/" + s + "/"), Lastmod: newest(inSection(arts, s))})
		}
		d.serveBody(w, r, typeXML, urlset(es, false), newest(arts))
	case p == "/feed.xml":
		var b strings.Builder
		b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><rss version="2.0"><channel><title>` + NewsdeskName + `</title><link>` + d.URL("/") + `</link><description>d</description>`)
		for _, a := range latest(arts, 10) {
			b.WriteString("<item><title>" + xesc(a.Title) + "</title><link>" + xesc(a.URL) + "</link></item>")
		}
		b.WriteString("</channel></rss>\n")
		d.serveBody(w, r, typeRSS, []byte(b.String()), newest(arts))
	case strings.HasPrefix(p, "/section/"):
		name := strings.Trim(strings.TrimPrefix(p, "/section/"), "/")
		if !deskHas(d.Sections, name) {
			http.NotFound(w, r)
			return
		}
		as := inSection(arts, name)
		d.serveBody(w, r, typeHTML, deskSection(d, name, latest(as, 30)), newest(as))
	case strings.HasPrefix(p, "/article/"):
		for _, a := range arts {
			if strings.HasSuffix(a.URL, p) {
				d.serveBody(w, r, typeHTML, []byte("<!DOCTYPE html><html><head><title>"+xesc(a.Title)+"</title></head><body><h1>"+xesc(a.Title)+"</h1></body></html>\n"), a.Published)
				return
			}
		}
		http.NotFound(w, r)
	default:
		http.NotFound(w, r)
	}
}

// serveBody serves a document with an ETag and Last-Modified, answering
// conditional requests with 304.
func (d *Newsdesk) serveBody(w http.ResponseWriter, r *http.Request, ctype string, body []byte, mod time.Time) {
	h := fnv.New64a()
	h.Write(body)
	etag := fmt.Sprintf(`"%x"`, h.Sum64())
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("ETag", etag)
	d.mu.Lock()
	age := d.maxAge
	d.mu.Unlock()
	if age > 0 {
		w.Header().Set("Cache-Control", fmt.Sprintf("max-age=%d", age))
	}
	if !mod.IsZero() {
		w.Header().Set("Last-Modified", mod.UTC().Format(http.TimeFormat))
	}
	if inm := r.Header.Get("If-None-Match"); inm != "" && inm == etag {
		w.WriteHeader(http.StatusNotModified)
		return
	}
	w.Header().Set("Content-Length", fmt.Sprint(len(body)))
	w.WriteHeader(http.StatusOK)
	if r.Method != http.MethodHead {
		w.Write(body)
	}
}

// latest is the n newest articles, newest first (the later published
// first among articles of the same second).
func latest(as []DeskArticle, n int) []DeskArticle {
	out := make([]DeskArticle, len(as))
	for i, a := range as {
		out[len(as)-1-i] = a
	}
	sort.SliceStable(out, func(i, j int) bool { return out[i].Published.After(out[j].Published) })
	return out[:min(n, len(out))]
}

func inSection(as []DeskArticle, s string) []DeskArticle {
	var out []DeskArticle
	for _, a := range as {
		if a.Section == s {
			out = append(out, a)
		}
	}
	return out
}

func deskHas(ss []string, s string) bool {
	for _, x := range ss {
		if x == s {
			return true
		}
	}
	return false
}

func deskNews(as []DeskArticle) []byte {
	es := make([]smURL, len(as))
	for i, a := range as {
		es[i] = smURL{Loc: a.URL, News: &smNews{Name: NewsdeskName, Lang: "en", Title: a.Title, Published: a.Published}}
	}
	return urlset(es, true)
}

// deskSection is a section page: navigation, the section's articles
// newest first, a footer; like a real one, more links than articles.
func deskSection(d *Newsdesk, name string, as []DeskArticle) []byte {
	var b strings.Builder
	b.WriteString("<!DOCTYPE html><html lang=\"en\"><head><meta charset=\"utf-8\"><title>" + strings.ToUpper(name[:1]) + name[1:] + " | " + NewsdeskName + "</title></head><body><header><a href=\"/\">" + NewsdeskName + "</a><nav>")
	for _, s := range d.Sections {
		fmt.Fprintf(&b, `<a href="/section/%s/">%s</a> `, s, s)
	}
	b.WriteString("</nav></header><main><h1>" + name + "</h1><ul>")
	for _, a := range as {
		fmt.Fprintf(&b, "<li><a href=\"%s\">%s</a></li>\n", xesc(strings.TrimPrefix(a.URL, "https://"+d.Host)), xesc(a.Title))
	}
	b.WriteString("</ul></main><footer><a href=\"/about/\">About</a> <a href=\"/privacy/\">Privacy</a></footer></body></html>\n")
	return []byte(b.String())
}
