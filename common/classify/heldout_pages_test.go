package classify

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"feedscout/common/internal/tsv"
	"feedscout/common/shape"
)

// heldoutPagesModules are the Go modules whose test files hold the saved
// pages of the held-out corpora, by the repository the corpora's sixth
// column names: heldout5.tsv to heldout8.tsv are trafilatura's comparison
// set as go-trafilatura ships it, heldout9.tsv htmldate's evaluation pages
// as go-htmldate ships them (and a few mock pages of both). The test reads
// them from the module cache, where .ci/run puts them (go mod download),
// never from the network.
var heldoutPagesModules = map[string]string{
	"markusmobius/go-trafilatura": "github.com/markusmobius/go-trafilatura@v1.12.2",
	"markusmobius/go-htmldate":    "github.com/markusmobius/go-htmldate@v1.10.1",
}

// heldoutPages are the held-out corpora whose saved pages the modules
// hold, each with the floors of the page classifier on it, every labelled
// link counted: the reached figures less 0.02. Since the eighth round the
// page's own row is scored by the page's own verdict (Links lists the
// page first, judged by its markup and URL); before, by the verdict of a
// link to it, as other when it had none. The figures of each reading are
// in parentheses.
var heldoutPages = []struct {
	file                  string
	macro, other, article float64
}{
	// heldout9.tsv: read once with the rules frozen at 15f9b7b (0.762,
	// 0.712, 0.733); one fix came from its misses since (/all-about/,
	// Reach's tags: 0.772), and it was read once more after the rest of
	// the eighth round (30a5674), tuned on the development sets only.
	{"heldout9.tsv", 0.75, 0.71, 0.71}, // reached 0.779 / 0.731 / 0.733
	// heldout8.tsv: read once with the rules frozen at 4daa2a7 (0.756,
	// 0.718, 0.742), tuned on in the eighth round: a development set.
	{"heldout8.tsv", 0.74, 0.71, 0.74}, // reached 0.768 / 0.735 / 0.766
	// heldout7.tsv: read once with the rules frozen at 0bf8c4d (0.757,
	// 0.679, 0.761), tuned on in the seventh round: a development set.
	{"heldout7.tsv", 0.75, 0.67, 0.78}, // reached 0.776 / 0.696 / 0.808
	// heldout6.tsv: read once with the rules frozen at fb48b2c (0.746,
	// 0.662, 0.782), tuned on in the sixth round: a development set.
	{"heldout6.tsv", 0.75, 0.67, 0.80}, // reached 0.770 / 0.693 / 0.828
	// heldout5.tsv: read once with the rules frozen at 08b1648 (0.720,
	// 0.682, 0.712), tuned on in the fifth round: a development set.
	{"heldout5.tsv", 0.74, 0.74, 0.75}, // reached 0.768 / 0.766 / 0.771
}

// TestHeldoutPages runs the page classifier itself (Links: the popup's
// and the host's classify.Links) on the saved pages of
// shape/testdata/shapes/heldout9.tsv to heldout5.tsv, the held-out
// corpora of issue 17's ninth to fifth readings, and scores its verdicts
// on the labelled links of each page: the figure the TSV-based
// shape.TestHeldoutCorpus approximates, with every link of the
// page as context, its real places and texts and its CMS's classes. It
// needs the pages in the module cache (go mod download of
// heldoutPagesModules, which .ci/run does); without them it skips, or
// fails under FEEDSCOUT_REQUIRE_TOOLS.
func TestHeldoutPages(t *testing.T) {
	dirs := heldoutPagesDirs(t)
	for _, h := range heldoutPages {
		t.Run(h.file, func(t *testing.T) {
			macro, other, article := scoreHeldoutPages(t, dirs, h.file)
			if macro < h.macro || other < h.other || article < h.article {
				t.Errorf("macro-F1 %.3f, other recall %.3f, article recall %.3f: below the floors %.2f, %.2f, %.2f",
					macro, other, article, h.macro, h.other, h.article)
			}
		})
	}
}

// scoreHeldoutPages runs Links on the saved pages of the held-out corpus
// file, logs its confusion on the links it judged and on every labelled
// link, and returns the latter's macro-F1 and recall of other and of
// article.
func scoreHeldoutPages(t *testing.T, dirs map[string]string, file string) (macro, other, article float64) {
	rows := readHeldoutRows(t, file)
	bySource := map[string][]heldoutRow{}
	for _, r := range rows {
		bySource[r.source] = append(bySource[r.source], r)
	}
	sources := make([]string, 0, len(bySource))
	for s := range bySource {
		sources = append(sources, s)
	}
	sort.Strings(sources)
	// conf scores every labelled link: one the classifier does not judge
	// (another host of the site, shop.example.com: Links judges the page's
	// own host) is offered as neither section nor article, so it counts as
	// other. found scores only the links it judged.
	conf, found := map[shape.Shape]map[shape.Shape]int{}, map[shape.Shape]map[shape.Shape]int{}
	for _, s := range []shape.Shape{shape.Article, shape.Section, shape.Other} {
		conf[s], found[s] = map[shape.Shape]int{}, map[shape.Shape]int{}
	}
	matched, unmatched := 0, 0
	for _, src := range sources {
		rs := bySource[src]
		// The source is the repository, a space, and the path (which may hold
		// spaces: "Jest zgoda PE na umowę ... .html").
		repo, path, _ := strings.Cut(src, " ")
		moduleDir, ok := dirs[repo]
		if !ok {
			t.Fatalf("%s: no module holds the pages of %s", src, repo)
		}
		body, err := os.ReadFile(filepath.Join(moduleDir, filepath.FromSlash(path)))
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		pageURL := ""
		for _, r := range rs {
			if r.where == "page" {
				pageURL = r.url
			}
		}
		if pageURL == "" {
			t.Fatalf("%s: no page row", src)
		}
		links, err := Links(pageURL, body, "text/html")
		if err != nil {
			t.Fatalf("%s: %v", src, err)
		}
		got := map[string]shape.Verdict{}
		for _, l := range links {
			got[l.URL] = l.Verdict
		}
		for _, r := range rs {
			v, ok := got[r.url]
			if !ok {
				unmatched++
				conf[r.label][shape.Other]++
				continue
			}
			matched++
			conf[r.label][v.Shape]++
			found[r.label][v.Shape]++
		}
	}
	if matched < len(rows)*8/10 {
		t.Errorf("only %d of %d labelled links found among the pages' links", matched, len(rows))
	}
	t.Logf("page classifier on %s's %d pages: %d labelled links judged, %d not (another host of the site)", file, len(sources), matched, unmatched)
	t.Log("the links it judged:")
	scoreConfusion(t, found)
	t.Log("every labelled link, one it does not judge counted as other:")
	return scoreConfusion(t, conf)
}

// heldoutPagesDirs is where the module cache holds each module of
// heldoutPagesModules, by repository.
func heldoutPagesDirs(t *testing.T) map[string]string {
	t.Helper()
	out, err := exec.Command("go", "env", "GOMODCACHE").Output()
	if err != nil {
		t.Fatalf("go env GOMODCACHE: %v", err)
	}
	dirs := map[string]string{}
	for repo, module := range heldoutPagesModules {
		dir := filepath.Join(strings.TrimSpace(string(out)), filepath.FromSlash(module))
		if _, err := os.Stat(filepath.Join(dir, "test-files")); err != nil {
			msg := fmt.Sprintf("the held-out pages are not in the module cache (%v); fetch them with: (cd $(mktemp -d) && GOFLAGS=-mod=mod go mod download %s)", err, module)
			if os.Getenv("FEEDSCOUT_REQUIRE_TOOLS") != "" {
				t.Fatal(msg)
			}
			t.Skip(msg)
		}
		dirs[repo] = dir
	}
	return dirs
}

type heldoutRow struct {
	url, where, source string
	label              shape.Shape
}

// readHeldoutRows reads the URL, label, place and source of every row of
// the held-out corpus file (shape/testdata/shapes).
func readHeldoutRows(t *testing.T, file string) []heldoutRow {
	t.Helper()
	records, err := tsv.Read(filepath.Join("..", "shape", "testdata", "shapes", file))
	if err != nil {
		t.Fatal(err)
	}
	var rows []heldoutRow
	for _, rec := range records {
		n, c := rec.Line, rec.Cols
		if len(c) != 7 {
			t.Fatalf("%s line %d: %d columns, want 7", file, n, len(c))
		}
		label := shape.Shape(c[1])
		if label != shape.Article && label != shape.Section && label != shape.Other {
			t.Fatalf("%s line %d: label %q", file, n, c[1])
		}
		rows = append(rows, heldoutRow{url: c[0], label: label, where: c[2], source: c[5]})
	}
	return rows
}

// scoreConfusion logs a confusion matrix (label, then verdict) with each
// class's precision, recall and F1, and returns macro-F1 and the recall
// of other and of article.
func scoreConfusion(t *testing.T, c map[shape.Shape]map[shape.Shape]int) (macro, otherRecall, articleRecall float64) {
	t.Helper()
	classes := []shape.Shape{shape.Article, shape.Section, shape.Other}
	var b strings.Builder
	fmt.Fprintf(&b, "  label\\got  article  section    other     prec recall     F1\n")
	total, right := 0, 0
	for _, l := range classes {
		row, tp, pred := 0, c[l][l], 0
		for _, g := range classes {
			row += c[l][g]
			pred += c[g][l]
		}
		total += row
		right += tp
		p, r := ratio(tp, pred), ratio(tp, row)
		f := 0.0
		if p+r > 0 {
			f = 2 * p * r / (p + r)
		}
		macro += f / 3
		switch l {
		case shape.Other:
			otherRecall = r
		case shape.Article:
			articleRecall = r
		}
		fmt.Fprintf(&b, "  %-9s %8d %8d %8d    %.3f  %.3f  %.3f\n", l, c[l][shape.Article], c[l][shape.Section], c[l][shape.Other], p, r, f)
	}
	fmt.Fprintf(&b, "  n=%d accuracy=%.3f macro-F1=%.3f", total, ratio(right, total), macro)
	t.Log("\n" + b.String())
	return macro, otherRecall, articleRecall
}

func ratio(a, b int) float64 {
	if b == 0 {
		return 0
	}
	return float64(a) / float64(b)
}
