package message

import (
	"bytes"
	"encoding/json"
	"fmt"
	"net/url"
	"time"

	"feedscout/common/report"
)

// Request types.
const (
	TypeDiscover = "discover"
	TypeSection  = "section"
	TypeCheck    = "check" // a feed or news sitemap through its checks (docs/checking.md)
	TypeVersion  = "version"
	TypeFeed     = "feed"   // the first entries of a source's feed, as feedscout-host feed makes it (docs/following.md)
	TypeStatus   = "status" // what the host can tell about the machine: the gateway running or not
)

// Discovery orders a discover request may ask for ("" means OrderSmart).
const (
	OrderArticle = report.OrderArticle
	OrderSmart   = report.OrderSmart
)

// MaxID bounds the length of a request id as JSON text.
const MaxID = 256

// Request is one message from the extension.
type Request struct {
	// ID is chosen by the extension and echoed verbatim (as raw JSON: a
	// string or a number) on every reply to this request.
	ID json.RawMessage `json:"id"`
	// Type is "discover", "section", "check", "feed", "status" or "version".
	Type string `json:"type"`
	// URL is the site (discover), the section page (section), the feed or
	// news sitemap to check (check) or the source to follow (feed).
	URL string `json:"url,omitempty"`
	// Page is the tab the user is looking at, as the browser has it; only
	// for discover, optional. It saves the host a homepage request when the
	// tab is the homepage.
	Page *report.Page `json:"page,omitempty"`
	// Order is the discovery order: "smart" (default) or "article".
	Order string `json:"order,omitempty"`
	// Since (discover only, optional) is the user's last look at the site,
	// RFC 3339: sections its sitemap dates before it are marked unchanged.
	Since string `json:"since,omitempty"`
	// SinceTime is Since parsed by Decode (zero when absent).
	SinceTime time.Time `json:"-"`
	// Spent (discover only, optional) is how many requests this same
	// discovery already cost the site in host processes that died under
	// it: the extension sends it again with the count, and the host makes
	// only what the site's budget leaves (one click never costs a site
	// more than the budget).
	Spent int `json:"spent,omitempty"`
}

// MaxSpent bounds a request's spent field.
const MaxSpent = 1000

// Decode parses and checks one request body. On failure it returns an
// *Error whose code says why, together with whatever id could be read, so
// the error reply can still name the request.
func Decode(body []byte) (*Request, error) {
	var req Request
	d := json.NewDecoder(bytes.NewReader(body))
	if err := d.Decode(&req); err != nil {
		id := peekID(body)
		if _, ok := err.(*json.SyntaxError); ok || !json.Valid(body) {
			return &Request{ID: id}, Fail(CodeBadJSON, nil)
		}
		return &Request{ID: id}, Fail(CodeBadRequest, map[string]any{"why": "shape", "detail": shapeHint(err)})
	}
	if d.More() {
		return &Request{ID: req.ID}, Fail(CodeBadJSON, map[string]any{"why": "several"})
	}
	if err := checkID(req.ID); err != nil {
		req.ID = nil
		return &req, err
	}
	switch req.Type {
	case TypeVersion, TypeStatus:
		return &req, nil
	case TypeDiscover, TypeSection, TypeCheck, TypeFeed:
	case "":
		return &req, Fail(CodeBadRequest, map[string]any{"why": "no-type"})
	default:
		return &req, Fail(CodeUnknownType, map[string]any{"type": clip(req.Type, 40)})
	}
	if err := checkURL("url", req.URL); err != nil {
		return &req, err
	}
	if req.Type != TypeDiscover && req.Page != nil {
		return &req, Fail(CodeBadRequest, map[string]any{"why": "page", "type": req.Type})
	}
	if req.Page != nil {
		if err := checkURL("page.url", req.Page.URL); err != nil {
			return &req, err
		}
	}
	switch req.Order {
	case "", OrderSmart, OrderArticle:
	default:
		return &req, Fail(CodeBadRequest, map[string]any{"why": "order", "order": clip(req.Order, 40)})
	}
	if req.Spent < 0 || req.Spent > MaxSpent || (req.Spent > 0 && req.Type != TypeDiscover) {
		return &req, Fail(CodeBadRequest, map[string]any{"why": "spent", "spent": req.Spent, "max": MaxSpent})
	}
	if req.Since != "" {
		t, err := time.Parse(time.RFC3339, req.Since)
		if err != nil || req.Type != TypeDiscover {
			return &req, Fail(CodeBadRequest, map[string]any{"why": "since", "since": clip(req.Since, 40)})
		}
		req.SinceTime = t
	}
	return &req, nil
}

// checkID accepts a missing id (a reply then carries "id": null), a string
// or a number, at most MaxID bytes long.
func checkID(id json.RawMessage) error {
	if len(id) == 0 || string(id) == "null" {
		return nil
	}
	if len(id) > MaxID {
		return Fail(CodeBadRequest, map[string]any{"why": "id-long", "limit": MaxID})
	}
	switch id[0] {
	case '"', '-', '0', '1', '2', '3', '4', '5', '6', '7', '8', '9':
		return nil
	}
	return Fail(CodeBadRequest, map[string]any{"why": "id-type"})
}

// CheckURL reports whether raw is an absolute http or https URL with a
// host; the error names the field.
func checkURL(field, raw string) error {
	if raw == "" {
		return Fail(CodeBadURL, map[string]any{"why": "missing", "field": field})
	}
	if len(raw) > 8192 {
		return Fail(CodeBadURL, map[string]any{"why": "long", "field": field, "limit": 8192})
	}
	if report.WebURL(raw) {
		return nil
	}
	if u, err := url.Parse(raw); err == nil && u.Hostname() != "" {
		return Fail(CodeBadURL, map[string]any{"why": "scheme", "field": field, "scheme": clip(u.Scheme, 20)})
	}
	return Fail(CodeBadURL, map[string]any{"why": "relative", "field": field, "url": clip(raw, 80)})
}

// PeekID finds the id of a message from its first bytes only (a message
// skipped as too large, Reader.SkippedHead): the id when it comes before
// anything cut off, else nil.
func PeekID(head []byte) json.RawMessage {
	dec := json.NewDecoder(bytes.NewReader(head))
	if t, err := dec.Token(); err != nil || t != json.Delim('{') {
		return nil
	}
	for dec.More() {
		k, err := dec.Token()
		if err != nil {
			return nil
		}
		var v json.RawMessage
		if err := dec.Decode(&v); err != nil {
			return nil
		}
		if k == "id" {
			if checkID(v) != nil {
				return nil
			}
			return v
		}
	}
	return nil
}

// peekID digs the id out of a body that did not decode as a Request, so
// that an error reply can still name it when the rest was malformed.
func peekID(body []byte) json.RawMessage {
	var probe struct {
		ID json.RawMessage `json:"id"`
	}
	if json.Unmarshal(body, &probe) != nil || checkID(probe.ID) != nil {
		return nil
	}
	return probe.ID
}

func shapeHint(err error) string {
	if te, ok := err.(*json.UnmarshalTypeError); ok {
		if te.Field != "" {
			return fmt.Sprintf("field %q must not be a JSON %s", te.Field, te.Value)
		}
		return fmt.Sprintf("got a JSON %s", te.Value)
	}
	return "it has the wrong shape"
}

func clip(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n]) + "…"
}
