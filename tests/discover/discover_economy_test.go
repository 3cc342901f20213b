package discover

// Issue 6's request economy: both orders over every site of the fixture
// web in one run, requests counted on the server side.

import (
	"fmt"
	"io"
	"os"
	"strings"
	"testing"
	"time"

	reportpkg "feedscout/common/report"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// economyRow is one site's figures under both orders.
type economyRow struct {
	site                     string
	artReq, smartReq         int
	artSec, smartSec         float64
	artOutcome, smartOutcome reportpkg.Outcome
}

// runEconomy discovers every default site with the article order, then
// with the smart order, each order in one host process with all sites
// concurrently, and counts what the servers saw. With tab set, discovery
// starts as the extension starts it: over native messaging, from the tab
// showing the site's homepage (its final URL and HTML).
func runEconomy(t testing.TB, pause string, tab bool) []economyRow {
	t.Helper()
	sites := fixtureweb.DefaultSites()
	w := harness.StartWeb(t, sites)
	env := append(w.Env(), "FEEDSCOUT_PAUSE="+pause)
	var tabs map[string]harness.TabPage
	if tab {
		tabs = harness.LoadTabs(t, w, sites)
	}
	rows := make([]economyRow, len(sites))
	for i, s := range sites {
		rows[i].site = s.Name
	}
	for _, order := range []string{"article", "smart"} {
		w.Reset()
		var reps map[string]*harness.Report
		if tab {
			reps = harness.DiscoverNM(t, env, order, sites, tabs)
		} else {
			reps = harness.DiscoverAll(t, env, order, sites)
		}
		for i, s := range sites {
			r := reps[s.Name]
			n, sec := harness.SiteHits(w, s), float64(r.ElapsedMS)/1000
			if order == "article" {
				rows[i].artReq, rows[i].artSec, rows[i].artOutcome = n, sec, r.Outcome
			} else {
				rows[i].smartReq, rows[i].smartSec, rows[i].smartOutcome = n, sec, r.Outcome
			}
		}
	}
	return rows
}

// printEconomy writes the per-site table and the totals; it returns the
// total ratio smart/article.
func printEconomy(out io.Writer, rows []economyRow) float64 {
	var art, smart int
	var artS, smartS float64
	fmt.Fprintf(out, "%-24s %8s %8s %-16s | %8s %8s %-16s\n", "site", "article", "s", "outcome", "smart", "s", "outcome")
	for _, r := range rows {
		fmt.Fprintf(out, "%-24s %8d %8.2f %-16s | %8d %8.2f %-16s\n", r.site, r.artReq, r.artSec, r.artOutcome, r.smartReq, r.smartSec, r.smartOutcome)
		art, smart = art+r.artReq, smart+r.smartReq
		artS, smartS = artS+r.artSec, smartS+r.smartSec
	}
	ratio := float64(smart) / float64(art)
	fmt.Fprintf(out, "%-24s %8d %8.2f %-16s | %8d %8.2f %-16s\n", "total", art, artS, "", smart, smartS, "")
	fmt.Fprintf(out, "ratio smart/article: %.3f\n", ratio)
	return ratio
}

// lostOutcomes lists the sites where the smart order reached a worse
// outcome than the article order.
func lostOutcomes(rows []economyRow) []string {
	var lost []string
	for _, r := range rows {
		if outcomeRank[r.smartOutcome] > outcomeRank[r.artOutcome] {
			lost = append(lost, fmt.Sprintf("%s: article %s, smart %s", r.site, r.artOutcome, r.smartOutcome))
		}
	}
	return lost
}

// TestRequestEconomy keeps issue 6's figure in the test suite with short
// pauses, as the product runs discovery (from the tab, over native
// messaging): the smart order loses no outcome and spends at most half
// the requests of the article order. TestDiscoverDefaultSites checks the
// outcomes of the CLI runs.
func TestRequestEconomy(t *testing.T) {
	t.Parallel()
	rows := runEconomy(t, "20ms", true)
	var b strings.Builder
	ratio := printEconomy(&b, rows)
	t.Log("\n" + b.String())
	if lost := lostOutcomes(rows); len(lost) > 0 {
		t.Errorf("the smart order lost outcomes: %s", strings.Join(lost, "; "))
	}
	if ratio > 0.5 {
		t.Errorf("smart/article = %.3f, want <= 0.5", ratio)
	}
}

// BenchmarkRequestEconomy runs both orders over every fixture site with
// the real 1 s pause and prints issue 6's table: "tab" as the extension
// starts discovery (native messaging, the tab's homepage sent along),
// "cli" as `feedscout-host discover --json` does (no page).
func BenchmarkRequestEconomy(b *testing.B) {
	for _, mode := range []string{"tab", "cli"} {
		b.Run(mode, func(b *testing.B) {
			for range b.N {
				start := time.Now()
				rows := runEconomy(b, "1s", mode == "tab")
				fmt.Printf("request economy, %s mode:\n", mode)
				ratio := printEconomy(os.Stdout, rows)
				b.ReportMetric(ratio, "smart/article")
				b.ReportMetric(time.Since(start).Seconds(), "s/run")
				if lost := lostOutcomes(rows); len(lost) > 0 {
					b.Fatalf("the smart order lost outcomes: %s", strings.Join(lost, "; "))
				}
			}
		})
	}
}
