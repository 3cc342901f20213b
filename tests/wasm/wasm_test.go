package wasm

// The built modules (dist/extension/wasm/classify.wasm, the popup's, and
// newsmap.wasm, the generator page's) under wazero: their imports against
// the browser shim, their sizes, and byte-for-byte parity with the Go
// packages they are built from.

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/tetratelabs/wazero"
	"github.com/tetratelabs/wazero/api"
	"github.com/tetratelabs/wazero/imports/wasi_snapshot_preview1"
	"golang.org/x/net/html/charset"

	"feedscout/common/classify"
	"feedscout/common/newsmap"
	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/common/shape"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// maxWASMSize is classify.wasm's budget (issue 2): 3.6 MB, for the
// popup's time to feeds on screen (docs/performance-browser.md).
const maxWASMSize = 3_600_000

// maxNewsmapWASMSize is newsmap.wasm's budget: the generator page fetches
// it when it opens, and the popup only when the user imports an OPML file,
// both off the popup's timed path. 3.2 MB is the size it was measured at
// (3.0 MB, docs/performance.md), plus the OPML reader moved here from
// classify.wasm (encoding/xml's decoder, 3,112,161 bytes with it), plus
// room for the generator's rules, not a second classifier.
const maxNewsmapWASMSize = 3_200_000

func wasmBytes(t testing.TB) []byte { return moduleBytes(t, "classify.wasm") }

// moduleBytes reads a built module of dist/extension/wasm.
func moduleBytes(t testing.TB, name string) []byte {
	t.Helper()
	b, err := os.ReadFile(filepath.Join(harness.DistDir(t), "extension", "wasm", name))
	if err != nil {
		t.Fatal(err)
	}
	return b
}

// wasmModule is one instance of the module under wazero.
type wasmModule struct {
	t      testing.TB
	ctx    context.Context
	mod    api.Module
	stderr *bytes.Buffer
}

// wasmCache shares the compiled module between the tests of the process:
// compiling it takes a second or more.
var wasmCache = wazero.NewCompilationCache()

func newRuntime(ctx context.Context) wazero.Runtime {
	return wazero.NewRuntimeWithConfig(ctx, wazero.NewRuntimeConfig().WithCompilationCache(wasmCache))
}

// startWASM compiles and starts the module as the browser does: a WASI
// reactor whose _initialize runs first. wazero does not run the start
// function of a reactor by itself (it would look for _start).
func startWASM(t testing.TB, wasm []byte) *wasmModule {
	t.Helper()
	ctx := context.Background()
	r := newRuntime(ctx)
	t.Cleanup(func() { r.Close(ctx) })
	wasi_snapshot_preview1.MustInstantiate(ctx, r)
	compiled, err := r.CompileModule(ctx, wasm)
	if err != nil {
		t.Fatalf("compile module: %v", err)
	}
	var stderr bytes.Buffer
	mod, err := r.InstantiateModule(ctx, compiled, wazero.NewModuleConfig().
		WithStartFunctions("_initialize").WithStderr(&stderr).WithStdout(&stderr))
	if err != nil {
		t.Fatalf("instantiate module: %v\n%s", err, stderr.String())
	}
	return &wasmModule{t: t, ctx: ctx, mod: mod, stderr: &stderr}
}

// call runs one exported JSON call and frees both buffers.
func (w *wasmModule) call(name string, in []byte) []byte {
	w.t.Helper()
	ptr := w.put(in)
	res, err := w.mod.ExportedFunction(name).Call(w.ctx, uint64(ptr), uint64(len(in)))
	if err != nil {
		w.t.Fatalf("%s: %v\n%s", name, err, w.stderr.String())
	}
	outPtr, outLen := uint32(res[0]>>32), uint32(res[0])
	out, ok := w.mod.Memory().Read(outPtr, outLen)
	if !ok {
		w.t.Fatalf("%s answered %d bytes at %d, outside memory", name, outLen, outPtr)
	}
	out = bytes.Clone(out)
	w.free(ptr)
	w.free(outPtr)
	return out
}

// callFields makes a call whose request is strings, written as
// encodeFields (extension/lib/classifier.js) writes them.
func (w *wasmModule) callFields(name string, fields ...string) []byte {
	w.t.Helper()
	return w.call(name, encodeFields(fields...))
}

// encodeFields is classifier.js's encodeFields: each string's length in
// bytes, a colon, its bytes.
func encodeFields(fields ...string) []byte {
	var b []byte
	for _, s := range fields {
		b = append(b, strconv.Itoa(len(s))+":"+s...)
	}
	return b
}

// exportFields is opml_export's request as classifier.js's opmlExport
// writes it.
func exportFields(title string, subs []opml.Subscription, o opml.Options) []string {
	f := []string{title, o.Reader, o.Gateway, o.Host, o.Bridge}
	for _, s := range subs {
		sig := ""
		if o.Sign != nil {
			sig = o.Sign(opml.FormatAtom, s.URL)
		}
		f = append(f, string(s.Kind), s.URL, s.Title, s.Site, s.Format, s.Added, sig)
	}
	return f
}

// put copies b into a buffer from alloc and returns its address.
func (w *wasmModule) put(b []byte) uint32 {
	w.t.Helper()
	res, err := w.mod.ExportedFunction("alloc").Call(w.ctx, uint64(len(b)))
	if err != nil {
		w.t.Fatalf("alloc: %v", err)
	}
	ptr := uint32(res[0])
	if !w.mod.Memory().Write(ptr, b) {
		w.t.Fatalf("alloc gave %d for %d bytes, outside memory", ptr, len(b))
	}
	return ptr
}

func (w *wasmModule) free(ptr uint32) {
	w.t.Helper()
	if _, err := w.mod.ExportedFunction("free").Call(w.ctx, uint64(ptr)); err != nil {
		w.t.Fatalf("free: %v", err)
	}
}

// classifyHTML makes the popup's call (extension/lib/classifier.js): the
// page URL and the page's text as UTF-8 in two alloc'd buffers, then
// classify_html, then every buffer freed.
func (w *wasmModule) classifyHTML(pageURL, html string, lists bool) []byte {
	w.t.Helper()
	up, hp := w.put([]byte(pageURL)), w.put([]byte(html))
	l := uint64(0)
	if lists {
		l = 1
	}
	res, err := w.mod.ExportedFunction("classify_html").Call(w.ctx, uint64(up), uint64(len(pageURL)), uint64(hp), uint64(len(html)), l)
	if err != nil {
		w.t.Fatalf("classify_html: %v\n%s", err, w.stderr.String())
	}
	outPtr, outLen := uint32(res[0]>>32), uint32(res[0])
	out, ok := w.mod.Memory().Read(outPtr, outLen)
	if !ok {
		w.t.Fatalf("classify_html answered %d bytes at %d, outside memory", outLen, outPtr)
	}
	out = bytes.Clone(out)
	for _, p := range []uint32{up, hp, outPtr} {
		w.free(p)
	}
	return out
}

// goldenCase is one page of common/classify/testdata.
type goldenCase struct {
	name, url, contentType string
	body                   []byte
}

var headerLine = regexp.MustCompile(`^<!-- (url|content-type): (.*) -->$`)

// goldenCases reads the golden pages and their first-line headers (see
// common/classify/golden_test.go).
func goldenCases(t testing.TB) []goldenCase {
	t.Helper()
	files, err := filepath.Glob(filepath.Join("../..", "common", "classify", "testdata", "*.html"))
	if err != nil || len(files) == 0 {
		t.Fatalf("no golden pages: %v", err)
	}
	var cases []goldenCase
	for _, name := range files {
		body, err := os.ReadFile(name)
		if err != nil {
			t.Fatal(err)
		}
		c := goldenCase{name: strings.TrimSuffix(filepath.Base(name), ".html"), body: body}
		for _, line := range strings.SplitN(string(body), "\n", 3)[:2] {
			if m := headerLine.FindStringSubmatch(line); m != nil {
				if m[1] == "url" {
					c.url = m[2]
				} else {
					c.contentType = m[2]
				}
			}
		}
		if c.url == "" {
			t.Fatalf("%s has no <!-- url: --> line", name)
		}
		cases = append(cases, c)
	}
	return cases
}

// asText is the page as the popup hands it over: text the browser decoded.
func asText(t testing.TB, c goldenCase) string {
	t.Helper()
	if utf8.Valid(c.body) {
		return string(c.body)
	}
	r, err := charset.NewReader(bytes.NewReader(c.body), c.contentType)
	if err != nil {
		t.Fatal(err)
	}
	b, err := io.ReadAll(r)
	if err != nil {
		t.Fatal(err)
	}
	return string(b)
}

// TestWASMImportsInShim fails when a built module imports a function
// that extension/lib/wasi.js does not provide (the names of the snake_case
// methods in it), or imports from anything but wasi_snapshot_preview1, or
// lacks one of its exports; classify.wasm must not carry the generator's
// newsmap call nor opml_import (newsmap.wasm's, with encoding/xml).
func TestWASMImportsInShim(t *testing.T) {
	js, err := os.ReadFile(filepath.Join("../..", "extension", "lib", "wasi.js"))
	if err != nil {
		t.Fatal(err)
	}
	shim := map[string]bool{}
	for _, m := range regexp.MustCompile(`(?m)^\s+([a-z]+(?:_[a-z0-9]+)+)\(`).FindAllStringSubmatch(string(js), -1) {
		shim[m[1]] = true
	}
	for _, m := range []struct {
		file      string
		exports   []string
		forbidden []string
	}{
		{"classify.wasm", []string{"_initialize", "alloc", "free", "classify_html", "shape", "opml_export", "opml_ways"}, []string{"newsmap", "opml_import"}},
		{"newsmap.wasm", []string{"_initialize", "alloc", "free", "newsmap", "opml_import"}, []string{"classify_html", "shape", "opml_export", "opml_ways"}},
	} {
		t.Run(m.file, func(t *testing.T) {
			ctx := context.Background()
			r := newRuntime(ctx)
			defer r.Close(ctx)
			compiled, err := r.CompileModule(ctx, moduleBytes(t, m.file))
			if err != nil {
				t.Fatal(err)
			}
			imports := compiled.ImportedFunctions()
			if len(imports) == 0 {
				t.Fatal("the module imports no function: not a wasip1 build?")
			}
			for _, f := range imports {
				module, name, _ := f.Import()
				if module != "wasi_snapshot_preview1" {
					t.Errorf("the module imports %s.%s; the browser provides only wasi_snapshot_preview1", module, name)
				} else if !shim[name] {
					t.Errorf("the module imports %s.%s, which extension/lib/wasi.js lacks", module, name)
				}
			}
			if _, ok := compiled.ExportedMemories()["memory"]; !ok {
				t.Error("the module does not export its memory")
			}
			for _, name := range m.exports {
				if _, ok := compiled.ExportedFunctions()[name]; !ok {
					t.Errorf("the module does not export %s", name)
				}
			}
			for _, name := range m.forbidden {
				if _, ok := compiled.ExportedFunctions()[name]; ok {
					t.Errorf("the module exports %s, the other module's call", name)
				}
			}
		})
	}
}

// TestWASMSize holds each module to its budget; gzipped sizes are logged
// (docs/performance.md records them).
func TestWASMSize(t *testing.T) {
	for _, m := range []struct {
		file   string
		budget int
	}{{"classify.wasm", maxWASMSize}, {"newsmap.wasm", maxNewsmapWASMSize}} {
		b := moduleBytes(t, m.file)
		var gz bytes.Buffer
		zw, _ := gzip.NewWriterLevel(&gz, gzip.BestCompression)
		zw.Write(b)
		zw.Close()
		if n := len(b); n >= m.budget {
			t.Errorf("%s is %d bytes, over its %d-byte budget", m.file, n, m.budget)
		} else {
			t.Logf("%s: %d bytes (%d under budget), %d gzipped", m.file, n, m.budget-n, gz.Len())
		}
	}
}

// realSizePages are pages of the size users open beyond the golden set
// (whose publisher-home is 1.16 MB): a generated 1 MB homepage with feeds,
// nav and a long river of stories (harness.BigNewsPage, the browser benchmarks'
// page).
func realSizePages() []goldenCase {
	return []goldenCase{{name: "big-news-1mb", url: "https://bignews.example/", body: []byte(harness.BigNewsPage(1 << 20))}}
}

// checkParity holds classify_html under wazero (w) to the Go package on
// one page as the popup sends it: the answer with lists is byte for byte
// json.Marshal of classify.Classify on text (the decoded page), the one
// without lists (what the popup asks) the same minus sections and
// articles; and the Go answer on the raw bytes c.body with their
// Content-Type is the answer on the text.
func checkParity(t *testing.T, w *wasmModule, c goldenCase, text string) {
	t.Helper()
	raw, err := classify.Classify(c.url, c.body, c.contentType)
	if err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(raw)
	fromText, err := classify.Classify(c.url, []byte(text), classify.TextContentType)
	if err != nil {
		t.Fatal(err)
	}
	if got, _ := json.Marshal(fromText); !bytes.Equal(got, want) {
		t.Errorf("Go: the page as text differs from the page as bytes:\n%.2000s\n%.2000s", got, want)
	}
	if got := w.classifyHTML(c.url, text, true); !bytes.Equal(got, want) {
		t.Errorf("wasm classify_html differs from Go:\nwasm %.2000s\n  go %.2000s", got, want)
	}
	var full, short map[string]any
	if err := json.Unmarshal(want, &full); err != nil {
		t.Fatal(err)
	}
	popup := w.classifyHTML(c.url, text, false)
	if err := json.Unmarshal(popup, &short); err != nil {
		t.Fatalf("classify_html without lists: %v\n%.500s", err, popup)
	}
	delete(full, "sections")
	delete(full, "articles")
	if !reflect.DeepEqual(short, full) {
		t.Errorf("wasm classify_html without lists differs from Go minus the lists:\nwasm %.2000s\n  go %.2000v", popup, full)
	}
}

// TestWASMParity walks the popup's path: on every golden page and on a
// generated 1 MB homepage, classify_html through the built module under
// wazero answers byte for byte json.Marshal of classify.Classify, on the
// decoded text the popup sends; with lists off (what the popup asks) the
// same minus sections and articles. The Go answer on the raw page bytes
// is the same as on the text.
func TestWASMParity(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	cases := append(goldenCases(t), realSizePages()...)
	big := 0
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			w.t = t
			text := asText(t, c)
			if len(text) >= 1<<20 {
				big++
			}
			checkParity(t, w, c, text)
		})
	}
	if big < 2 {
		t.Errorf("%d pages of 1 MB or more went through classify_html, want at least 2", big)
	}
}

// TestWASMParityFixtureWeb walks the popup's path on the fixture web's
// homepages as a browser tab holds them: each ordinary site's homepage and
// the hostile ones a tab can show (deep nesting, invalid UTF-8, Shift_JIS,
// windows-1251), fetched through the web's proxy (redirects followed, gzip
// undone), decoded by the charset the page declares as a browser does,
// then classify_html under wazero, lists on and off: the answer is
// json.Marshal of classify.Classify on the same text, and the Go answer on
// the raw bytes is the same.
func TestWASMParityFixtureWeb(t *testing.T) {
	hostile := map[string]bool{"deep-html": true, "invalid-utf8": true, "shift-jis": true, "windows-1251": true}
	sites := fixtureweb.DefaultSites()
	for _, s := range fixtureweb.HostileSites() {
		if hostile[s.Name] {
			sites = append(sites, s)
		}
	}
	web, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: sites})
	if err != nil {
		t.Fatal(err)
	}
	defer web.Close()
	client := web.Client()
	client.Timeout = 20 * time.Second
	w := startWASM(t, wasmBytes(t))
	pages := 0
	for _, site := range web.Sites {
		t.Run(site.Name, func(t *testing.T) {
			w.t = t
			start := site.Start
			if start == "" {
				start = site.Scheme + "://" + site.Host + "/"
			}
			resp, err := client.Get(start)
			if err != nil {
				t.Fatalf("get %s: %v", start, err)
			}
			body, err := io.ReadAll(resp.Body)
			resp.Body.Close()
			if err != nil {
				t.Fatalf("read %s: %v", start, err)
			}
			ct := resp.Header.Get("Content-Type")
			if resp.StatusCode != http.StatusOK || !strings.HasPrefix(ct, "text/html") {
				t.Logf("%s answers %d %q: no page in the tab", start, resp.StatusCode, ct)
				return
			}
			c := goldenCase{name: site.Name, url: resp.Request.URL.String(), contentType: ct, body: body}
			checkParity(t, w, c, asText(t, c))
			pages++
		})
	}
	if pages < len(web.Sites)/2 {
		t.Errorf("only %d of %d homepages could be read", pages, len(web.Sites))
	}
}

func TestWASMShapeParity(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	var urls []string
	for _, c := range goldenCases(t) {
		p, err := classify.Classify(c.url, c.body, c.contentType)
		if err != nil {
			t.Fatal(err)
		}
		for _, l := range append(append(p.Sections, p.Articles...), p.FeedAnchors...) {
			urls = append(urls, l.URL)
		}
	}
	urls = append(urls, "/business/startups/", "https://[::1", "")
	type answer struct {
		URL   string `json:"url"`
		Shape string `json:"shape"`
		Rule  string `json:"rule"`
	}
	want := make([]answer, len(urls))
	for i, s := range urls {
		want[i] = answer{URL: s, Shape: "other", Rule: "invalid-url"}
		if u, err := url.Parse(s); err == nil {
			v := shape.URL(u)
			want[i].Shape, want[i].Rule = string(v.Shape), v.Rule
		}
	}
	wantJSON, _ := json.Marshal(want)
	if got := w.callFields("shape", urls...); !bytes.Equal(got, wantJSON) {
		t.Errorf("wasm shape differs from Go on %d URLs:\nwasm %.500s\n  go %.500s", len(urls), got, wantJSON)
	}
}

// TestWASMOPMLParity: the popup's Export through classify.wasm is
// opml.WriteFor's document, and its Import through newsmap.wasm (where
// opml_import lives, off classify.wasm's budget) is opmlimport.Read's
// subscriptions, byte for byte; the two together are lossless.
func TestWASMOPMLParity(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	imp := startWASM(t, moduleBytes(t, "newsmap.wasm"))
	subs := []opml.Subscription{
		{Kind: kind.Feed, URL: "https://blog.example.com/feed/", Title: `<img src=x onerror=alert(1)>`, Site: "https://blog.example.com/", Format: "rss", Added: "2026-11-30T09:00:00Z"},
		{Kind: kind.NewsSitemap, URL: "https://www.asahi.com/sitemap_national.xml?a=1&b=2", Title: `"quotes" & ampersands`, Site: "https://www.asahi.com/"},
		{Kind: kind.Section, URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ\tand\nlines", Site: "https://www.nikkei.com/"},
		{Kind: kind.ArticleSitemap, URL: "https://news.example.org/sitemap-articles.xml", Title: "", Site: ""},
	}
	var doc bytes.Buffer
	if err := opml.WriteFor(&doc, subs, opml.Options{Title: "feedscout subscriptions"}); err != nil {
		t.Fatal(err)
	}
	want, _ := json.Marshal(map[string]string{"opml": doc.String()})
	got := w.callFields("opml_export", exportFields("feedscout subscriptions", subs, opml.Options{})...)
	if !bytes.Equal(got, want) {
		t.Fatalf("wasm opml_export differs from opml.WriteFor:\nwasm %s\n  go %s", got, want)
	}
	back, err := opmlimport.Read(bytes.NewReader(doc.Bytes()))
	if err != nil {
		t.Fatal(err)
	}
	want, _ = json.Marshal(map[string]any{"subscriptions": back})
	got = imp.callFields("opml_import", doc.String())
	if !bytes.Equal(got, want) {
		t.Errorf("newsmap.wasm's opml_import differs from opmlimport.Read:\nwasm %s\n  go %s", got, want)
	}
	var round struct{ Subscriptions []opml.Subscription }
	if err := json.Unmarshal(got, &round); err != nil || !reflect.DeepEqual(round.Subscriptions, subs) {
		t.Errorf("export then import through the module is not lossless: %v\n%+v", err, round.Subscriptions)
	}
}

// TestWASMOPMLFlavours: every reader's flavour through the built module is
// opml.WriteFor's document, byte for byte (the popup's Export).
func TestWASMOPMLFlavours(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	subs := []opml.Subscription{
		{Kind: kind.NewsSitemap, URL: "https://www.asahi.com/sitemap_national.xml.gz", Title: "Asahi", Site: "https://www.asahi.com/"},
		{Kind: kind.Section, URL: "https://www.nikkei.com/business/startups/", Title: "スタートアップ", Site: "https://www.nikkei.com/"},
		{Kind: kind.Feed, URL: "https://b.example/feed.json", Title: "B & <b>", Site: "https://b.example/", Format: "json"},
	}
	for _, o := range []opml.Options{
		{Title: "t", Reader: opml.ReaderAny, Gateway: "http://127.0.0.1:9999/base"},
		{Title: "t", Reader: opml.ReaderNewsboat, Host: "/opt/feed's scout/feedscout-host"},
		{Title: "t", Reader: opml.ReaderFreshRSS},
		{Title: "t", Reader: opml.ReaderRSSBridge, Bridge: "https://bridge.example/rss-bridge"},
		{Title: "t", Reader: opml.ReaderAny, Gateway: "https://feeds.example.org", Sign: func(format, source string) string { return format + "-sig-" + strconv.Itoa(len(source)) }},
	} {
		var doc bytes.Buffer
		if err := opml.WriteFor(&doc, subs, o); err != nil {
			t.Fatal(err)
		}
		want, _ := json.Marshal(map[string]string{"opml": doc.String()})
		if got := w.callFields("opml_export", exportFields(o.Title, subs, o)...); !bytes.Equal(got, want) {
			t.Errorf("%s: wasm opml_export differs from opml.WriteFor:\nwasm %s\n  go %s", o.Reader, got, want)
		}
	}
}

// TestNewsmapWASMParity: the generator page's module, built, under wazero:
// its newsmap call answers byte for byte json.Marshal of newsmap.Generate
// on every input of the generator page's browser tests (every refusal and
// warning) and a sitemap with escaping; a bad request is an error answer
// and the module keeps working.
func TestNewsmapWASMParity(t *testing.T) {
	w := startWASM(t, moduleBytes(t, "newsmap.wasm"))
	cases := append([]struct{ Name, Lang, CheckedAt, Lines string }{
		{"Городские новости", "ru", "2026-10-30T12:00:00+03:00", "https://a.example/news/old-story-here | 2026-10-28T09:00:00+03:00 | Школа & музей <b>\n" +
			"https://a.example/news/2026/10/30/marshrut | 2026-10-30 | Изменился маршрут автобуса № 5\n"},
	}, harness.GeneratorCases...)
	for _, c := range cases {
		want, err := json.Marshal(newsmap.Generate(newsmap.Options{Name: c.Name, Language: c.Lang, CheckedAt: c.CheckedAt}, c.Lines))
		if err != nil {
			t.Fatal(err)
		}
		if got := w.callFields("newsmap", c.Name, c.Lang, c.CheckedAt, c.Lines); !bytes.Equal(got, want) {
			t.Errorf("wasm newsmap differs from newsmap.Generate on %.60q:\nwasm %.1500s\n  go %.1500s", c.Lines, got, want)
		}
	}
	if got := string(w.callFields("newsmap", "N", "ru")); got != `{"error":"newsmap: decode request: 2 fields, want 4"}` {
		t.Errorf("bad request: %s", got)
	}
	if got := w.callFields("newsmap", "N", "ru", "", "https://a.example/news/a-b-c | 2026-10-30 | A\n"); !bytes.Contains(got, []byte(`"entries":1`)) {
		t.Errorf("after a bad request: %s", got)
	}
}

// TestWASMBadInput: bad requests get an error answer, and the module keeps
// working after them.
func TestWASMBadInput(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	cases := []struct {
		name, call, in, want string
	}{
		{"not fields", "shape", `{"urls":`, "shape: decode request: field 0: no length and colon at offset 0"},
		{"short field", "shape", "5:abc", "shape: decode request: field 0: 5 bytes, 3 left"},
		{"unknown kind", "opml_export", string(encodeFields("", "", "", "", "", "podcast", "https://x/", "", "", "", "", "")), `opml: write: subscription 0: unknown kind "podcast"`},
		{"export fields", "opml_export", string(encodeFields("t", "any")), "opml_export: decode request: 2 fields, want 5 and 7 for each subscription"},
		{"not opml", "opml_import", string(encodeFields("<html></html>")), "opml: read: root element is <html>, not <opml>"},
	}
	imp := startWASM(t, moduleBytes(t, "newsmap.wasm")) // opml_import's module
	for _, c := range cases {
		m := w
		if c.call == "opml_import" {
			m = imp
		}
		var got struct{ Error string }
		out := m.call(c.call, []byte(c.in))
		if err := json.Unmarshal(out, &got); err != nil || got.Error != c.want {
			t.Errorf("%s: answer %s, want error %q", c.name, out, c.want)
		}
	}
	if got := string(w.classifyHTML("javascript:alert(1)", "", true)); got != `{"error":"classify: page url \"javascript:alert(1)\": not an absolute http(s) url"}` {
		t.Errorf("classify_html with a bad page url: %s", got)
	}
	// Pointers that alloc never gave.
	res, err := w.mod.ExportedFunction("shape").Call(w.ctx, 12345, 10)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := w.mod.Memory().Read(uint32(res[0]>>32), uint32(res[0]))
	if !strings.Contains(string(out), "request pointer was not returned by alloc") {
		t.Errorf("unknown pointer: %s", out)
	}
	res, err = w.mod.ExportedFunction("classify_html").Call(w.ctx, 12345, 10, 12345, 10, 1)
	if err != nil {
		t.Fatal(err)
	}
	out, _ = w.mod.Memory().Read(uint32(res[0]>>32), uint32(res[0]))
	if !strings.Contains(string(out), "classify_html: a pointer was not returned by alloc") {
		t.Errorf("unknown pointer: %s", out)
	}
	got := w.classifyHTML("https://x.example/", "<title>still fine</title>", false)
	if !bytes.Contains(got, []byte(`"title":"still fine"`)) {
		t.Errorf("after bad input: %s", got)
	}
}

// TestWASMMemoryReclaimed: freed buffers are collected, so many calls do
// not keep growing the module's memory.
func TestWASMMemoryReclaimed(t *testing.T) {
	w := startWASM(t, wasmBytes(t))
	var page goldenCase
	for _, c := range goldenCases(t) {
		if c.name == "nikkei-startups" {
			page = c
		}
	}
	text := asText(t, page)
	for i := 0; i < 20; i++ {
		w.classifyHTML(page.url, text, false)
	}
	after20 := w.mod.Memory().Size()
	for i := 0; i < 200; i++ {
		w.classifyHTML(page.url, text, false)
	}
	if after := w.mod.Memory().Size(); after > after20+8<<20 {
		t.Errorf("memory grew from %d to %d bytes over 200 calls", after20, after)
	}
}

// TestClassifierJS runs extension/lib/classifier.js and wasi.js with the
// built module under Node.js, when Node is installed (it is on the
// project's machines; the browser tests run the same modules in Chromium),
// and compares its answers with the Go packages'.
func TestClassifierJS(t *testing.T) {
	node, err := exec.LookPath("node")
	if err != nil {
		harness.Missing(t, "node is not installed (apt-get install nodejs); the browser tests cover classifier.js")
	}
	lib, err := filepath.Abs(filepath.Join("../..", "extension", "lib", "classifier.js"))
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	var pages []map[string]string
	var want []json.RawMessage
	for _, c := range goldenCases(t) {
		if len(c.body) > 64<<10 {
			continue
		}
		p, err := classify.Classify(c.url, c.body, c.contentType)
		if err != nil {
			t.Fatal(err)
		}
		b, _ := json.Marshal(p)
		want = append(want, b)
		pages = append(pages, map[string]string{"url": c.url, "html": asText(t, c), "content_type": c.contentType})
	}
	pagesJSON, _ := json.Marshal(pages)
	if err := os.WriteFile(filepath.Join(dir, "pages.json"), pagesJSON, 0o644); err != nil {
		t.Fatal(err)
	}
	script := `import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";
const [lib, wasm, newsmapWasm, pages] = process.argv.slice(2);
const { loadClassifier, opmlImporter } = await import(pathToFileURL(lib).href);
const c = await loadClassifier(readFileSync(wasm));
const imp = await opmlImporter(readFileSync(newsmapWasm));
if ((await opmlImporter(readFileSync(newsmapWasm))) !== imp) throw new Error("opmlImporter started newsmap.wasm twice");
const out = { pages: JSON.parse(readFileSync(pages, "utf8")).map((p) => c.classify(p.url, p.html, p.content_type)) };
out.shape = c.shape(["https://www.nikkei.com/article/DGXZQOUC026TI0S6A101C2000000/"]);
const subs = [{ kind: "feed", url: "https://b.example/feed/", title: "<img src=x onerror=alert(1)>", site: "https://b.example/" }];
out.roundTrip = imp.opmlImport(c.opmlExport("t", subs));
try { imp.opmlImport("<rss/>"); } catch (e) { out.error = e.message; }
try { c.opmlImport("<opml/>"); } catch (e) { out.notHere = e.message; }
process.stdout.write(JSON.stringify(out));
`
	if err := os.WriteFile(filepath.Join(dir, "run.mjs"), []byte(script), 0o644); err != nil {
		t.Fatal(err)
	}
	wasmPath := filepath.Join(harness.DistDir(t), "extension", "wasm", "classify.wasm")
	newsmapPath := filepath.Join(harness.DistDir(t), "extension", "wasm", "newsmap.wasm")
	cmd := exec.Command(node, filepath.Join(dir, "run.mjs"), lib, wasmPath, newsmapPath, filepath.Join(dir, "pages.json"))
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	out, err := cmd.Output()
	if err != nil {
		t.Fatalf("node: %v\n%s", err, stderr.String())
	}
	var got struct {
		Pages     []json.RawMessage
		Shape     []map[string]string
		RoundTrip []opml.Subscription
		Error     string
		NotHere   string
	}
	if err := json.Unmarshal(out, &got); err != nil {
		t.Fatalf("node output: %v\n%s", err, out)
	}
	if len(got.Pages) != len(want) {
		t.Fatalf("node classified %d pages, want %d", len(got.Pages), len(want))
	}
	for i := range want {
		var a, b any
		json.Unmarshal(got.Pages[i], &a)
		json.Unmarshal(want[i], &b)
		if !reflect.DeepEqual(a, b) {
			t.Errorf("page %s: classifier.js gives\n%s\nGo gives\n%s", pages[i]["url"], got.Pages[i], want[i])
		}
	}
	if len(got.Shape) != 1 || got.Shape[0]["shape"] != "article" {
		t.Errorf("shape via classifier.js: %v", got.Shape)
	}
	if len(got.RoundTrip) != 1 || got.RoundTrip[0].Title != "<img src=x onerror=alert(1)>" {
		t.Errorf("OPML round trip via classifier.js: %+v", got.RoundTrip)
	}
	if got.Error != "opml: read: root element is <rss>, not <opml>" {
		t.Errorf("error via classifier.js: %q", got.Error)
	}
	if got.NotHere != "opml_import: not a call of this module" {
		t.Errorf("opmlImport on classify.wasm: %q, want the call refused", got.NotHere)
	}
}

// BenchmarkWASMClassify classifies the ~1 MB publisher homepage through
// the built module under wazero as the popup does (classify_html without
// lists; the copies into memory included), to set beside classify's native
// BenchmarkClassify.
func BenchmarkWASMClassify(b *testing.B) {
	w := startWASM(b, wasmBytes(b))
	var page goldenCase
	for _, c := range goldenCases(b) {
		if c.name == "publisher-home" {
			page = c
		}
	}
	text := asText(b, page)
	b.SetBytes(int64(len(page.body)))
	var ru0, ru1 syscall.Rusage
	syscall.Getrusage(syscall.RUSAGE_SELF, &ru0)
	for b.Loop() {
		w.classifyHTML(page.url, text, false)
	}
	// CPU time per op beside wall time: the machine is shared.
	if syscall.Getrusage(syscall.RUSAGE_SELF, &ru1) == nil && b.N > 0 {
		cpu := ru1.Utime.Nano() + ru1.Stime.Nano() - ru0.Utime.Nano() - ru0.Stime.Nano()
		b.ReportMetric(float64(cpu)/float64(b.N)/1e6, "cpu-ms/op")
	}
}
