package report

import (
	"encoding/json"
	"reflect"
	"testing"
)

func TestRowJSON(t *testing.T) {
	rows := []Row{
		{Step: StepHome, URL: "https://a.example/", Status: Status{Code: 200}, Bytes: 1234, MS: 56, Sent: true},
		{Step: StepGuess, URL: "https://a.example/feed", Status: Status{Word: StatusRobotsDisallow}, Note: "disallowed by robots.txt"},
	}
	b, err := json.Marshal(rows)
	if err != nil {
		t.Fatal(err)
	}
	want := `[{"step":"home","url":"https://a.example/","status":200,"bytes":1234,"ms":56,"sent":true},` +
		`{"step":"guess","url":"https://a.example/feed","status":"robots-disallow","bytes":0,"ms":0,"note":"disallowed by robots.txt","sent":false}]`
	if string(b) != want {
		t.Errorf("JSON\n%s\nwant\n%s", b, want)
	}
	var back []Row
	if err := json.Unmarshal(b, &back); err != nil {
		t.Fatal(err)
	}
	if !reflect.DeepEqual(back, rows) {
		t.Errorf("round trip %+v", back)
	}
	if n := Requests(back); n != 1 {
		t.Errorf("Requests = %d, want 1", n)
	}
	var s Status
	for _, bad := range []string{`true`, `"x`, `1.5`, `{}`} {
		if err := json.Unmarshal([]byte(bad), &s); err == nil {
			t.Errorf("Unmarshal(%s) accepted", bad)
		}
	}
}

func TestWebURL(t *testing.T) {
	for raw, want := range map[string]bool{
		"https://www.nikkei.com/":        true,
		"HTTP://Example.com/a?b":         true,
		"https://[::1]:8443/x":           true,
		"ftp://example.com/":             false,
		"javascript:alert(1)":            false,
		"/relative/path":                 false,
		"https:///no-host":               false,
		"https://exa mple.com/":          false,
		"":                               false,
		"mailto:someone@example.com":     false,
		"https://user:pw@example.com/ok": true,
	} {
		if got := WebURL(raw); got != want {
			t.Errorf("WebURL(%q) = %v, want %v", raw, got, want)
		}
	}
}
