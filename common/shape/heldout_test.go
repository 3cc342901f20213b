package shape

import (
	"fmt"
	"hash/fnv"
	"net/url"
	"sort"
	"strings"
	"testing"

	"feedscout/common/internal/tsv"
)

// floors are the least macro-F1, recall of other and recall of article
// that InPage must reach on a corpus (checkFloors): the figures reached
// when it was last measured, less 0.02. On a held-out corpus they only
// catch a later change that makes things worse on URLs nobody here wrote;
// on a development set they keep tuning from undoing itself.
type floors struct{ macro, other, article float64 }

var (
	// heldout9.tsv, the held-out corpus: read once with the rules frozen
	// at 15f9b7b (0.725, 0.634, 0.717; docs/url-shapes.md); one fix came
	// from its misses since (/all-about/: 0.735), and it was read once
	// more after the rest of the eighth round, tuned on the development
	// sets only (30a5674).
	heldoutFloors = floors{0.72, 0.63, 0.69} // reached 0.742, 0.653, 0.717
	// heldout8.tsv, the seventh round's held-out corpus: read once with
	// the rules frozen at 4daa2a7 (0.735, 0.625, 0.738), tuned on in the
	// eighth round.
	h8Floors = floors{0.72, 0.62, 0.71} // reached 0.742, 0.645, 0.737
	// heldout7.tsv, the sixth round's held-out corpus: read once with the
	// rules frozen at 0bf8c4d (0.747, 0.600, 0.797), tuned on in the
	// seventh round.
	h7Floors = floors{0.73, 0.58, 0.79} // reached 0.758, 0.617, 0.813
	// heldout6.tsv, the fifth round's held-out corpus: read once with the
	// rules frozen at fb48b2c (0.724, 0.550, 0.824), tuned on in the sixth
	// round.
	h6Floors = floors{0.71, 0.55, 0.80} // reached 0.738, 0.585, 0.824
	// heldout5.tsv, the fourth round's second held-out corpus: read once
	// with the rules frozen at 08b1648 (0.731, 0.600, 0.784), tuned on in
	// the fifth round.
	h5Floors = floors{0.72, 0.60, 0.76} // reached 0.747, 0.641, 0.784
	// heldout4.tsv, the fourth round's held-out corpus: read once with the
	// rules frozen at 1fb67e7 (0.846, 0.776, 0.899), then two fixes came
	// from its misses (08b1648: 0.846, 0.776, 0.920).
	h4Floors = floors{0.82, 0.75, 0.90} // reached 0.847, 0.779, 0.920
	// heldout3.tsv, the third round's held-out corpus: read once with the
	// third round's frozen rules (4b59113: 0.740, 0.619, 0.768), tuned on
	// in the fourth.
	h3Floors = floors{0.74, 0.63, 0.76} // reached 0.767, 0.671, 0.783
	// heldout2.tsv, whole and its even half, both tuned on in the third
	// round. Its one reading as a held-out corpus, with the frozen rules of
	// 0907ff6, gave 0.781, 0.689, 0.819; its even half, read once after
	// f8ba758, 0.787, 0.678 and 0.784.
	h2Floors   = floors{0.81, 0.74, 0.84} // reached 0.839, 0.768, 0.866
	evenFloors = floors{0.80, 0.73, 0.79} // reached 0.830, 0.755, 0.817
	// heldout1.tsv, the first round's held-out corpus, seen and tuned on
	// since.
	seenFloors = floors{0.90, 0.81, 0.98} // reached 0.926, 0.839, 1.000
)

// heldoutRow is one URL of the held-out corpus.
type heldoutRow struct {
	url, path string
	u         *url.URL
	label     Shape
	where     string // list, page, nav, footer, body
	lang, cms string
	source    string // repository and file the URL was taken from
	text      string // the anchor's own text, where the corpus has it
	publisher string
	item      Item // what the page's markup says the link is, where known
}

// loadHeldout reads heldout.tsv or dev.tsv (the same six columns).
func loadHeldout(t testing.TB, name string) []heldoutRow {
	t.Helper()
	records, err := tsv.Read("testdata/shapes/" + name)
	if err != nil {
		t.Fatal(err)
	}
	var rows []heldoutRow
	for _, rec := range records {
		n, c := rec.Line, rec.Cols
		if len(c) != 6 && len(c) != 7 {
			t.Fatalf("%s line %d: want 6 or 7 tab-separated columns, got %d", name, n, len(c))
		}
		text := ""
		if len(c) == 7 && c[6] != "-" {
			text = c[6]
		}
		u, err := url.Parse(c[0])
		if err != nil || u.Host == "" {
			t.Fatalf("%s line %d: bad url %q: %v", name, n, c[0], err)
		}
		label := Shape(c[1])
		if label != Article && label != Section && label != Other {
			t.Fatalf("%s line %d: bad label %q", name, n, c[1])
		}
		switch c[2] {
		case "list", "page", "nav", "footer", "body":
		default:
			t.Fatalf("%s line %d: bad where %q", name, n, c[2])
		}
		if c[5] == "" {
			t.Fatalf("%s line %d: no source", name, n)
		}
		rows = append(rows, heldoutRow{
			url: c[0], path: Input(u), u: u, label: label, where: c[2],
			lang: c[3], cms: c[4], source: c[5], text: text, publisher: publisher(u.Hostname()),
		})
	}
	return rows
}

// langGroup folds the held-out corpus's 37 languages into groups big enough
// to read a figure from.
func langGroup(lang string) string {
	switch lang {
	case "en", "de", "fr", "cs":
		return lang
	case "es", "pt", "it", "ca", "ro":
		return "es/pt/it/ca/ro"
	case "zh", "ja", "ko", "vi", "id", "tl":
		return "zh/ja/ko/vi/id/tl"
	case "ar", "fa", "he", "hi", "gu", "bn", "hy":
		return "ar/fa/he/hi/gu/bn/hy"
	}
	return "other European"
}

// heldoutVerdicts judges every row alone (Path, Seed) and in context: the
// links taken from one saved page, or one dataset's URLs of one host, are
// judged together as InContext's siblings, and by InPage with the links of
// the page's navigation and footer marked Nav.
func heldoutVerdicts(rows []heldoutRow) map[string][]Verdict {
	out := map[string][]Verdict{
		"Seed": make([]Verdict, len(rows)),
		"URL":  make([]Verdict, len(rows)),
	}
	groups := map[string][]int{}
	for i, r := range rows {
		out["Seed"][i] = Seed(r.path)
		out["URL"][i] = URL(r.u)
		key := r.source
		if r.where == "list" {
			key += " " + r.publisher
		}
		groups[key] = append(groups[key], i)
	}
	ctx := make([]Verdict, len(rows))
	page := make([]Verdict, len(rows))
	for _, idx := range groups {
		ps := make([]string, len(idx))
		ls := make([]Link, len(idx))
		for j, i := range idx {
			ps[j] = rows[i].path
			ls[j] = Link{
				Path:   rows[i].path,
				Nav:    rows[i].where == "nav" || rows[i].where == "footer",
				Footer: rows[i].where == "footer",
				Text:   rows[i].text,
				Item:   rows[i].item,
			}
		}
		for j, v := range InContext(ps) {
			ctx[idx[j]] = v
		}
		for j, v := range InPage(ls) {
			page[idx[j]] = v
		}
	}
	// The host first, as URL and the page classifier judge it.
	for i, r := range rows {
		ctx[i] = OnHost(r.u.Hostname(), ctx[i])
		page[i] = OnHost(r.u.Hostname(), page[i])
	}
	out["InContext"] = ctx
	out["InPage"] = page
	return out
}

func f1(c confusion, s Shape) float64 {
	p, r := c.precisionRecall(s)
	if p+r == 0 {
		return 0
	}
	return 2 * p * r / (p + r)
}

// TestHeldoutCorpus reports the rules on heldout9.tsv, the held-out corpus
// of issue 17's ninth reading: URLs and anchor texts from the menus,
// footers and bodies of saved pages of 108 publishers, most of them news
// sites (htmldate's evaluation pages), in no other corpus, taken
// mechanically, labelled by helpers who never saw a rule's verdict, read
// once after the rules were frozen and never tuned on. InPage, the page
// classifier's rules, must stay above the floors; classify's
// TestHeldoutPages runs the page classifier itself on the same saved
// pages.
func TestHeldoutCorpus(t *testing.T) {
	rows := loadHeldout(t, "heldout9.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "heldout3.tsv", "heldout4.tsv", "heldout5.tsv", "heldout6.tsv", "heldout7.tsv", "heldout8.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout9.tsv", rows, others, 100)
	checkFloors(t, "heldout9.tsv", c, heldoutFloors)
}

// TestHeldout8 reports the rules on heldout8.tsv (the last 167 publishers
// of trafilatura's comparison set), read once with the rules frozen at
// 4daa2a7 and tuned on in the eighth round: a development set.
func TestHeldout8(t *testing.T) {
	rows := loadHeldout(t, "heldout8.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "heldout3.tsv", "heldout4.tsv", "heldout5.tsv", "heldout6.tsv", "heldout7.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout8.tsv", rows, others, 150)
	checkFloors(t, "heldout8.tsv", c, h8Floors)
}

// TestHeldout7 reports the rules on heldout7.tsv (130 publishers of
// trafilatura's comparison set), read once with the rules frozen at
// 0bf8c4d and tuned on in the seventh round: a development set.
func TestHeldout7(t *testing.T) {
	rows := loadHeldout(t, "heldout7.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "heldout3.tsv", "heldout4.tsv", "heldout5.tsv", "heldout6.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout7.tsv", rows, others, 120)
	checkFloors(t, "heldout7.tsv", c, h7Floors)
}

// TestHeldout6 reports the rules on heldout6.tsv (130 publishers of
// trafilatura's comparison set), read once with the rules frozen at
// fb48b2c and tuned on in the sixth round: a development set.
func TestHeldout6(t *testing.T) {
	rows := loadHeldout(t, "heldout6.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "heldout3.tsv", "heldout4.tsv", "heldout5.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout6.tsv", rows, others, 120)
	checkFloors(t, "heldout6.tsv", c, h6Floors)
}

// TestHeldout5 reports the rules on heldout5.tsv (120 publishers of
// trafilatura's comparison set), read once with the rules frozen at
// 08b1648 and tuned on in the fifth round: a development set.
func TestHeldout5(t *testing.T) {
	rows := loadHeldout(t, "heldout5.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "heldout3.tsv", "heldout4.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout5.tsv", rows, others, 100)
	checkFloors(t, "heldout5.tsv", c, h5Floors)
}

// TestHeldout4 reports the rules on heldout4.tsv, the fourth round's
// held-out corpus (103 publishers), read once with the rules frozen at
// 1fb67e7; two fixes came from its misses since. Its WordPress pages carry
// what their markup says each link is (heldout4-items.tsv, Item), as the
// page classifier reads it; the figures without it are logged too.
func TestHeldout4(t *testing.T) {
	rows := loadHeldout(t, "heldout4.tsv")
	found := applyItems(t, rows, "heldout4-items.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "heldout3.tsv", "dev.tsv")
	t.Logf("heldout4.tsv: %d URLs with a CMS's word on them (heldout4-items.tsv)", found)
	c := reportHeldout(t, "heldout4.tsv", rows, others, 100)
	checkFloors(t, "heldout4.tsv", c, h4Floors)
	bare := make([]heldoutRow, len(rows))
	copy(bare, rows)
	withItems := 0
	for i := range bare {
		if bare[i].item != ItemUnknown {
			withItems++
		}
		bare[i].item = ItemUnknown
	}
	if withItems == 0 {
		t.Fatal("no row of heldout4.tsv has an item: heldout4-items.tsv does not match")
	}
	cb := newConfusion()
	for i, v := range heldoutVerdicts(bare)["InPage"] {
		cb[bare[i].label][v.Shape]++
	}
	t.Logf("InPage on heldout4.tsv without the CMS's word (Item):\n%v", cb)
}

// TestHeldout3 reports the rules on heldout3.tsv, the third round's
// held-out corpus (61 publishers), read once with the third round's frozen
// rules (4b59113) and tuned on in the fourth round: a development set now,
// whose floors keep it from getting worse.
func TestHeldout3(t *testing.T) {
	rows := loadHeldout(t, "heldout3.tsv")
	others := publishersOf(t, "heldout1.tsv", "heldout2.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout3.tsv", rows, others, 50)
	checkFloors(t, "heldout3.tsv", c, h3Floors)
}

// applyItems reads name (source, URL, item, evidence: what a saved page's
// markup says a link is, as common/classify reads it) and sets the item of
// each row of the same page and URL; it returns how many rows it set.
func applyItems(t *testing.T, rows []heldoutRow, name string) int {
	t.Helper()
	items, err := loadItems("testdata/shapes/" + name)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for i := range rows {
		if it, ok := items[rows[i].source+"\t"+rows[i].url]; ok && rows[i].where != "page" {
			rows[i].item = it
			n++
		}
	}
	return n
}

// loadItems reads an items file: source, URL, item name, evidence, one
// link per line; the first line for a source and URL wins, as the page
// classifier takes a link's first known item.
func loadItems(path string) (map[string]Item, error) {
	records, err := tsv.Read(path)
	if err != nil {
		return nil, err
	}
	out := map[string]Item{}
	for _, rec := range records {
		n, c := rec.Line, rec.Cols
		if len(c) != 4 {
			return nil, fmt.Errorf("%s line %d: want 4 tab-separated columns, got %d", path, n, len(c))
		}
		it := ItemUnknown
		for _, k := range []Item{ItemListing, ItemTag, ItemPage, ItemPost} {
			if k.String() == c[2] {
				it = k
			}
		}
		if it == ItemUnknown {
			return nil, fmt.Errorf("%s line %d: unknown item %q", path, n, c[2])
		}
		key := c[0] + "\t" + c[1]
		if _, seen := out[key]; !seen {
			out[key] = it
		}
	}
	return out, nil
}

// TestHeldout2 reports the rules on heldout2.tsv, the second round's
// held-out corpus (165 publishers): read once with the second round's
// frozen rules (0907ff6); then its odd half (heldout2Tuned) was tuned on,
// its even half read once after f8ba758 and tuned on in the third round.
// Both halves are development sets now; the floors keep them from getting
// worse.
func TestHeldout2(t *testing.T) {
	rows := loadHeldout(t, "heldout2.tsv")
	others := publishersOf(t, "heldout1.tsv", "dev.tsv")
	c := reportHeldout(t, "heldout2.tsv", rows, others, 150)
	checkFloors(t, "heldout2.tsv", c, h2Floors)
	var even []heldoutRow
	for _, r := range rows {
		if !heldout2Tuned(r.publisher) {
			even = append(even, r)
		}
	}
	c = reportHeldout(t, "heldout2.tsv's even half", even, others, 0)
	checkFloors(t, "heldout2.tsv's even half", c, evenFloors)
}

// heldout2Tuned reports whether a publisher of heldout2.tsv is in the half
// the second round tuned on: an odd FNV-1a hash of its registrable name
// (82 publishers, 2,017 URLs); the even half (83 publishers, 2,327 URLs)
// was read once after that round and tuned on in the third.
func heldout2Tuned(publisher string) bool {
	h := fnv.New32a()
	h.Write([]byte(publisher))
	return h.Sum32()%2 == 1
}

// TestSeenHeldout reports the rules on heldout1.tsv, the first round's
// held-out corpus: measured once before this round's rules, tuned on
// since (docs/url-shapes.md), so its figures are a development set's.
func TestSeenHeldout(t *testing.T) {
	rows := loadHeldout(t, "heldout1.tsv")
	others := publishersOf(t)
	c := reportHeldout(t, "heldout1.tsv", rows, others, 150)
	checkFloors(t, "heldout1.tsv", c, seenFloors)
}

// publishersOf is the set of publishers of corpus.tsv, fresh.tsv and the
// named held-out files: those a held-out corpus must not share.
func publishersOf(t *testing.T, heldouts ...string) map[string]bool {
	t.Helper()
	pubs := map[string]bool{}
	for _, name := range []string{"corpus.tsv", "fresh.tsv"} {
		for _, r := range loadCorpus(t, name) {
			pubs[r.publisher] = true
		}
	}
	for _, name := range heldouts {
		for _, r := range loadHeldout(t, name) {
			pubs[r.publisher] = true
		}
	}
	return pubs
}

// checkFloors fails the test when c (InPage's confusion) is below a floor.
func checkFloors(t *testing.T, name string, c confusion, f floors) {
	t.Helper()
	if m := c.macroF1(); m < f.macro {
		t.Errorf("InPage macro-F1 on %s = %.3f, below the floor %.2f", name, m, f.macro)
	}
	if _, r := c.precisionRecall(Other); r < f.other {
		t.Errorf("InPage recall of other on %s = %.3f, below %.2f", name, r, f.other)
	}
	if _, r := c.precisionRecall(Article); r < f.article {
		t.Errorf("InPage recall of article on %s = %.3f, below %.2f", name, r, f.article)
	}
}

// reportHeldout checks that no publisher of rows is in others and that
// they are at least minPublishers, logs the
// figures of Seed, URL, InContext and InPage on rows, overall and per
// language, CMS and place, and returns InPage's confusion.
func reportHeldout(t *testing.T, name string, rows []heldoutRow, others map[string]bool, minPublishers int) confusion {
	t.Helper()
	pubs := map[string]bool{}
	for _, r := range rows {
		if others[r.publisher] {
			t.Errorf("%s: publisher %q (%s) is in another corpus", name, r.publisher, r.url)
		}
		pubs[r.publisher] = true
	}
	if len(pubs) < minPublishers {
		t.Errorf("%s has %d publishers, want at least %d", name, len(pubs), minPublishers)
	}
	t.Logf("%s: %d URLs, %d publishers", name, len(rows), len(pubs))
	verdicts := heldoutVerdicts(rows)
	all := map[string]confusion{}
	for _, rule := range []string{"Seed", "URL", "InContext", "InPage"} {
		c := newConfusion()
		for i, r := range rows {
			c[r.label][verdicts[rule][i].Shape]++
		}
		all[rule] = c
		var b strings.Builder
		for _, s := range shapes {
			p, r := c.precisionRecall(s)
			fmt.Fprintf(&b, "  %-8s precision %.3f recall %.3f F1 %.3f\n", s, p, r, f1(c, s))
		}
		t.Logf("%s on %s:\n%v\n%s", rule, name, c, b.String())
	}

	// Per group: macro-F1 and recall of other, baseline and default rules.
	for _, g := range []struct {
		name string
		key  func(heldoutRow) string
	}{
		{"language", func(r heldoutRow) string { return langGroup(r.lang) }},
		{"CMS", func(r heldoutRow) string { return r.cms }},
		{"where", func(r heldoutRow) string { return r.where }},
	} {
		byKey := map[string]map[string]confusion{}
		for i, r := range rows {
			k := g.key(r)
			if byKey[k] == nil {
				byKey[k] = map[string]confusion{}
				for rule := range verdicts {
					byKey[k][rule] = newConfusion()
				}
			}
			for rule, vs := range verdicts {
				byKey[k][rule][r.label][vs[i].Shape]++
			}
		}
		keys := make([]string, 0, len(byKey))
		for k := range byKey {
			keys = append(keys, k)
		}
		sort.Strings(keys)
		var b strings.Builder
		fmt.Fprintf(&b, "  %-22s %4s  %-15s  %-15s  %-15s  %-15s\n", g.name, "n", "Seed acc/oth-R", "URL acc/oth-R", "InCtx acc/oth-R", "InPage acc/oth-R")
		for _, k := range keys {
			c := byKey[k]
			fmt.Fprintf(&b, "  %-22s %4d", k, c["URL"].total())
			for _, rule := range []string{"Seed", "URL", "InContext", "InPage"} {
				_, or := c[rule].precisionRecall(Other)
				fmt.Fprintf(&b, "  %.3f / %.3f  ", c[rule].accuracy(), or)
			}
			b.WriteString("\n")
		}
		t.Logf("%s by %s (accuracy / recall of other):\n%s", name, g.name, b.String())
	}

	// InPage is what the page classifier runs (common/classify's links.go).
	return all["InPage"]
}

// TestDevSet reports the rules on dev.tsv, the development set that rules
// may be tuned on (heldout.tsv never is), with its misses under -v.
func TestDevSet(t *testing.T) {
	rows := loadHeldout(t, "dev.tsv")
	held := publishersOf(t, "heldout1.tsv")
	pubs := map[string]bool{}
	for _, r := range rows {
		if held[r.publisher] {
			t.Errorf("dev publisher %q (%s) is in another corpus", r.publisher, r.url)
		}
		pubs[r.publisher] = true
	}
	if len(rows) < 400 || len(pubs) < 100 {
		t.Errorf("development set has %d URLs from %d publishers, want at least 400 from 100", len(rows), len(pubs))
	}
	t.Logf("development set: %d URLs, %d publishers", len(rows), len(pubs))
	verdicts := heldoutVerdicts(rows)
	for _, name := range []string{"Seed", "URL", "InContext", "InPage"} {
		c := newConfusion()
		for i, r := range rows {
			c[r.label][verdicts[name][i].Shape]++
		}
		t.Logf("%s on the development set:\n%v", name, c)
	}
	for i, r := range rows {
		if v := verdicts["InPage"][i]; v.Shape != r.label {
			t.Logf("dev miss %-7s got %-7s %-18s %s", r.label, v.Shape, v.Rule, r.url)
		}
	}
}
