package fetch

import (
	"errors"

	"feedscout/report"
)

// Status words: the status of a log row, and the Word of an *Error, when no
// HTTP status describes what happened. They are the report's (package
// report lists and documents them); these names are the fetcher's own.
const (
	WordRobotsDisallow   = report.StatusRobotsDisallow
	WordBudget           = report.StatusBudget
	WordTimeout          = report.StatusTimeout
	WordDNS              = report.StatusDNS
	WordTLS              = report.StatusTLS
	WordNetwork          = report.StatusNetwork
	WordTooLarge         = report.StatusTooLarge
	WordBadEncoding      = report.StatusBadEncoding
	WordRefusedAddress   = report.StatusRefusedAddress
	WordRedirectLoop     = report.StatusRedirectLoop
	WordTooManyRedirects = report.StatusTooManyRedirects
	WordBadRedirect      = report.StatusBadRedirect
	WordBadScheme        = report.StatusBadScheme
	WordBadURL           = report.StatusBadURL
	WordCanceled         = report.StatusCanceled
)

// Sentinel errors for errors.Is: an *Error matches the sentinel with the
// same Word.
var (
	ErrDisallowed       = &Error{Word: WordRobotsDisallow}
	ErrBudget           = &Error{Word: WordBudget}
	ErrTimeout          = &Error{Word: WordTimeout}
	ErrDNS              = &Error{Word: WordDNS}
	ErrTLS              = &Error{Word: WordTLS}
	ErrNetwork          = &Error{Word: WordNetwork}
	ErrTooLarge         = &Error{Word: WordTooLarge}
	ErrBadEncoding      = &Error{Word: WordBadEncoding}
	ErrRefusedAddress   = &Error{Word: WordRefusedAddress}
	ErrRedirectLoop     = &Error{Word: WordRedirectLoop}
	ErrTooManyRedirects = &Error{Word: WordTooManyRedirects}
	ErrBadRedirect      = &Error{Word: WordBadRedirect}
	ErrBadScheme        = &Error{Word: WordBadScheme}
	ErrBadURL           = &Error{Word: WordBadURL}
	ErrCanceled         = &Error{Word: WordCanceled}
)

// Error is a fetch that ended without a response to return. Word is the
// status word logged for it, URL the URL it concerns and Err the cause (may
// be nil; for a robots-disallow caused by an unreadable robots.txt it is
// that fetch's *Error, so errors.Is(err, ErrTimeout) also holds).
type Error struct {
	Word string
	URL  string
	Err  error
}

func (e *Error) Error() string {
	msg := "fetch: " + e.Word
	if e.URL != "" {
		msg = "fetch " + e.URL + ": " + e.Word
	}
	if e.Err != nil {
		msg += ": " + e.Err.Error()
	}
	return msg
}

// Unwrap returns the cause.
func (e *Error) Unwrap() error { return e.Err }

// Is reports whether target is the sentinel for e's Word.
func (e *Error) Is(target error) bool {
	t, ok := target.(*Error)
	return ok && t.URL == "" && t.Err == nil && t.Word == e.Word
}

// Row is one line of a site's request log (report.Row).
type Row = report.Row

// Status is a log row's HTTP status code or status word (report.Status).
type Status = report.Status

// Problem is e as a reason's problem: the word that best explains it, the
// innermost *Error it wraps (a URL is robots-disallow also when its host's
// robots.txt could not be read, and then the problem is why: timeout,
// refused-address...), with the limit a too-large or too-many-redirects
// names.
func (e *Error) Problem() report.Problem {
	word := e.Word
	for err := e.Err; err != nil; {
		var in *Error
		if !errors.As(err, &in) {
			break
		}
		word, err = in.Word, in.Err
	}
	p := report.Problem{Word: word}
	switch word {
	case WordTooLarge:
		p.LimitMiB = DefaultMaxBody >> 20
	case WordTooManyRedirects:
		p.Hops = MaxHops
	}
	return p
}
