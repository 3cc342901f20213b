package main

import (
	"context"
	"errors"
	"strings"
	"sync"

	"feedscout/nativehost/internal/follow"
	"feedscout/nativehost/internal/message"
)

// previewEntries is how many of a source's entries a feed reply carries:
// the first ones the feed will have, for the popup's Preview.
const previewEntries = 10

// nativeFollower is the native host's follower, made on the first feed
// request: the same state folder, manners and shared pacing as
// `feedscout-host feed` with no flags, so a preview is the source's first
// fetch and a later reader's fetch respects the interval.
var nativeFollower = sync.OnceValues(func() (*follow.Follower, error) {
	state, interval, allowPrivate := "", follow.DefaultMinInterval, false
	return followFlags{state: &state, interval: &interval, allowPrivate: &allowPrivate}.follower()
})

// handleFeed answers a feed request through the code `feedscout-host feed`
// runs (follow.Follower.Feed).
func handleFeed(ctx context.Context, source string) (*message.Reply, error) {
	f, err := nativeFollower()
	if err != nil {
		return nil, message.Fail(message.CodeInternal, map[string]any{"detail": "it cannot follow sources: " + err.Error()})
	}
	res, err := f.Feed(ctx, source)
	if err != nil {
		args := map[string]any{"url": source, "detail": feedSentence(err)}
		switch {
		case errors.Is(err, follow.ErrAlreadyFeed):
			return nil, message.Fail(message.CodeAlreadyFeed, map[string]any{"url": source})
		case errors.Is(err, follow.ErrBadSource):
			return nil, message.Fail(message.CodeNotFollowable, args)
		case errors.Is(err, follow.ErrNoFeedYet):
			return nil, message.Fail(message.CodeNoFeedYet, args)
		case ctx.Err() != nil:
			return nil, message.Fail(message.CodeShutdown, map[string]any{"why": "feed"})
		}
		return nil, message.Fail(message.CodeInternal, map[string]any{"detail": "it could not follow the source: " + err.Error()})
	}
	st := res.State
	p := &message.Feed{
		URL: st.Source, Kind: st.Kind, Title: st.Title, Subtitle: follow.Subtitle(st), Status: st.Status,
		Total: len(st.Entries), Fetched: res.Fetched, LastOK: st.LastOK, NextFetch: st.NextFetch,
		Entries: []message.FeedEntry{},
	}
	if p.Title == "" {
		p.Title = st.URL
	}
	if st.URL != st.Source {
		p.FetchedFrom = st.URL
	}
	for _, e := range st.Entries[:min(len(st.Entries), previewEntries)] {
		p.Entries = append(p.Entries, message.FeedEntry{Title: e.Title, Link: e.URL, Date: e.Published})
	}
	return &message.Reply{Feed: p}, nil
}

// feedSentence is an error of Feed as the sentence a person reads, ending
// in a full stop.
func feedSentence(err error) string {
	s := err.Error()
	if !strings.HasSuffix(s, ".") {
		s += "."
	}
	return s
}
