package main

import (
	"context"

	"feedscout/common/report"
	"feedscout/nativehost/internal/discover"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/message"
)

// handleDiscover answers a native messaging discover request: result
// {"report": report.Report}, the request log streamed as progress.
func handleDiscover(ctx context.Context, client *fetch.Client, req *message.Request, onRow func(report.Row)) (*message.Reply, error) {
	o := discover.Options{Order: req.Order, Since: req.SinceTime, Page: req.Page, OnRow: onRow, Spent: req.Spent}
	rep, err := discover.Run(ctx, client, req.URL, o)
	if err != nil {
		return nil, message.Fail(message.CodeBadURL, map[string]any{"why": "lookup", "field": "url", "url": req.URL, "detail": err.Error()})
	}
	return &message.Reply{Report: rep}, nil
}
