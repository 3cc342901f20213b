package check

// `check` on the hostile web's files: a finding each, in bounded time.

import (
	"sort"
	"strings"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// hostileChecks are the hostile web's feeds and sitemaps and the findings
// of each (docs/checking.md, "The hostile web").
var hostileChecks = map[string]string{
	"https://bomb-sitemap.hostile.test/sitemap.xml.gz": "error too-large",
	"https://truncated.hostile.test/sitemap.xml":       "error truncated",
	"https://entities.hostile.test/feed.xml":           "error doctype",
	"https://bad-utf8.hostile.test/feed.xml":           "error xml-syntax",
	"https://shift-jis.hostile.test/rss.xml":           "note no-hub, warning id-missing, warning self-missing",
	"https://windows-1251.hostile.test/rss.xml":        "note no-hub, warning id-missing, warning self-missing",
	"https://deep.hostile.test/feed.xml":               "note no-hub, warning no-gzip",
	"https://sitemap-50k.hostile.test/sitemap.xml":     "note not-news",
	"https://robots-5xx.hostile.test/feed.xml":         "error fetch",
}

func TestCheckHostileFiles(t *testing.T) {
	w := harness.StartWeb(t, fixtureweb.HostileSites())
	var urls []string
	for u := range hostileChecks {
		urls = append(urls, u)
	}
	start := time.Now()
	got, code, errOut := checkAll(t, harness.FastEnv(w), urls...)
	if took := time.Since(start); took > 30*time.Second {
		t.Errorf("checking %d hostile files took %v", len(urls), took)
	}
	if code != 1 {
		t.Errorf("exit %d, want 1; stderr:\n%s", code, errOut)
	}
	for _, u := range urls {
		r := got[u]
		t.Logf("| %s | %s | %s |", u, r.Kind, r.codes())
		if r.codes() != sorted(hostileChecks[u]) {
			t.Errorf("%s: findings %q, want %q\n%s", u, r.codes(), sorted(hostileChecks[u]), texts(r))
		}
	}
}

// sorted is a comma-separated list sorted, as checkResult.codes writes it.
func sorted(list string) string {
	parts := strings.Split(list, ", ")
	sort.Strings(parts)
	return strings.Join(parts, ", ")
}
