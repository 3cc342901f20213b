package discover

import (
	"bytes"
	"errors"
	"fmt"
	"strings"
	"time"

	"feedscout/nativehost/internal/feed"
	"feedscout/nativehost/internal/fetch"
	"feedscout/wasm/classify"
)

// Previews of advertised feeds that were not fetched.
const (
	previewListed = "not fetched: the article order lists advertised feeds without fetching them"
	previewOther  = "not fetched: only the main feed is previewed, to save the site requests"
)

// listAdvertised puts the page's advertised feeds into the report,
// unchecked.
func (r *run) listAdvertised(p *classify.Page) {
	preview := previewListed
	if r.smart() {
		preview = previewOther
	}
	for _, f := range p.Feeds {
		if len(f.URL) > maxURL || r.hasFeed(f.URL) {
			continue
		}
		r.rep.Feeds = append(r.rep.Feeds, Feed{
			URL: f.URL, Title: clip(f.Title), Format: f.Format, Via: "link",
			Comments: f.Comments, Scope: f.Scope, Preview: preview,
		})
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

// checkAdvertised fetches the main advertised feed (the first that is not
// a comments feed) to validate and preview it, and the next one only when
// that turned out broken; the others stay listed as not fetched. An
// advertised feed that could not be fetched for a reason other than being
// broken (robots.txt, a timeout) still counts: the site announced it.
func (r *run) checkAdvertised() {
	for i := range r.rep.Feeds {
		if r.done() {
			return
		}
		f := &r.rep.Feeds[i]
		if f.Via != "link" || f.Comments || f.Broken {
			continue
		}
		if f.Checked || r.tried[f.URL] {
			return // the main feed is known
		}
		r.checkFeed(f)
		if !f.Broken {
			return
		}
	}
}

// feedFound reports whether the report holds a feed that counts: checked,
// or advertised and not found broken.
func (r *run) feedFound() bool {
	for _, f := range r.rep.Feeds {
		if !f.Broken && (f.Checked || f.Via == "link") {
			return true
		}
	}
	return false
}

// checkFeed fetches f and fills in what the feed says about itself.
func (r *run) checkFeed(f *Feed) {
	resp, err := r.get("feed", f.URL)
	var fe *fetch.Error
	switch {
	case errors.As(err, &fe):
		f.Preview = "not fetched: " + failure(cause(fe))
		return
	case resp == nil:
		f.Preview = "not fetched: discovery stopped first"
		return
	case !resp.OK():
		f.Preview = fmt.Sprintf("broken: it answered %d", resp.Status)
		f.Broken = true
		return
	}
	sum, err := feed.Parse(resp.Body, resp.Header.Get("Content-Type"))
	switch {
	case err != nil && !looksHTML(resp) && declaresDTD(resp.Body):
		// Still the feed the site announces; only feedscout will not read
		// a DOCTYPE or ENTITY declaration (entity bombs, external entities).
		f.Preview = "not previewed: it declares a DOCTYPE or ENTITY, which feedscout does not read"
	case errors.Is(err, feed.ErrBroken):
		f.Preview, f.Broken = "broken: the feed is cut off or invalid", true
	case err != nil:
		f.Preview, f.Broken = "broken: the answer is not a feed", true
	default:
		fillFeed(f, sum)
	}
}

// declaresDTD reports whether an XML body declares a DOCTYPE or an
// ENTITY near its start.
func declaresDTD(body []byte) bool {
	head := bytes.ToLower(body[:min(len(body), 64<<10)])
	return bytes.Contains(head, []byte("<!doctype")) || bytes.Contains(head, []byte("<!entity"))
}

func fillFeed(f *Feed, s *feed.Summary) {
	f.Checked, f.Preview = true, ""
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
func (r *run) tryCandidate(step, u, via string) (verdict, *fetch.Response) {
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
	sum, err := feed.Parse(resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		if looksHTML(resp) {
			return softPage, resp
		}
		return notFeed, resp
	}
	f := Feed{URL: resp.URL, Via: via}
	fillFeed(&f, sum)
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
