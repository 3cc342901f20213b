package check

import (
	"encoding/xml"
	"fmt"
	"net/url"
	"strings"
	"time"

	"feedscout/report"
	"feedscout/wasm/newsmap"
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
			out = append(out, finding(l.levels[f.Code], CodeMoreLikeThis,
				fmt.Sprintf("%s more lines like these (%s); the first %d are listed.", thousands(n-perCode), f.Code, perCode), base,
				"code", f.Code, "more", n-perCode))
		}
	}
	l.fs = nil
	return out
}

// questionSitemap is the second question: is it a sitemap?
func questionSitemap(p prolog, c *smCollector, base *report.Source) []report.Finding {
	var l limiter
	root := "<" + c.rootLocal + ">"
	switch {
	case p.root.Space == "":
		l.add(finding(report.LevelError, CodeNamespace,
			fmt.Sprintf(`line %d: %s declares no namespace; a sitemap's root is xmlns="%s".`, p.rootLine, root, NamespaceSitemap),
			at(base, p.rootLine), "line", p.rootLine, "namespace", "", "root", c.rootLocal))
	case p.root.Space != NamespaceSitemap:
		l.add(finding(report.LevelError, CodeNamespace,
			fmt.Sprintf(`line %d: %s is in the namespace %s; a sitemap's root is xmlns="%s".`, p.rootLine, root, p.root.Space, NamespaceSitemap),
			at(base, p.rootLine), "line", p.rootLine, "namespace", p.root.Space, "root", c.rootLocal))
	}
	if !utf8Label(p.encoding) {
		l.add(finding(report.LevelError, CodeEncoding,
			fmt.Sprintf("The XML declaration names the encoding %s; a sitemap must be UTF-8.", p.encoding), at(base, 1), "encoding", p.encoding))
	}
	if c.badNSLine > 0 {
		what := "an undeclared prefix"
		if c.badNS != "" && strings.Contains(c.badNS, ":") {
			what = "the namespace " + c.badNS
		}
		l.add(finding(report.LevelError, CodeNamespace,
			fmt.Sprintf(`line %d: the news element uses %s; declare xmlns:news="%s" on the root.`, c.badNSLine, what, NamespaceNews),
			at(base, c.badNSLine), "line", c.badNSLine, "namespace", c.badNS))
	}
	item := "url"
	if c.rootLocal == "sitemapindex" {
		item = "sitemap"
	}
	for i := range c.entries {
		e := &c.entries[i]
		switch {
		case e.locs == 0:
			l.add(finding(report.LevelError, CodeNoLoc, fmt.Sprintf("line %d: <%s> has no <loc>.", e.line, item), at(base, e.line), "line", e.line, "entry", item))
			continue
		case e.locs > 1:
			l.add(finding(report.LevelError, CodeNoLoc, fmt.Sprintf("line %d: <%s> has %d <loc> elements; it takes exactly one.", e.line, item, e.locs), at(base, e.line), "line", e.line, "count", e.locs, "entry", item))
		}
		if !report.WebURL(e.loc) {
			l.add(finding(report.LevelError, CodeLocURL,
				fmt.Sprintf("line %d: <loc> %q is not an absolute http or https URL.", e.locLine, clip(e.loc, 80)), at(base, e.locLine), "line", e.locLine, "url", clip(e.loc, 200)))
		} else if len(e.loc) > MaxLoc {
			l.add(finding(report.LevelError, CodeLocLong,
				fmt.Sprintf("line %d: <loc> is %s characters long; the protocol allows %s.", e.locLine, thousands(len(e.loc)), thousands(MaxLoc)), at(base, e.locLine), "line", e.locLine, "length", len(e.loc)))
		}
		if e.modLine > 0 {
			if _, _, err := newsmap.ParseW3C(e.lastmod); err != nil {
				l.add(finding(report.LevelError, CodeLastmod,
					fmt.Sprintf("line %d: <lastmod> %q is not a W3C datetime such as 2026-10-30 or 2026-10-30T09:00:00+03:00.", e.modLine, clip(e.lastmod, 40)),
					at(base, e.modLine), "line", e.modLine, "value", clip(e.lastmod, 40)))
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
				l.add(finding(report.LevelError, CodeHost,
					fmt.Sprintf("line %d: <loc> %s is on %s, the sitemap on %s.", e.locLine, e.loc, u.Host, su.Host),
					at(base, e.locLine), "line", e.locLine, "url", e.loc, "host", u.Host, "sitemap_host", su.Host))
			case !strings.EqualFold(u.Scheme, su.Scheme):
				l.add(finding(report.LevelError, CodeScheme,
					fmt.Sprintf("line %d: <loc> %s uses %s, the sitemap %s.", e.locLine, e.loc, u.Scheme, su.Scheme),
					at(base, e.locLine), "line", e.locLine, "url", e.loc, "scheme", u.Scheme, "sitemap_scheme", su.Scheme))
			}
		}
		if prev, dup := seen[e.loc]; dup {
			l.add(finding(report.LevelError, CodeDuplicateLoc,
				fmt.Sprintf("line %d: <loc> %s is already on line %d.", e.locLine, e.loc, prev),
				at(base, e.locLine), "line", e.locLine, "url", e.loc, "first_line", prev))
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
			l.add(finding(report.LevelError, CodeNewsPublication,
				fmt.Sprintf("line %d: <url> has %d <news:news> blocks; it takes one.", e.line, e.newsCount), at(base, e.line), "line", e.line, "count", e.newsCount))
		}
		switch {
		case !n.publication:
			l.add(finding(report.LevelError, CodeNewsPublication,
				fmt.Sprintf("line %d: <news:news> has no <news:publication> with <news:name> and <news:language>.", n.line), at(base, n.line), "line", n.line, "missing", "publication"))
		case !n.nameSeen || n.name == "":
			l.add(finding(report.LevelError, CodeNewsPublication,
				fmt.Sprintf("line %d: <news:publication> has no <news:name>: give the name Google News knows the publication by.", n.line), at(base, n.line), "line", n.line, "missing", "name"))
		case !n.langSeen || n.lang == "":
			l.add(finding(report.LevelError, CodeNewsPublication,
				fmt.Sprintf("line %d: <news:publication> has no <news:language>: give an ISO 639 code such as en, ru or zh-cn.", n.line), at(base, n.line), "line", n.line, "missing", "language"))
		}
		if n.langSeen && n.lang != "" && !newsmap.LanguageForm(n.lang) {
			l.add(finding(report.LevelError, CodeNewsLanguage,
				fmt.Sprintf("line %d: <news:language> %q is not of the form of an ISO 639 code (two or three letters, optionally one subtag: en, ru, zh-cn).", n.langLine, clip(n.lang, 40)),
				at(base, n.langLine), "line", n.langLine, "language", clip(n.lang, 40)))
		}
		if n.nameSeen && n.name != "" {
			switch {
			case firstName == "":
				firstName, firstNameLine = n.name, n.nameLine
			case n.name != firstName:
				l.add(finding(report.LevelWarning, CodeNewsName,
					fmt.Sprintf("line %d: <news:name> %q differs from %q on line %d; one publication, one name.", n.nameLine, clip(n.name, 60), clip(firstName, 60), firstNameLine),
					at(base, n.nameLine), "line", n.nameLine, "name", n.name, "first", firstName, "first_line", firstNameLine))
			}
		}
		if !n.titleSeen || n.title == "" {
			l.add(finding(report.LevelError, CodeNewsTitle,
				fmt.Sprintf("line %d: <news:news> has no <news:title>: give the article's title as published.", n.line), at(base, n.line), "line", n.line))
		}
		if !n.dateSeen {
			l.add(finding(report.LevelError, CodeNewsDate,
				fmt.Sprintf("line %d: <news:news> has no <news:publication_date>.", n.line), at(base, n.line), "line", n.line, "date", ""))
			continue
		}
		when, prec, err := newsmap.ParseW3C(n.date)
		if err != nil || prec < newsmap.Day {
			l.add(finding(report.LevelError, CodeNewsDate,
				fmt.Sprintf("line %d: <news:publication_date> %q is not a W3C date such as 2026-10-30 or 2026-10-30T09:00:00+03:00.", n.dateLine, clip(n.date, 40)),
				at(base, n.dateLine), "line", n.dateLine, "date", clip(n.date, 40)))
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
			l.add(finding(report.LevelWarning, CodeNewsFuture,
				fmt.Sprintf("line %d: <news:publication_date> %s is %d hours in the future: the date of first publication, not of the export.", n.dateLine, n.date, int((-age+time.Hour-1)/time.Hour)),
				at(base, n.dateLine), "line", n.dateLine, "date", n.date, "hours", int((-age+time.Hour-1)/time.Hour)))
		}
	}
	fs := l.done(base)
	if newsBlocks == 0 {
		kind := "URLs"
		return append(fs, finding(report.LevelNote, CodeNotNews,
			fmt.Sprintf("None of its %s %s has a <news:news> block: an ordinary sitemap, not a news sitemap.", thousands(len(c.entries)), kind), base, "urls", len(c.entries)))
	}
	fs = append(fs, OldNews(old, total, oldestLine, oldestDate, oldestHours, at(base, oldestLine))...)
	fs = append(fs, NewsLimitRule(newsBlocks, firstOver, at(base, firstOver))...)
	return fs
}
