package message

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"strings"
	"testing"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/section"
)

type echo struct{}

func (echo) Handle(ctx context.Context, req *Request, progress func(report.Row)) (*Reply, error) {
	if req.Type == TypeVersion {
		return &Reply{Version: "1.2.3"}, nil
	}
	if strings.Contains(req.URL, "panic") {
		panic("boom")
	}
	if strings.Contains(req.URL, "fail") {
		return nil, &Error{Code: CodeFetch, Msg: "The page could not be fetched."}
	}
	progress(report.Row{Step: report.StepHome, URL: req.URL})
	return &Reply{Section: &section.Result{URL: req.URL}}, nil
}

func serveAll(t *testing.T, in []byte) []Reply {
	t.Helper()
	var out bytes.Buffer
	Serve(context.Background(), bytes.NewReader(in), &out, echo{}, ServeOptions{})
	var replies []Reply
	r := NewReader(&out, MaxReply)
	for {
		b, err := r.Next()
		if err == io.EOF {
			return replies
		}
		if err != nil {
			t.Fatalf("host wrote a bad frame: %v", err)
		}
		var rep Reply
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatalf("host wrote bad JSON %q", b)
		}
		replies = append(replies, rep)
	}
}

func TestServe(t *testing.T) {
	var in []byte
	add := func(s string) { in = append(in, Frame([]byte(s))...) }
	add(`{"id":"v","type":"version"}`)
	in = append(in, header(0)...)
	add(`{"id":"j",`)
	add(`{"id":"u","type":"nope"}`)
	add(`{"id":"f","type":"section","url":"https://a.example/fail"}`)
	add(`{"id":"p","type":"section","url":"https://a.example/panic"}`)
	add(`{"id":"s","type":"section","url":"https://a.example/tech/"}`)
	got := map[string][]string{}
	for _, r := range serveAll(t, in) {
		got[string(r.ID)] = append(got[string(r.ID)], r.Type+":"+r.Code)
	}
	want := map[string][]string{
		`"v"`:  {"result:"},
		`null`: {"error:empty", "error:bad-json"},
		`"u"`:  {"error:unknown-type"},
		`"f"`:  {"error:fetch-failed"},
		`"p"`:  {"error:internal"},
		`"s"`:  {"progress:", "result:"},
	}
	if fmt.Sprint(got) != fmt.Sprint(want) {
		t.Fatalf("replies %v\nwant     %v", got, want)
	}
}

func TestServeCorruptStops(t *testing.T) {
	in := append(Frame([]byte(`{"id":1,"type":"version"}`)), header(0xFFFFFFFF)...)
	in = append(in, Frame([]byte(`{"id":2,"type":"version"}`))...)
	replies := serveAll(t, in)
	if len(replies) != 2 || replies[1].Code != CodeCorrupt {
		t.Fatalf("replies %+v; want version then corrupt-stream, then stop", replies)
	}
}

func TestServeBurst(t *testing.T) {
	var in []byte
	for i := 0; i < 1000; i++ {
		typ := "version"
		if i%2 == 1 {
			typ = "section"
		}
		in = append(in, Frame([]byte(fmt.Sprintf(`{"id":%d,"type":%q,"url":"https://a.example/s%d/"}`, i, typ, i)))...)
	}
	start := time.Now()
	results := 0
	for _, r := range serveAll(t, in) {
		if r.Type == TypeResult {
			results++
		}
	}
	if results != 1000 {
		t.Fatalf("%d results for 1000 requests", results)
	}
	t.Logf("1000 requests in %v", time.Since(start))
}
