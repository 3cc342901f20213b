// Package check judges one feed or one news sitemap as its publisher would
// want to know about it, and holds the rules discovery's health lines use:
// each rule is written once, here.
//
// A news sitemap goes through four questions, in order, and a question that
// fails stops the ones after it, so that causes do not mix (fixing the
// syntax cannot fix the server): is the XML readable; is it a sitemap; are
// the publication data right; is the file served right. A feed goes through
// its own: it parses; its Content-Type; ETag or Last-Modified, and a 304 to
// a conditional request (the one extra request, logged and counted like any
// other); gzip; rel=self equal to the URL; a WebSub hub; unique ids;
// parseable dates; the newest item's age. Every finding names the exact
// thing with its evidence and where it came from (the request, the line).
//
// Every request goes through the polite fetcher (robots.txt first, paced,
// budgeted). docs/checking.md lists every finding code.
package check

import (
	"bytes"
	"compress/gzip"
	"context"
	"encoding/xml"
	"errors"
	"fmt"
	"io"
	"net/http"
	"strings"
	"time"

	"feedscout/common/report"
	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
)

// FileKind is what a checked file is (Result.Kind). Its JSON form is the
// word itself.
type FileKind string

// Kinds of checked files. A news sitemap and a feed are the source kinds
// of the same name.
const (
	KindNewsSitemap           = FileKind(kind.NewsSitemap) // a urlset with <news:news> blocks
	KindSitemap      FileKind = "sitemap"                  // a urlset without them
	KindSitemapIndex FileKind = "sitemap-index"            // a sitemapindex
	KindTextSitemap  FileKind = "text-sitemap"             // one URL a line
	KindFeed                  = FileKind(kind.Feed)        // RSS, Atom or JSON Feed
	KindUnknown      FileKind = "unknown"                  // nothing could be read
)

// Verdicts of a question (Answer.Verdict).
const (
	VerdictYes      = "yes"
	VerdictNo       = "no"
	VerdictNotAsked = "not-asked"
)

// Questions are the four questions of a sitemap, in order.
var Questions = [4]string{
	"Is the XML readable?",
	"Is it a sitemap?",
	"Are the publication data right?",
	"Is the file served right?",
}

// Answer is the verdict on one question.
type Answer struct {
	// Question is 1 to 4 (Questions).
	Question int    `json:"question"`
	Text     string `json:"text"`
	// Verdict is VerdictYes, VerdictNo (an error among its findings) or
	// VerdictNotAsked (an earlier question failed, or it does not apply).
	Verdict string `json:"verdict"`
	// Why says why a question was not asked.
	Why string `json:"why,omitempty"`
}

// Result is the check of one URL.
type Result struct {
	URL  string   `json:"url"`
	Kind FileKind `json:"kind"`
	// Format is the feed's format (rss, atom, json), for feeds.
	Format string `json:"format,omitempty"`
	// Answers are the four questions, for everything but feeds.
	Answers  []Answer         `json:"answers,omitempty"`
	Findings []report.Finding `json:"findings"`
	// Requests is the request log of the check, robots.txt and the
	// conditional request included; a finding's Source.Request is a
	// 1-based position in it.
	Requests []report.Row `json:"requests"`
	// Conditional is the position (1-based) of the conditional request in
	// Requests, 0 when none was made.
	Conditional int `json:"conditional,omitempty"`
	Errors      int `json:"errors"`
	Warnings    int `json:"warnings"`
	Notes       int `json:"notes"`
}

// Options configure Run.
type Options struct {
	// Now is the clock for the 48-hour window and item ages; nil:
	// time.Now.
	Now func() time.Time
	// MaxBody is the body cap of the client Run is given (for the
	// sentence of a file over it); 0: fetch.DefaultMaxBody.
	MaxBody int64
	// OnRow, when set, gets every log row as it is added.
	OnRow func(report.Row)
}

// Run checks the feed or sitemap at rawURL with client. The error is for a
// URL that cannot be fetched at all (not absolute http(s)); everything a
// site does wrong is a finding.
func Run(ctx context.Context, client *fetch.Client, rawURL string, o Options) (*Result, error) {
	if o.Now == nil {
		o.Now = time.Now
	}
	if o.MaxBody <= 0 {
		o.MaxBody = fetch.DefaultMaxBody
	}
	if _, ok := report.ParseWebURL(rawURL); !ok {
		return nil, fmt.Errorf("check %q: not an absolute http or https URL", rawURL)
	}
	site, err := client.Site(rawURL, o.OnRow)
	if err != nil {
		return nil, fmt.Errorf("check %q: %w", rawURL, err)
	}
	defer site.Close()
	r := &run{ctx: ctx, site: site, o: o, res: &Result{URL: rawURL, Kind: KindUnknown, Findings: []report.Finding{}}}
	r.check(rawURL)
	r.res.Requests = site.Log()
	for _, f := range r.res.Findings {
		switch f.Level {
		case report.LevelError:
			r.res.Errors++
		case report.LevelWarning:
			r.res.Warnings++
		default:
			r.res.Notes++
		}
	}
	return r.res, nil
}

type run struct {
	ctx  context.Context
	site *fetch.Site
	o    Options
	res  *Result
}

// step guesses the log step from the URL: sitemap for a URL that says so,
// feed for anything else.
func step(u string) report.Step {
	l := strings.ToLower(u)
	if strings.Contains(l, "sitemap") || strings.HasSuffix(l, ".xml.gz") {
		return report.StepSitemap
	}
	return report.StepFeed
}

// get fetches u and returns the response with the source of its row.
func (r *run) get(stepName report.Step, u string) (*fetch.Response, *report.Source, error) {
	resp, err := r.site.Get(r.ctx, stepName, u)
	log := r.site.Log()
	src := &report.Source{Request: len(log)}
	if len(log) > 0 {
		src.URL = log[len(log)-1].URL
	}
	return resp, src, err
}

func (r *run) add(fs ...report.Finding) { r.res.Findings = append(r.res.Findings, fs...) }

func (r *run) check(rawURL string) {
	resp, src, err := r.get(step(rawURL), rawURL)
	if err != nil {
		r.fetchFailed(rawURL, err, src)
		return
	}
	hsrc := func(h string) *report.Source { s := *src; s.Header = h; return &s }
	if resp.Status != http.StatusOK && !resp.NotModified {
		r.notServed(CodeHTTPStatus, src, "status", resp.Status, "phrase", http.StatusText(resp.Status))
		return
	}
	body := resp.Body
	gzipped := false
	if len(body) >= 2 && body[0] == 0x1f && body[1] == 0x8b {
		gzipped = true
		var err error
		if body, err = gunzip(body, r.o.MaxBody); err != nil {
			if errors.Is(err, errTooLarge) {
				r.tooLarge(src)
			} else {
				r.answerQ1(false, finding(report.LevelError, CodeTruncated, src, "error", err.Error()))
			}
			return
		}
	} else if strings.HasSuffix(strings.ToLower(resp.URL), ".gz") {
		gzipped = true // the fetcher already decompressed the .gz file
	}
	redirected := !sameURL(resp.URL, rawURL)
	trimmed := bytes.TrimLeft(bytes.TrimPrefix(body, bom), " \t\r\n")
	switch {
	case len(trimmed) == 0:
		r.answerQ1(false, finding(report.LevelError, CodeEmpty, src))
		return
	case trimmed[0] == '{':
		r.checkJSONFeed(resp, body, src, hsrc)
		return
	case textSitemap(trimmed):
		r.checkTextSitemap(resp, trimmed, src, hsrc, redirected)
		return
	}

	d := &dispatch{}
	p, fs, ok := scanXML(body, src, d)
	switch {
	case d.fd != nil:
		r.checkXMLFeed(resp, body, p, fs, ok, d.fd, src, hsrc)
		return
	case d.sm == nil && ok:
		r.answerQ1(true, fs...)
		r.res.Answers[1].Verdict = VerdictNo
		r.add(finding(report.LevelError, CodeNotSitemap, at(src, p.rootLine), "line", p.rootLine, "root", p.root.Local, "root_kind", rootKind(p.root.Local)))
		r.notAskedAfter(2)
		return
	case !ok:
		if d.sm != nil {
			r.res.Kind = KindSitemap // the root was read before the file broke
		}
		r.answerQ1(false, fs...)
		return
	}
	// A sitemap: the four questions.
	r.answerQ1(true, fs...)
	sm := d.sm
	q2 := questionSitemap(p, sm, src)
	r.add(q2...)
	if report.Errors(q2) > 0 {
		r.res.Answers[1].Verdict = VerdictNo
		r.notAskedAfter(2)
		return
	}
	r.res.Answers[1].Verdict = VerdictYes
	switch {
	case sm.rootLocal == "sitemapindex":
		r.res.Kind = KindSitemapIndex
		r.add(finding(report.LevelNote, CodeIndex, src, "sitemaps", len(sm.entries), "first", firstLoc(sm.entries)))
		r.res.Answers[2].Verdict, r.res.Answers[2].Why = VerdictNotAsked, "an index lists sitemaps, not articles"
	default:
		q3 := questionPublication(sm, resp.URL, r.o.Now(), src)
		r.add(q3...)
		r.res.Kind = KindSitemap
		for _, f := range q3 {
			if f.Code == CodeNotNews {
				r.res.Answers[2].Why = "no <news:news> block: the host and duplicate rules only"
			}
		}
		if !hasCode(q3, CodeNotNews) {
			r.res.Kind = KindNewsSitemap
		}
		if report.Errors(q3) > 0 {
			r.res.Answers[2].Verdict = VerdictNo
			r.notAskedAfter(3)
			return
		}
		r.res.Answers[2].Verdict = VerdictYes
	}
	// The fourth question.
	var q4 []report.Finding
	q4 = append(q4, SitemapContentType(resp.Header, gzipped, false, hsrc("Content-Type"))...)
	if n := len(sm.entries); n > URLLimit {
		q4 = append(q4, finding(report.LevelError, CodeURLLimit, src, "urls", n, "max", URLLimit))
	}
	if redirected {
		q4 = append(q4, finding(report.LevelNote, CodeRedirect, src, "url", rawURL, "final", resp.URL))
	}
	r.add(q4...)
	r.answer(4, q4)
}

// firstLoc is the first entry's <loc>, "" for an empty index.
func firstLoc(entries []smEntry) string {
	if len(entries) == 0 {
		return ""
	}
	return entries[0].loc
}

// answerQ1 sets up the four answers with the first one's verdict.
func (r *run) answerQ1(ok bool, fs ...report.Finding) {
	r.res.Answers = make([]Answer, 4)
	for i := range r.res.Answers {
		r.res.Answers[i] = Answer{Question: i + 1, Text: Questions[i], Verdict: VerdictNotAsked}
	}
	r.add(fs...)
	if ok {
		r.res.Answers[0].Verdict = VerdictYes
		return
	}
	r.res.Answers[0].Verdict = VerdictNo
	r.notAskedAfter(1)
}

// notAskedAfter marks the questions after q as not asked.
func (r *run) notAskedAfter(q int) {
	for i := q; i < 4; i++ {
		r.res.Answers[i].Verdict = VerdictNotAsked
		r.res.Answers[i].Why = fmt.Sprintf("question %d failed", q)
	}
}

func (r *run) answer(q int, fs []report.Finding) {
	r.res.Answers[q-1].Verdict = VerdictYes
	if report.Errors(fs) > 0 {
		r.res.Answers[q-1].Verdict = VerdictNo
	}
}

// notServed answers a file that did not arrive: only the fourth question
// can be asked of it.
func (r *run) notServed(code string, src *report.Source, args ...any) {
	r.res.Answers = make([]Answer, 4)
	for i := range 3 {
		r.res.Answers[i] = Answer{Question: i + 1, Text: Questions[i], Verdict: VerdictNotAsked, Why: "nothing to read: the file was not served"}
	}
	r.res.Answers[3] = Answer{Question: 4, Text: Questions[3], Verdict: VerdictNo}
	r.add(finding(report.LevelError, code, src, args...))
}

// tooLarge answers a file over the size the check reads: the sitemap
// protocol's limit, or the browser's smaller one (browser, with its size).
func (r *run) tooLarge(src *report.Source) {
	args := append([]any{"max_bytes", r.o.MaxBody, "browser", r.o.MaxBody < ByteLimit}, sizeArgs(int64(r.o.MaxBody))...)
	r.notServed(CodeTooLarge, src, args...)
}

// fetchFailed turns a fetch error into the finding that explains it.
func (r *run) fetchFailed(u string, err error, src *report.Source) {
	var fe *fetch.Error
	if !errors.As(err, &fe) {
		r.notServed(CodeFetch, src, "error", err.Error())
		return
	}
	if fe.Word == report.StatusTooLarge {
		r.tooLarge(src)
		return
	}
	// The template says why by the word (finding_fetch); the last request's
	// note, when it has one, says more.
	args := []any{"word", string(fe.Word), "url", u}
	if log := r.site.Log(); len(log) > 0 && log[len(log)-1].Note != "" {
		args = append(args, "note", log[len(log)-1].Note)
	}
	r.notServed(CodeFetch, src, args...)
}

// checkXMLFeed runs the feed rules on an RSS or Atom file.
func (r *run) checkXMLFeed(resp *fetch.Response, body []byte, p prolog, fs []report.Finding, ok bool, fc *feedCollector, src *report.Source, hsrc func(string) *report.Source) {
	r.res.Kind, r.res.Format = KindFeed, fc.format
	r.add(fs...)
	if !ok {
		return // not well-formed: nothing else can be trusted
	}
	sum, err := feed.Parse(body, resp.Header.Get("Content-Type"))
	if err != nil {
		r.add(finding(report.LevelError, CodeFeedBroken, src, "error", err.Error()))
		return
	}
	r.feedRules(resp, sum, fc.items, src, hsrc)
}

// checkJSONFeed runs the feed rules on a JSON Feed.
func (r *run) checkJSONFeed(resp *fetch.Response, body []byte, src *report.Source, hsrc func(string) *report.Source) {
	r.res.Kind, r.res.Format = KindFeed, "json"
	_, items, fs := readJSONFeed(body, src)
	r.add(fs...)
	if report.Errors(fs) > 0 {
		return
	}
	sum, err := feed.Parse(body, resp.Header.Get("Content-Type"))
	if err != nil {
		r.add(finding(report.LevelError, CodeFeedBroken, src, "error", err.Error()))
		return
	}
	r.feedRules(resp, sum, items, src, hsrc)
}

// feedRules are a feed's checks after it parsed, in the order of
// docs/checking.md.
func (r *run) feedRules(resp *fetch.Response, sum *feed.Summary, items []feedItem, src *report.Source, hsrc func(string) *report.Source) {
	format := r.res.Format
	r.add(FeedContentType(resp.Header, format, hsrc("Content-Type"))...)
	if v := Validators(resp.Header, hsrc("ETag")); len(v) > 0 {
		r.add(v...)
	} else {
		r.conditional(resp)
	}
	if !resp.NotModified {
		r.add(Gzip(resp.Header, len(resp.Body), hsrc("Content-Encoding"))...)
	}
	r.add(SelfLink(resp.URL, sum.SelfLink, format, src)...)
	r.add(Hub(FeedHub(resp, sum), src)...)
	fs, dated := itemRules(items, format, r.o.Now(), src)
	r.add(fs...)
	r.add(Newest(sum.Newest, sum.Items, dated, r.o.Now(), src)...)
}

// conditional makes the one extra request: the same URL again, with the
// validators the first answer gave (the fetcher sends them), to see
// whether the server answers 304 Not Modified.
func (r *run) conditional(first *fetch.Response) {
	if first.NotModified {
		return // the first request already was one, and got 304
	}
	if len(first.Body) > 16<<20 {
		return // too large for the fetcher to keep: no conditional request possible
	}
	sent := "If-None-Match: " + first.Header.Get("ETag")
	if first.Header.Get("ETag") == "" {
		sent = "If-Modified-Since: " + first.Header.Get("Last-Modified")
	}
	resp, src, err := r.get(report.StepFeed, first.URL)
	r.res.Conditional = src.Request
	switch {
	case err != nil:
		r.add(finding(report.LevelWarning, CodeConditional, src, "sent", sent, "error", err.Error()))
	case resp.NotModified:
	default:
		args := append([]any{"sent", sent, "status", resp.Status, "bytes", len(resp.Body)}, sizeArgs(int64(len(resp.Body)))...)
		r.add(finding(report.LevelWarning, CodeConditional, src, args...))
	}
}

// checkTextSitemap answers the questions for a text sitemap: readable,
// a sitemap, no publication data, served right.
func (r *run) checkTextSitemap(resp *fetch.Response, body []byte, src *report.Source, hsrc func(string) *report.Source, redirected bool) {
	r.res.Kind = KindTextSitemap
	r.answerQ1(true)
	var l limiter
	n := 0
	for i, line := range bytes.Split(body, []byte("\n")) {
		s := strings.TrimSpace(string(line))
		if s == "" {
			continue
		}
		n++
		if _, ok := report.ParseWebURL(s); !ok {
			l.add(finding(report.LevelError, CodeLocURL, at(src, i+1), "line", i+1, "url", clip(s, 200), "url_shown", fmt.Sprintf("%q", clip(s, 80)), "text_sitemap", true))
		}
	}
	q2 := l.done(src)
	r.add(q2...)
	r.answer(2, q2)
	if report.Errors(q2) > 0 {
		r.notAskedAfter(2)
		return
	}
	r.res.Answers[2].Why = "a text sitemap has no publication data"
	r.add(finding(report.LevelNote, CodeTextSitemap, src, "urls", n))
	q4 := SitemapContentType(resp.Header, false, true, hsrc("Content-Type"))
	if n > URLLimit {
		q4 = append(q4, finding(report.LevelError, CodeURLLimit, src, "urls", n, "max", URLLimit, "text_sitemap", true))
	}
	if redirected {
		q4 = append(q4, finding(report.LevelNote, CodeRedirect, src, "url", r.res.URL, "final", resp.URL))
	}
	r.add(q4...)
	r.answer(4, q4)
}

// textSitemap reports whether a body that is not markup reads as a text
// sitemap: its first non-empty line is an http(s) URL.
func textSitemap(b []byte) bool {
	if len(b) == 0 || b[0] == '<' {
		return false
	}
	first, _, _ := bytes.Cut(b, []byte("\n"))
	_, ok := report.ParseWebURL(strings.TrimSpace(string(first)))
	return ok
}

// dispatch picks the collector by the root element.
type dispatch struct {
	sm *smCollector
	fd *feedCollector
	v  visitor
}

func (d *dispatch) start(t xml.StartElement, line, depth int) {
	if depth == 1 && d.v == nil {
		switch strings.ToLower(t.Name.Local) {
		case "urlset", "sitemapindex":
			d.sm = &smCollector{}
			d.v = d.sm
		case "rss", "rdf":
			d.fd = newFeedCollector(t.Name)
			d.v = d.fd
		case "feed":
			if t.Name.Space == nsAtom || t.Name.Space == "" {
				d.fd = newFeedCollector(t.Name)
				d.v = d.fd
			}
		}
	}
	if d.v != nil {
		d.v.start(t, line, depth)
	}
}

func (d *dispatch) text(t xml.CharData, depth int) {
	if d.v != nil {
		d.v.text(t, depth)
	}
}

func (d *dispatch) end(t xml.EndElement, line, depth int) {
	if d.v != nil {
		d.v.end(t, line, depth)
	}
}

// rootKind says what a root element that is not a sitemap's or a feed's
// is: "html" (a web page), "opml" (an OPML list) or "xml" (another kind).
func rootKind(local string) string {
	switch strings.ToLower(local) {
	case "html", "opml":
		return strings.ToLower(local)
	}
	return "xml"
}

func hasCode(fs []report.Finding, code string) bool {
	for _, f := range fs {
		if f.Code == code {
			return true
		}
	}
	return false
}

var errTooLarge = errors.New("decompressed body over the cap")

// gunzip decompresses a gzip file served without Content-Encoding, up to
// max bytes.
func gunzip(b []byte, max int64) ([]byte, error) {
	zr, err := gzip.NewReader(bytes.NewReader(b))
	if err != nil {
		return nil, fmt.Errorf("gunzip: %w", err)
	}
	out, err := io.ReadAll(io.LimitReader(zr, max+1))
	if err != nil {
		return nil, fmt.Errorf("gunzip: %w", err)
	}
	if int64(len(out)) > max {
		return nil, errTooLarge
	}
	return out, nil
}
