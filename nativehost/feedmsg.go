package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"strings"
	"sync"
	"time"

	"feedscout/nativehost/internal/follow"
	"feedscout/nativehost/internal/message"
	"feedscout/report/kind"
)

// previewEntries is how many of a source's entries a feed reply carries:
// the first ones the feed will have, for the popup's Preview.
const previewEntries = 10

// gatewayEnv names the environment variable that moves the address the
// status request looks for the gateway at (host:port on loopback; default
// defaultAddr), for tests that run a gateway of their own.
const gatewayEnv = "FEEDSCOUT_GATEWAY"

// nativeFollower is the native host's follower, made on the first feed
// request: the same state folder, manners and shared pacing as
// `feedscout-host feed` with no flags, so a preview is the source's first
// fetch and a later reader's fetch respects the interval.
var nativeFollower = sync.OnceValues(func() (*follow.Follower, error) {
	state, interval, allowPrivate := "", follow.DefaultMinInterval, false
	return followFlags{state: &state, interval: &interval, allowPrivate: &allowPrivate}.follower()
})

// feedPreview is the payload of a feed result (PROTOCOL.md, feed).
type feedPreview struct {
	// URL is the source as followed (normalised: no fragment).
	URL string `json:"url"`
	// FetchedFrom is where the source is fetched now, when a permanent
	// redirect moved it.
	FetchedFrom string          `json:"fetched_from,omitempty"`
	Kind        kind.SourceKind `json:"kind"`
	Title       string          `json:"title"`
	Subtitle    string          `json:"subtitle"`
	Status      string          `json:"status"`
	Entries     []previewEntry  `json:"entries"`
	// Total is how many entries the feed has (Entries holds the first
	// previewEntries of them).
	Total int `json:"total"`
	// Fetched reports whether this request made the source's fetch (else
	// the stored feed was given: the interval had not passed).
	Fetched   bool      `json:"fetched"`
	LastOK    time.Time `json:"last_ok,omitzero"`
	NextFetch time.Time `json:"next_fetch,omitzero"`
}

// previewEntry is one entry of a feed preview.
type previewEntry struct {
	Title string    `json:"title"`
	Link  string    `json:"link"`
	Date  time.Time `json:"date,omitzero"`
}

// handleFeed answers a feed request through the code `feedscout-host feed`
// runs (follow.Follower.Feed).
func handleFeed(ctx context.Context, source string) (*message.Reply, error) {
	f, err := nativeFollower()
	if err != nil {
		return nil, &message.Error{Code: message.CodeInternal, Msg: "The host cannot follow sources: " + err.Error() + ".", Args: map[string]any{"detail": err.Error()}}
	}
	res, err := f.Feed(ctx, source)
	if err != nil {
		args := map[string]any{"url": source}
		switch {
		case errors.Is(err, follow.ErrAlreadyFeed):
			return nil, &message.Error{Code: message.CodeAlreadyFeed, Msg: feedSentence(err), Args: args}
		case errors.Is(err, follow.ErrBadSource):
			return nil, &message.Error{Code: message.CodeNotFollowable, Msg: feedSentence(err), Args: args}
		case errors.Is(err, follow.ErrNoFeedYet):
			return nil, &message.Error{Code: message.CodeNoFeedYet, Msg: feedSentence(err), Args: args}
		case ctx.Err() != nil:
			return nil, &message.Error{Code: message.CodeShutdown, Msg: "The host stopped before the source was read."}
		}
		return nil, &message.Error{Code: message.CodeInternal, Msg: "The host could not follow the source: " + err.Error() + ".", Args: map[string]any{"detail": err.Error()}}
	}
	st := res.State
	p := &feedPreview{
		URL: st.Source, Kind: st.Kind, Title: st.Title, Subtitle: follow.Subtitle(st), Status: st.Status,
		Total: len(st.Entries), Fetched: res.Fetched, LastOK: st.LastOK, NextFetch: st.NextFetch,
		Entries: []previewEntry{},
	}
	if p.Title == "" {
		p.Title = st.URL
	}
	if st.URL != st.Source {
		p.FetchedFrom = st.URL
	}
	for _, e := range st.Entries[:min(len(st.Entries), previewEntries)] {
		p.Entries = append(p.Entries, previewEntry{Title: e.Title, Link: e.URL, Date: e.Published})
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

// gatewayStatus is the gateway part of a status result.
type gatewayStatus struct {
	// URL is the gateway's base URL looked at, as the OPML "any" flavour
	// writes it.
	URL string `json:"url"`
	// Running reports whether feedscout's gateway answered there.
	Running bool `json:"running"`
	// State is "running", "stopped" (nothing answered in time) or "other"
	// (something that is not feedscout's gateway answered).
	State string `json:"state"`
	// Detail says what was seen, in English.
	Detail string `json:"detail"`
}

// handleStatus answers a status request: whether the gateway runs on its
// address (FEEDSCOUT_GATEWAY, else the default), asked the way a reader
// asks it (GET / with the Host it answers to, a short timeout, no proxy).
func handleStatus(ctx context.Context) (*message.Reply, error) {
	addr := defaultAddr
	if a := os.Getenv(gatewayEnv); a != "" {
		if err := loopbackAddr(a); err != nil {
			return nil, &message.Error{Code: message.CodeInternal, Msg: fmt.Sprintf("%s=%q is not a loopback address: %v.", gatewayEnv, a, err), Args: map[string]any{"detail": err.Error()}}
		}
		addr = a
	}
	g := probeGateway(ctx, addr)
	return &message.Reply{Status: map[string]any{"gateway": g}}, nil
}

// gatewayTitle is what feedscout's gateway's status page says it is.
var gatewayTitle = []byte("<title>feedscout gateway</title>")

// probeGateway looks for feedscout's gateway at addr.
func probeGateway(ctx context.Context, addr string) gatewayStatus {
	g := gatewayStatus{URL: "http://" + addr}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	client := &http.Client{
		Transport:     &http.Transport{Proxy: nil, DialContext: (&net.Dialer{Timeout: time.Second}).DialContext, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.URL+"/", nil)
	if err != nil {
		g.State, g.Detail = "stopped", err.Error()
		return g
	}
	resp, err := client.Do(req)
	if err != nil {
		g.State, g.Detail = "stopped", fmt.Sprintf("nothing answers on %s (%v)", addr, unwrapNet(err))
		return g
	}
	defer resp.Body.Close()
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode == http.StatusOK && bytes.Contains(head, gatewayTitle) {
		g.Running, g.State, g.Detail = true, "running", "feedscout's gateway answers on "+addr
		return g
	}
	g.State, g.Detail = "other", fmt.Sprintf("something else answers on %s (%s)", addr, resp.Status)
	return g
}

// unwrapNet is the innermost error of a failed request: "connection
// refused" rather than the URL and operation around it.
func unwrapNet(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}
