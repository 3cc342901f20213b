package reader

// Helpers for the real-reader tests: every fixture site discovered, the
// reports turned into OPML by the host's opml command, and what each
// site's subscriptions are.

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedscout/common/opml"
	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// readerSite is one fixture site as the reader tests see it: its report
// and what the opml command follows of it.
type readerSite struct {
	name string
	rep  reportpkg.Report
	subs []opml.Subscription
}

// followed reports whether a site's outcome is one a reader can follow.
func followed(outcome reportpkg.Outcome) bool {
	switch outcome {
	case reportpkg.OutcomeFeed, reportpkg.OutcomeNewsSitemap, reportpkg.OutcomeArticleSitemap, reportpkg.OutcomeSections:
		return true
	}
	return false
}

// discoverReports runs `discover --json` over the sites in one process and
// returns its JSON Lines as printed, and each site decoded, by name.
func discoverReports(t testing.TB, env []string, sites []fixtureweb.Site) ([]byte, map[string]*readerSite) {
	t.Helper()
	args := []string{"discover", "--json"}
	for _, s := range sites {
		args = append(args, s.URL())
	}
	out, errOut, code := harness.RunHost(t, env, "", args...)
	if code != 0 {
		t.Fatalf("discover exit %d: %s", code, errOut)
	}
	byRoot := map[string]reportpkg.Report{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		var r reportpkg.Report
		if err := json.Unmarshal([]byte(line), &r); err != nil {
			t.Fatalf("report is not JSON: %v\n%s", err, line)
		}
		byRoot[r.Site] = r
	}
	// What the host follows of each report: its opml command's choice,
	// read back from the OPML it writes, by site.
	doc, errOut, code := harness.RunHost(t, env, out, "opml")
	if code != 0 {
		t.Fatalf("opml exit %d: %s", code, errOut)
	}
	subs, err := opmlimport.Read(strings.NewReader(doc))
	if err != nil {
		t.Fatalf("read back the opml command's OPML: %v\n%s", err, doc)
	}
	bySite := map[string][]opml.Subscription{}
	for _, s := range subs {
		bySite[s.Site] = append(bySite[s.Site], s)
	}
	got := map[string]*readerSite{}
	for _, s := range sites {
		r, ok := byRoot[harness.RootOf(s.URL())]
		if !ok {
			t.Fatalf("no report for %s (%s)", s.Name, s.URL())
		}
		got[s.Name] = &readerSite{name: s.Name, rep: r, subs: bySite[r.Site]}
	}
	return []byte(out), got
}

// writeOPML writes the reports into dir and runs `opml ARGS... FILE`; it
// returns the OPML document's path.
func writeOPML(t testing.TB, env []string, dir string, reports []byte, args ...string) string {
	t.Helper()
	in := filepath.Join(dir, "reports.jsonl")
	if err := os.WriteFile(in, reports, 0o644); err != nil {
		t.Fatal(err)
	}
	out, errOut, code := harness.RunHost(t, env, "", append(append([]string{"opml"}, args...), in)...)
	if code != 0 {
		t.Fatalf("opml %v: exit %d: %s", args, code, errOut)
	}
	back, err := opmlimport.Read(bytes.NewReader([]byte(out)))
	if err != nil {
		t.Fatalf("the opml command's output does not read back: %v", err)
	}
	if len(back) == 0 {
		t.Fatalf("opml %v wrote no subscriptions", args)
	}
	file := filepath.Join(dir, "export.opml")
	if err := os.WriteFile(file, []byte(out), 0o644); err != nil {
		t.Fatal(err)
	}
	return file
}
