package message

import (
	"errors"
	"testing"
)

func TestDecode(t *testing.T) {
	cases := []struct {
		name, in string
		code     string // "" = valid
		id       string // raw id expected on the decoded request
	}{
		{"version", `{"id":"a1","type":"version"}`, "", `"a1"`},
		{"numeric id", `{"id":7,"type":"version"}`, "", `7`},
		{"no id", `{"type":"version"}`, "", ``},
		{"discover", `{"id":"x","type":"discover","url":"https://www.nikkei.com/"}`, "", `"x"`},
		{"discover page", `{"id":"x","type":"discover","url":"https://a.example/","page":{"url":"https://a.example/","html":"<p>"}}`, "", `"x"`},
		{"order article", `{"id":"x","type":"discover","url":"http://a.example/","order":"article"}`, "", `"x"`},
		{"bad order", `{"id":"x","type":"discover","url":"http://a.example/","order":"fast"}`, CodeBadRequest, `"x"`},
		{"since", `{"id":"x","type":"discover","url":"http://a.example/","since":"2026-11-29T10:00:00Z"}`, "", `"x"`},
		{"bad since", `{"id":"x","type":"discover","url":"http://a.example/","since":"yesterday"}`, CodeBadRequest, `"x"`},
		{"since on section", `{"id":"x","type":"section","url":"http://a.example/","since":"2026-11-29T10:00:00Z"}`, CodeBadRequest, `"x"`},
		{"section", `{"id":"s","type":"section","url":"https://a.example/tech/"}`, "", `"s"`},
		{"section page", `{"id":"s","type":"section","url":"https://a.example/tech/","page":{"url":"https://a.example/"}}`, CodeBadRequest, `"s"`},
		{"invalid json", `{"id":"q",`, CodeBadJSON, ``},
		{"not json", `hello`, CodeBadJSON, ``},
		{"two values", `{"type":"version"} {}`, CodeBadJSON, ``},
		{"array", `[1,2]`, CodeBadRequest, ``},
		{"string", `"discover"`, CodeBadRequest, ``},
		{"type number", `{"id":"t","type":3}`, CodeBadRequest, `"t"`},
		{"id object", `{"id":{"a":1},"type":"version"}`, CodeBadRequest, ``},
		{"id bool", `{"id":true,"type":"version"}`, CodeBadRequest, ``},
		{"no type", `{"id":"n"}`, CodeBadRequest, `"n"`},
		{"unknown type", `{"id":"u","type":"crawl","url":"https://a.example/"}`, CodeUnknownType, `"u"`},
		{"no url", `{"id":"u","type":"discover"}`, CodeBadURL, `"u"`},
		{"file url", `{"id":"u","type":"discover","url":"file:///etc/passwd"}`, CodeBadURL, `"u"`},
		{"javascript url", `{"id":"u","type":"section","url":"javascript:alert(1)"}`, CodeBadURL, `"u"`},
		{"relative url", `{"id":"u","type":"discover","url":"/feed"}`, CodeBadURL, `"u"`},
		{"ftp url", `{"id":"u","type":"discover","url":"ftp://a.example/"}`, CodeBadURL, `"u"`},
		{"bad page url", `{"id":"u","type":"discover","url":"https://a.example/","page":{"url":"chrome://newtab/"}}`, CodeBadURL, `"u"`},
		{"unknown field ignored", `{"id":"u","type":"version","future":1}`, "", `"u"`},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			req, err := Decode([]byte(c.in))
			if c.code == "" {
				if err != nil {
					t.Fatalf("Decode error %v, want none", err)
				}
			} else {
				var me *Error
				if !errors.As(err, &me) || me.Code != c.code {
					t.Fatalf("Decode error %v, want code %s", err, c.code)
				}
				if me.Msg == "" {
					t.Fatal("error without a sentence")
				}
			}
			if req == nil {
				t.Fatal("Decode returned no request")
			}
			if string(req.ID) != c.id {
				t.Fatalf("id = %s, want %s", req.ID, c.id)
			}
		})
	}
}

func TestDecodeSpent(t *testing.T) {
	req, err := Decode([]byte(`{"id":"a1","type":"discover","url":"https://a.example/","spent":11}`))
	if err != nil || req.Spent != 11 {
		t.Fatalf("spent 11: %+v, %v", req, err)
	}
	for _, bad := range []string{
		`{"id":"a2","type":"discover","url":"https://a.example/","spent":-1}`,
		`{"id":"a3","type":"discover","url":"https://a.example/","spent":1001}`,
		`{"id":"a4","type":"section","url":"https://a.example/s/","spent":3}`,
	} {
		if _, err := Decode([]byte(bad)); err == nil {
			t.Errorf("%s: accepted", bad)
		} else if me, ok := err.(*Error); !ok || me.Code != CodeBadRequest || me.Args["spent"] == nil {
			t.Errorf("%s: %v, want bad-request naming spent", bad, err)
		}
	}
}
