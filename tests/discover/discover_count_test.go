package discover

// "N requests" as the CLI prints it equals what the fixture servers saw,
// on every site of the fixture web, ordinary and hostile: rows logged for
// requests never made (robots.txt, the budget, a redirect not followed, an
// address refused, a name that does not resolve) are not counted, and
// every request made is.

import (
	"regexp"
	"strconv"
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

func TestDiscoverCountsWhatServersSaw(t *testing.T) {
	t.Parallel()
	sites := append(fixtureweb.DefaultSites(), fixtureweb.HostileSites()...)
	w := harness.StartWeb(t, sites)
	for _, order := range []string{"smart", "article"} {
		w.Reset()
		args := []string{"discover", "--order", order}
		for _, s := range sites {
			args = append(args, s.URL())
		}
		out, errOut, code := harness.RunHost(t, harness.FastEnv(w), "", args...)
		if code != 0 {
			t.Fatalf("discover exit %d: %s", code, errOut)
		}
		// The first line of each block: "SITE  OUTCOME  (N requests, T s, order O)".
		head := regexp.MustCompile(`(?m)^(\S+)  \S+  \((\d+) requests?, `)
		counts := map[string]int{}
		for _, m := range head.FindAllStringSubmatch(out, -1) {
			counts[m[1]], _ = strconv.Atoi(m[2])
		}
		for _, s := range sites {
			got, ok := counts[harness.RootOf(s.URL())]
			if !ok {
				t.Errorf("%s order, %s: no report in the output", order, s.Name)
				continue
			}
			if saw := harness.SiteHits(w, s); got != saw {
				t.Errorf("%s order, %s: the CLI prints %d requests, the servers saw %d:\n%s", order, s.Name, got, saw, hitLines(w, s))
			}
		}
	}
}

// hitLines lists what the site's servers saw, for a failure message.
func hitLines(w *fixtureweb.Web, s fixtureweb.Site) string {
	var b strings.Builder
	for _, h := range s.Hosts() {
		for _, hit := range w.Hits(h) {
			b.WriteString("  " + h + " " + hit.Method + " " + hit.Path + " " + strconv.Itoa(hit.Status) + "\n")
		}
	}
	return b.String()
}
