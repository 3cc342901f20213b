// Package section follows one section page: one request for the page,
// then the classifier keeps its same-host article links (with their
// anchor text as title) and applies the dominant-segment rule.
package section

import (
	"context"
	"errors"
	"fmt"

	"feedscout/common/classify"
	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
)

// Article is one article linked from the section page.
type Article struct {
	URL   string `json:"url"`
	Title string `json:"title"`
}

// Result is what `section --json` prints and the native messaging result
// carries.
type Result struct {
	URL      string       `json:"url"`
	Articles []Article    `json:"articles"`
	Requests []report.Row `json:"requests"`
	// Omitted counts entries cut to keep a native messaging reply under
	// the browser's limit, by list name.
	Omitted map[string]int `json:"omitted,omitempty"`
}

// StatusError is returned when the page answered with a status other
// than 200.
type StatusError struct{ Code int }

func (e *StatusError) Error() string { return fmt.Sprintf("section page answered %d", e.Code) }

// Why turns an error of Follow into its reason (report.ReasonSection*),
// whose Sentence a person can act on.
func Why(err error) report.Reason {
	var se *StatusError
	var fe *fetch.Error
	switch {
	case errors.As(err, &se):
		return report.Reason{Code: report.ReasonSectionStatus, Args: map[string]any{"status": se.Code}}
	case errors.Is(err, fetch.ErrDisallowed):
		return report.Reason{Code: report.ReasonSectionDisallowed, Args: map[string]any{}}
	case errors.Is(err, fetch.ErrBudget):
		return report.Reason{Code: report.ReasonSectionBudget, Args: map[string]any{"budget": fetch.DefaultBudget}}
	case errors.As(err, &fe):
		return report.Reason{Code: report.ReasonSectionFailed, Args: map[string]any{"page_problem": fe.Problem().Args()}}
	}
	return report.Reason{Code: report.ReasonSectionUnreadable, Args: map[string]any{}}
}

// Follow fetches pageURL (robots.txt first when the client has not read it
// for that site yet) and returns its articles. The error wraps fetch's
// errors (fetch.ErrDisallowed, ...) or *StatusError; Why gives its
// reason. Requests is filled in either way.
func Follow(ctx context.Context, client *fetch.Client, pageURL string, onRow func(report.Row)) (*Result, error) {
	res := &Result{URL: pageURL, Articles: []Article{}, Requests: []report.Row{}}
	u, ok := report.ParseWebURL(pageURL)
	if !ok {
		return res, fmt.Errorf("follow section %q: not an absolute http(s) url", pageURL)
	}
	row := func(r report.Row) {
		res.Requests = append(res.Requests, r)
		if onRow != nil {
			onRow(r)
		}
	}
	site, err := client.Site(u.Scheme+"://"+u.Host+"/", row)
	if err != nil {
		return res, fmt.Errorf("follow section %s: %w", pageURL, err)
	}
	defer site.Close()
	resp, err := site.Get(ctx, report.StepSection, pageURL)
	if err != nil {
		return res, fmt.Errorf("fetch section page %s: %w", pageURL, err)
	}
	if resp.Status != 200 {
		return res, &StatusError{Code: resp.Status}
	}
	links, err := classify.SectionArticles(resp.URL, resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		return res, fmt.Errorf("follow section %s: %w", pageURL, err)
	}
	for _, l := range links {
		res.Articles = append(res.Articles, Article{URL: l.URL, Title: l.Text})
	}
	return res, nil
}

// Shrink halves the article list (or the request log once the articles
// are down to one) and counts what it left out (message.Shrinker).
func (r *Result) Shrink() bool {
	if r.Omitted == nil {
		r.Omitted = map[string]int{}
	}
	switch {
	case len(r.Articles) > 1:
		keep := len(r.Articles) / 2
		r.Omitted["articles"] += len(r.Articles) - keep
		r.Articles = r.Articles[:keep]
	case len(r.Requests) > 1:
		keep := len(r.Requests) / 2
		r.Omitted["requests"] += len(r.Requests) - keep
		r.Requests = r.Requests[:keep]
	default:
		return false
	}
	return true
}
