package tests

// Helpers for the discovery tests: a fixture web, the host's
// `discover --json` run against it, and the reports decoded.

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
)

// report is a discovery report as `discover --json` prints it, decoded
// into the contract's own type (package report), with the JSON it came as.
type report struct {
	reportpkg.Report

	raw json.RawMessage // the report as it came
}

// logRow is one request log row decoded loosely (Status as raw JSON: a
// number or a word), for replies that carry rows outside a report.
type logRow struct {
	Step   string          `json:"step"`
	URL    string          `json:"url"`
	Status json.RawMessage `json:"status"`
	Bytes  int64           `json:"bytes"`
	MS     int64           `json:"ms"`
	Note   string          `json:"note"`
	Sent   bool            `json:"sent"`
}

// status is the row's status as text: "200" or "timeout".
func (r logRow) status() string { return strings.Trim(string(r.Status), `"`) }

// text is everything a person reads in the report: reason, statuses and
// notes, for "the report names the problem" checks.
func (r *report) text() string {
	var b strings.Builder
	b.WriteString(r.Reason)
	for _, q := range r.Requests {
		fmt.Fprintf(&b, "\n%s %s %s", q.Status, q.URL, q.Note)
	}
	for _, f := range r.Feeds {
		b.WriteString("\n" + f.Preview)
	}
	return b.String()
}

// startWeb starts a fixture web of sites (DefaultSites when nil), closed
// when the test ends.
func startWeb(t testing.TB, sites []fixtureweb.Site) *fixtureweb.Web {
	t.Helper()
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: sites})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// fastEnv is the environment for tests that do not check pacing.
func fastEnv(w *fixtureweb.Web) []string {
	return append(w.Env(), "FEEDSCOUT_PAUSE=20ms")
}

// discoverAll runs `feedscout-host discover --json --order order` on the
// sites' start URLs in one process and returns the reports by site name.
func discoverAll(t testing.TB, env []string, order string, sites []fixtureweb.Site) map[string]*report {
	t.Helper()
	args := []string{"discover", "--json", "--order", order}
	for _, s := range sites {
		args = append(args, s.URL())
	}
	out, errOut, code := runHost(t, env, "", args...)
	if code != 0 {
		t.Fatalf("discover exit %d: %s", code, errOut)
	}
	byRoot := map[string]*report{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		r := &report{}
		if err := json.Unmarshal([]byte(line), r); err != nil {
			t.Fatalf("report is not JSON: %v\n%s", err, line)
		}
		r.raw = json.RawMessage(line)
		byRoot[r.Site] = r
	}
	got := map[string]*report{}
	for _, s := range sites {
		r := byRoot[rootOf(s.URL())]
		if r == nil {
			t.Fatalf("no report for %s (%s); stderr:\n%s", s.Name, s.URL(), errOut)
		}
		got[s.Name] = r
	}
	return got
}

// rootOf is the report's "site" for a start URL: scheme://host/.
func rootOf(u string) string {
	i := strings.Index(u, "://")
	rest := u[i+3:]
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		rest = rest[:j]
	}
	return strings.ToLower(u[:i]) + "://" + strings.ToLower(rest) + "/"
}

// siteHits counts what every host of s received.
func siteHits(w *fixtureweb.Web, s fixtureweb.Site) int {
	n := 0
	for _, h := range s.Hosts() {
		n += len(w.Hits(h))
	}
	return n
}

// tabPage is a page as a browser tab holds it: its final URL after
// redirects, its HTML and content type.
type tabPage struct {
	URL         string `json:"url"`
	HTML        string `json:"html"`
	ContentType string `json:"content_type"`
}

// loadTabs opens each site's start URL the way a browser does (following
// redirects) and then forgets those hits: the user's browser loaded the
// page, not feedscout.
func loadTabs(t testing.TB, w *fixtureweb.Web, sites []fixtureweb.Site) map[string]tabPage {
	t.Helper()
	c := w.Client()
	tabs := map[string]tabPage{}
	for _, s := range sites {
		resp, err := c.Get(s.URL())
		if err != nil {
			t.Fatalf("open %s: %v", s.URL(), err)
		}
		body, err := io.ReadAll(io.LimitReader(resp.Body, 8<<20))
		resp.Body.Close()
		if err != nil {
			t.Fatalf("read %s: %v", s.URL(), err)
		}
		tabs[s.Name] = tabPage{URL: resp.Request.URL.String(), HTML: string(body), ContentType: resp.Header.Get("Content-Type")}
	}
	w.Reset()
	return tabs
}

// discoverNM sends one discover request per site (url and page from its
// tab) to one host over native messaging, all at once, and returns the
// reports by site name.
func discoverNM(t testing.TB, env []string, order string, sites []fixtureweb.Site, tabs map[string]tabPage) map[string]*report {
	t.Helper()
	h := startNM(t, env)
	var ids []string
	for _, s := range sites {
		tab := tabs[s.Name]
		h.send(map[string]any{"id": s.Name, "type": "discover", "url": tab.URL, "page": tab, "order": order})
		ids = append(ids, `"`+s.Name+`"`)
	}
	got := h.until(3*time.Minute, ids...)
	reps := map[string]*report{}
	for _, s := range sites {
		replies := got[`"`+s.Name+`"`]
		last := replies[len(replies)-1]
		if last.Type != "result" {
			t.Fatalf("%s: %s %s: %s", s.Name, last.Type, last.Code, last.Error)
		}
		r := &report{}
		if err := json.Unmarshal(last.Report, r); err != nil {
			t.Fatalf("%s: report: %v", s.Name, err)
		}
		r.raw = last.Report
		if n := len(replies) - 1; n != len(r.Requests) {
			t.Errorf("%s: %d progress replies for %d log rows", s.Name, n, len(r.Requests))
		}
		reps[s.Name] = r
	}
	if code := h.closeAndWait(10 * time.Second); code != 0 {
		t.Fatalf("host exit %d", code)
	}
	return reps
}

// decodeReport decodes the one report of `discover --json` output.
func decodeReport(t testing.TB, out string) *report {
	t.Helper()
	r := &report{}
	decodeJSON(t, out, r)
	return r
}

// decodeJSON decodes one JSON value from s into v.
func decodeJSON(t testing.TB, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(strings.TrimSpace(s)), v); err != nil {
		t.Fatalf("not one JSON value: %v\n%s", err, s)
	}
}
