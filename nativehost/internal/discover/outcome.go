package discover

import (
	"fmt"
	"strings"
)

// finish sets the outcome and its reason from what was found.
func (r *run) finish() {
	rep := r.rep
	rep.Stopped = r.stop
	found := r.feedFound() || len(rep.Sitemaps) > 0 || len(rep.Sections) > 0
	switch {
	case r.stop == OutcomeRefused && !found:
		rep.Outcome, rep.Reason = OutcomeRefused, r.stopWhy
		return
	case r.suspect != "" && !found:
		rep.Outcome, rep.Reason, rep.Stopped = OutcomeRefused, r.suspect, OutcomeRefused
		return
	}
	var sm *Sitemap
	for i := range rep.Sitemaps {
		if rep.Sitemaps[i].Kind != "sections" {
			sm = &rep.Sitemaps[i]
			break
		}
	}
	switch {
	case r.feedFound():
		rep.Outcome, rep.Reason = OutcomeFeed, r.feedReason()
	case sm != nil && sm.Kind == "news":
		rep.Outcome = OutcomeNewsSitemap
		rep.Reason = fmt.Sprintf("%s has no feed, but its news sitemap lists the latest articles with titles and times (%d URLs); subscribe to it like a feed.", r.host, sm.URLs)
		if n := len(sm.Departments); n > 0 {
			rep.Reason = fmt.Sprintf("%s has no feed, but it splits its news sitemaps into %d departments; subscribe to the ones you want.", r.host, n)
		}
	case sm != nil && sm.Kind == "article":
		rep.Outcome = OutcomeArticleSitemap
		rep.Reason = fmt.Sprintf("%s has no feed or news sitemap, but a sitemap lists %d dated articles; a reader can watch it for new ones.", r.host, sm.URLs)
	case len(rep.Sections) > 0:
		rep.Outcome = OutcomeSections
		rep.Reason = fmt.Sprintf("%s has no feed or news sitemap; follow some of its %d section pages to see new articles.", r.host, len(rep.Sections))
	default:
		rep.Outcome = OutcomeNone
		rep.Reason = r.noneReason()
	}
	if r.homeFail != "" && rep.Outcome != OutcomeNone {
		rep.Reason += " " + capital(r.homeFail) + "."
	}
	if r.stopWhy != "" {
		rep.Reason += " " + capital(r.stopWhy)
	}
}

func (r *run) feedReason() string {
	for _, f := range r.rep.Feeds {
		if !f.Checked && !(f.Via == "link" && !f.Broken) {
			continue
		}
		switch f.Via {
		case "link":
			where := "its pages"
			if r.home != nil {
				where = "its homepage"
			}
			if f.Checked {
				return fmt.Sprintf("%s announces its feed in %s; it has %d items.", r.host, where, f.Items)
			}
			return fmt.Sprintf("%s announces its feed in %s (%s).", r.host, where, f.Preview)
		case "anchor":
			return fmt.Sprintf("%s links to its feed from the homepage without announcing it; it has %d items.", r.host, f.Items)
		default:
			return fmt.Sprintf("%s does not announce a feed, but one answers at the usual address %s (%d items).", r.host, pathOf(f.URL), f.Items)
		}
	}
	return r.host + " has a feed."
}

func (r *run) noneReason() string {
	why := []string{}
	switch {
	case r.homeFail != "":
		why = append(why, r.homeFail)
	case r.home != nil && len(r.home.Feeds) > 0:
		why = append(why, "the feeds it announces are broken")
	default:
		why = append(why, "it announces no feed")
	}
	if r.stepCount("guess") > 0 {
		why = append(why, "no usual feed address answered with a feed")
	}
	switch {
	case r.sitemapFail != "":
		why = append(why, r.sitemapFail)
	case r.rules != nil && len(r.rules.Sitemaps()) > 0:
		why = append(why, "its sitemaps list neither news nor dated articles")
	default:
		why = append(why, "robots.txt lists no sitemap")
	}
	return fmt.Sprintf("Nothing to subscribe to on %s: %s; ask the site for a feed.", r.host, strings.Join(why, ", "))
}

func capital(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}

// stepCount counts the log rows of step.
func (r *run) stepCount(step string) int {
	r.mu.Lock()
	defer r.mu.Unlock()
	n := 0
	for _, q := range r.rep.Requests {
		if q.Step == step {
			n++
		}
	}
	return n
}
