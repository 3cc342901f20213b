package discover

// One golden sample of real reports (tests/testdata/report_sample.json),
// read by both sides of the contract: Go decodes it strictly into
// feedscout/common/report's types and compares its shape with what the host
// prints today; the extension's JS reads the same file under Node with the
// field names the popup reads. A field renamed on either side fails here.
//
// Rewrite it from the built host (a deliberate change of the contract):
// go test ./tests/discover -run TestReportSample -update-golden

import (
	"bytes"
	"encoding/json"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

const sampleFile = "../testdata/report_sample.json"

// sampleSites cover every part of a report between them: a feed with
// headlines, a feed not previewed (techcrunch's comments feed, with its
// preview code), a feed robots.txt disallows (first-disallowed, a site of
// discover_headlines_test.go: its preview code and arguments), a news
// sitemap split into departments, sections from a sitemap and sections
// named by the homepage's own words.
var sampleSites = []string{"theverge", "techcrunch", "first-disallowed", "asahi", "nikkei", "sections-home"}

func TestReportSample(t *testing.T) {
	t.Parallel()
	var sites []fixtureweb.Site
	for _, name := range sampleSites {
		if name == "first-disallowed" {
			sites = append(sites, harness.FirstDisallowedSite())
		} else {
			sites = append(sites, harness.SiteNamed(t, name)...)
		}
	}
	w := harness.StartWeb(t, sites)
	tabs := harness.LoadTabs(t, w, sites)
	reps := harness.DiscoverNM(t, harness.FastEnv(w), "smart", sites, tabs)
	var fresh []json.RawMessage
	for _, name := range sampleSites {
		fresh = append(fresh, reps[name].Raw)
	}
	if *updateGolden {
		var b bytes.Buffer
		b.WriteString("[\n")
		for i, r := range fresh {
			var out bytes.Buffer
			json.Indent(&out, r, " ", " ")
			b.WriteString(" " + out.String())
			if i < len(fresh)-1 {
				b.WriteString(",")
			}
			b.WriteString("\n")
		}
		b.WriteString("]\n")
		if err := os.WriteFile(sampleFile, b.Bytes(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	raw, err := os.ReadFile(sampleFile)
	if err != nil {
		t.Fatal(err)
	}
	var sample []json.RawMessage
	if err := json.Unmarshal(raw, &sample); err != nil || len(sample) != len(sampleSites) {
		t.Fatalf("sample: %d reports, %v", len(sample), err)
	}
	for i, name := range sampleSites {
		// The sample is a report.Report, field for field.
		dec := json.NewDecoder(bytes.NewReader(sample[i]))
		dec.DisallowUnknownFields()
		var rep reportpkg.Report
		if err := dec.Decode(&rep); err != nil {
			t.Errorf("%s: the sample does not decode into report.Report: %v", name, err)
		}
		// The host prints the same fields today.
		if want, got := keyPaths(t, sample[i]), keyPaths(t, fresh[i]); !slices.Equal(want, got) {
			t.Errorf("%s: the host's report has fields\n%v\nthe sample\n%v", name, got, want)
		}
	}
	reportSampleJS(t)
}

// keyPaths lists the field paths of a JSON document ("feeds[].headlines[].title").
func keyPaths(t *testing.T, raw json.RawMessage) []string {
	t.Helper()
	var v any
	if err := json.Unmarshal(raw, &v); err != nil {
		t.Fatal(err)
	}
	set := map[string]bool{}
	var walk func(prefix string, v any)
	walk = func(prefix string, v any) {
		switch x := v.(type) {
		case map[string]any:
			for k, e := range x {
				if prefix == "reason_args" || strings.HasPrefix(prefix, "reason_args.") || prefix == "omitted" || strings.HasSuffix(prefix, ".preview_args") {
					continue // values by name, not fields
				}
				p := strings.TrimPrefix(prefix+"."+k, ".")
				set[p] = true
				walk(p, e)
			}
		case []any:
			for _, e := range x {
				walk(prefix+"[]", e)
			}
		}
	}
	walk("", v)
	var out []string
	for k := range set {
		out = append(out, k)
	}
	sort.Strings(out)
	return out
}

// reportSampleJS reads the sample under Node with the field names and the
// values the popup reads: feed formats it names, dates it parses, and the
// rows marked sent that its cost line counts.
func reportSampleJS(t *testing.T) {
	t.Helper()
	node, err := exec.LookPath("node")
	if err != nil {
		harness.Missing(t, "node is not installed (apt-get install nodejs); the JS side of the report sample is not checked")
		return
	}
	sample, _ := filepath.Abs(sampleFile)
	script := `
import { readFileSync } from "node:fs";
const reports = JSON.parse(readFileSync(` + harness.JSString(sample) + `, "utf8"));
const fail = (msg) => { console.error(msg); process.exitCode = 1; };
const is = (v, type, where) => {
  const ok = type === "array" ? Array.isArray(v) : typeof v === type;
  if (!ok) fail(where + ": " + JSON.stringify(v) + " is not " + type);
};
const seen = new Set();
for (const r of reports) {
  is(r.site, "string", "site"); is(r.outcome, "string", "outcome"); is(r.reason, "string", "reason");
  is(r.reason_code, "string", "reason_code"); is(r.reason_args, "object", "reason_args");
  is(r.elapsed_ms, "number", "elapsed_ms"); is(r.requests, "array", "requests");
  for (const f of r.feeds) {
    is(f.url, "string", "feeds.url"); is(f.title, "string", "feeds.title"); is(f.format, "string", "feeds.format");
    is(f.via, "string", "feeds.via"); is(f.checked, "boolean", "feeds.checked");
    if (f.checked) { is(f.items, "number", "feeds.items"); seen.add("checked feed"); }
    else {
      is(f.preview, "string", "feeds.preview"); is(f.preview_code, "string", "feeds.preview_code");
      if (f.preview_args !== undefined) { is(f.preview_args, "object", "feeds.preview_args"); seen.add("preview args"); }
      seen.add("unchecked feed");
    }
    if (!["rss", "atom", "json"].includes(f.format)) fail("unknown feed format " + f.format);
    for (const h of f.headlines || []) {
      is(h.title, "string", "headlines.title"); is(h.date, "string", "headlines.date");
      if (Number.isNaN(new Date(h.date).getTime())) fail("headline date " + h.date + " does not read as a date");
      seen.add("headline");
    }
  }
  for (const s of r.sitemaps) {
    is(s.url, "string", "sitemaps.url"); is(s.kind, "string", "sitemaps.kind"); is(s.urls, "number", "sitemaps.urls");
    for (const d of s.departments || []) { is(d.url, "string", "departments.url"); is(d.name, "string", "departments.name"); seen.add("department"); }
  }
  for (const s of r.sections) {
    is(s.url, "string", "sections.url"); seen.add("section");
    if (s.name !== undefined) { is(s.name, "string", "sections.name"); seen.add("section name"); }
  }
  for (const q of r.requests) {
    is(q.step, "string", "requests.step"); is(q.url, "string", "requests.url"); is(q.sent, "boolean", "requests.sent");
    if (typeof q.status !== "number" && typeof q.status !== "string") fail("request status " + JSON.stringify(q.status) + " is neither a code nor a word");
  }
}
for (const part of ["checked feed", "unchecked feed", "preview args", "headline", "department", "section", "section name"]) if (!seen.has(part)) fail("the sample has no " + part);
`
	cmd := exec.Command(node, "--input-type=module", "-e", script)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Errorf("the JS side reads the sample wrongly: %v\n%s", err, out)
	}
}
