package main

import (
	"bytes"
	"encoding/json"
	"strings"
	"testing"
)

// The shape sub-command judges what the popup and the host judge: the
// path with its query, so IDs in the query and pagination are seen.
func TestRunShape(t *testing.T) {
	in := strings.Join([]string{
		"https://abcnews.go.com/US/story?id=77753720",
		"https://www.lemonde.fr/sciences/2/",
		"https://www.nikkei.com/business/startups/",
	}, "\n")
	var out, errOut bytes.Buffer
	if code := runShape([]string{"--json"}, strings.NewReader(in), &out, &errOut); code != 0 {
		t.Fatalf("exit %d: %s", code, errOut.String())
	}
	want := []string{"article", "other", "section"}
	dec := json.NewDecoder(&out)
	for i, w := range want {
		var line struct{ URL, Shape, Rule string }
		if err := dec.Decode(&line); err != nil {
			t.Fatalf("line %d: %v", i, err)
		}
		if line.Shape != w || line.Rule == "" {
			t.Errorf("%s: shape %q rule %q, want %q", line.URL, line.Shape, line.Rule, w)
		}
	}
}
