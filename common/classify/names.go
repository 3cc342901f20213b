package classify

import (
	"strings"
	"unicode/utf8"
)

// A section's name is the site's own word for it: the text of the links
// that point at it. A section is often linked several times (the menu, a
// river heading, a "More" link under the river, a picture), so each
// anchor's text gets a rank and the best one names the section.

// maxNameRunes caps a section name: a menu label, not a teaser.
const maxNameRunes = 80

// Name ranks, best first; noName texts never name a section.
const (
	nameNav     uint8 = iota // the anchor's own text, in the page's navigation
	nameText                 // the anchor's own text elsewhere
	nameMore                 // "More business", "Mehr Sport": a name behind a "more"
	nameStandIn              // aria-label, title or image alt of an anchor without text
	noName                   // empty, only "more", "see all", "»", or a URL
)

// moreWords are link texts that say "there is more" and name nothing, in
// the languages of the fixture web and the corpus (compared without case,
// after trimName).
var moreWords = []string{
	"more", "more news", "more stories", "see more", "see all", "view all",
	"view more", "show more", "show all", "read more", "all", "all news",
	"continue", "continue reading", "next", "previous", "here", "click here",
	"mehr", "weitere", "alle", "alle artikel", "alle anzeigen", "mehr anzeigen",
	"mehr lesen", "weiterlesen",
	"もっと見る", "もっと読む", "一覧", "一覧へ", "一覧を見る", "続きを読む", "もっと",
	"ещё", "еще", "все", "подробнее", "далее", "читать далее", "все новости",
	"plus", "voir plus", "voir tout", "más", "ver más", "ver todo", "altro",
	"leggi tutto", "meer", "mais",
}

// maxMoreWord is the longest of moreWords, in bytes.
var maxMoreWord = func() int {
	n := 0
	for _, w := range moreWords {
		n = max(n, len(w))
	}
	return n
}()

// morePrefixes start texts that name a section behind a "more".
var morePrefixes = []string{"more ", "more from ", "mehr ", "weitere ", "ещё ", "еще ", "все ", "もっと"}

// nameRank ranks an anchor's text (already collapsed) as a name for what
// it links to.
func nameRank(a *anchor) uint8 {
	t := trimName(a.text)
	if t == "" || isMoreWord(t) || urlText(t) {
		return noName
	}
	switch {
	case a.weakText:
		return nameStandIn
	case hasMorePrefix(t):
		return nameMore
	case a.nav:
		return nameNav
	}
	return nameText
}

// urlText reports whether a link's text is an address ("/info/",
// "https://example.com/news", "www.example.com"): the page shows the URL,
// which names nothing the path does not.
func urlText(t string) bool {
	return t[0] == '/' || strings.Contains(t, "://") || len(t) > 4 && strings.EqualFold(t[:4], "www.")
}

// isMoreWord compares t with moreWords of its length in bytes (their upper
// and lower cases are as long), so most texts, headlines, cost one length
// check per word.
func isMoreWord(t string) bool {
	if len(t) > maxMoreWord {
		return false
	}
	for _, w := range moreWords {
		if len(t) == len(w) && strings.EqualFold(t, w) {
			return true
		}
	}
	return false
}

func hasMorePrefix(t string) bool {
	// Every prefix starts with m, w (any case), a Cyrillic letter of the
	// first block (0xD0: е, в) or も (0xE3): most texts stop here.
	if c := t[0]; c|0x20 != 'm' && c|0x20 != 'w' && c != 0xD0 && c != 0xE3 {
		return false
	}
	for _, p := range morePrefixes {
		if len(t) > len(p) && strings.EqualFold(t[:len(p)], p) {
			return true
		}
	}
	return false
}

// nameDecor are the arrows, bullets and separators sites put around a
// menu label ("Economy »", "› World", "Sport |").
const nameDecor = " »«›‹→←>|·•▸▶►:–—-"

// trimName strips decoration around a label.
func trimName(t string) string {
	return strings.Trim(t, nameDecor)
}

// sectionName turns the best anchor text into a name: trimmed of
// decoration and capped at maxNameRunes, cut at a space when there is one
// in its second half, with "…" to show the cut. text is collapsed already
// (one line, single spaces, valid UTF-8).
func sectionName(text string) string {
	t := trimName(text)
	if utf8.RuneCountInString(t) <= maxNameRunes {
		return t
	}
	cut, n := len(t), 0
	for i := range t {
		if n == maxNameRunes-1 {
			cut = i
			break
		}
		n++
	}
	if sp := strings.LastIndexByte(t[:cut], ' '); sp > cut/2 {
		cut = sp
	}
	return strings.TrimRight(t[:cut], nameDecor+",;") + "…"
}
