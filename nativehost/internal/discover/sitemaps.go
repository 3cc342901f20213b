package discover

import (
	"bytes"
	"errors"
	"fmt"
	"net/url"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
	"feedscout/wasm/shape"
)

// sitemapStep reads up to four of the sitemaps robots.txt lists (only
// those pick accepts), one level into an index, and stops at the first
// usable one. It reports whether it found one.
func (r *run) sitemapStep(pick func(string) bool) bool {
	if r.rules == nil {
		return false
	}
	for _, sm := range r.rules.Sitemaps() {
		if r.done() || r.sitemapsRead >= maxSitemaps {
			break
		}
		if r.tried[sm] || (pick != nil && !pick(sm)) {
			continue
		}
		r.sitemapsRead++
		if r.readSitemap(sm) {
			return true
		}
	}
	return false
}

// readSitemap fetches one listed sitemap and, for an index, its ranked
// children.
func (r *run) readSitemap(u string) bool {
	sm := r.fetchSitemap(u)
	if sm == nil {
		return false
	}
	if sm.Kind != sitemap.KindIndex {
		return r.useSitemap(u, sm, nil)
	}
	var depts []Department
	if names, ok := sitemap.Departments(sm); ok {
		for i, e := range sm.Entries {
			depts = append(depts, Department{URL: e.Loc, Name: names[i]})
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
		child := r.fetchSitemap(c.Loc)
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

// fetchSitemap fetches and parses one sitemap; on failure it notes why
// for the reason sentence and returns nil.
func (r *run) fetchSitemap(u string) *sitemap.Sitemap {
	resp, err := r.get("sitemap", u)
	var fe *fetch.Error
	switch {
	case errors.As(err, &fe):
		r.noteSitemap(u, failure(cause(fe)))
		return nil
	case resp == nil:
		return nil
	case !resp.OK():
		r.noteSitemap(u, fmt.Sprintf("it answered %d", resp.Status))
		return nil
	}
	sm, err := sitemap.Parse(bytes.NewReader(resp.Body))
	switch {
	case errors.Is(err, sitemap.ErrTruncated):
		r.noteSitemap(u, "it is cut off (truncated)")
	case errors.Is(err, sitemap.ErrTooLarge):
		r.noteSitemap(u, "it is too large to read (too-large)")
	case errors.Is(err, sitemap.ErrDoctype):
		r.noteSitemap(u, "it declares a DOCTYPE, which feedscout refuses")
	case err != nil:
		r.noteSitemap(u, "it is not a sitemap")
	}
	return sm
}

// noteSitemap keeps the first sitemap failure for the reason sentence.
func (r *run) noteSitemap(u, why string) {
	if r.sitemapFail == "" {
		r.sitemapFail = fmt.Sprintf("the sitemap %s could not be used: %s", pathOf(u), why)
	}
}

// useSitemap judges sm and records it when usable. depts, when set, makes
// the record the department index at u (the judged child stands for all).
func (r *run) useSitemap(u string, sm *sitemap.Sitemap, depts []Department) bool {
	j := sitemap.Judge(sm, r.opt.Now())
	if j.Usable == sitemap.UsableNone {
		return false
	}
	rec := Sitemap{URL: u, Kind: string(j.Usable), URLs: j.URLs, Departments: depts}
	if j.NewsFacts != nil && !j.NewsFacts.Newest.IsZero() {
		rec.Newest = j.NewsFacts.Newest.UTC().Format(time.RFC3339)
	}
	if j.Usable == sitemap.UsableSections {
		if depts != nil {
			return false // a split sections list is not a department choice
		}
		for _, e := range sm.Entries {
			pu, err := url.Parse(e.Loc)
			if err != nil || len(e.Loc) > maxURL || shape.URL(pu).Shape != shape.Section {
				continue
			}
			s := Section{URL: e.Loc}
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
