package message

import (
	"bytes"
	"encoding/json"
	"fmt"
	"strings"
	"sync"
	"testing"

	"feedscout/common/report"
	"feedscout/nativehost/internal/section"
)

// A section result too long for one reply is cut (its Shrink) until it
// fits, and the cut adds up.
func TestMarshalShrinks(t *testing.T) {
	res := &section.Result{URL: "https://www.example.com/section/", Requests: []report.Row{}}
	for i := 0; i < 40000; i++ {
		res.Articles = append(res.Articles, section.Article{URL: fmt.Sprintf("https://www.example.com/section/%06d/", i)})
	}
	b, err := Marshal(&Reply{ID: json.RawMessage(`"r"`), Type: TypeResult, Section: res}, MaxReply)
	if err != nil {
		t.Fatal(err)
	}
	if len(b) >= MaxReply {
		t.Fatalf("reply is %d bytes", len(b))
	}
	var got struct {
		Section section.Result `json:"section"`
	}
	if err := json.Unmarshal(b, &got); err != nil {
		t.Fatal(err)
	}
	if n, cut := len(got.Section.Articles), got.Section.Omitted["articles"]; n+cut != 40000 || cut == 0 {
		t.Fatalf("kept %d, omitted %d; want a cut that adds up to 40000", n, cut)
	}
}

func TestMarshalGivesUp(t *testing.T) {
	huge := strings.Repeat("a", MaxReply)
	b, err := Marshal(&Reply{ID: json.RawMessage(`5`), Type: TypeResult, Version: huge}, MaxReply)
	if err != nil {
		t.Fatal(err)
	}
	var r Reply
	if err := json.Unmarshal(b, &r); err != nil || r.Type != TypeError || r.Code != CodeReplyTooLarge || string(r.ID) != "5" {
		t.Fatalf("got %.200s (%v); want a reply-too-large error for id 5", b, err)
	}
}

func TestWriterConcurrent(t *testing.T) {
	var buf bytes.Buffer
	w := NewWriter(&buf)
	var wg sync.WaitGroup
	for i := 0; i < 50; i++ {
		wg.Add(1)
		go func(i int) {
			defer wg.Done()
			for j := 0; j < 20; j++ {
				id := json.RawMessage(fmt.Sprintf(`"%d-%d"`, i, j))
				if err := w.Send(&Reply{ID: id, Type: TypeResult, Version: strings.Repeat("v", 1000+i)}); err != nil {
					t.Error(err)
				}
			}
		}(i)
	}
	wg.Wait()
	r := NewReader(&buf, MaxReply)
	seen := map[string]bool{}
	for {
		b, err := r.Next()
		if err != nil {
			break
		}
		var rep Reply
		if err := json.Unmarshal(b, &rep); err != nil {
			t.Fatalf("interleaved frame: %v", err)
		}
		seen[string(rep.ID)] = true
	}
	if len(seen) != 1000 {
		t.Fatalf("read %d distinct replies, want 1000", len(seen))
	}
}

func TestErrorReply(t *testing.T) {
	r := ErrorReply(json.RawMessage(`"a"`), &Error{Code: CodeBadURL, Msg: "No."})
	if r.Type != TypeError || r.Code != CodeBadURL || r.Error != "No." {
		t.Fatalf("got %+v", r)
	}
	r = ErrorReply(nil, fmt.Errorf("boom"))
	if r.Code != CodeInternal {
		t.Fatalf("got %+v", r)
	}
}
