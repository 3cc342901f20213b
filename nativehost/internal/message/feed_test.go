package message

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"io"
	"testing"

	"feedscout/common/report"
)

// The feed and status requests: decoded and checked like the others, and
// handed to the handler; the version reply carries the host's path.
func TestDecodeFeedStatus(t *testing.T) {
	for _, c := range []struct {
		name, in, code string
	}{
		{"feed", `{"id":"f","type":"feed","url":"https://www.asahi.com/sitemap_national.xml"}`, ""},
		{"feed no url", `{"id":"f","type":"feed"}`, CodeBadURL},
		{"feed file url", `{"id":"f","type":"feed","url":"file:///etc/passwd"}`, CodeBadURL},
		{"feed page", `{"id":"f","type":"feed","url":"https://a.example/s/","page":{"url":"https://a.example/"}}`, CodeBadRequest},
		{"feed since", `{"id":"f","type":"feed","url":"https://a.example/s/","since":"2026-11-29T10:00:00Z"}`, CodeBadRequest},
		{"feed spent", `{"id":"f","type":"feed","url":"https://a.example/s/","spent":2}`, CodeBadRequest},
		{"status", `{"id":"s","type":"status"}`, ""},
	} {
		t.Run(c.name, func(t *testing.T) {
			_, err := Decode([]byte(c.in))
			var me *Error
			switch {
			case c.code == "" && err != nil:
				t.Fatalf("Decode: %v, want none", err)
			case c.code != "" && (!errors.As(err, &me) || me.Code != c.code):
				t.Fatalf("Decode: %v, want code %s", err, c.code)
			}
		})
	}
}

// feedHandler answers version, feed and status requests the way the
// host's handler shapes them, and refuses one source as the follower
// would.
type feedHandler struct{ path string }

func (h feedHandler) Handle(ctx context.Context, req *Request, progress func(report.Row)) (*Reply, error) {
	switch req.Type {
	case TypeVersion:
		return &Reply{Version: "1.2.3", Path: h.path}, nil
	case TypeStatus:
		return &Reply{Status: &Status{Gateway: Gateway{Running: false}}}, nil
	case TypeFeed:
		if req.URL == "https://a.example/feed.xml" {
			return nil, &Error{Code: CodeAlreadyFeed, Msg: "already a feed: subscribe to it directly", Args: map[string]any{"url": req.URL}}
		}
		progress(report.Row{Step: report.StepFeed, URL: req.URL, Status: report.Status{Code: 200}})
		return &Reply{Feed: &Feed{URL: req.URL, Entries: []FeedEntry{{Title: "<b>x</b>"}}}}, nil
	}
	return nil, &Error{Code: CodeUnknownType, Msg: "no"}
}

func TestServeFeedStatusVersion(t *testing.T) {
	var in []byte
	for _, s := range []string{
		`{"id":"v","type":"version"}`,
		`{"id":"f","type":"feed","url":"https://a.example/news.xml"}`,
		`{"id":"a","type":"feed","url":"https://a.example/feed.xml"}`,
		`{"id":"s","type":"status"}`,
	} {
		in = append(in, Frame([]byte(s))...)
	}
	var out bytes.Buffer
	if err := Serve(context.Background(), bytes.NewReader(in), &out, feedHandler{path: "/opt/o'neil/feedscout-host"}, ServeOptions{}); err != nil {
		t.Fatal(err)
	}
	got := map[string][]map[string]any{}
	r := NewReader(&out, MaxReply)
	for {
		b, err := r.Next()
		if err == io.EOF {
			break
		}
		if err != nil {
			t.Fatal(err)
		}
		var m map[string]any
		if err := json.Unmarshal(b, &m); err != nil {
			t.Fatal(err)
		}
		id, _ := m["id"].(string)
		got[id] = append(got[id], m)
	}
	if v := got["v"]; len(v) != 1 || v[0]["version"] != "1.2.3" || v[0]["path"] != "/opt/o'neil/feedscout-host" || v[0]["type"] != TypeResult {
		t.Errorf("version replies %v, want the version and the path", v)
	}
	if f := got["f"]; len(f) != 2 || f[0]["type"] != TypeProgress || f[1]["type"] != TypeResult || f[1]["feed"] == nil || f[1]["path"] != nil {
		t.Errorf("feed replies %v, want a progress row then the feed", f)
	}
	if a := got["a"]; len(a) != 1 || a[0]["code"] != CodeAlreadyFeed || a[0]["args"].(map[string]any)["url"] != "https://a.example/feed.xml" {
		t.Errorf("feed of a feed: %v, want already-feed naming the url", a)
	}
	if s := got["s"]; len(s) != 1 || s[0]["status"] == nil {
		t.Errorf("status replies %v", s)
	}
	// Without a path (the host could not tell) the version reply has none.
	out.Reset()
	Serve(context.Background(), bytes.NewReader(Frame([]byte(`{"id":"v","type":"version"}`))), &out, feedHandler{}, ServeOptions{})
	if bytes.Contains(out.Bytes(), []byte(`"path"`)) {
		t.Errorf("version reply without a path names one: %s", out.Bytes())
	}
}
