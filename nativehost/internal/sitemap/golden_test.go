package sitemap

import (
	"bytes"
	"compress/gzip"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"
	"time"
)

var update = flag.Bool("update", false, "rewrite testdata/*.json from the current output")

// goldenNow is "now" for every golden judgement.
var goldenNow = time.Date(2026, 11, 30, 9, 0, 0, 0, time.UTC)

// generated are golden inputs too big to check in, built on demand; their
// .json goldens are checked in like the others.
var generated = map[string]func() []byte{
	"urlset-50000.xml":    func() []byte { return genURLSet(50000) },
	"urlset-50001.xml.gz": func() []byte { return gzipped(genURLSet(50001)) },
	"news-1001.xml":       func() []byte { return genNews(1001) },
}

// golden is what a golden file records about one input.
type golden struct {
	Error        string `json:"error,omitempty"`
	ErrorIs      string `json:"error_is,omitempty"`
	Kind         Kind   `json:"kind,omitempty"`
	Count        int    `json:"count"`
	Truncated    bool   `json:"truncated,omitempty"`
	DeclaresNews bool   `json:"declares_news,omitempty"`
	// Entries: all of them up to 12, else the first three and the last.
	Entries     []Entry    `json:"entries,omitempty"`
	Judgement   *Judgement `json:"judgement,omitempty"`
	Departments []string   `json:"departments,omitempty"`
	Ranked      []string   `json:"ranked,omitempty"`
}

func describe(data []byte) golden {
	sm, err := Parse(bytes.NewReader(data))
	if err != nil {
		return golden{Error: err.Error(), ErrorIs: errorClass(err)}
	}
	g := golden{Kind: sm.Kind, Count: len(sm.Entries), Truncated: sm.Truncated, DeclaresNews: sm.DeclaresNews}
	g.Entries = sm.Entries
	if len(sm.Entries) > 12 {
		g.Entries = append(sm.Entries[:3:3], sm.Entries[len(sm.Entries)-1])
	}
	if sm.Kind != KindIndex { // an index's entries are sitemaps: no judgement
		j := Judge(sm, goldenNow)
		g.Judgement = &j
	} else {
		g.Departments, _ = Departments(sm)
		for _, e := range RankChildren(sm.Entries) {
			g.Ranked = append(g.Ranked, e.Loc)
		}
	}
	return g
}

func errorClass(err error) string {
	for _, c := range []struct {
		err  error
		name string
	}{{ErrTooLarge, "too-large"}, {ErrDoctype, "doctype"}, {ErrNotSitemap, "not-sitemap"}, {ErrTruncated, "truncated"}} {
		if errors.Is(err, c.err) {
			return c.name
		}
	}
	return "other"
}

// TestGolden parses every input in testdata (and the generated ones) and
// compares with name.json; go test -run TestGolden -update rewrites them.
func TestGolden(t *testing.T) {
	inputs := map[string]func() ([]byte, error){}
	files, err := filepath.Glob("testdata/*")
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range files {
		if st, err := os.Stat(f); err != nil || st.IsDir() || strings.HasSuffix(f, ".json") || strings.HasPrefix(filepath.Base(f), ".") {
			continue
		}
		inputs[filepath.Base(f)] = func() ([]byte, error) { return os.ReadFile(f) }
	}
	for name, gen := range generated {
		inputs[name] = func() ([]byte, error) { return gen(), nil }
	}
	names := make([]string, 0, len(inputs))
	for name := range inputs {
		names = append(names, name)
	}
	sort.Strings(names)
	if len(names) < 20 {
		t.Fatalf("only %d golden inputs found", len(names))
	}
	for _, name := range names {
		t.Run(name, func(t *testing.T) {
			data, err := inputs[name]()
			if err != nil {
				t.Fatal(err)
			}
			got, err := json.MarshalIndent(describe(data), "", "  ")
			if err != nil {
				t.Fatal(err)
			}
			got = append(got, '\n')
			path := filepath.Join("testdata", strings.SplitN(name, ".", 2)[0]+".json")
			if *update {
				if err := os.WriteFile(path, got, 0o644); err != nil {
					t.Fatal(err)
				}
				return
			}
			want, err := os.ReadFile(path)
			if err != nil {
				t.Fatalf("%v (run with -update to create it)", err)
			}
			if !bytes.Equal(got, want) {
				t.Errorf("output differs from %s (rerun with -update and review the diff):\n%s", path, got)
			}
		})
	}
}

// genURLSet builds an urlset of n article URLs with lastmod, changefreq
// and priority, about 227 bytes an entry (50,000 entries: ~11 MB, the
// benchmark's size).
func genURLSet(n int) []byte {
	b, _ := io.ReadAll(newURLSetReader(n))
	return b
}

// urlsetReader streams what genURLSet returns, entry by entry, so memory
// can be measured without the input itself resident.
type urlsetReader struct {
	n, i int
	buf  bytes.Buffer
}

func newURLSetReader(n int) *urlsetReader {
	r := &urlsetReader{n: n}
	r.buf.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n")
	r.buf.WriteString(`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">` + "\n")
	return r
}

func (r *urlsetReader) Read(p []byte) (int, error) {
	sections := [...]string{"world", "business", "technology", "politics", "science", "culture", "sport"}
	base := time.Date(2026, 11, 29, 23, 59, 0, 0, time.UTC)
	for r.buf.Len() < len(p) && r.i <= r.n {
		if r.i == r.n {
			r.buf.WriteString("</urlset>\n")
		} else {
			d := base.Add(-time.Duration(r.i) * 7 * time.Minute)
			fmt.Fprintf(&r.buf, "  <url>\n    <loc>https://www.example-news.com/%s/%s/%07d-the-story-of-item-number-%d</loc>\n"+
				"    <lastmod>%s</lastmod>\n    <changefreq>daily</changefreq>\n    <priority>0.%d</priority>\n  </url>\n",
				sections[r.i%len(sections)], d.Format("2006/01/02"), r.i, r.i, d.Format(time.RFC3339), 1+r.i%9)
		}
		r.i++
	}
	if r.buf.Len() == 0 {
		return 0, io.EOF
	}
	return r.buf.Read(p)
}

// genNews builds a news sitemap of n entries, one every 3 minutes back
// from goldenNow.
func genNews(n int) []byte {
	var b bytes.Buffer
	b.WriteString(`<?xml version="1.0" encoding="UTF-8"?>` + "\n" +
		`<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9" xmlns:image="http://www.google.com/schemas/sitemap-image/1.1">` + "\n")
	for i := range n {
		d := goldenNow.Add(-time.Duration(i) * 3 * time.Minute)
		fmt.Fprintf(&b, `<url><loc>https://www.example-news.com/national/%s-OYT1T5%04d/</loc>
<news:news><news:publication><news:name>Example Shimbun</news:name><news:language>ja</news:language></news:publication>
<news:publication_date>%s</news:publication_date><news:title>Story number %d: the council votes &amp; the city waits</news:title></news:news>
<image:image><image:loc>https://www.example-news.com/img/%d.jpg</image:loc></image:image></url>
`, d.Format("20060102"), i, d.Format(time.RFC3339), i, i)
	}
	b.WriteString("</urlset>\n")
	return b.Bytes()
}

func gzipped(p []byte) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write(p)
	zw.Close()
	return b.Bytes()
}
