package fetch

import (
	"errors"

	"feedscout/common/report"
)

// Sentinel errors for errors.Is: an *Error matches the sentinel with the
// same Word (report's status words).
var (
	ErrDisallowed       = &Error{Word: report.StatusRobotsDisallow}
	ErrBudget           = &Error{Word: report.StatusBudget}
	ErrTimeout          = &Error{Word: report.StatusTimeout}
	ErrDNS              = &Error{Word: report.StatusDNS}
	ErrTLS              = &Error{Word: report.StatusTLS}
	ErrNetwork          = &Error{Word: report.StatusNetwork}
	ErrTooLarge         = &Error{Word: report.StatusTooLarge}
	ErrBadEncoding      = &Error{Word: report.StatusBadEncoding}
	ErrRefusedAddress   = &Error{Word: report.StatusRefusedAddress}
	ErrRedirectLoop     = &Error{Word: report.StatusRedirectLoop}
	ErrTooManyRedirects = &Error{Word: report.StatusTooManyRedirects}
	ErrBadRedirect      = &Error{Word: report.StatusBadRedirect}
	ErrBadScheme        = &Error{Word: report.StatusBadScheme}
	ErrBadURL           = &Error{Word: report.StatusBadURL}
	ErrCanceled         = &Error{Word: report.StatusCanceled}
)

// Error is a fetch that ended without a response to return. Word is the
// status word logged for it, URL the URL it concerns and Err the cause (may
// be nil; for a robots-disallow caused by an unreadable robots.txt it is
// that fetch's *Error, so errors.Is(err, ErrTimeout) also holds).
type Error struct {
	Word report.StatusWord
	URL  string
	Err  error
}

func (e *Error) Error() string {
	msg := "fetch: " + string(e.Word)
	if e.URL != "" {
		msg = "fetch " + e.URL + ": " + string(e.Word)
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
	case report.StatusTooLarge:
		p.LimitMiB = DefaultMaxBody >> 20
	case report.StatusTooManyRedirects:
		p.Hops = MaxHops
	}
	return p
}
