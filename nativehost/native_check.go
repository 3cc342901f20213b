package main

import (
	"context"
	"fmt"
	"sync"

	"feedscout/common/report"
	"feedscout/nativehost/internal/check"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/message"
)

// nativeCheck is the check client of a native messaging host, made at the
// first check request: the browser's Check button reads up to the
// sitemap protocol's 50 MB, as the CLI does.
var nativeCheck struct {
	once   sync.Once
	client *fetch.Client
	err    error
}

// handleCheck answers a native messaging check request: result
// {"check": check.Result}, the request log streamed as progress.
func handleCheck(ctx context.Context, u string, onRow func(report.Row)) (*message.Reply, error) {
	nativeCheck.once.Do(func() { nativeCheck.client, nativeCheck.err = newCheckClient(false) })
	if nativeCheck.err != nil {
		return nil, fmt.Errorf("check client: %w", nativeCheck.err)
	}
	res, err := check.Run(ctx, nativeCheck.client, u, check.Options{MaxBody: check.ByteLimit, OnRow: onRow})
	if err != nil {
		return nil, message.Fail(message.CodeBadURL, map[string]any{"why": "check", "field": "url", "url": u, "detail": err.Error()})
	}
	if ctx.Err() != nil {
		return nil, message.Fail(message.CodeShutdown, map[string]any{"why": "check"})
	}
	return &message.Reply{Check: res}, nil
}
