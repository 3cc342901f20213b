package shape

import (
	"flag"
	"fmt"
	"hash/fnv"
	"net/url"
	"strings"
	"testing"

	"feedscout/common/internal/tsv"
)

// The figures Path reached on testdata/shapes/corpus.tsv (macro-F1
// 0.964, recall of other 0.929), rounded down by 0.01 (docs/url-shapes.md
// has the full table). The test fails when a rule change drops below them;
// the goal is macro-F1 >= 0.85 with recall of other >= 0.7.
const (
	corpusMacroF1Floor     = 0.95
	corpusOtherRecallFloor = 0.91
)

var showMisses = flag.Bool("shapes.misses", false, "print the dev split's misjudged corpus URLs")

// corpusRow is one labelled URL of the shape corpus.
type corpusRow struct {
	url       string
	path      string // what callers pass: EscapedPath, plus "?"+RawQuery
	label     Shape
	note      string
	publisher string
	heldOut   bool
}

func loadCorpus(t testing.TB, name string) []corpusRow {
	t.Helper()
	records, err := tsv.Read("testdata/shapes/" + name)
	if err != nil {
		t.Fatalf("read corpus: %v", err)
	}
	var rows []corpusRow
	for _, rec := range records {
		n, cols := rec.Line, rec.Cols
		if len(cols) != 3 {
			t.Fatalf("%s line %d: want 3 tab-separated columns, got %d", name, n, len(cols))
		}
		u, err := url.Parse(cols[0])
		if err != nil || u.Host == "" {
			t.Fatalf("%s line %d: bad url %q: %v", name, n, cols[0], err)
		}
		label := Shape(cols[1])
		if label != Article && label != Section && label != Other {
			t.Fatalf("%s line %d: bad label %q", name, n, cols[1])
		}
		path := u.EscapedPath()
		if u.RawQuery != "" {
			path += "?" + u.RawQuery
		}
		pub := publisher(u.Hostname())
		h := fnv.New32a()
		h.Write([]byte(pub))
		rows = append(rows, corpusRow{
			url: cols[0], path: path, label: label, note: cols[2],
			publisher: pub, heldOut: h.Sum32()%10 < 3,
		})
	}
	return rows
}

// publisher names the site a host belongs to: the label left of the public
// suffix (www.bbc.co.uk -> bbc, news.sina.com.cn -> sina). It keys the
// held-out split, so that no publisher is on both sides.
func publisher(host string) string {
	labels := strings.Split(strings.ToLower(host), ".")
	i := len(labels) - 2
	if i > 0 && len(labels[len(labels)-1]) == 2 {
		switch labels[i] {
		case "co", "com", "or", "ne", "ac", "go", "gov", "org", "net":
			i--
		}
	}
	if i < 0 {
		i = 0
	}
	return labels[i]
}

var shapes = []Shape{Article, Section, Other}

// confusion counts verdicts: [label][verdict].
type confusion map[Shape]map[Shape]int

func newConfusion() confusion {
	c := confusion{}
	for _, s := range shapes {
		c[s] = map[Shape]int{}
	}
	return c
}

func (c confusion) total() int {
	n := 0
	for _, l := range shapes {
		for _, v := range shapes {
			n += c[l][v]
		}
	}
	return n
}

func (c confusion) accuracy() float64 {
	ok := 0
	for _, s := range shapes {
		ok += c[s][s]
	}
	return float64(ok) / float64(c.total())
}

// precisionRecall of one label; 0 where undefined.
func (c confusion) precisionRecall(s Shape) (p, r float64) {
	var predicted, actual int
	for _, o := range shapes {
		predicted += c[o][s]
		actual += c[s][o]
	}
	if predicted > 0 {
		p = float64(c[s][s]) / float64(predicted)
	}
	if actual > 0 {
		r = float64(c[s][s]) / float64(actual)
	}
	return p, r
}

func (c confusion) macroF1() float64 {
	var sum float64
	for _, s := range shapes {
		p, r := c.precisionRecall(s)
		if p+r > 0 {
			sum += 2 * p * r / (p + r)
		}
	}
	return sum / float64(len(shapes))
}

func (c confusion) String() string {
	var b strings.Builder
	fmt.Fprintf(&b, "  %-8s %8s %8s %8s   %6s %6s\n", "label\\got", "article", "section", "other", "prec", "recall")
	for _, l := range shapes {
		p, r := c.precisionRecall(l)
		fmt.Fprintf(&b, "  %-9s %8d %8d %8d   %6.3f %6.3f\n", l, c[l][Article], c[l][Section], c[l][Other], p, r)
	}
	fmt.Fprintf(&b, "  n=%d accuracy=%.3f macro-F1=%.3f", c.total(), c.accuracy(), c.macroF1())
	return b.String()
}

// evaluate judges every row with judge and returns the confusion of the
// dev split, the held-out split and both.
func evaluate(rows []corpusRow, judge func(int) Verdict) (dev, held, all confusion) {
	dev, held, all = newConfusion(), newConfusion(), newConfusion()
	for i, r := range rows {
		got := judge(i).Shape
		all[r.label][got]++
		if r.heldOut {
			held[r.label][got]++
		} else {
			dev[r.label][got]++
		}
	}
	return dev, held, all
}

func TestCorpus(t *testing.T) {
	rows := loadCorpus(t, "corpus.tsv")
	fresh := loadCorpus(t, "fresh.tsv")
	pubs := map[string]bool{}
	heldPubs := map[string]bool{}
	for _, r := range rows {
		pubs[r.publisher] = true
		if r.heldOut {
			heldPubs[r.publisher] = true
		}
	}
	t.Logf("corpus: %d URLs, %d publishers (%d held out)", len(rows), len(pubs), len(heldPubs))

	paths := make([]string, len(rows))
	for i, r := range rows {
		paths[i] = r.path
	}
	rulesets := []struct {
		name  string
		judge func(int) Verdict
	}{
		{"Seed", func(i int) Verdict { return Seed(rows[i].path) }},
		{"Path", func(i int) Verdict { return Path(rows[i].path) }},
	}
	for _, rs := range rulesets {
		dev, held, all := evaluate(rows, rs.judge)
		t.Logf("%s, dev split:\n%v", rs.name, dev)
		t.Logf("%s, held-out split:\n%v", rs.name, held)
		t.Logf("%s, whole corpus:\n%v", rs.name, all)
	}
	for _, rs := range []struct {
		name  string
		judge func(string) Verdict
	}{{"Seed", Seed}, {"Path", Path}} {
		_, _, all := evaluate(fresh, func(i int) Verdict { return rs.judge(fresh[i].path) })
		t.Logf("%s, fresh check set (written after the rules):\n%v", rs.name, all)
	}

	// In context: the corpus URLs of one host stand for the links of one
	// page of that site.
	byHost := map[string][]int{}
	for i, r := range rows {
		u, _ := url.Parse(r.url)
		byHost[u.Host] = append(byHost[u.Host], i)
	}
	inContext := make([]Verdict, len(rows))
	for _, idx := range byHost {
		ps := make([]string, len(idx))
		for j, i := range idx {
			ps[j] = rows[i].path
		}
		for j, v := range InContext(ps) {
			inContext[idx[j]] = v
		}
	}
	dev, held, all := evaluate(rows, func(i int) Verdict { return inContext[i] })
	t.Logf("InContext (URLs grouped by host), dev split:\n%v", dev)
	t.Logf("InContext (URLs grouped by host), held-out split:\n%v", held)
	t.Logf("InContext (URLs grouped by host), whole corpus:\n%v", all)

	if *showMisses {
		for _, r := range rows {
			if r.heldOut {
				continue
			}
			if v := Path(r.path); v.Shape != r.label {
				t.Logf("miss %-7s got %-7s %-22s %s  (%s)", r.label, v.Shape, v.Rule, r.path, r.note)
			}
		}
	}

	_, _, all = evaluate(rows, func(i int) Verdict { return Path(rows[i].path) })
	if f := all.macroF1(); f < corpusMacroF1Floor {
		t.Errorf("Path macro-F1 on the corpus = %.3f, below the floor %.2f", f, corpusMacroF1Floor)
	}
	if _, r := all.precisionRecall(Other); r < corpusOtherRecallFloor {
		t.Errorf("Path recall of other on the corpus = %.3f, below %.2f", r, corpusOtherRecallFloor)
	}
}
