package tests

// The check over native messaging, as the popup's Check button sends it.

import (
	"bufio"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"testing"

	"feedscout/tests/fixtureweb"
)

// nativeCheck sends one check request to a host started as Chrome starts
// it and returns its replies, the result last.
func nativeCheck(t *testing.T, env []string, u string) []map[string]json.RawMessage {
	t.Helper()
	cmd := exec.Command(hostBinary(t), "chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/")
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	req, _ := json.Marshal(map[string]string{"id": "k1", "type": "check", "url": u})
	if _, err := in.Write(append(binary.LittleEndian.AppendUint32(nil, uint32(len(req))), req...)); err != nil {
		t.Fatal(err)
	}
	r := bufio.NewReader(outp)
	var replies []map[string]json.RawMessage
	for {
		var hdr [4]byte
		if _, err := io.ReadFull(r, hdr[:]); err != nil {
			t.Fatalf("read reply: %v", err)
		}
		b := make([]byte, binary.LittleEndian.Uint32(hdr[:]))
		if _, err := io.ReadFull(r, b); err != nil {
			t.Fatalf("read reply: %v", err)
		}
		var m map[string]json.RawMessage
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatalf("reply is not JSON: %q", b)
		}
		replies = append(replies, m)
		if typ := string(m["type"]); typ == `"result"` || typ == `"error"` {
			return replies
		}
	}
}

func TestCheckNativeMessaging(t *testing.T) {
	w := startWeb(t, fixtureweb.CheckSites(&fixtureweb.Generated{}))
	replies := nativeCheck(t, fastEnv(w), "https://feed-no-304.check.test/feed.xml")
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
		var row logRow
		if string(p["type"]) != `"progress"` || json.Unmarshal(p["request"], &row) != nil || row.URL != res.Requests[i].URL {
			t.Fatalf("progress %d: %v", i, p)
		}
	}
	// A check request takes no page.
	bad := nativeCheckRaw(t, fastEnv(w), `{"id":"k2","type":"check","url":"https://feed-ok.check.test/feed.xml","page":{"url":"https://feed-ok.check.test/","html":""}}`)
	if string(bad["type"]) != `"error"` || string(bad["code"]) != `"bad-request"` {
		t.Fatalf("check with a page: %v", bad)
	}
}

// nativeCheckRaw sends one raw request and returns the first reply.
func nativeCheckRaw(t *testing.T, env []string, req string) map[string]json.RawMessage {
	t.Helper()
	cmd := exec.Command(hostBinary(t), "chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/")
	cmd.Env = append(os.Environ(), env...)
	in, _ := cmd.StdinPipe()
	outp, _ := cmd.StdoutPipe()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	defer func() { in.Close(); cmd.Wait() }()
	if _, err := in.Write(append(binary.LittleEndian.AppendUint32(nil, uint32(len(req))), req...)); err != nil {
		t.Fatal(err)
	}
	var hdr [4]byte
	if _, err := io.ReadFull(outp, hdr[:]); err != nil {
		t.Fatal(err)
	}
	b := make([]byte, binary.LittleEndian.Uint32(hdr[:]))
	if _, err := io.ReadFull(outp, b); err != nil {
		t.Fatal(err)
	}
	var m map[string]json.RawMessage
	if err := json.Unmarshal(b, &m); err != nil {
		t.Fatal(err)
	}
	return m
}
