package classify

import (
	"net/url"
	"strings"
	"testing"
	"unicode/utf8"
)

// checkInvariants holds a Page to what Classify promises whatever the
// input: every URL absolute http(s) with a host and no fragment, already in
// normal form; lists never nil and free of duplicates; texts valid UTF-8,
// one line, bounded; groups numbered from 1 in order; kinds and scopes
// from their sets.
func checkInvariants(t testing.TB, p *Page) {
	t.Helper()
	checkURL := func(where, s string) {
		u, err := url.Parse(s)
		if err != nil {
			t.Errorf("%s: %q does not parse: %v", where, s, err)
			return
		}
		if (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.Opaque != "" || u.User != nil {
			t.Errorf("%s: %q is not an absolute http(s) URL", where, s)
		}
		if strings.Contains(s, "#") {
			t.Errorf("%s: %q keeps a fragment", where, s)
		}
		if u2 := *u; !normalize(&u2) || u2.String() != s {
			t.Errorf("%s: %q is not in normal form (%q)", where, s, u2.String())
		}
	}
	checkText := func(where, s string) {
		if !utf8.ValidString(s) || strings.ContainsAny(s, "\n\r\t") || strings.TrimSpace(s) != s || utf8.RuneCountInString(s) > maxRunes {
			t.Errorf("%s: text %q is not one clean line", where, s)
		}
	}
	checkURL("url", p.URL)
	if p.Base != "" {
		checkURL("base", p.Base)
	}
	checkText("title", p.Title)
	switch p.Kind {
	case "home", "section", "article", "other":
	default:
		t.Errorf("kind %q", p.Kind)
	}
	if p.Feeds == nil || p.FeedAnchors == nil || p.Sections == nil || p.Articles == nil {
		t.Error("a list is nil (would be null in JSON)")
	}
	seen := map[string]bool{}
	lastGroup := 0
	for _, f := range p.Feeds {
		checkURL("feed", f.URL)
		checkText("feed title", f.Title)
		if seen[f.URL] {
			t.Errorf("feed %q twice", f.URL)
		}
		seen[f.URL] = true
		if f.Group < 1 || f.Group > lastGroup+1 {
			t.Errorf("feed %q group %d after group %d", f.URL, f.Group, lastGroup)
		}
		lastGroup = max(lastGroup, f.Group)
		if f.Format != "rss" && f.Format != "atom" && f.Format != "json" {
			t.Errorf("feed %q format %q", f.URL, f.Format)
		}
		if f.Comments != (f.Scope == "comments") {
			t.Errorf("feed %q comments %v with scope %q", f.URL, f.Comments, f.Scope)
		}
	}
	for name, list := range map[string][]Link{"feed anchor": p.FeedAnchors, "section": p.Sections, "article": p.Articles} {
		dup := map[string]bool{}
		for _, l := range list {
			checkURL(name, l.URL)
			checkText(name+" text", l.Text)
			checkText(name+" name", l.Name)
			if n := utf8.RuneCountInString(l.Name); n > maxNameRunes || (l.Name != "" && name != "section") {
				t.Errorf("%s %q: name %q (%d characters; only sections have one, at most %d)", name, l.URL, l.Name, n, maxNameRunes)
			}
			if dup[l.URL] {
				t.Errorf("%s %q twice", name, l.URL)
			}
			dup[l.URL] = true
			if name == "feed anchor" && seen[l.URL] {
				t.Errorf("feed anchor %q is an advertised feed", l.URL)
			}
		}
	}
	if len(p.Sections)+len(p.Articles) > p.SameHostLinks {
		t.Errorf("%d sections and %d articles out of %d same-host links", len(p.Sections), len(p.Articles), p.SameHostLinks)
	}
	if p.LinksToArticles != (len(p.Articles) >= minArticleLinks) {
		t.Errorf("links_to_articles %v with %d articles", p.LinksToArticles, len(p.Articles))
	}
}
