package fixtureweb

import (
	"bytes"
	"html/template"
	"strings"
	"time"
)

// story is one article of a site.
type story struct {
	URL     string // absolute
	Title   string
	Summary string
	Author  string
	Section string
	Time    time.Time
}

// link is an anchor: href (relative or absolute) and its text.
type link struct{ Href, Text string }

// headLink is a <link> tag in the head.
type headLink struct{ Rel, Type, Title, Href string }

// river is a list of stories under a heading, as on a front page.
type river struct {
	Heading string
	Href    string
	Stories []story
}

// footerGroup is one column of footer links.
type footerGroup struct {
	Heading string
	Links   []link
}

// page is everything the page template renders. Only Title is required;
// every other part appears when set.
type page struct {
	Lang, Title, Description, Canonical, SiteName, Generator, Base string
	Charset                                                        string
	Links                                                          []headLink
	RawHead                                                        template.HTML
	Nav                                                            []link
	Utility                                                        []link
	Rivers                                                         []river
	Article                                                        *story
	Paragraphs                                                     []string
	More                                                           []link
	Footer                                                         []footerGroup
	RawBody                                                        template.HTML
}

var pageTmpl = template.Must(template.New("page").Funcs(template.FuncMap{
	"iso":  func(t time.Time) string { return t.UTC().Format(time.RFC3339) },
	"when": func(t time.Time) string { return t.UTC().Format("2006-01-02 15:04") },
	// Link tags are written by hand: html/template would escape the "+" of
	// "application/rss+xml" as "&#43;", which no real site does.
	"headLinks": func(ls []headLink) template.HTML {
		var b strings.Builder
		for _, l := range ls {
			b.WriteString(`<link rel="` + htmlEscape(l.Rel) + `"`)
			if l.Type != "" {
				b.WriteString(` type="` + htmlEscape(l.Type) + `"`)
			}
			if l.Title != "" {
				b.WriteString(` title="` + htmlEscape(l.Title) + `"`)
			}
			b.WriteString(` href="` + htmlEscape(l.Href) + "\">\n")
		}
		return template.HTML(b.String())
	},
}).Parse(`<!DOCTYPE html>
<html lang="{{or .Lang "en"}}">
<head>
<meta charset="{{or .Charset "utf-8"}}">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>{{.Title}}</title>
{{with .Description}}<meta name="description" content="{{.}}">
{{end}}{{with .Generator}}<meta name="generator" content="{{.}}">
{{end}}{{with .Base}}<base href="{{.}}">
{{end}}{{with .Canonical}}<link rel="canonical" href="{{.}}">
{{end}}{{with .SiteName}}<meta property="og:site_name" content="{{.}}">
{{end}}<meta property="og:title" content="{{.Title}}">
<meta name="twitter:card" content="summary_large_image">
<link rel="icon" href="/favicon.ico" sizes="any">
<link rel="preconnect" href="https://cdn.fixture-static.net">
<link rel="stylesheet" href="/assets/site.css">
{{headLinks .Links}}{{.RawHead}}<script async src="https://cdn.fixture-static.net/analytics.js"></script>
</head>
<body>
<header class="masthead">
<a class="logo" href="/"><img src="/assets/logo.svg" alt="{{.SiteName}}" width="160" height="32"></a>
{{with .Nav}}<nav class="sections" aria-label="Sections">
<ul>
{{range .}}<li><a href="{{.Href}}">{{.Text}}</a></li>
{{end}}</ul>
</nav>
{{end}}{{with .Utility}}<div class="utility">
{{range .}}<a href="{{.Href}}">{{.Text}}</a>
{{end}}</div>
{{end}}</header>
<main id="main">
{{with .Article}}<article>
<p class="kicker">{{.Section}}</p>
<h1>{{.Title}}</h1>
<p class="byline">{{.Author}} · <time datetime="{{iso .Time}}">{{when .Time}}</time></p>
<p class="standfirst">{{.Summary}}</p>
{{end}}{{range .Paragraphs}}<p>{{.}}</p>
{{end}}{{with .Article}}</article>
{{end}}{{range .Rivers}}<section class="river">
<h2>{{if .Href}}<a href="{{.Href}}">{{.Heading}}</a>{{else}}{{.Heading}}{{end}}</h2>
<ul>
{{range .Stories}}<li class="story">
<a class="thumb" href="{{.URL}}"><img src="/assets/thumbs/placeholder.jpg" alt="" loading="lazy"></a>
<h3><a href="{{.URL}}">{{.Title}}</a></h3>
{{with .Summary}}<p>{{.}}</p>
{{end}}<time datetime="{{iso .Time}}">{{when .Time}}</time>
</li>
{{end}}</ul>
</section>
{{end}}{{with .More}}<aside class="more">
<ul>
{{range .}}<li><a href="{{.Href}}">{{.Text}}</a></li>
{{end}}</ul>
</aside>
{{end}}{{.RawBody}}</main>
<footer>
{{range .Footer}}<div class="footer-group">
<h4>{{.Heading}}</h4>
<ul>
{{range .Links}}<li><a href="{{.Href}}">{{.Text}}</a></li>
{{end}}</ul>
</div>
{{end}}<p class="copyright">© 2026 {{.SiteName}}</p>
</footer>
</body>
</html>
`))

// render executes the page template.
func render(p page) []byte {
	var b bytes.Buffer
	if err := pageTmpl.Execute(&b, p); err != nil {
		// The template is fixed and every field is plain data: an error
		// here is a bug in this package.
		panic("fixtureweb: render page: " + err.Error())
	}
	return b.Bytes()
}
