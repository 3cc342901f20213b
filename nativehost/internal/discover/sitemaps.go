package discover

import (
	"bytes"
	"errors"
	"time"

	"feedscout/common/report"
	"feedscout/common/shape"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
)

// sitemapStep reads up to four of the sitemaps robots.txt lists (only
// those pick accepts), one level into an index, and stops at the first
// usable one (found). The step's problem is the first sitemap that could
// not be used, and why.
func (r *run) sitemapStep(pick func(string) bool) step {
	var res step
	if r.rules == nil {
		return res
	}
	for _, sm := range r.rules.Sitemaps() {
		if r.done() || r.sitemapsRead >= maxSitemaps {
			break
		}
		if r.tried[sm] || (pick != nil && !pick(sm)) {
			continue
		}
		r.sitemapsRead++
		if r.readSitemap(sm, &res) {
			res.found = true
			return res
		}
	}
	return res
}

// readSitemap fetches one listed sitemap and, for an index, its ranked
// children; a failure is noted in res when it is the first.
func (r *run) readSitemap(u string, res *step) bool {
	sm := r.fetchSitemap(u, res)
	if sm == nil {
		return false
	}
	if sm.Kind != sitemap.KindIndex {
		return r.useSitemap(u, sm, nil)
	}
	var depts []report.Department
	if names, ok := sitemap.Departments(sm); ok {
		for i, e := range sm.Entries {
			depts = append(depts, report.Department{URL: e.Loc, Name: names[i]})
		}
	}
	children := sitemap.RankChildren(sm.Entries)
	for i, c := range children {
		if i >= maxChildren || r.done() {
			break
		}
		if r.tried[c.Loc] {
			continue
		}
		child := r.fetchSitemap(c.Loc, res)
		if child == nil || child.Kind == sitemap.KindIndex {
			continue
		}
		if depts != nil {
			if r.useSitemap(u, child, depts) {
				return true
			}
			continue
		}
		if r.useSitemap(c.Loc, child, nil) {
			return true
		}
	}
	return false
}

// fetchSitemap fetches and parses one sitemap; on failure it notes why in
// res (the first failure only) and returns nil.
func (r *run) fetchSitemap(u string, res *step) *sitemap.Sitemap {
	fail := func(p report.Problem) {
		if res.problem == nil {
			res.url, res.problem = u, &p
		}
	}
	resp, err := r.get(report.StepSitemap, u)
	var fe *fetch.Error
	switch {
	case errors.As(err, &fe):
		fail(fe.Problem())
		return nil
	case resp == nil:
		return nil
	case !resp.OK():
		fail(report.Problem{Word: report.ProblemStatus, Status: resp.Status})
		return nil
	}
	sm, err := sitemap.Parse(bytes.NewReader(resp.Body))
	r.health.keep(sm, resp, r.opt.Now())
	switch {
	case errors.Is(err, sitemap.ErrTruncated):
		fail(report.Problem{Word: report.ProblemTruncated})
	case errors.Is(err, sitemap.ErrTooLarge):
		fail(report.Problem{Word: report.ProblemSitemapTooLarge})
	case errors.Is(err, sitemap.ErrDoctype):
		fail(report.Problem{Word: report.ProblemDoctype})
	case err != nil:
		fail(report.Problem{Word: report.ProblemNotSitemap})
	}
	return sm
}

// useSitemap judges sm and records it when usable. depts, when set, makes
// the record the department index at u (the judged child stands for all).
func (r *run) useSitemap(u string, sm *sitemap.Sitemap, depts []report.Department) bool {
	j := sitemap.Judge(sm, r.opt.Now())
	if j.Usable == sitemap.UsableNone {
		return false
	}
	rec := report.Sitemap{URL: u, Kind: j.Usable, URLs: j.URLs, Departments: depts, Health: r.health[sm]}
	if j.NewsFacts != nil && !j.NewsFacts.Newest.IsZero() {
		rec.Newest = j.NewsFacts.Newest.UTC().Format(time.RFC3339)
	}
	if j.Usable == report.SitemapSections {
		if depts != nil {
			return false // a split sections list is not a department choice
		}
		locs := make([]string, len(sm.Entries))
		for i, e := range sm.Entries {
			locs[i] = e.Loc
		}
		verdicts := shape.Locs(locs) // as Judge judged them: together
		for i, e := range sm.Entries {
			if len(e.Loc) > maxURL || verdicts[i].Shape != shape.Section || !report.WebURL(e.Loc) || !r.robotsAllows(e.Loc) {
				continue
			}
			s := report.Section{URL: e.Loc}
			if !e.Lastmod.IsZero() {
				s.Lastmod = e.Lastmod.UTC().Format(time.RFC3339)
				if !r.opt.Since.IsZero() && e.Lastmod.Before(r.opt.Since) {
					s.Unchanged = true
					r.rep.Unchanged++
				}
			}
			r.rep.Sections = append(r.rep.Sections, s)
		}
	}
	r.rep.Sitemaps = append(r.rep.Sitemaps, rec)
	return true
}
