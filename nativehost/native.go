package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/message"
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
	err = message.Serve(ctx, stdin, stdout, handler{client: client, path: path}, message.ServeOptions{Log: stderr})
	switch {
	case err == nil, errors.Is(err, message.ErrCorrupt), errors.Is(err, context.Canceled):
		return exitOK
	}
	fmt.Fprintf(stderr, "feedscout-host: %v\n", err)
	return exitFail
}

// handler is the host's one dispatch of native requests: each request
// type is answered by its own file (native_TYPE.go), discover and section
// with the process's one client.
type handler struct {
	client *fetch.Client
	// path is the host's absolute path, sent with the version ("" leaves
	// it out: the host could not tell).
	path string
}

// Handle implements message.Handler.
func (h handler) Handle(ctx context.Context, req *message.Request, onRow func(report.Row)) (*message.Reply, error) {
	switch req.Type {
	case message.TypeDiscover:
		return handleDiscover(ctx, h.client, req, onRow)
	case message.TypeSection:
		return handleSection(ctx, h.client, req.URL, onRow)
	case message.TypeCheck:
		return handleCheck(ctx, req.URL, onRow)
	case message.TypeFeed:
		return handleFeed(ctx, req.URL)
	case message.TypeStatus:
		return handleStatus(ctx)
	case message.TypeVersion:
		return handleVersion(h.path), nil
	}
	return nil, message.Fail(message.CodeUnknownType, map[string]any{"type": req.Type})
}
