package report

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strconv"
)

// StatusWord is the status of a log row when no HTTP status describes what
// happened (Status.Word), and the word of the fetcher's errors. The words
// are part of the report's JSON contract: add new ones, never rename.
type StatusWord string

// The status words.
const (
	StatusRobotsDisallow   StatusWord = "robots-disallow"    // robots.txt forbids the URL: not fetched
	StatusBudget           StatusWord = "budget"             // the site's request budget is used up: not fetched
	StatusTimeout          StatusWord = "timeout"            // no complete answer in time
	StatusDNS              StatusWord = "dns"                // the host name does not resolve
	StatusTLS              StatusWord = "tls"                // TLS handshake or certificate failure
	StatusNetwork          StatusWord = "network"            // connection refused, reset, proxy failure...
	StatusTooLarge         StatusWord = "too-large"          // body over the size cap (after decompression)
	StatusBadEncoding      StatusWord = "bad-encoding"       // gzip that does not decompress, or an encoding not asked for
	StatusRefusedAddress   StatusWord = "refused-address"    // a public site led to a private address
	StatusRedirectLoop     StatusWord = "redirect-loop"      // a redirect back to a URL of the same chain
	StatusTooManyRedirects StatusWord = "too-many-redirects" // more redirects than the fetcher follows
	StatusBadRedirect      StatusWord = "bad-redirect"       // a Location that is not an http(s) URL
	StatusBadScheme        StatusWord = "bad-scheme"         // a URL that is not http or https
	StatusBadURL           StatusWord = "bad-url"            // a URL that does not parse or has no host
	StatusCanceled         StatusWord = "canceled"           // the caller's context ended
)

// Row is one line of a site's request log: one request made, or one
// request not made (robots-disallow, budget, a redirect not followed, an
// address refused before connecting).
type Row struct {
	Step   Step   `json:"step"`   // StepRobots, StepHome, ...
	URL    string `json:"url"`    // the URL requested (each redirect hop has its row)
	Status Status `json:"status"` // HTTP status, or a word
	Bytes  int64  `json:"bytes"`  // body bytes after decompression; 0 when failed
	MS     int64  `json:"ms"`     // request time, body included; 0 when not made
	Note   string `json:"note,omitempty"`
	// Sent is set by the fetcher when the request left for a server: it
	// was paced and counted, and a server saw it (or may have: a timeout,
	// a reset). Rows of requests decided against (robots.txt, budget, a
	// redirect not followed, a name that does not resolve, an address
	// refused) have it false. Read it through Request.
	Sent bool `json:"sent"`
}

// Request reports whether the row is a request a server saw: the one
// rule behind every "N requests" feedscout prints (CLI, popup, tests).
func (r Row) Request() bool { return r.Sent }

// Requests counts the rows that are requests (Row.Request).
func Requests(rows []Row) int {
	n := 0
	for _, r := range rows {
		if r.Request() {
			n++
		}
	}
	return n
}

// Status is an HTTP status code or, when Word is set, a status word
// (StatusTimeout...). In JSON it is the number or the word string.
type Status struct {
	Code int
	Word StatusWord
}

// String returns the word or the decimal code.
func (s Status) String() string {
	if s.Word != "" {
		return string(s.Word)
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
