package fixtureweb

import (
	"html/template"
	"net/http"
	"strings"
	"time"
)

// newsroom is the common shape of a news site or blog: a front page with
// rivers of stories, section pages, article pages and a 404 page, all in
// one template, with content generated from the site's seed and the clock.
type newsroom struct {
	origin    string // scheme://host
	name      string // display name
	lang      string
	seed      string
	generator string
	base      string
	head      []headLink
	rawHead   template.HTML
	nav       []link
	utility   []link
	more      []link
	footer    []footerGroup
	count     int           // stories on the front page and in a feed
	step      time.Duration // time between consecutive stories
	// path makes a story's URL path from its position, time, title and
	// section (a nav link; the site's root when it has no nav).
	path func(g *textGen, i int, t time.Time, title string, sec link) string
}

// stories are the count newest stories under key ("" for the whole site,
// else a section path), newest first; the same key and clock always give
// the same stories.
func (n *newsroom) stories(now time.Time, key string, count int) []story {
	g := newText(n.seed+"|"+key, n.lang)
	lead := time.Duration(3+g.r.IntN(20)) * time.Minute
	out := make([]story, count)
	for i := range out {
		t := now.Add(-lead - time.Duration(i)*n.step - time.Duration(g.r.IntN(300))*time.Second).Truncate(time.Second)
		title := g.headline()
		sec := link{Href: "/", Text: n.name}
		if len(n.nav) > 0 {
			sec = n.nav[g.r.IntN(len(n.nav))]
		}
		p := n.path(g, i, t, title, sec)
		out[i] = story{URL: n.origin + p, Title: title, Summary: g.sentence(), Author: g.person(), Section: sec.Text, Time: t}
	}
	return out
}

// frame is a page with the site's chrome (head, nav, utility, footer).
func (n *newsroom) frame(title, canonical string) page {
	return page{
		Lang: n.lang, Title: title, SiteName: n.name, Generator: n.generator, Base: n.base,
		Canonical: canonical, Description: n.name + ": news and analysis.",
		Links: n.head, RawHead: n.rawHead, Nav: n.nav, Utility: n.utility, More: n.more, Footer: n.footer,
	}
}

// home is the front page: top stories and the latest.
func (n *newsroom) home(now time.Time) page {
	p := n.frame(n.name, n.origin+"/")
	s := n.stories(now, "", n.count)
	top := min(5, len(s))
	p.Rivers = []river{{Heading: "Top stories", Stories: s[:top]}}
	if len(s) > top {
		p.Rivers = append(p.Rivers, river{Heading: "Latest", Stories: s[top:]})
	}
	return p
}

// section is a section front for path, titled text.
func (n *newsroom) section(now time.Time, path, text string) page {
	p := n.frame(text+" | "+n.name, n.origin+path)
	p.Rivers = []river{{Heading: text, Href: path, Stories: n.stories(now, path, n.count)}}
	return p
}

// article is an article page for path; its title comes from the front
// page's story of that path, or from the path itself.
func (n *newsroom) article(now time.Time, path string) page {
	st := story{URL: n.origin + path, Title: titleFromPath(path), Section: n.name, Time: now.Add(-time.Hour).Truncate(time.Second)}
	for _, s := range n.stories(now, "", n.count) {
		if s.URL == n.origin+path {
			st = s
			break
		}
	}
	g := newText(n.seed+"|article|"+path, n.lang)
	if st.Author == "" {
		st.Author, st.Summary = g.person(), g.sentence()
	}
	p := n.frame(st.Title+" | "+n.name, st.URL)
	p.Article = &st
	p.Paragraphs = []string{g.paragraph(3), g.paragraph(4), g.paragraph(2)}
	related := n.stories(now, "", n.count)
	if len(related) > 4 {
		related = related[:4]
	}
	p.Rivers = []river{{Heading: "Related", Stories: related}}
	return p
}

// titleFromPath makes a readable title from a URL path's last segment.
func titleFromPath(path string) string {
	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	if len(segs) == 0 {
		return "Home"
	}
	last := strings.TrimSuffix(strings.TrimSuffix(segs[len(segs)-1], ".html"), ".htm")
	words := strings.Split(last, "-")
	if len(words) > 0 && words[0] != "" {
		words[0] = strings.ToUpper(words[0][:1]) + words[0][1:]
	}
	return strings.Join(words, " ")
}

// homeHandler serves the front page.
func (n *newsroom) homeHandler() http.Handler {
	return htmlPage(func(r *http.Request, now time.Time) page { return n.home(now) })
}

// sectionHandler serves the section front of the request's path.
func (n *newsroom) sectionHandler(text string) http.Handler {
	return htmlPage(func(r *http.Request, now time.Time) page { return n.section(now, r.URL.Path, text) })
}

// articleHandler serves an article page for every path ok accepts, and
// the 404 page for the rest.
func (n *newsroom) articleHandler(ok func(path string) bool) http.Handler {
	nf := n.notFound()
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !ok(r.URL.Path) {
			nf.ServeHTTP(w, r)
			return
		}
		htmlPage(func(r *http.Request, now time.Time) page { return n.article(now, r.URL.Path) }).ServeHTTP(w, r)
	})
}

// notFound is the site's 404 page.
func (n *newsroom) notFound() http.Handler { return notFound(n.name, n.lang, n.nav) }

// router returns a router with the front page, every nav section and the
// 404 fallback; sites add their own routes to it.
func (n *newsroom) router() *router {
	rt := newRouter(n.notFound())
	rt.handle("/", n.homeHandler())
	for _, l := range n.nav {
		if strings.HasPrefix(l.Href, "/") && l.Href != "/" {
			rt.handle(l.Href, n.sectionHandler(l.Text))
		}
	}
	return rt
}

// feedMeta describes the site's main feed at self.
func (n *newsroom) feedMeta(now time.Time, self string) feedMeta {
	return feedMeta{Title: n.name, Link: n.origin + "/", Self: self, Description: "The latest from " + n.name,
		Lang: n.lang, Generator: n.generator, Updated: now.Add(-3 * time.Minute).Truncate(time.Second)}
}

// rss serves the site's latest stories as RSS 2.0 at self.
func (n *newsroom) rss(self string) http.Handler {
	return doc(typeRSS, func(now time.Time) []byte {
		return rssFeed(n.feedMeta(now, self), n.stories(now, "", n.count))
	})
}

// atom serves the site's latest stories as Atom at self.
func (n *newsroom) atom(self string) http.Handler {
	return doc(typeAtom, func(now time.Time) []byte {
		return atomFeed(n.feedMeta(now, self), n.stories(now, "", n.count))
	})
}

// newsSitemap serves the site's latest stories as a Google News sitemap.
func (n *newsroom) newsSitemap(pubName string) http.Handler {
	return doc(typeXML, func(now time.Time) []byte {
		return urlset(newsEntries(n.stories(now, "", n.count), pubName, n.lang), true)
	})
}

// links makes nav links from path/text pairs.
func links(pairs ...string) []link {
	out := make([]link, 0, len(pairs)/2)
	for i := 0; i+1 < len(pairs); i += 2 {
		out = append(out, link{Href: pairs[i], Text: pairs[i+1]})
	}
	return out
}

// stdFooter is a footer of the usual corporate and legal links.
func stdFooter(extra ...link) []footerGroup {
	return []footerGroup{
		{Heading: "Company", Links: append(links("/about/", "About us", "/contact/", "Contact", "/careers/", "Careers",
			"/advertise/", "Advertise"), extra...)},
		{Heading: "Legal", Links: links("/privacy/", "Privacy policy", "/terms/", "Terms of use", "/cookies/", "Cookie settings")},
		{Heading: "Follow", Links: links("https://social.example/@fixture", "Mastodon", "https://video.example/fixture", "Video")},
	}
}
