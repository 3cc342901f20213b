package sitemap

import (
	"slices"
	"strings"
	"unicode"
)

// Words that carry no department in a child sitemap's name
// (sitemap_national.xml, news-sitemap-politics.xml).
var plainWords = map[string]bool{
	"sitemap": true, "sitemaps": true, "site": true, "map": true,
	"news": true, "google": true, "gnews": true, "googlenews": true,
	"index": true, "xml": true, "feed": true, "www": true,
}

// Names that split a site by content type or CMS object, not by
// department (WordPress, Yoast, Shopify ...): an index of these is not a
// choice of departments.
var typeWords = map[string]bool{
	"post": true, "posts": true, "page": true, "pages": true, "pt": true,
	"category": true, "categories": true, "tag": true, "tags": true,
	"tax": true, "taxonomy": true, "author": true, "authors": true,
	"user": true, "users": true, "product": true, "products": true,
	"collection": true, "collections": true, "attachment": true,
	"video": true, "videos": true, "image": true, "images": true,
	"article": true, "articles": true, "archive": true, "archives": true,
	"misc": true, "main": true, "home": true, "static": true, "other": true,
	"section": true, "sections": true, "type": true, "content": true,
}

// Words that make a child sitemap look like it lists the latest news.
var newsWords = map[string]bool{
	"news": true, "gnews": true, "googlenews": true, "latest": true,
	"today": true, "recent": true, "breaking": true, "daily": true,
	"now": true, "fresh": true,
}

// Departments names each child of an index by the department its URL names:
// sitemap_national.xml -> "national", news-sitemap-politics.xml.gz ->
// "politics", /business/sitemap.xml -> "business". It is for an index whose
// children are news sitemaps split by department (Asahi); names come in the
// order of sm.Entries. ok is false when sm is not an index of at least two
// children, or any child has no such name, a name with digits (a split by
// date or by number: sitemap-2026-11.xml, post-sitemap2.xml), a content-type
// name (post, page, category, video ...) or the same name as another child.
func Departments(sm *Sitemap) (names []string, ok bool) {
	if sm == nil || sm.Kind != KindIndex || len(sm.Entries) < 2 {
		return nil, false
	}
	seen := make(map[string]bool, len(sm.Entries))
	names = make([]string, 0, len(sm.Entries))
	for _, e := range sm.Entries {
		name := department(e.Loc)
		if name == "" || seen[name] || typeWords[name] || strings.ContainsFunc(name, unicode.IsDigit) {
			return nil, false
		}
		seen[name] = true
		names = append(names, name)
	}
	return names, true
}

// department derives the name from the file name, else from the folder,
// else from the query (sitemap.xml?section=business).
func department(loc string) string {
	path, query, _ := strings.Cut(locPath(loc), "?")
	path, _, _ = strings.Cut(path, "#")
	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	for i := len(segs) - 1; i >= 0 && i >= len(segs)-2; i-- {
		if name := strings.Join(meaningful(words(trimExt(segs[i]))), "-"); name != "" {
			return name
		}
	}
	for _, kv := range strings.Split(query, "&") {
		_, v, _ := strings.Cut(kv, "=")
		if name := strings.Join(meaningful(words(v)), "-"); name != "" {
			return name
		}
	}
	return ""
}

// trimExt drops file extensions: .xml.gz, .xml, .txt, .php.
func trimExt(seg string) string {
	for {
		i := strings.LastIndexByte(seg, '.')
		if i < 0 {
			return seg
		}
		switch strings.ToLower(seg[i+1:]) {
		case "gz", "xml", "txt", "php", "asp", "aspx", "html", "htm", "rss":
			seg = seg[:i]
		default:
			return seg
		}
	}
}

// words splits a name into lower-case words at anything that is not a
// letter or digit.
func words(s string) []string {
	return strings.FieldsFunc(strings.ToLower(s), func(r rune) bool {
		return !unicode.IsLetter(r) && !unicode.IsDigit(r)
	})
}

func meaningful(ws []string) []string {
	return slices.DeleteFunc(ws, func(w string) bool { return plainWords[w] })
}

// RankChildren returns the children of an index with news-looking names
// first (news, latest, today, recent, breaking ...; news-sitemap.xml,
// sitemap_latest.xml.gz), keeping the file order otherwise, so discovery
// reading only the first few children reads the freshest. children is not
// modified.
func RankChildren(children []Entry) []Entry {
	out := slices.Clone(children)
	slices.SortStableFunc(out, func(a, b Entry) int {
		na, nb := newsy(a.Loc), newsy(b.Loc)
		switch {
		case na && !nb:
			return -1
		case nb && !na:
			return 1
		}
		return 0
	})
	return out
}

// newsy: a word of the file name (or its folder) is a news word, or
// contains "news" (googlenewssitemap) without being a newsletter.
func newsy(loc string) bool {
	path, _, _ := strings.Cut(locPath(loc), "?")
	segs := strings.FieldsFunc(path, func(r rune) bool { return r == '/' })
	if len(segs) > 2 {
		segs = segs[len(segs)-2:]
	}
	for _, seg := range segs {
		for _, w := range words(trimExt(seg)) {
			if newsWords[w] || (strings.Contains(w, "news") && !strings.HasPrefix(w, "newsletter")) {
				return true
			}
		}
	}
	return false
}
