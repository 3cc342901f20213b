package message

import (
	"errors"
	"testing"

	"feedscout/common/report/catalog"
)

// TestErrorSentences: every error code has its template in the message
// catalogue, and an error's sentence is that template filled with the
// error's own args, so that the popup, filling the same template with the
// args the reply carries, says the same in the user's language.
func TestErrorSentences(t *testing.T) {
	for _, code := range Codes {
		if !catalog.Has(ErrorKey(code)) {
			t.Errorf("error code %s has no catalogue message %s", code, ErrorKey(code))
		}
	}
	for _, c := range []struct{ in, want string }{
		{`{"id":"q",`, "The host could not take this request: the message is not valid JSON. Reload the extension and try again."},
		{`{"type":"version"} {}`, "The host could not take this request: the message holds more than one JSON value. Reload the extension and try again."},
		{`{"id":"n"}`, "The host could not take this request: it has no type (discover, section, check, feed, status or version). Reload the extension and try again."},
		{`{"id":"s","type":"check","url":"https://a.example/","page":{"url":"https://a.example/"}}`, "The host could not take this request: a check request takes no page. Reload the extension and try again."},
		{`{"id":"x","type":"discover","url":"http://a.example/","spent":-1}`, "The host could not take this request: the spent field -1 is not a count of requests from 0 to 1000 on a discover request. Reload the extension and try again."},
		{`{"id":"u","type":"crawl","url":"https://a.example/"}`, `The host does not know the request type "crawl" (it answers discover, section, check, feed, status and version). Reload the extension and try again.`},
		{`{"id":"u","type":"discover","url":"ftp://a.example/"}`, `Only http and https addresses can be looked up, not "ftp:".`},
		{`{"id":"u","type":"discover","url":"/feed"}`, `The url "/feed" is not an absolute web address.`},
		{`{"id":"u","type":"discover"}`, "The request has no url."},
	} {
		_, err := Decode([]byte(c.in))
		var me *Error
		if !errors.As(err, &me) {
			t.Fatalf("%s: no error", c.in)
		}
		if me.Msg != c.want {
			t.Errorf("%s:\n got %q\nwant %q", c.in, me.Msg, c.want)
		}
		if got := catalog.English(ErrorKey(me.Code), me.Args); got != me.Msg {
			t.Errorf("%s: the args say %q, the sentence is %q", c.in, got, me.Msg)
		}
	}
}
