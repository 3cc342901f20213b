package report

// Report is the result of one discovery, as `discover --json` prints it
// (one JSON line per site) and the native messaging result carries it.
type Report struct {
	// Site is the site asked about: scheme://host/.
	Site string `json:"site"`
	// Outcome is the best thing found: OutcomeFeed ... OutcomeNone.
	Outcome Outcome `json:"outcome"`
	// Reason is the English sentence a person reads, rendered from
	// ReasonCode and ReasonArgs (Sentence).
	Reason string `json:"reason"`
	// ReasonCode is the stable word for Reason (docs/reasons.md), and
	// ReasonArgs the values its sentence names, so that a program (the
	// popup in the user's language) can say it without parsing English.
	ReasonCode string         `json:"reason_code"`
	ReasonArgs map[string]any `json:"reason_args"`
	Feeds      []Feed         `json:"feeds"`
	Sitemaps   []Sitemap      `json:"sitemaps"`
	Sections   []Section      `json:"sections"`
	// Requests is the request log, in order; Row.Request tells the rows
	// that are requests from the ones only logged.
	Requests []Row `json:"requests"`

	// Order is the order that ran: OrderSmart or OrderArticle.
	Order string `json:"order"`
	// ElapsedMS is the wall time of the discovery.
	ElapsedMS int64 `json:"elapsed_ms"`
	// BudgetLeft is how many requests the site's budget still allows.
	BudgetLeft int `json:"budget_left"`
	// Stopped says why discovery ended early (StopRefused, StopBudget,
	// StopDeadline, StopCanceled, StopTimeout); absent when it ran its
	// course.
	Stopped string `json:"stopped,omitempty"`
	// Unchanged counts the sections marked Unchanged.
	Unchanged int `json:"unchanged,omitempty"`
	// HomeFromPage is set when the browser's copy of the homepage was used
	// instead of fetching it.
	HomeFromPage bool `json:"home_from_page,omitempty"`
	// Omitted counts list entries cut to keep a native messaging reply
	// under the browser's limit, by list name ("sections": 4000).
	Omitted map[string]int `json:"omitted,omitempty"`
}

// Feed is one feed found for the site.
type Feed struct {
	URL    string `json:"url"`
	Title  string `json:"title"`
	Format string `json:"format"` // "rss", "atom" or "json"
	// Via is how it was found: ViaLink, ViaAnchor, ViaGuess or
	// ViaDerived.
	Via string `json:"via"`
	// Rule names the platform rule that derived a ViaDerived feed from
	// the page's URL ("youtube-channel", "github-releases", ...;
	// docs/platforms.md).
	Rule  string `json:"rule,omitempty"`
	Items int    `json:"items"`
	// Newest is the date of the newest item (RFC 3339), when known.
	Newest   string `json:"newest,omitempty"`
	Comments bool   `json:"comments,omitempty"`
	// Scope is the classifier's "main", "comments", "category", ... for
	// advertised feeds.
	Scope string `json:"scope,omitempty"`
	// Checked is set when the feed was fetched and parsed; Preview says
	// why not, or what went wrong, when it was not, in English, and
	// PreviewCode and PreviewArgs say the same without English (a
	// Preview* code and the values its phrase names, docs/reasons.md;
	// PreviewSentence renders them).
	Checked     bool           `json:"checked"`
	Preview     string         `json:"preview,omitempty"`
	PreviewCode string         `json:"preview_code,omitempty"`
	PreviewArgs map[string]any `json:"preview_args,omitempty"`
	// Broken is set when fetching the feed gave an error status or
	// something that is not a feed.
	Broken bool `json:"broken,omitempty"`
	// Hub is the previewed feed's WebSub hub: the one the feed names, else
	// the one its response's Link headers name.
	Hub string `json:"hub,omitempty"`
	// Headlines are the newest items of a previewed feed (at most
	// MaxHeadlines), newest first.
	Headlines []Headline `json:"headlines,omitempty"`
	// Health is what the fetch that previewed the feed shows about how it
	// is served (Content-Type, validators, gzip, rel=self, the newest
	// item's age): warnings and errors only, no extra request
	// (docs/checking.md).
	Health []Finding `json:"health,omitempty"`
}

// MaxHeadlines is how many of a previewed feed's newest items a report
// carries.
const MaxHeadlines = 3

// Headline is one item of a previewed feed.
type Headline struct {
	Title string `json:"title"`
	// Date is the item's date (RFC 3339), "" when it has none.
	Date string `json:"date,omitempty"`
}

// Sitemap is one usable sitemap, or an index of department sitemaps.
type Sitemap struct {
	URL string `json:"url"`
	// Kind is SitemapNews, SitemapArticle or SitemapSections.
	Kind SitemapKind `json:"kind"`
	URLs int         `json:"urls"`
	// Newest is the newest publication date of a news sitemap.
	Newest string `json:"newest,omitempty"`
	// Departments lists the child sitemaps of an index split by
	// department, each a subscribable source; only the first was read.
	Departments []Department `json:"departments,omitempty"`
	// Health is what the fetch of the sitemap read shows (Content-Type,
	// entries older than 48 hours, the 1,000-block limit): warnings and
	// errors only, no extra request (docs/checking.md).
	Health []Finding `json:"health,omitempty"`
}

// Department is one child sitemap of a department index.
type Department struct {
	URL  string `json:"url"`
	Name string `json:"name"`
}

// Section is one section page of the site.
type Section struct {
	URL string `json:"url"`
	// Name is the site's own words for the link (its anchor text), when
	// the section was found on a page.
	Name    string `json:"name,omitempty"`
	Title   string `json:"title,omitempty"`
	Lastmod string `json:"lastmod,omitempty"`
	// Unchanged is set when the discovery was given the last look at the
	// site and the sitemap dates this section before it: following it
	// again would find nothing new.
	Unchanged bool `json:"unchanged,omitempty"`
}

// Shrink halves the longest list of the report and counts what it left
// out in Omitted (message.Shrinker). Requests are kept to the last moment:
// they are the proof of politeness.
func (r *Report) Shrink() bool {
	if r.Omitted == nil {
		r.Omitted = map[string]int{}
	}
	longestDept := -1
	for i, s := range r.Sitemaps {
		if longestDept < 0 || len(s.Departments) > len(r.Sitemaps[longestDept].Departments) {
			longestDept = i
		}
	}
	type list struct {
		name string
		n    int
		cut  func(keep int)
	}
	lists := []list{
		{"sections", len(r.Sections), func(k int) { r.Sections = r.Sections[:k] }},
		{"feeds", len(r.Feeds), func(k int) { r.Feeds = r.Feeds[:k] }},
		{"sitemaps", len(r.Sitemaps), func(k int) { r.Sitemaps = r.Sitemaps[:k] }},
	}
	if longestDept >= 0 {
		d := &r.Sitemaps[longestDept]
		lists = append(lists, list{"departments", len(d.Departments), func(k int) { d.Departments = d.Departments[:k] }})
	}
	best := -1
	for i, l := range lists {
		if l.n > 1 && (best < 0 || l.n > lists[best].n) {
			best = i
		}
	}
	if best < 0 {
		if len(r.Requests) > 1 {
			keep := len(r.Requests) / 2
			r.Omitted["requests"] += len(r.Requests) - keep
			r.Requests = r.Requests[:keep]
			return true
		}
		return false
	}
	l := lists[best]
	keep := l.n / 2
	r.Omitted[l.name] += l.n - keep
	l.cut(keep)
	return true
}
