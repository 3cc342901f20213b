package message

import (
	"encoding/json"
	"errors"
	"fmt"
	"strings"

	"feedscout/common/report"
	"feedscout/common/report/catalog"
	"feedscout/nativehost/internal/check"
	"feedscout/nativehost/internal/section"
)

// Reply types.
const (
	TypeProgress = "progress"
	TypeResult   = "result"
	TypeError    = "error"
)

// Error codes (append-only: never renumber, rename or reuse one; the table
// in PROTOCOL.md is the reference).
const (
	CodeBadJSON       = "bad-json"        // the body is not JSON
	CodeBadRequest    = "bad-request"     // JSON of the wrong shape
	CodeUnknownType   = "unknown-type"    // type is not discover, section, check, feed, status or version
	CodeBadURL        = "bad-url"         // url missing, not absolute, or not http(s)
	CodeEmpty         = "empty"           // a frame of length zero
	CodeTooLarge      = "too-large"       // a frame over MaxRequest (discarded)
	CodeCorrupt       = "corrupt-stream"  // a length no browser sends; the host exits
	CodeFetch         = "fetch-failed"    // section: the page could not be fetched or read
	CodeReplyTooLarge = "reply-too-large" // a result could not be cut under MaxReply
	CodeInternal      = "internal"        // a bug in the host; details on stderr
	CodeShutdown      = "shutdown"        // the host is stopping (stdin closed)
	CodeAlreadyFeed   = "already-feed"    // feed: the source is a feed already; subscribe to it directly
	CodeNotFollowable = "not-followable"  // feed: the source cannot be followed (an index, a list of sections, a private address...)
	CodeNoFeedYet     = "no-feed-yet"     // feed: the source's first fetch failed or may not be made yet
)

// Error is a failed request: a sentence for the user, a stable code for
// programs and the values the sentence names (Args; a fetch-failed error
// carries the reason_code of its sentence there, see docs/reasons.md).
type Error struct {
	Code string
	Msg  string
	Args map[string]any
}

func (e *Error) Error() string { return e.Code + ": " + e.Msg }

// Fail is the Error of code with args: its sentence is the message
// catalogue's template for the code (ErrorKey) filled with args in
// English, the sentence the popup says in the user's language. Args name
// the variant of the code's sentence ("why") and the values it names.
func Fail(code string, args map[string]any) *Error {
	return &Error{Code: code, Msg: catalog.English(ErrorKey(code), args), Args: args}
}

// ErrorKey is the catalogue's key of an error code's template: "error_"
// and the code with "_" for "-".
func ErrorKey(code string) string { return "error_" + strings.ReplaceAll(code, "-", "_") }

// Reply is one message to the extension. Exactly one of Request (progress),
// Report/Section/Check/Feed/Status/Version (result: the payload of the
// request type of the same name, discover's being Report) or Error
// (error) is set, matching Type; a version result carries Path too.
type Reply struct {
	ID      json.RawMessage `json:"id"`
	Type    string          `json:"type"`
	Request *report.Row     `json:"request,omitempty"`
	Report  *report.Report  `json:"report,omitempty"`
	Section *section.Result `json:"section,omitempty"`
	Check   *check.Result   `json:"check,omitempty"`
	Feed    *Feed           `json:"feed,omitempty"`
	Status  *Status         `json:"status,omitempty"`
	Version string          `json:"version,omitempty"`
	// Path is the host's absolute path (version results): what a reader
	// runs to follow a source (the newsboat OPML flavour's exec: lines).
	Path  string `json:"path,omitempty"`
	Error string `json:"error,omitempty"`
	Code  string `json:"code,omitempty"`
	// Args are the values an error's sentence names, by name, as a JSON
	// object ({} when it names none); error replies only (see errArgs).
	Args json.RawMessage `json:"args,omitempty"`
}

// Shrinker is a result payload that can be made smaller when its reply
// would exceed MaxReply.
type Shrinker interface {
	// Shrink cuts its longest list (roughly in half) and records in the
	// payload how many entries were left out; it returns false when there
	// is nothing left to cut.
	Shrink() bool
}

// ErrorReply builds the error reply for id from err: an *Error keeps its
// code and sentence, anything else becomes CodeInternal.
func ErrorReply(id json.RawMessage, err error) *Reply {
	var me *Error
	if !errors.As(err, &me) {
		me = Fail(CodeInternal, map[string]any{"detail": err.Error()})
	}
	return &Reply{ID: id, Type: TypeError, Error: me.Msg, Code: me.Code, Args: errArgs(me.Args)}
}

// Marshal encodes r, shrinking its payload (Report or Section, the
// Shrinkers) until the JSON is under limit bytes. When that cannot be
// reached it returns the encoding of an error reply with
// CodeReplyTooLarge for the same id instead.
func Marshal(r *Reply, limit int) ([]byte, error) {
	if len(r.ID) == 0 {
		r.ID = json.RawMessage("null")
	}
	for {
		b, err := json.Marshal(r)
		if err != nil {
			return nil, fmt.Errorf("encode reply: %w", err)
		}
		if len(b) < limit {
			return b, nil
		}
		s := r.shrinker()
		if s == nil || !s.Shrink() {
			e := ErrorReply(r.ID, Fail(CodeReplyTooLarge, map[string]any{"bytes": len(b)}))
			if len(r.ID) > MaxID {
				e.ID = json.RawMessage("null")
			}
			return json.Marshal(e)
		}
	}
}

// shrinker is r's payload that can be cut, nil when it has none.
func (r *Reply) shrinker() Shrinker {
	switch {
	case r.Report != nil:
		return r.Report
	case r.Section != nil:
		return r.Section
	}
	return nil
}

// errArgs encodes an error's args, {} when there are none: every error
// reply carries args.
func errArgs(args map[string]any) json.RawMessage {
	if len(args) == 0 {
		return json.RawMessage("{}")
	}
	b, err := json.Marshal(args)
	if err != nil {
		return json.RawMessage("{}")
	}
	return b
}
