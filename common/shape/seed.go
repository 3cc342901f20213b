package shape

import (
	"strings"
	"unicode/utf8"
)

// seedBlocked is the block list as the source article's rules shipped it,
// frozen so that Seed stays the baseline it is measured as. The
// living list is roleBlocked (words.go).
var seedBlocked = map[string]bool{
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

// Seed judges a URL path with exactly the shape rules of the source
// article (docs/url-shapes.md, "The source article's rules"). It is kept
// as the baseline the corpus test measures Path against; use Path
// everywhere else.
//
//   - article: segments = the non-empty parts; last = the last segment
//     without trailing .html/.htm (repeated). len(last) < 6: no. Depth 1: yes
//     only with >= 3 hyphens in last. A \d{4} segment followed by a \d{2}
//     segment: yes. len(last) >= 8 with a digit: yes. Else >= 3 hyphens.
//   - section: not an article; 1 to 3 segments; a dot in the last segment
//     only as .html; no segment on the (seed's) block list.
//
// Anything after '?' or '#' is ignored. Lengths count characters (runes).
func Seed(path string) Verdict {
	segs := segments(path)
	if len(segs) == 0 {
		return Verdict{Other, "root"}
	}
	if ok, rule := seedArticleRule(segs); ok {
		return Verdict{Article, rule}
	}
	return seedSectionRule(segs)
}

func seedArticleRule(segs []string) (bool, string) {
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

func seedSectionRule(segs []string) Verdict {
	if len(segs) > 3 {
		return Verdict{Other, "too-deep"}
	}
	last := segs[len(segs)-1]
	if i := strings.IndexByte(last, '.'); i >= 0 {
		if !strings.EqualFold(last[i:], ".html") {
			return Verdict{Other, "file-extension"}
		}
	}
	for _, s := range segs {
		if seedBlocked[strings.ToLower(trimHTML(s))] {
			return Verdict{Other, "blocked-segment"}
		}
	}
	return Verdict{Section, "section"}
}

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
