package check

// The check over native messaging, as the popup's Check button sends it.

import (
	"encoding/json"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// nativeCheck sends one check request to a host started as Chrome starts
// it (harness.StartNM) and returns its replies, the result last.
func nativeCheck(t *testing.T, env []string, u string) []map[string]json.RawMessage {
	t.Helper()
	h := harness.StartNM(t, env)
	h.Send(map[string]string{"id": "k1", "type": "check", "url": u})
	var replies []map[string]json.RawMessage
	for {
		m := rawReply(t, h.Next(time.Minute))
		replies = append(replies, m)
		if typ := string(m["type"]); typ == `"result"` || typ == `"error"` {
			return replies
		}
	}
}

// rawReply is a reply's JSON object, every member as it came.
func rawReply(t *testing.T, r harness.NMReply) map[string]json.RawMessage {
	t.Helper()
	var m map[string]json.RawMessage
	if err := json.Unmarshal(r.Raw, &m); err != nil {
		t.Fatalf("reply is not a JSON object: %q", r.Raw)
	}
	return m
}

func TestCheckNativeMessaging(t *testing.T) {
	w := harness.StartWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	replies := nativeCheck(t, harness.FastEnv(w), "https://feed-no-304.check.test/feed.xml")
	last := replies[len(replies)-1]
	if string(last["type"]) != `"result"` || string(last["id"]) != `"k1"` {
		t.Fatalf("last reply %v", last)
	}
	var res checkResult
	if err := json.Unmarshal(last["check"], &res); err != nil {
		t.Fatal(err)
	}
	if res.codes() != "warning no-304" || res.Conditional != 3 || len(res.Requests) != 3 {
		t.Fatalf("check %q, conditional %d, %d requests", res.codes(), res.Conditional, len(res.Requests))
	}
	// One progress reply per request, the conditional one included.
	if len(replies) != 4 {
		t.Fatalf("%d replies, want 3 progress and the result", len(replies))
	}
	for i, p := range replies[:3] {
		var row harness.LogRow
		if string(p["type"]) != `"progress"` || json.Unmarshal(p["request"], &row) != nil || row.URL != res.Requests[i].URL {
			t.Fatalf("progress %d: %v", i, p)
		}
	}
	// A check request takes no page.
	bad := nativeCheckRaw(t, harness.FastEnv(w), `{"id":"k2","type":"check","url":"https://feed-ok.check.test/feed.xml","page":{"url":"https://feed-ok.check.test/","html":""}}`)
	if string(bad["type"]) != `"error"` || string(bad["code"]) != `"bad-request"` {
		t.Fatalf("check with a page: %v", bad)
	}
}

// nativeCheckRaw sends one raw request and returns the first reply.
func nativeCheckRaw(t *testing.T, env []string, req string) map[string]json.RawMessage {
	t.Helper()
	h := harness.StartNM(t, env)
	h.SendRaw(harness.Frame([]byte(req)))
	return rawReply(t, h.Next(time.Minute))
}
