package sitemap

import (
	"strings"
	"unicode"
)

// Department names the department a news sitemap's own URL names, as
// Departments names the children of an index: sitemap_national.xml ->
// "national", /business/sitemap.xml -> "business". It is "" when the URL
// names none: a plain sitemap-news.xml, a split by date or number
// (sitemap-2026-11.xml), a content type (post-sitemap.xml).
func Department(loc string) string {
	name := department(loc)
	if name == "" || typeWords[name] || strings.ContainsFunc(name, unicode.IsDigit) {
		return ""
	}
	return name
}
