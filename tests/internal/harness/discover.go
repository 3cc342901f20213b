package harness

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

// Report is a discovery report as `discover --json` prints it, decoded
// into the contract's own type (package report), with the JSON it came as.
type Report struct {
	reportpkg.Report

	Raw json.RawMessage // the report as it came
}

// LogRow is one request log row decoded loosely (Status as raw JSON: a
// number or a word), for replies that carry rows outside a report.
type LogRow struct {
	Step   string          `json:"step"`
	URL    string          `json:"url"`
	Status json.RawMessage `json:"status"`
	Bytes  int64           `json:"bytes"`
	MS     int64           `json:"ms"`
	Note   string          `json:"note"`
	Sent   bool            `json:"sent"`
}

// StatusText is the row's status as text: "200" or "timeout".
func (r LogRow) StatusText() string { return strings.Trim(string(r.Status), `"`) }

// Text is everything a person reads in the report: reason, statuses and
// notes, for "the report names the problem" checks.
func (r *Report) Text() string {
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

// StartWeb starts a fixture web of sites (DefaultSites when nil), closed
// when the test ends.
func StartWeb(t testing.TB, sites []fixtureweb.Site) *fixtureweb.Web {
	t.Helper()
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: sites})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	return w
}

// FastEnv is the environment for tests that do not check pacing.
func FastEnv(w *fixtureweb.Web) []string {
	return append(w.Env(), "FEEDSCOUT_PAUSE=20ms")
}

// DiscoverAll runs `feedscout-host discover --json --order order` on the
// sites' start URLs in one process and returns the reports by site name.
func DiscoverAll(t testing.TB, env []string, order string, sites []fixtureweb.Site) map[string]*Report {
	t.Helper()
	args := []string{"discover", "--json", "--order", order}
	for _, s := range sites {
		args = append(args, s.URL())
	}
	out, errOut, code := RunHost(t, env, "", args...)
	if code != 0 {
		t.Fatalf("discover exit %d: %s", code, errOut)
	}
	byRoot := map[string]*Report{}
	for _, line := range strings.Split(strings.TrimSpace(out), "\n") {
		if line == "" {
			continue
		}
		r := &Report{}
		if err := json.Unmarshal([]byte(line), r); err != nil {
			t.Fatalf("report is not JSON: %v\n%s", err, line)
		}
		r.Raw = json.RawMessage(line)
		byRoot[r.Site] = r
	}
	got := map[string]*Report{}
	for _, s := range sites {
		r := byRoot[RootOf(s.URL())]
		if r == nil {
			t.Fatalf("no report for %s (%s); stderr:\n%s", s.Name, s.URL(), errOut)
		}
		got[s.Name] = r
	}
	return got
}

// RootOf is the report's "site" for a start URL: scheme://host/.
func RootOf(u string) string {
	i := strings.Index(u, "://")
	rest := u[i+3:]
	if j := strings.IndexByte(rest, '/'); j >= 0 {
		rest = rest[:j]
	}
	return strings.ToLower(u[:i]) + "://" + strings.ToLower(rest) + "/"
}

// SiteHits counts what every host of s received.
func SiteHits(w *fixtureweb.Web, s fixtureweb.Site) int {
	n := 0
	for _, h := range s.Hosts() {
		n += len(w.Hits(h))
	}
	return n
}

// TabPage is a page as a browser tab holds it: its final URL after
// redirects, its HTML and content type.
type TabPage struct {
	URL         string `json:"url"`
	HTML        string `json:"html"`
	ContentType string `json:"content_type"`
}

// LoadTabs opens each site's start URL the way a browser does (following
// redirects) and then forgets those hits: the user's browser loaded the
// page, not feedscout.
func LoadTabs(t testing.TB, w *fixtureweb.Web, sites []fixtureweb.Site) map[string]TabPage {
	t.Helper()
	c := w.Client()
	tabs := map[string]TabPage{}
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
		tabs[s.Name] = TabPage{URL: resp.Request.URL.String(), HTML: string(body), ContentType: resp.Header.Get("Content-Type")}
	}
	w.Reset()
	return tabs
}

// DiscoverNM sends one discover request per site (url and page from its
// tab) to one host over native messaging, all at once, and returns the
// reports by site name.
func DiscoverNM(t testing.TB, env []string, order string, sites []fixtureweb.Site, tabs map[string]TabPage) map[string]*Report {
	t.Helper()
	h := StartNM(t, env)
	var ids []string
	for _, s := range sites {
		tab := tabs[s.Name]
		h.Send(map[string]any{"id": s.Name, "type": "discover", "url": tab.URL, "page": tab, "order": order})
		ids = append(ids, `"`+s.Name+`"`)
	}
	got := h.Until(3*time.Minute, ids...)
	reps := map[string]*Report{}
	for _, s := range sites {
		replies := got[`"`+s.Name+`"`]
		last := replies[len(replies)-1]
		if last.Type != "result" {
			t.Fatalf("%s: %s %s: %s", s.Name, last.Type, last.Code, last.Error)
		}
		r := &Report{}
		if err := json.Unmarshal(last.Report, r); err != nil {
			t.Fatalf("%s: report: %v", s.Name, err)
		}
		r.Raw = last.Report
		if n := len(replies) - 1; n != len(r.Requests) {
			t.Errorf("%s: %d progress replies for %d log rows", s.Name, n, len(r.Requests))
		}
		reps[s.Name] = r
	}
	if code := h.CloseAndWait(10 * time.Second); code != 0 {
		t.Fatalf("host exit %d", code)
	}
	return reps
}

// DecodeJSON decodes one JSON value from s into v.
func DecodeJSON(t testing.TB, s string, v any) {
	t.Helper()
	if err := json.Unmarshal([]byte(strings.TrimSpace(s)), v); err != nil {
		t.Fatalf("not one JSON value: %v\n%s", err, s)
	}
}
