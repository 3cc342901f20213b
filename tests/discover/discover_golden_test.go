package discover

// The report contract held still: every default fixture site's report, as
// the CLI prints it in both orders and as the native messaging host
// answers the popup (with the tab's page), and every hostile site's as the
// CLI prints it, compared with a golden file
// first written by the code before the report moved into a package of its own
// (feedscout/report then, feedscout/common/report now).
// Fields added since are listed in addedFields and left out of the
// comparison; anything else that changes (a renamed field, a lost value)
// fails. Request times and elapsed times vary and are left out too.
//
// Regenerate only for a deliberate change of the reports, and say so in
// the commit: go test ./tests/discover -run TestDiscoverGolden -update-golden

import (
	"encoding/json"
	"flag"
	"fmt"
	"os"
	"sort"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

var updateGolden = flag.Bool("update-golden", false, "rewrite tests/testdata/discover_golden.json from the built host")

// goldenFile holds the reports, by run ("cli-smart", "cli-article",
// "nm-smart", "cli-hostile") and site name.
const goldenFile = "../testdata/discover_golden.json"

// addedFields are the report's fields added after the golden was first
// written, by the object they belong to; the comparison drops them.
var addedFields = map[string][]string{
	"report":  {"reason_code", "reason_args"},
	"feed":    {"headlines", "health", "preview_code", "preview_args", "rule"},
	"sitemap": {"health"},
	"section": {"name"},
	"row":     {"sent"},
}

// variesFields change from run to run.
var variesFields = map[string][]string{
	"report": {"elapsed_ms"},
	"row":    {"ms"},
}

func TestDiscoverGolden(t *testing.T) {
	t.Parallel()
	sites := fixtureweb.DefaultSites()
	w := harness.StartWeb(t, sites)
	got := map[string]map[string]any{}
	for _, order := range []string{"smart", "article"} {
		w.Reset()
		reps := harness.DiscoverAll(t, harness.FastEnv(w), order, sites)
		checkReasonCodes(t, "cli-"+order, reps)
		got["cli-"+order] = normalizeAll(t, w.Started, reps)
	}
	tabs := harness.LoadTabs(t, w, sites)
	reps := harness.DiscoverNM(t, harness.FastEnv(w), "smart", sites, tabs)
	checkReasonCodes(t, "nm-smart", reps)
	got["nm-smart"] = normalizeAll(t, w.Started, reps)
	// The hostile web, on a fixture web of its own (its slow sites take
	// their 30 s while the rest runs).
	hostile := fixtureweb.HostileSites()
	hw := harness.StartWeb(t, hostile)
	reps = harness.DiscoverAll(t, harness.FastEnv(hw), "smart", hostile)
	checkReasonCodes(t, "cli-hostile", reps)
	got["cli-hostile"] = normalizeAll(t, hw.Started, reps)
	b, err := json.MarshalIndent(got, "", " ")
	if err != nil {
		t.Fatal(err)
	}
	if *updateGolden {
		if err := os.WriteFile(goldenFile, append(b, '\n'), 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	raw, err := os.ReadFile(goldenFile)
	if err != nil {
		t.Fatalf("read the golden reports: %v", err)
	}
	var want map[string]map[string]any
	if err := json.Unmarshal(raw, &want); err != nil {
		t.Fatalf("golden reports: %v", err)
	}
	for run, reps := range want {
		for name, w := range reps {
			g, ok := got[run][name]
			if !ok {
				t.Errorf("%s %s: no report", run, name)
				continue
			}
			wb, _ := json.MarshalIndent(w, "", " ")
			gb, _ := json.MarshalIndent(g, "", " ")
			if string(wb) != string(gb) {
				t.Errorf("%s %s: the report changed:\n%s", run, name, lineDiff(string(wb), string(gb)))
			}
		}
	}
}

// checkReasonCodes holds every report's reason to its code and
// arguments: the English rendered from them, as a program that reads only
// reason_code and reason_args would, is the report's reason.
func checkReasonCodes(t *testing.T, run string, reps map[string]*harness.Report) {
	t.Helper()
	for name, r := range reps {
		var why struct {
			Code string         `json:"reason_code"`
			Args map[string]any `json:"reason_args"`
		}
		if err := json.Unmarshal(r.Raw, &why); err != nil {
			t.Fatalf("%s %s: %v", run, name, err)
		}
		if why.Code == "" || why.Args == nil {
			t.Errorf("%s %s: reason_code %q, reason_args %v", run, name, why.Code, why.Args)
			continue
		}
		if got := reportpkg.Sentence(why.Code, why.Args); got != r.Reason {
			t.Errorf("%s %s: %s renders\n%q\nthe report says\n%q", run, name, why.Code, got, r.Reason)
		}
	}
}

// normalizeAll re-reads each report as plain JSON (the raw JSON is what is
// compared, not the test's own report type). The fixture web dates its
// content from the time it started, so times become offsets from it.
func normalizeAll(t *testing.T, started time.Time, reps map[string]*harness.Report) map[string]any {
	t.Helper()
	out := map[string]any{}
	for name, r := range reps {
		out[name] = normalize(r.Raw, started)
	}
	return out
}

// normalize drops the added and varying fields from one report and writes
// its times relative to started ("start-3600s").
func normalize(raw json.RawMessage, started time.Time) any {
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		return string(raw)
	}
	v = relativeTimes(v, started)
	m, ok := v.(map[string]any)
	if !ok {
		return v
	}
	drop := func(obj any, kind string) {
		o, ok := obj.(map[string]any)
		if !ok {
			return
		}
		for _, f := range append(addedFields[kind], variesFields[kind]...) {
			delete(o, f)
		}
	}
	drop(m, "report")
	for list, kind := range map[string]string{"feeds": "feed", "sitemaps": "sitemap", "sections": "section", "requests": "row"} {
		items, _ := m[list].([]any)
		for _, it := range items {
			drop(it, kind)
		}
	}
	return m
}

// relativeTimes replaces every RFC 3339 time in v by its offset from
// started, to the second.
func relativeTimes(v any, started time.Time) any {
	switch x := v.(type) {
	case map[string]any:
		for k, e := range x {
			x[k] = relativeTimes(e, started)
		}
	case []any:
		for i, e := range x {
			x[i] = relativeTimes(e, started)
		}
	case string:
		if tm, err := time.Parse(time.RFC3339, x); err == nil {
			return fmt.Sprintf("start%+ds", int(tm.Sub(started.Truncate(time.Second)).Seconds()))
		}
	}
	return v
}

// lineDiff shows the lines of want missing from got (-) and the other way
// round (+).
func lineDiff(want, got string) string {
	w, g := strings.Split(want, "\n"), strings.Split(got, "\n")
	count := func(ls []string) map[string]int {
		c := map[string]int{}
		for _, l := range ls {
			c[l]++
		}
		return c
	}
	cw, cg := count(w), count(g)
	var out []string
	for l, n := range cw {
		if cg[l] < n {
			out = append(out, "- "+l)
		}
	}
	for l, n := range cg {
		if cw[l] < n {
			out = append(out, "+ "+l)
		}
	}
	sort.Strings(out)
	return strings.Join(out, "\n")
}
