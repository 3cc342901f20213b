package fixtureweb

import (
	"strings"
	"time"
)

// Namespaces of the sitemap protocol and Google News sitemaps.
const (
	nsSitemap = "http://www.sitemaps.org/schemas/sitemap/0.9"
	nsNews    = "http://www.google.com/schemas/sitemap-news/0.9"
)

// smURL is one <url> of a urlset.
type smURL struct {
	Loc     string
	Lastmod time.Time // zero: no <lastmod>
	News    *smNews   // nil: no <news:news>
}

// smNews is a Google News <news:news> block.
type smNews struct {
	Name, Lang, Title string
	Published         time.Time
}

// urlset writes a <urlset>; newsNS declares the news namespace (a news
// sitemap, or one like Nikkei's that declares it without being one).
func urlset(entries []smURL, newsNS bool) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<urlset xmlns="` + nsSitemap + `"`)
	if newsNS {
		b.WriteString(` xmlns:news="` + nsNews + `"`)
	}
	b.WriteString(">\n")
	for _, e := range entries {
		b.WriteString("<url>\n<loc>" + xesc(e.Loc) + "</loc>\n")
		if !e.Lastmod.IsZero() {
			b.WriteString("<lastmod>" + e.Lastmod.UTC().Format(time.RFC3339) + "</lastmod>\n")
		}
		if n := e.News; n != nil {
			b.WriteString("<news:news>\n<news:publication>\n<news:name>" + xesc(n.Name) + "</news:name>\n")
			b.WriteString("<news:language>" + xesc(n.Lang) + "</news:language>\n</news:publication>\n")
			b.WriteString("<news:publication_date>" + n.Published.UTC().Format(time.RFC3339) + "</news:publication_date>\n")
			b.WriteString("<news:title>" + xesc(n.Title) + "</news:title>\n</news:news>\n")
		}
		b.WriteString("</url>\n")
	}
	b.WriteString("</urlset>\n")
	return []byte(b.String())
}

// sitemapIndex writes a <sitemapindex> of locs, all with lastmod.
func sitemapIndex(locs []string, lastmod time.Time) []byte {
	var b strings.Builder
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	b.WriteString(`<sitemapindex xmlns="` + nsSitemap + `">` + "\n")
	for _, l := range locs {
		b.WriteString("<sitemap>\n<loc>" + xesc(l) + "</loc>\n<lastmod>" + lastmod.UTC().Format(time.RFC3339) + "</lastmod>\n</sitemap>\n")
	}
	b.WriteString("</sitemapindex>\n")
	return []byte(b.String())
}

// newsEntries turns stories into news sitemap entries.
func newsEntries(stories []story, name, lang string) []smURL {
	out := make([]smURL, len(stories))
	for i, s := range stories {
		out[i] = smURL{Loc: s.URL, Lastmod: s.Time, News: &smNews{Name: name, Lang: lang, Title: s.Title, Published: s.Time}}
	}
	return out
}

// datedEntries turns stories into plain entries with lastmod.
func datedEntries(stories []story) []smURL {
	out := make([]smURL, len(stories))
	for i, s := range stories {
		out[i] = smURL{Loc: s.URL, Lastmod: s.Time}
	}
	return out
}
