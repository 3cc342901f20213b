package classify

import (
	"strings"
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

// PathShape judges a URL path; see SeedPathShape for the rules it applies.
func PathShape(path string) Verdict { return SeedPathShape(path) }

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
