package classify

import (
	"strings"
	"unicode/utf8"
)

// Shape is what a URL path looks like: an article, a section page, or
// neither. It is judged from the path alone; see PathShape.
type Shape string

// The three shapes.
const (
	ShapeArticle Shape = "article"
	ShapeSection Shape = "section"
	ShapeOther   Shape = "other"
)

// Verdict is a Shape together with the name of the rule that decided it, so
// a wrong verdict can be reported precisely (`feedscout-host shape`).
type Verdict struct {
	Shape Shape  `json:"shape"`
	Rule  string `json:"rule"`
}

// blockedSegments are path segments that never make a section: account,
// search, legal and utility pages that every site links from its chrome.
// This is the one list; DESIGN.md points here.
var blockedSegments = map[string]bool{
	"search": true, "suche": true, "poisk": true,
	"login": true, "logout": true, "signin": true, "sign-in": true,
	"signup": true, "sign-up": true, "register": true, "account": true,
	"accounts": true, "my": true, "mypage": true, "profile": true,
	"subscribe": true, "subscription": true, "subscriptions": true,
	"newsletter": true, "newsletters": true, "membership": true,
	"about": true, "about-us": true, "aboutus": true, "impressum": true,
	"contact": true, "contact-us": true, "kontakt": true, "help": true,
	"faq": true, "privacy": true, "privacy-policy": true, "datenschutz": true,
	"terms": true, "terms-of-use": true, "terms-of-service": true, "tos": true,
	"legal": true, "cookies": true, "cookie-policy": true, "agb": true,
	"advertise": true, "advertising": true, "ads": true, "careers": true,
	"jobs": true, "sitemap": true, "feed": true, "feeds": true, "rss": true,
	"cart": true, "checkout": true, "shop": true, "store": true,
	"wp-admin": true, "wp-login.php": true, "admin": true, "cgi-bin": true,
	"cdn-cgi": true, "static": true, "assets": true, "api": true,
	"tag": true, "tags": true, "author": true, "authors": true,
	"share": true, "print": true, "amp": true,
}

// Blocked reports whether seg (one path segment, any case) is on the block
// list, so a section can never contain it.
func Blocked(seg string) bool {
	return blockedSegments[strings.ToLower(seg)]
}

// PathShape judges a URL path (the part after the host, without query or
// fragment; percent-encoded or not) with the shape rules of DESIGN.md:
//
//   - article: segments = the non-empty parts; last = the last segment
//     without trailing .html/.htm (repeated). len(last) < 6: no. Depth 1: yes
//     only with >= 3 hyphens in last. A \d{4} segment followed by a \d{2}
//     segment: yes. len(last) >= 8 with a digit: yes. Else >= 3 hyphens.
//   - section: not an article; 1 to 3 segments; a dot in the last segment
//     only as .html; no segment on the block list.
//
// Lengths count characters (runes), so Japanese and Cyrillic slugs are
// measured as a reader sees them.
func PathShape(path string) Verdict {
	segs := segments(path)
	if len(segs) == 0 {
		return Verdict{ShapeOther, "root"}
	}
	if ok, rule := articleRule(segs); ok {
		return Verdict{ShapeArticle, rule}
	}
	return sectionRule(segs)
}

// IsArticle reports whether path has the shape of an article.
func IsArticle(path string) bool { return PathShape(path).Shape == ShapeArticle }

// IsSection reports whether path has the shape of a section page.
func IsSection(path string) bool { return PathShape(path).Shape == ShapeSection }

func segments(path string) []string {
	if i := strings.IndexAny(path, "?#"); i >= 0 {
		path = path[:i]
	}
	var segs []string
	for _, s := range strings.Split(path, "/") {
		if s != "" {
			segs = append(segs, s)
		}
	}
	return segs
}

func trimHTML(s string) string {
	for {
		l := strings.ToLower(s)
		switch {
		case strings.HasSuffix(l, ".html"):
			s = s[:len(s)-5]
		case strings.HasSuffix(l, ".htm"):
			s = s[:len(s)-4]
		default:
			return s
		}
	}
}

func articleRule(segs []string) (bool, string) {
	last := trimHTML(segs[len(segs)-1])
	n := utf8.RuneCountInString(last)
	hyphens := strings.Count(last, "-")
	if n < 6 {
		return false, "short-last-segment"
	}
	if len(segs) == 1 {
		if hyphens >= 3 {
			return true, "depth1-slug"
		}
		return false, "depth1-no-slug"
	}
	for i := 0; i+1 < len(segs); i++ {
		if allDigits(segs[i], 4) && allDigits(segs[i+1], 2) {
			return true, "dated-path"
		}
	}
	if n >= 8 && strings.ContainsAny(last, "0123456789") {
		return true, "id-segment"
	}
	if hyphens >= 3 {
		return true, "slug"
	}
	return false, "no-article-sign"
}

func sectionRule(segs []string) Verdict {
	if len(segs) > 3 {
		return Verdict{ShapeOther, "too-deep"}
	}
	last := segs[len(segs)-1]
	if i := strings.IndexByte(last, '.'); i >= 0 {
		if !strings.EqualFold(last[i:], ".html") {
			return Verdict{ShapeOther, "file-extension"}
		}
	}
	for _, s := range segs {
		if Blocked(trimHTML(s)) {
			return Verdict{ShapeOther, "blocked-segment"}
		}
	}
	return Verdict{ShapeSection, "section"}
}

func allDigits(s string, n int) bool {
	if len(s) != n {
		return false
	}
	for i := 0; i < n; i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}
