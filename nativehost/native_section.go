package main

import (
	"context"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/message"
	"feedscout/nativehost/internal/section"
)

// handleSection answers a native messaging section request: result
// {"section": section.Result}, the request log streamed as progress; a
// page that cannot be read is a fetch-failed error carrying its reason.
func handleSection(ctx context.Context, client *fetch.Client, u string, onRow func(report.Row)) (*message.Reply, error) {
	res, err := section.Follow(ctx, client, u, onRow)
	if err != nil {
		if ctx.Err() != nil {
			return nil, message.Fail(message.CodeShutdown, map[string]any{"why": "section"})
		}
		why := section.Why(err)
		args := map[string]any{"reason_code": why.Code}
		for k, v := range why.Args {
			args[k] = v
		}
		return nil, &message.Error{Code: message.CodeFetch, Msg: why.Sentence(), Args: args}
	}
	return &message.Reply{Section: res}, nil
}
