package fetch

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// Status words: the status of a log row, and the Word of an *Error, when no
// HTTP status describes what happened. They are part of the report's JSON
// contract: add new ones, never rename.
const (
	WordRobotsDisallow   = "robots-disallow"    // robots.txt forbids the URL: not fetched
	WordBudget           = "budget"             // the site's request budget is used up: not fetched
	WordTimeout          = "timeout"            // no complete answer within Options.Timeout
	WordDNS              = "dns"                // the host name does not resolve
	WordTLS              = "tls"                // TLS handshake or certificate failure
	WordNetwork          = "network"            // connection refused, reset, proxy failure...
	WordTooLarge         = "too-large"          // body over Options.MaxBody (after decompression)
	WordBadEncoding      = "bad-encoding"       // gzip that does not decompress, or an encoding we did not ask for
	WordRefusedAddress   = "refused-address"    // a public site led us to a private address
	WordRedirectLoop     = "redirect-loop"      // a redirect back to a URL of the same chain
	WordTooManyRedirects = "too-many-redirects" // more than MaxHops redirects
	WordBadRedirect      = "bad-redirect"       // a Location that is not an http(s) URL
	WordBadScheme        = "bad-scheme"         // a URL that is not http or https
	WordBadURL           = "bad-url"            // a URL that does not parse or has no host
	WordCanceled         = "canceled"           // the caller's context ended
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

// Row is one line of a site's request log: one request made, or one
// request not made (robots-disallow, budget, a redirect not followed).
type Row struct {
	Step   string `json:"step"`   // robots, home, guess, sitemap, section, feed
	URL    string `json:"url"`    // the URL requested (each redirect hop has its row)
	Status Status `json:"status"` // HTTP status, or a word
	Bytes  int64  `json:"bytes"`  // body bytes after decompression; 0 when failed
	MS     int64  `json:"ms"`     // request time, body included; 0 when not made
	Note   string `json:"note,omitempty"`
}

// Status is an HTTP status code or, when Word is set, a status word
// (WordTimeout...). In JSON it is the number or the word string.
type Status struct {
	Code int
	Word string
}

// String returns the word or the decimal code.
func (s Status) String() string {
	if s.Word != "" {
		return s.Word
	}
	return strconv.Itoa(s.Code)
}

// MarshalJSON writes the word as a JSON string, or the code as a number.
func (s Status) MarshalJSON() ([]byte, error) {
	if s.Word != "" {
		return json.Marshal(s.Word)
	}
	return strconv.AppendInt(nil, int64(s.Code), 10), nil
}

// UnmarshalJSON reads either form.
func (s *Status) UnmarshalJSON(b []byte) error {
	b = bytes.TrimSpace(b)
	if len(b) > 0 && b[0] == '"' {
		*s = Status{}
		if err := json.Unmarshal(b, &s.Word); err != nil {
			return fmt.Errorf("decode status word: %w", err)
		}
		return nil
	}
	var code int
	if err := json.Unmarshal(b, &code); err != nil {
		return fmt.Errorf("decode status code: %w", err)
	}
	*s = Status{Code: code}
	return nil
}
