package discover

import "feedscout/common/report"

// finish sets the outcome and its reason, a code with the values its
// sentence names (report.Sentence renders the English), from what was
// found.
func (r *run) finish() {
	rep := r.rep
	rep.Stopped = r.stop
	found := r.feedFound() || len(rep.Sitemaps) > 0 || len(rep.Sections) > 0
	why := r.outcome(found)
	if why.Args == nil {
		why.Args = map[string]any{}
	}
	rep.ReasonCode, rep.ReasonArgs = why.Code, why.Args
	rep.Reason = why.Sentence()
}

// outcome picks the outcome and returns its reason.
func (r *run) outcome(found bool) report.Reason {
	rep := r.rep
	switch {
	case r.stop == report.StopRefused && !found:
		rep.Outcome = report.OutcomeRefused
		return *r.stopWhy
	case r.suspect != nil && !found:
		rep.Outcome, rep.Stopped = report.OutcomeRefused, report.StopRefused
		return *r.suspect
	}
	var sm *report.Sitemap
	for i := range rep.Sitemaps {
		if rep.Sitemaps[i].Kind != report.SitemapSections {
			sm = &rep.Sitemaps[i]
			break
		}
	}
	args := map[string]any{"host": r.host}
	var code string
	switch {
	case r.feedFound():
		rep.Outcome = report.OutcomeFeed
		code = r.feedReason(args)
	case sm != nil && sm.Kind == report.SitemapNews && len(sm.Departments) > 0:
		rep.Outcome, code = report.OutcomeNewsSitemap, report.ReasonNewsSitemapDepartments
		args["departments"] = len(sm.Departments)
	case sm != nil && sm.Kind == report.SitemapNews:
		rep.Outcome, code = report.OutcomeNewsSitemap, report.ReasonNewsSitemap
		args["urls"] = sm.URLs
	case sm != nil && sm.Kind == report.SitemapArticle:
		rep.Outcome, code = report.OutcomeArticleSitemap, report.ReasonArticleSitemap
		args["urls"] = sm.URLs
	case len(rep.Sections) > 0:
		rep.Outcome, code = report.OutcomeSections, report.ReasonSections
		args["sections"] = len(rep.Sections)
	default:
		rep.Outcome, code = report.OutcomeNone, report.ReasonNone
		r.noneArgs(args)
	}
	if p := r.learned.home; p != nil {
		args["home_problem"] = p.Args()
	}
	if r.stopWhy != nil {
		args["then"] = map[string]any{"code": r.stopWhy.Code, "args": r.stopWhy.Args}
	}
	return report.Reason{Code: code, Args: args}
}

// feedReason is the reason code of a feed outcome, its values added to
// args: the first feed that counts decides.
func (r *run) feedReason(args map[string]any) string {
	for _, f := range r.rep.Feeds {
		if !f.Checked && !(f.Via == report.ViaLink && !f.Broken) {
			continue
		}
		switch f.Via {
		case report.ViaLink:
			args["where"] = report.WherePages
			if r.home != nil {
				args["where"] = report.WhereHomepage
			}
			if f.Checked {
				args["items"] = f.Items
				return report.ReasonFeedAdvertised
			}
			p := r.previews[f.URL]
			args["preview"] = p.code
			if p.problem != nil {
				args["feed_problem"] = p.problem.Args()
			}
			return report.ReasonFeedAdvertisedUnchecked
		case report.ViaAnchor:
			args["items"] = f.Items
			return report.ReasonFeedAnchor
		case report.ViaDerived:
			args["rule"], args["items"] = f.Rule, f.Items
			return report.ReasonFeedDerived
		default:
			args["path"], args["items"] = pathOf(f.URL), f.Items
			return report.ReasonFeedGuess
		}
	}
	return report.ReasonFeed
}

// noneArgs adds what the none sentence names: what the homepage showed,
// whether usual paths were guessed, what became of the sitemaps.
func (r *run) noneArgs(args map[string]any) {
	switch {
	case r.learned.home != nil:
		args["home"] = report.HomeFailed
	case r.home != nil && len(r.home.Feeds) > 0:
		args["home"] = report.HomeBrokenFeeds
	default:
		args["home"] = report.HomeNoFeed
	}
	args["guessed"] = r.stepCount(report.StepGuess) > 0
	switch {
	case r.learned.sitemapWhy != nil:
		args["sitemaps"] = report.SitemapsFailed
		args["sitemap"] = r.learned.sitemap
		args["sitemap_problem"] = r.learned.sitemapWhy.Args()
	case r.rules != nil && len(r.rules.Sitemaps()) > 0:
		args["sitemaps"] = report.SitemapsUnusable
	default:
		args["sitemaps"] = report.SitemapsUnlisted
	}
}

// stepCount counts the log rows of step.
func (r *run) stepCount(step report.Step) int {
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
