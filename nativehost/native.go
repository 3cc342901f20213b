package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"feedscout/nativehost/internal/discover"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/message"
	"feedscout/nativehost/internal/section"
	"feedscout/report"
)

// runNative serves native messaging on stdin/stdout until the browser
// closes the pipe. Exit status 0 after a clean end (or a corrupt stream,
// which gets an error reply first), 1 when stdout failed.
func runNative(stdin io.Reader, stdout, stderr io.Writer) int {
	client, err := newClient(false)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host: %v\n", err)
		return exitFail
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	// The version reply names the host's path (the newsboat OPML flavour
	// runs it); a host that cannot tell leaves it out.
	path, _ := hostPath()
	err = message.Serve(ctx, stdin, stdout, handler{client}, message.ServeOptions{Version: version, Path: path, Log: stderr})
	switch {
	case err == nil, errors.Is(err, message.ErrCorrupt), errors.Is(err, context.Canceled):
		return exitOK
	}
	fmt.Fprintf(stderr, "feedscout-host: %v\n", err)
	return exitFail
}

// handler answers discover, section and check requests with the
// process's one client, feed and status requests with the follower and the
// gateway probe (feedmsg.go).
type handler struct{ client *fetch.Client }

// Handle implements message.Handler.
func (h handler) Handle(ctx context.Context, req *message.Request, progress func(any)) (*message.Reply, error) {
	onRow := func(r report.Row) { progress(r) }
	switch req.Type {
	case message.TypeDiscover:
		o := discover.Options{Order: req.Order, Since: req.SinceTime, Page: req.Page, OnRow: onRow, Spent: req.Spent}
		rep, err := discover.Run(ctx, h.client, req.URL, o)
		if err != nil {
			return nil, &message.Error{Code: message.CodeBadURL, Msg: "The address cannot be looked up: " + err.Error() + ".", Args: map[string]any{"field": "url", "url": req.URL}}
		}
		return &message.Reply{Report: rep}, nil
	case message.TypeSection:
		res, err := section.Follow(ctx, h.client, req.URL, onRow)
		if err != nil {
			if ctx.Err() != nil {
				return nil, &message.Error{Code: message.CodeShutdown, Msg: "The host stopped before the section page was read."}
			}
			why := section.Why(err)
			args := map[string]any{"reason_code": why.Code}
			for k, v := range why.Args {
				args[k] = v
			}
			return nil, &message.Error{Code: message.CodeFetch, Msg: why.Sentence(), Args: args}
		}
		return &message.Reply{Section: res}, nil
	case message.TypeCheck:
		return handleCheck(ctx, req.URL, onRow)
	case message.TypeFeed:
		return handleFeed(ctx, req.URL)
	case message.TypeStatus:
		return handleStatus(ctx)
	}
	return nil, &message.Error{Code: message.CodeUnknownType, Msg: fmt.Sprintf("Unknown request type %q.", req.Type), Args: map[string]any{"type": req.Type}}
}
