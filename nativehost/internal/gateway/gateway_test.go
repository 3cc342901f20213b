package gateway

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
)

func newServer(t *testing.T) (*Server, string) {
	t.Helper()
	dir := t.TempDir()
	f, err := follow.New(follow.Options{Client: fetch.New(follow.ClientOptions(dir, false)), StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s, err := New(f, "127.0.0.1:8765")
	if err != nil {
		t.Fatal(err)
	}
	return s, dir
}

// TestHost: only the listen address and localhost with its port pass.
func TestHost(t *testing.T) {
	s, _ := newServer(t)
	for host, want := range map[string]int{
		"127.0.0.1:8765": 200, "localhost:8765": 200, "LOCALHOST:8765": 200,
		"127.0.0.1:8766": 403, "evil.example:8765": 403, "127.0.0.1": 403, "": 403,
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Host = host
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != want {
			t.Errorf("Host %q: %d, want %d", host, w.Code, want)
		}
	}
}

// TestStatusEscapes: what a site put in its title or a problem sentence
// reaches the status page escaped.
func TestStatusEscapes(t *testing.T) {
	s, dir := newServer(t)
	src := "https://evil.example/section/?q=<x>"
	sum := sha256.Sum256([]byte(src))
	st := follow.State{Version: 1, Source: src, URL: src, Kind: follow.KindSection, Status: follow.StatusFailing,
		Title: `<script>alert(1)</script>`, Problem: `<img src=x onerror=alert(2)>`, Created: time.Now(), Entries: []follow.Entry{}}
	b, _ := json.Marshal(st)
	if err := os.MkdirAll(filepath.Join(dir, "sources"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sources", hex.EncodeToString(sum[:16])+".json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
	r := httptest.NewRequest(http.MethodGet, "/", nil)
	r.Host = "127.0.0.1:8765"
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	body := w.Body.String()
	if strings.Contains(body, "<script>alert") || strings.Contains(body, "<img src=x") {
		t.Errorf("status page carries the site's markup:\n%s", body)
	}
	if !strings.Contains(body, "&lt;script&gt;alert(1)&lt;/script&gt;") {
		t.Errorf("status page lacks the escaped title:\n%s", body)
	}
	if got := FeedURL("http://127.0.0.1:8765/", "https://a.example/x?y=1&z=2"); got != "http://127.0.0.1:8765/feed?url=https%3A%2F%2Fa.example%2Fx%3Fy%3D1%26z%3D2" {
		t.Errorf("FeedURL: %s", got)
	}
}

// TestCrossSite: requests a browser makes for another site's page are
// refused; a typed address, the gateway's own links and readers pass.
func TestCrossSite(t *testing.T) {
	s, _ := newServer(t)
	for _, c := range []struct {
		hdr  []string
		want int
	}{
		{nil, 200},
		{[]string{"Sec-Fetch-Site", "none"}, 200},
		{[]string{"Sec-Fetch-Site", "same-origin", "Origin", "http://127.0.0.1:8765"}, 200},
		{[]string{"Sec-Fetch-Site", "cross-site"}, 403},
		{[]string{"Sec-Fetch-Site", "same-site"}, 403},
		{[]string{"Origin", "https://evil.example"}, 403},
	} {
		r := httptest.NewRequest(http.MethodGet, "/", nil)
		r.Host = "127.0.0.1:8765"
		for i := 0; i < len(c.hdr); i += 2 {
			r.Header.Set(c.hdr[i], c.hdr[i+1])
		}
		w := httptest.NewRecorder()
		s.ServeHTTP(w, r)
		if w.Code != c.want {
			t.Errorf("%v: %d, want %d (%s)", c.hdr, w.Code, c.want, w.Body)
		}
	}
}
