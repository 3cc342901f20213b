package sitemap

import (
	"strings"
	"time"

	"feedscout/common/report"
	"feedscout/common/shape"
)

// UsableNone is Judge's verdict on a sitemap discovery can make nothing
// of. Its other verdicts (docs/ARCHITECTURE.md, "Discovery of one site",
// step 3) are the report's sitemap kinds: report.SitemapSections (a
// directory of section pages), report.SitemapNews (a news sitemap: a feed
// without summaries) and report.SitemapArticle (dated article URLs).
const UsableNone report.SitemapKind = ""

// Thresholds of the judgement. Share is the seed's 70 %; NewsWindow and
// NewsLimit are Google News sitemap rules (articles of the last two days, at
// most 1,000 <news:news> blocks a file).
const (
	Share      = 0.7
	NewsWindow = 48 * time.Hour
	NewsLimit  = 1000
)

// Judgement is the verdict on one sitemap with the figures behind it.
type Judgement struct {
	Usable report.SitemapKind `json:"usable"`
	// SectionShare and ArticleShare are the shares of entries whose <loc>
	// path has the section or article shape (shape.Path); 0 when
	// there are no entries.
	SectionShare float64 `json:"section_share"`
	ArticleShare float64 `json:"article_share"`
	URLs         int     `json:"urls"`
	// Dated: at least Share of the entries carry a date (<lastmod> or a
	// news publication date).
	Dated bool `json:"dated"`
	// News: entries carry <news:news> blocks (at least one: Google allows
	// news blocks on some entries of an ordinary sitemap, and asks to drop
	// them from articles older than two days).
	News      bool       `json:"news"`
	NewsFacts *NewsFacts `json:"news_facts,omitempty"`
}

// NewsFacts describe the <news:news> entries of a news sitemap, for the
// report.
type NewsFacts struct {
	Entries int       `json:"entries"`
	Newest  time.Time `json:"newest,omitzero"`
	// Within48h is the share of news entries published after now-48h
	// (a date in the future counts: it is fresh, if mislabelled).
	Within48h float64 `json:"within_48h"`
	// OverLimit: more than NewsLimit news entries in the file.
	OverLimit bool `json:"over_limit"`
}

// Judge applies discovery's judgement (docs/ARCHITECTURE.md, "Discovery of
// one site", step 3): section_share >= 0.7 -> sections; article_share >=
// 0.7 and news entries -> news; article_share >= 0.7 and dated -> article;
// otherwise not usable. It judges the URLs, not the
// declared namespace (Nikkei's sections_sitemap.xml declares the news
// namespace and lists sections). now anchors the 48-hour share. An index
// has sitemap URLs as entries and is judged not usable: judge its children
// (see RankChildren, Departments). A nil sm is judged empty.
func Judge(sm *Sitemap, now time.Time) Judgement {
	var j Judgement
	if sm == nil || len(sm.Entries) == 0 {
		return j
	}
	var sections, articles, dated, recent int
	var facts NewsFacts
	since := now.Add(-NewsWindow)
	// The locs are judged together (siblings and hosts count), or, past
	// shape.LocsMax, each alone with nothing allocated.
	var verdicts []shape.Verdict
	if len(sm.Entries) <= shape.LocsMax {
		locs := make([]string, len(sm.Entries))
		for i := range sm.Entries {
			locs[i] = sm.Entries[i].Loc
		}
		verdicts = shape.Locs(locs)
	}
	for i := range sm.Entries {
		e := &sm.Entries[i]
		v := shape.Verdict{}
		if verdicts != nil {
			v = verdicts[i]
		} else {
			v = shape.Loc(e.Loc)
		}
		switch v.Shape {
		case shape.Section:
			sections++
		case shape.Article:
			articles++
		}
		if !e.Lastmod.IsZero() || (e.News != nil && !e.News.PublicationDate.IsZero()) {
			dated++
		}
		if e.News != nil {
			facts.Entries++
			pd := e.News.PublicationDate
			if pd.After(facts.Newest) {
				facts.Newest = pd
			}
			if !pd.IsZero() && pd.After(since) {
				recent++
			}
		}
	}
	n := float64(len(sm.Entries))
	j.URLs = len(sm.Entries)
	j.SectionShare = float64(sections) / n
	j.ArticleShare = float64(articles) / n
	j.Dated = float64(dated)/n >= Share
	if facts.Entries > 0 {
		j.News = true
		facts.Within48h = float64(recent) / float64(facts.Entries)
		facts.OverLimit = facts.Entries > NewsLimit
		j.NewsFacts = &facts
	}
	switch {
	case j.SectionShare >= Share:
		j.Usable = report.SitemapSections
	case j.ArticleShare >= Share && j.News:
		j.Usable = report.SitemapNews
	case j.ArticleShare >= Share && j.Dated:
		j.Usable = report.SitemapArticle
	}
	return j
}

// locPath returns the path (with any query) of an absolute or
// root-relative URL without the cost of url.Parse.
func locPath(loc string) string {
	i := strings.Index(loc, "://")
	if i < 0 {
		return loc
	}
	rest := loc[i+3:]
	j := strings.IndexAny(rest, "/?#")
	if j < 0 {
		return "/"
	}
	return rest[j:]
}
