package discover

import (
	"bytes"
	"cmp"
	"errors"
	"slices"
	"strings"
	"time"

	"feedscout/common/classify"
	"feedscout/common/report"
	"feedscout/nativehost/internal/check"
	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
)

// maxPreviews is how many advertised feeds are fetched to find one to
// preview: the main one and, when robots.txt disallows it or it fails, the
// next.
const maxPreviews = 2

// preview is why an advertised feed has no preview: a report.Preview*
// code and, for PreviewFailed and PreviewBrokenStatus, the problem.
type preview struct {
	code    string
	problem *report.Problem
}

// setPreview records why f has no preview, in words and as a code with
// its arguments.
func (r *run) setPreview(f *report.Feed, p preview) {
	r.previews[f.URL] = p
	f.PreviewCode, f.PreviewArgs = p.code, report.PreviewArgs(p.code, p.problem)
	f.Preview = report.PreviewSentence(f.PreviewCode, f.PreviewArgs)
}

// listAdvertised puts the page's advertised feeds into the report,
// unchecked, and after them, in the smart order, the feeds its platform
// rules derived (Via ViaDerived, with the rule's name).
func (r *run) listAdvertised(p *classify.Page) {
	why := preview{code: report.PreviewListed}
	if r.smart() {
		why.code = report.PreviewOther
	}
	for _, f := range p.Feeds {
		if len(f.URL) > maxURL || r.hasFeed(f.URL) {
			continue
		}
		via := report.ViaLink
		if f.Rule != "" {
			if !r.smart() {
				continue // the article order is the source article's: advertised feeds only
			}
			via = report.ViaDerived
		}
		r.rep.Feeds = append(r.rep.Feeds, report.Feed{
			URL: f.URL, Title: clip(f.Title), Format: f.Format, Via: via, Rule: f.Rule,
			Comments: f.Comments, Scope: f.Scope,
		})
		r.setPreview(&r.rep.Feeds[len(r.rep.Feeds)-1], why)
	}
}

func (r *run) hasFeed(u string) bool {
	for _, f := range r.rep.Feeds {
		if f.URL == u {
			return true
		}
	}
	return false
}

// advertised lists the page's advertised feeds and previews the main one
// (checkAdvertised); found when the site announces a feed that counts.
func (r *run) advertised(p *classify.Page) step {
	r.listAdvertised(p)
	r.checkAdvertised()
	return step{found: r.feedFound()}
}

// checkAdvertised fetches the main advertised feed (the first that is not
// a comments feed; a derived one when the page advertises none) to
// validate and preview it, and the next one when
// robots.txt disallows it, fetching it fails or it turns out broken, up to
// maxPreviews; the others stay listed as not fetched. An advertised feed
// that could not be fetched for a reason other than being broken
// (robots.txt, a timeout) still counts: the site announced it. Feeds
// robots.txt keeps feedscout from are listed after the others.
func (r *run) checkAdvertised() {
	defer r.publicFirst()
	tries := 0
	for _, f := range r.rep.Feeds {
		if listed(f) && r.tried[f.URL] {
			tries++
		}
	}
	for i := range r.rep.Feeds {
		f := &r.rep.Feeds[i]
		if !listed(*f) || f.Comments || f.Broken {
			continue
		}
		if f.Checked {
			return // the main feed is known
		}
		if r.tried[f.URL] {
			continue // tried, and it failed
		}
		if tries >= maxPreviews || r.done() {
			return
		}
		tries++
		r.checkFeed(f)
		if f.Checked {
			return
		}
	}
}

// listed reports whether f came from the page: advertised, or derived
// from its URL by a platform rule. checkAdvertised previews those in
// their order, the advertised ones first.
func listed(f report.Feed) bool { return f.Via == report.ViaLink || f.Via == report.ViaDerived }

// publicFirst moves the advertised feeds that could not be fetched
// (robots.txt disallows them, the fetch failed) after the others, in their
// order: a feed feedscout could read is the better suggestion, and the
// others say why they were not fetched.
func (r *run) publicFirst() {
	slices.SortStableFunc(r.rep.Feeds, func(a, b report.Feed) int {
		return cmp.Compare(r.unfetched(a), r.unfetched(b))
	})
}

// unfetched is 1 for a feed whose fetch was refused or failed.
func (r *run) unfetched(f report.Feed) int {
	if !f.Checked && r.previews[f.URL].code == report.PreviewFailed {
		return 1
	}
	return 0
}

// feedFound reports whether the report holds a feed that counts: checked,
// or advertised and not found broken.
func (r *run) feedFound() bool {
	for _, f := range r.rep.Feeds {
		if !f.Broken && (f.Checked || f.Via == report.ViaLink) {
			return true
		}
	}
	return false
}

// checkFeed fetches f and fills in what the feed says about itself.
func (r *run) checkFeed(f *report.Feed) {
	resp, err := r.get(report.StepFeed, f.URL)
	var fe *fetch.Error
	switch {
	case errors.As(err, &fe):
		p := fe.Problem()
		r.setPreview(f, preview{code: report.PreviewFailed, problem: &p})
		return
	case resp == nil:
		r.setPreview(f, preview{code: report.PreviewStopped})
		return
	case !resp.OK():
		r.setPreview(f, preview{code: report.PreviewBrokenStatus, problem: &report.Problem{Word: report.ProblemStatus, Status: resp.Status}})
		f.Broken = true
		return
	}
	sum, heads, err := summarize(resp)
	switch {
	case err != nil && !looksHTML(resp) && declaresDTD(resp.Body):
		// Still the feed the site announces; only feedscout will not read
		// a DOCTYPE or ENTITY declaration (entity bombs, external entities).
		r.setPreview(f, preview{code: report.PreviewDTD})
	case errors.Is(err, feed.ErrBroken):
		r.setPreview(f, preview{code: report.PreviewBrokenInvalid})
		f.Broken = true
	case err != nil:
		r.setPreview(f, preview{code: report.PreviewNotFeed})
		f.Broken = true
	default:
		delete(r.previews, f.URL)
		fillFeed(f, sum, heads)
		f.Health = feedHealth(resp, sum, r.opt.Now())
	}
}

// summarize parses a feed's answer and picks its newest headlines.
func summarize(resp *fetch.Response) (*feed.Summary, []report.Headline, error) {
	ct := resp.Header.Get("Content-Type")
	sum, err := feed.Parse(resp.Body, ct)
	if err != nil {
		return nil, nil, err
	}
	sum.Hub = check.FeedHub(resp, sum)
	items, err := feed.Items(resp.Body, ct)
	if err != nil {
		return sum, nil, nil
	}
	return sum, headlines(items), nil
}

// headlines are the report.MaxHeadlines newest titled items, newest
// first; undated items come after dated ones, in feed order.
func headlines(items []feed.Item) []report.Headline {
	items = slices.DeleteFunc(slices.Clone(items), func(it feed.Item) bool { return strings.TrimSpace(it.Title) == "" })
	slices.SortStableFunc(items, func(a, b feed.Item) int {
		switch {
		case a.Published.IsZero() != b.Published.IsZero():
			if a.Published.IsZero() {
				return 1
			}
			return -1
		}
		return b.Published.Compare(a.Published)
	})
	var out []report.Headline
	for _, it := range items[:min(len(items), report.MaxHeadlines)] {
		h := report.Headline{Title: clip(it.Title)}
		if !it.Published.IsZero() {
			h.Date = it.Published.UTC().Format(time.RFC3339)
		}
		out = append(out, h)
	}
	return out
}

// declaresDTD reports whether an XML body declares a DOCTYPE or an
// ENTITY near its start.
func declaresDTD(body []byte) bool {
	head := bytes.ToLower(body[:min(len(body), 64<<10)])
	return bytes.Contains(head, []byte("<!doctype")) || bytes.Contains(head, []byte("<!entity"))
}

func fillFeed(f *report.Feed, s *feed.Summary, heads []report.Headline) {
	f.Checked, f.Preview, f.PreviewCode, f.PreviewArgs, f.Headlines = true, "", "", nil, heads
	if s.Title != "" {
		f.Title = clip(s.Title)
	}
	if s.Format != "" {
		f.Format = s.Format
	}
	f.Items = s.Items
	if !s.Newest.IsZero() {
		f.Newest = s.Newest.UTC().Format(time.RFC3339)
	}
	f.Hub = s.Hub
}

// verdict is what one feed candidate (a guess or a feed-like anchor) told
// the guessing loop.
type verdict int

const (
	notFeed  verdict = iota // 404 and the like: keep guessing
	isFeed                  // found
	softPage                // 200 with HTML (or a redirect to the homepage): the site answers every path
	forbid                  // 401/403: the site refuses this path
	gone                    // no response (disallowed, budget, deadline, network)
)

// tryCandidate fetches u as a possible feed and adds it (at the URL it
// finally answered from) when the body parses as a feed.
func (r *run) tryCandidate(step report.Step, u, via string) (verdict, *fetch.Response) {
	if r.tried[u] {
		return notFeed, nil
	}
	resp, _ := r.get(step, u)
	if resp == nil {
		return gone, nil
	}
	switch {
	case resp.Status == 401 || resp.Status == 403:
		return forbid, resp
	case !resp.OK():
		return notFeed, resp
	}
	sum, heads, err := summarize(resp)
	if err != nil {
		if looksHTML(resp) {
			return softPage, resp
		}
		return notFeed, resp
	}
	f := report.Feed{URL: resp.URL, Via: via}
	fillFeed(&f, sum, heads)
	f.Health = feedHealth(resp, sum, r.opt.Now())
	r.rep.Feeds = append(r.rep.Feeds, f)
	return isFeed, resp
}

func looksHTML(resp *fetch.Response) bool {
	ct := strings.ToLower(resp.Header.Get("Content-Type"))
	if strings.Contains(ct, "html") {
		return true
	}
	head := bytes.ToLower(bytes.TrimSpace(resp.Body[:min(len(resp.Body), 512)]))
	return bytes.HasPrefix(head, []byte("<!doctype html")) || bytes.HasPrefix(head, []byte("<html"))
}
