package sitemap

import (
	"bytes"
	"os"
	"path/filepath"
	"reflect"
	"slices"
	"strings"
	"testing"

	"feedscout/common/report"
)

// FuzzParse feeds arbitrary bytes (seeded with every golden input, gzipped
// ones included) to Parse and checks invariants, not just "no panic".
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob("testdata/*")
	for _, file := range files {
		if strings.HasSuffix(file, ".json") {
			continue
		}
		if b, err := os.ReadFile(file); err == nil {
			f.Add(b)
		}
	}
	f.Add([]byte("<urlset><url><loc>https://a.example/x</loc><lastmod>2026-13-45</lastmod></url></urlset>"))
	f.Add([]byte("<sitemapindex><sitemap><loc>/s.xml</loc></sitemap></sitemapindex>"))
	f.Add([]byte("https://a.example/\nhttps://a.example/b/\n"))
	f.Add(gzipped([]byte("<urlset><url><loc>x</loc></url></urlset>")))
	f.Fuzz(func(t *testing.T, data []byte) {
		sm, err := Parse(bytes.NewReader(data))
		again, err2 := Parse(bytes.NewReader(data))
		if (err == nil) != (err2 == nil) || (err != nil && err.Error() != err2.Error()) || !reflect.DeepEqual(sm, again) {
			t.Fatalf("Parse is not deterministic: %v / %v", err, err2)
		}
		if err != nil {
			if sm != nil {
				t.Fatalf("error %v with a non-nil Sitemap", err)
			}
			if !strings.HasPrefix(err.Error(), "parse sitemap: ") {
				t.Fatalf("error does not name the operation: %v", err)
			}
			return
		}
		checkSitemap(t, sm)
	})
}

func checkSitemap(t *testing.T, sm *Sitemap) {
	t.Helper()
	switch sm.Kind {
	case KindURLSet, KindIndex, KindText:
	default:
		t.Fatalf("kind %q", sm.Kind)
	}
	if len(sm.Entries) > MaxEntries || (sm.Truncated && len(sm.Entries) != MaxEntries) {
		t.Fatalf("%d entries, truncated %v", len(sm.Entries), sm.Truncated)
	}
	for _, e := range sm.Entries {
		if e.Loc == "" || strings.TrimSpace(e.Loc) != e.Loc || len(e.Loc) > maxField || !webURL([]byte(e.Loc)) {
			t.Fatalf("bad loc %q", e.Loc)
		}
		if e.Images < 0 {
			t.Fatalf("images %d", e.Images)
		}
	}
	j := Judge(sm, goldenNow)
	for _, share := range []float64{j.SectionShare, j.ArticleShare} {
		if share < 0 || share > 1 || share != share {
			t.Fatalf("share %v out of [0,1]", share)
		}
	}
	if j.SectionShare+j.ArticleShare > 1+1e-9 || j.URLs != len(sm.Entries) {
		t.Fatalf("judgement %+v for %d entries", j, len(sm.Entries))
	}
	if j.News != (j.NewsFacts != nil) {
		t.Fatalf("news %v with facts %v", j.News, j.NewsFacts)
	}
	if nf := j.NewsFacts; nf != nil && (nf.Within48h < 0 || nf.Within48h > 1 || nf.Entries < 1 || nf.Entries > j.URLs || nf.OverLimit != (nf.Entries > NewsLimit)) {
		t.Fatalf("news facts %+v", nf)
	}
	switch j.Usable {
	case report.SitemapSections:
		if j.SectionShare < Share {
			t.Fatalf("sections at %v", j.SectionShare)
		}
	case report.SitemapNews, report.SitemapArticle:
		if j.ArticleShare < Share || (j.Usable == report.SitemapNews && !j.News) || (j.Usable == report.SitemapArticle && !j.Dated) {
			t.Fatalf("%q with %+v", j.Usable, j)
		}
	}
	if names, ok := Departments(sm); ok {
		if len(names) != len(sm.Entries) {
			t.Fatalf("%d names for %d children", len(names), len(sm.Entries))
		}
		for _, n := range names {
			if n == "" {
				t.Fatal("empty department name")
			}
		}
	}
	ranked := RankChildren(sm.Entries)
	locs := func(es []Entry) []string {
		out := make([]string, len(es))
		for i, e := range es {
			out[i] = e.Loc
		}
		slices.Sort(out)
		return out
	}
	if !slices.Equal(locs(ranked), locs(sm.Entries)) {
		t.Fatal("RankChildren is not a permutation")
	}
}
