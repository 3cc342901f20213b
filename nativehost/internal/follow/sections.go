package follow

import (
	"bytes"
	"context"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/sitemap"
)

// Many sections of one site. A site that lists its sections in a sitemap
// with <lastmod> (Nikkei: 157 of 187 changed within 24 h) says which of
// them moved: when two or more sections of the site are followed, that
// one file is read first (conditionally, at most once per interval) and a
// section whose lastmod did not move since its last fetch is not fetched.
// The sitemap is found among those robots.txt names, looked through at
// most once a day.

// probeEvery is how often robots.txt's sitemaps are looked through for a
// sections sitemap.
const probeEvery = 24 * time.Hour

// maxProbe is how many sitemaps of robots.txt are looked at, as in
// discovery.
const maxProbe = 4

// siteState is kept per site in STATE/sites/SCHEME_HOST.json.
type siteState struct {
	Version  int       `json:"version"`
	Origin   string    `json:"origin"`
	Sections []string  `json:"sections"`          // followed section URLs
	Probed   time.Time `json:"probed,omitzero"`   // robots.txt's sitemaps last looked through
	Sitemap  string    `json:"sitemap,omitempty"` // the sections sitemap, "" when none
	ETag     string    `json:"etag,omitempty"`
	LastMod  string    `json:"last_modified,omitempty"`
	Next     time.Time `json:"next,omitzero"` // no re-read of the sitemap before
	// Lastmod is each section's lastmod in the sitemap.
	Lastmod  map[string]time.Time `json:"lastmod,omitempty"`
	Requests int                  `json:"requests"`
}

func (f *Follower) sitePath(origin *url.URL) string {
	name := strings.NewReplacer(":", "_", "/", "_", "[", "", "]", "").Replace(strings.ToLower(origin.Host))
	return filepath.Join(f.dir, "sites", origin.Scheme+"_"+name)
}

// sectionUnchanged reports whether the sections sitemap of st's site says
// st did not change since its last fetch; lm is its lastmod there (zero
// when unknown).
func (f *Follower) sectionUnchanged(ctx context.Context, st *State) (lm time.Time, unchanged bool) {
	u, err := url.Parse(st.URL)
	if err != nil {
		return time.Time{}, false
	}
	origin := &url.URL{Scheme: u.Scheme, Host: u.Host}
	base := f.sitePath(origin)
	lf, err := fetch.LockFile(ctx, base+".lock")
	if err != nil {
		return time.Time{}, false
	}
	defer lf.Close()
	ss := &siteState{Version: stateVersion, Origin: origin.String()}
	if b, err := os.ReadFile(base + ".json"); err == nil {
		var old siteState
		if json.Unmarshal(b, &old) == nil && old.Version == stateVersion && old.Origin == ss.Origin {
			ss = &old
		}
	}
	changed := false
	if !slices.Contains(ss.Sections, st.URL) {
		ss.Sections = append(ss.Sections, st.URL)
		changed = true
	}
	defer func() {
		if changed {
			if b, err := json.MarshalIndent(ss, "", " "); err == nil {
				fetch.WriteFileAtomic(base+".json", b)
			}
		}
	}()
	if len(ss.Sections) < 2 {
		return time.Time{}, false
	}
	now := f.now()
	fresh := false
	switch {
	case now.Sub(ss.Probed) >= probeEvery:
		changed = true
		fresh = f.probe(ctx, origin, ss)
	case ss.Sitemap != "" && !now.Before(ss.Next):
		changed = true
		fresh = f.reread(ctx, origin, ss)
	default:
		fresh = ss.Sitemap != ""
	}
	if !fresh {
		return time.Time{}, false
	}
	lm = ss.Lastmod[st.URL]
	if lm.IsZero() {
		return time.Time{}, false
	}
	return lm, !st.SitemapLastmod.IsZero() && !lm.After(st.SitemapLastmod)
}

// probe looks through the sitemaps robots.txt names for a sections sitemap
// with lastmod; it reports whether ss now has fresh lastmods.
func (f *Follower) probe(ctx context.Context, origin *url.URL, ss *siteState) bool {
	ss.Probed, ss.Sitemap, ss.Lastmod, ss.ETag, ss.LastMod = f.now(), "", nil, "", ""
	site, err := f.client.Site(origin.String()+"/", func(r report.Row) { ss.count(r) })
	if err != nil {
		return false
	}
	defer site.Close()
	rules, err := site.Robots(ctx)
	if err != nil {
		return false
	}
	maps := rules.Sitemaps()
	for _, sm := range maps[:min(len(maps), maxProbe)] {
		if f.readSitemap(ctx, site, sm, ss) {
			return true
		}
	}
	return false
}

// reread reads the known sections sitemap again, conditionally.
func (f *Follower) reread(ctx context.Context, origin *url.URL, ss *siteState) bool {
	site, err := f.client.Site(origin.String()+"/", func(r report.Row) { ss.count(r) })
	if err != nil {
		return false
	}
	defer site.Close()
	if ss.Lastmod != nil {
		f.client.Remember(ss.Sitemap, ss.ETag, ss.LastMod)
	}
	return f.readSitemap(ctx, site, ss.Sitemap, ss)
}

// readSitemap fetches one sitemap and, if it is a dated list of
// sections (or unchanged: 304), keeps it in ss.
func (f *Follower) readSitemap(ctx context.Context, site *fetch.Site, loc string, ss *siteState) bool {
	resp, err := site.Get(ctx, report.StepSitemap, loc)
	if err != nil {
		return false
	}
	now := f.now()
	next := now.Add(max(f.interval, cacheWait(resp.Header, now)))
	if resp.NotModified && ss.Sitemap == loc && ss.Lastmod != nil {
		ss.Next = next
		return true
	}
	if resp.Status != 200 {
		return false
	}
	sm, err := sitemap.Parse(bytes.NewReader(resp.Body))
	if err != nil || sm.Kind == sitemap.KindIndex || sitemap.Judge(sm, now).Usable != report.SitemapSections {
		return false
	}
	lastmod := map[string]time.Time{}
	for _, e := range sm.Entries {
		if !e.Lastmod.IsZero() {
			if u, err := url.Parse(resp.URL); err == nil {
				if abs, err := u.Parse(e.Loc); err == nil {
					lastmod[abs.String()] = e.Lastmod
				}
			}
		}
	}
	if len(lastmod)*2 < len(sm.Entries) {
		return false // not dated enough to tell what moved
	}
	ss.Sitemap, ss.Lastmod, ss.Next = loc, lastmod, next
	ss.ETag, ss.LastMod = resp.Header.Get("ETag"), resp.Header.Get("Last-Modified")
	return true
}

// count adds a request row to the site's count.
func (ss *siteState) count(r report.Row) {
	if r.Status.Code != 0 || r.MS > 0 {
		ss.Requests++
	}
}

// SiteRequests is how many requests the sections sitemaps of every site
// cost so far (for the figures: they are requests to the site, beside
// each source's own).
func (f *Follower) SiteRequests() int {
	n := 0
	ents, _ := os.ReadDir(filepath.Join(f.dir, "sites"))
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(f.dir, "sites", e.Name()))
		if err != nil {
			continue
		}
		var ss siteState
		if json.Unmarshal(b, &ss) == nil {
			n += ss.Requests
		}
	}
	return n
}
