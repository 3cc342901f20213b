package check

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"strings"
	"time"

	"feedscout/common/newsmap"
	"feedscout/common/report"
)

// Namespaces of a sitemap and of its Google News extension.
const (
	NamespaceSitemap = newsmap.NamespaceSitemap
	NamespaceNews    = newsmap.NamespaceNews
)

// perCode bounds the findings of one code with their own line; past it,
// one finding counts the rest.
const perCode = 10

// smEntry is one <url> (or <sitemap> of an index) as written, with lines.
type smEntry struct {
	line      int
	locs      int
	loc       string
	locLine   int
	lastmod   string
	modLine   int
	news      *smNews
	newsCount int
}

// smNews is one <news:news> block as written.
type smNews struct {
	line        int
	publication bool
	name        string
	nameLine    int
	lang        string
	langLine    int
	langSeen    bool
	nameSeen    bool
	title       string
	titleSeen   bool
	date        string
	dateLine    int
	dateSeen    bool
}

// smCollector gathers a urlset or sitemapindex during the scan.
type smCollector struct {
	rootLocal string
	rootSpace string // entries are read in the root's namespace: a wrong one is one finding, not one per <loc>
	entries   []smEntry
	cur       *smEntry
	news      *smNews
	field     string
	fieldLine int
	buf       []byte
	// badPrefix is the first element in an undeclared or wrong namespace
	// that is spelt like a news element.
	badNS     string
	badNSLine int
}

func (c *smCollector) start(t xml.StartElement, line, depth int) {
	switch {
	case depth == 1:
		c.rootLocal, c.rootSpace = t.Name.Local, t.Name.Space
		return
	case depth == 2 && (t.Name.Local == "url" || t.Name.Local == "sitemap"):
		c.entries = append(c.entries, smEntry{line: line})
		c.cur = &c.entries[len(c.entries)-1]
		return
	case c.cur == nil:
		return
	}
	local, space := t.Name.Local, t.Name.Space
	if space != NamespaceNews && space != c.rootSpace && c.badNSLine == 0 && (local == "news" || local == "publication" || local == "publication_date") {
		c.badNS, c.badNSLine = space, line
	}
	switch {
	case depth == 3 && local == "loc" && space == c.rootSpace:
		c.cur.locs++
		c.field, c.fieldLine = "loc", line
	case depth == 3 && local == "lastmod" && space == c.rootSpace:
		c.field, c.fieldLine = "lastmod", line
	case space == NamespaceNews && local == "news" && depth == 3:
		c.cur.newsCount++
		if c.cur.news == nil {
			c.cur.news = &smNews{line: line}
			c.news = c.cur.news
		}
	case space == NamespaceNews && c.news != nil:
		switch local {
		case "publication":
			c.news.publication = true
		case "name", "language", "title", "publication_date":
			c.field, c.fieldLine = local, line
		}
	}
	c.buf = c.buf[:0]
}

func (c *smCollector) text(t xml.CharData, depth int) {
	if c.field != "" && len(c.buf) < 16<<10 {
		c.buf = append(c.buf, t...)
	}
}

func (c *smCollector) end(t xml.EndElement, line, depth int) {
	if depth == 2 {
		c.cur, c.news = nil, nil
		return
	}
	if c.field == "" || t.Name.Local != c.field {
		if t.Name.Local == "news" && t.Name.Space == NamespaceNews {
			c.news = nil
		}
		return
	}
	v := strings.TrimSpace(string(c.buf))
	switch c.field {
	case "loc":
		if c.cur.loc == "" {
			c.cur.loc, c.cur.locLine = v, c.fieldLine
		}
	case "lastmod":
		c.cur.lastmod, c.cur.modLine = v, c.fieldLine
	case "name":
		c.news.name, c.news.nameLine, c.news.nameSeen = v, c.fieldLine, true
	case "language":
		c.news.lang, c.news.langLine, c.news.langSeen = v, c.fieldLine, true
	case "title":
		c.news.title, c.news.titleSeen = v, true
	case "publication_date":
		c.news.date, c.news.dateLine, c.news.dateSeen = v, c.fieldLine, true
	}
	c.field = ""
}

// limiter keeps at most perCode findings of each code and counts the rest.
type limiter struct {
	fs     []report.Finding
	counts map[string]int
	levels map[string]string
}

func (l *limiter) add(f report.Finding) {
	if l.counts == nil {
		l.counts, l.levels = map[string]int{}, map[string]string{}
	}
	l.counts[f.Code]++
	l.levels[f.Code] = f.Level
	if l.counts[f.Code] <= perCode {
		l.fs = append(l.fs, f)
	}
}

// done returns the findings with a count for each code cut short.
func (l *limiter) done(base *report.Source) []report.Finding {
	out := l.fs
	seen := map[string]bool{}
	for _, f := range l.fs {
		if n := l.counts[f.Code]; n > perCode && !seen[f.Code] {
			seen[f.Code] = true
			out = append(out, finding(l.levels[f.Code], CodeMoreLikeThis, base, "first", perCode,
				"code", f.Code, "more", n-perCode))
		}
	}
	l.fs = nil
	return out
}

// questionSitemap is the second question: is it a sitemap?
func questionSitemap(p prolog, c *smCollector, base *report.Source) []report.Finding {
	var l limiter
	switch {
	case p.root.Space == "":
		l.add(finding(report.LevelError, CodeNamespace, at(base, p.rootLine), "line", p.rootLine, "namespace", "", "root", c.rootLocal))
	case p.root.Space != NamespaceSitemap:
		l.add(finding(report.LevelError, CodeNamespace, at(base, p.rootLine), "line", p.rootLine, "namespace", p.root.Space, "root", c.rootLocal))
	}
	if !utf8Label(p.encoding) {
		l.add(finding(report.LevelError, CodeEncoding, at(base, 1), "encoding", p.encoding))
	}
	if c.badNSLine > 0 {
		l.add(finding(report.LevelError, CodeNamespace, at(base, c.badNSLine), "line", c.badNSLine, "namespace", c.badNS,
			"undeclared", !strings.Contains(c.badNS, ":")))
	}
	item := "url"
	if c.rootLocal == "sitemapindex" {
		item = "sitemap"
	}
	for i := range c.entries {
		e := &c.entries[i]
		switch {
		case e.locs == 0:
			l.add(finding(report.LevelError, CodeNoLoc, at(base, e.line), "line", e.line, "entry", item))
			continue
		case e.locs > 1:
			l.add(finding(report.LevelError, CodeNoLoc, at(base, e.line), "line", e.line, "count", e.locs, "entry", item))
		}
		if !report.WebURL(e.loc) {
			l.add(finding(report.LevelError, CodeLocURL, at(base, e.locLine), "line", e.locLine, "url", clip(e.loc, 200), "url_shown", fmt.Sprintf("%q", clip(e.loc, 80))))
		} else if len(e.loc) > MaxLoc {
			l.add(finding(report.LevelError, CodeLocLong, at(base, e.locLine), "line", e.locLine, "length", len(e.loc), "max", MaxLoc))
		}
		if e.modLine > 0 {
			if _, _, err := newsmap.ParseW3C(e.lastmod); err != nil {
				l.add(finding(report.LevelError, CodeLastmod, at(base, e.modLine), "line", e.modLine, "value", clip(e.lastmod, 40), "value_shown", fmt.Sprintf("%q", clip(e.lastmod, 40))))
			}
		}
	}
	return l.done(base)
}

// questionPublication is the third question: are the publication data
// right? The entries' hosts, schemes and duplicates, then every news
// block: name and language, title, a W3C date, the last 48 hours, at most
// 1,000 blocks. sitemapURL is where the file was fetched from.
func questionPublication(c *smCollector, sitemapURL string, now time.Time, base *report.Source) []report.Finding {
	var l limiter
	su, _ := url.Parse(sitemapURL)
	seen := make(map[string]int, len(c.entries))
	newsBlocks, firstOver := 0, 0
	var firstName string
	firstNameLine := 0
	old, total := 0, 0
	oldestLine, oldestHours := 0, 0
	var oldestDate string
	var oldest time.Time
	for i := range c.entries {
		e := &c.entries[i]
		if e.locs == 0 {
			continue
		}
		if u, err := url.Parse(e.loc); err == nil && su != nil && u.Host != "" {
			switch {
			case !strings.EqualFold(u.Host, su.Host):
				l.add(finding(report.LevelError, CodeHost, at(base, e.locLine), "line", e.locLine, "url", e.loc, "host", u.Host, "sitemap_host", su.Host))
			case !strings.EqualFold(u.Scheme, su.Scheme):
				l.add(finding(report.LevelError, CodeScheme, at(base, e.locLine), "line", e.locLine, "url", e.loc, "scheme", u.Scheme, "sitemap_scheme", su.Scheme))
			}
		}
		if prev, dup := seen[e.loc]; dup {
			l.add(finding(report.LevelError, CodeDuplicateLoc, at(base, e.locLine), "line", e.locLine, "url", e.loc, "first_line", prev))
		} else {
			seen[e.loc] = e.locLine
		}
		for k := 0; k < e.newsCount; k++ {
			if newsBlocks++; newsBlocks == NewsLimit+1 {
				firstOver = e.news.line
			}
		}
		n := e.news
		if n == nil {
			continue
		}
		if e.newsCount > 1 {
			l.add(finding(report.LevelError, CodeNewsPublication, at(base, e.line), "line", e.line, "count", e.newsCount))
		}
		switch {
		case !n.publication:
			l.add(finding(report.LevelError, CodeNewsPublication, at(base, n.line), "line", n.line, "missing", "publication"))
		case !n.nameSeen || n.name == "":
			l.add(finding(report.LevelError, CodeNewsPublication, at(base, n.line), "line", n.line, "missing", "name"))
		case !n.langSeen || n.lang == "":
			l.add(finding(report.LevelError, CodeNewsPublication, at(base, n.line), "line", n.line, "missing", "language"))
		}
		if n.langSeen && n.lang != "" && !newsmap.LanguageForm(n.lang) {
			l.add(finding(report.LevelError, CodeNewsLanguage, at(base, n.langLine), "line", n.langLine, "language", clip(n.lang, 40), "language_shown", fmt.Sprintf("%q", clip(n.lang, 40))))
		}
		if n.nameSeen && n.name != "" {
			switch {
			case firstName == "":
				firstName, firstNameLine = n.name, n.nameLine
			case n.name != firstName:
				l.add(finding(report.LevelWarning, CodeNewsName, at(base, n.nameLine), "line", n.nameLine, "name", n.name, "first", firstName, "first_line", firstNameLine,
					"name_shown", fmt.Sprintf("%q", clip(n.name, 60)), "first_shown", fmt.Sprintf("%q", clip(firstName, 60))))
			}
		}
		if !n.titleSeen || n.title == "" {
			l.add(finding(report.LevelError, CodeNewsTitle, at(base, n.line), "line", n.line))
		}
		if !n.dateSeen {
			l.add(finding(report.LevelError, CodeNewsDate, at(base, n.line), "line", n.line, "date", ""))
			continue
		}
		when, prec, err := newsmap.ParseW3C(n.date)
		if err != nil || prec < newsmap.Day {
			l.add(finding(report.LevelError, CodeNewsDate, at(base, n.dateLine), "line", n.dateLine, "date", clip(n.date, 40), "date_shown", fmt.Sprintf("%q", clip(n.date, 40))))
			continue
		}
		total++
		age := now.Sub(when)
		switch {
		case age > NewsWindow:
			old++
			if oldest.IsZero() || when.Before(oldest) {
				oldest, oldestLine, oldestDate, oldestHours = when, n.dateLine, n.date, int(age/time.Hour)
			}
		case age < -10*time.Minute:
			l.add(finding(report.LevelWarning, CodeNewsFuture, at(base, n.dateLine), "line", n.dateLine, "date", n.date, "hours", int((-age+time.Hour-1)/time.Hour)))
		}
	}
	fs := l.done(base)
	if newsBlocks == 0 {
		return append(fs, finding(report.LevelNote, CodeNotNews, base, "urls", len(c.entries)))
	}
	fs = append(fs, OldNews(old, total, oldestLine, oldestDate, oldestHours, at(base, oldestLine))...)
	fs = append(fs, NewsLimitRule(newsBlocks, firstOver, at(base, firstOver))...)
	return fs
}
