package gateway

import (
	"crypto/hmac"
	"crypto/sha256"
	"encoding/base64"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
)

// TestKeySign: a key reads back as printed, odd keys are refused, and a
// signature is base64url without padding of HMAC-SHA256 over the
// documented message (computed here by hand).
func TestKeySign(t *testing.T) {
	k, err := NewKey()
	if err != nil {
		t.Fatal(err)
	}
	if s := k.String(); len(s) != 43 || strings.ContainsAny(s, "=+/") {
		t.Errorf("key %q: want 43 base64url characters", s)
	}
	if back, err := ParseKey(" " + k.String() + "\n"); err != nil || back != k {
		t.Errorf("ParseKey(String()) = %v, %v", back, err)
	}
	for _, bad := range []string{"", "abc", k.String() + "A", k.String()[:42] + "=", strings.Repeat("+", 43), base64.StdEncoding.EncodeToString(k[:])} {
		if _, err := ParseKey(bad); err == nil {
			t.Errorf("ParseKey(%q) accepted", bad)
		}
	}
	src := "https://www.asahi.com/sitemap_national.xml?a=1&b=2"
	m := hmac.New(sha256.New, k[:])
	m.Write([]byte("feedscout-feed-v1\njson\n" + src))
	want := base64.RawURLEncoding.EncodeToString(m.Sum(nil))
	if got := k.Sign("json", src); got != want {
		t.Errorf("Sign = %q, want %q", got, want)
	}
	if k.Sign("", src) != k.Sign("atom", src) || k.Sign("atom", src) == k.Sign("json", src) {
		t.Error(`format "" is not atom, or atom and json sign alike`)
	}
	if !k.Verify("json", src, want) || k.Verify("atom", src, want) || k.Verify("json", src+"x", want) || k.Verify("json", src, want[:42]) {
		t.Error("Verify accepts the wrong thing or refuses the right one")
	}
	u := k.SignedURL("https://feeds.example.org/", src, "json")
	if u != "https://feeds.example.org/feed?url="+url.QueryEscape(src)+"&format=json&sig="+want {
		t.Errorf("SignedURL = %s", u)
	}
}

// TestLoadKey: the first load makes a key readable by its owner only,
// later loads give it back, a damaged file is an error and stays as it
// was, and without create a missing key is ErrNoKey.
func TestLoadKey(t *testing.T) {
	dir := filepath.Join(t.TempDir(), "state")
	if _, err := LoadKey(dir, false); err != ErrNoKey {
		t.Errorf("no key, no create: %v", err)
	}
	k, err := LoadKey(dir, true)
	if err != nil {
		t.Fatal(err)
	}
	fi, err := os.Stat(filepath.Join(dir, KeyFile))
	if err != nil || fi.Mode().Perm() != 0o600 {
		t.Fatalf("key file: %v, mode %v", err, fi.Mode())
	}
	if again, err := LoadKey(dir, true); err != nil || again != k {
		t.Errorf("second load: %v, %v", again, err)
	}
	os.WriteFile(filepath.Join(dir, KeyFile), []byte("not a key\n"), 0o600)
	if _, err := LoadKey(dir, true); err == nil {
		t.Error("a damaged key loaded")
	}
	if b, _ := os.ReadFile(filepath.Join(dir, KeyFile)); string(b) != "not a key\n" {
		t.Errorf("the damaged key file was replaced: %q", b)
	}
}

// site is a web site of one news sitemap that counts the requests it
// gets.
func site(t *testing.T) (*httptest.Server, *atomic.Int32) {
	t.Helper()
	var n atomic.Int32
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		n.Add(1)
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nAllow: /\n"))
		case "/sitemap-news.xml":
			w.Header().Set("Content-Type", "application/xml")
			w.Write([]byte(`<?xml version="1.0" encoding="UTF-8"?>
<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:news="http://www.google.com/schemas/sitemap-news/0.9">
<url><loc>` + "http://" + r.Host + `/2026/11/29/a-story-of-the-day/</loc><news:news><news:publication><news:name>Gazette</news:name><news:language>en</news:language></news:publication>
<news:publication_date>` + time.Now().UTC().Format(time.RFC3339) + `</news:publication_date><news:title>A story</news:title></news:news></url></urlset>`))
		default:
			http.NotFound(w, r)
		}
	}))
	t.Cleanup(srv.Close)
	return srv, &n
}

// publicServer is a public gateway at https://feeds.example.org with a
// fresh key, whose follower may fetch loopback sites.
func publicServer(t *testing.T) (*Server, Key) {
	t.Helper()
	dir := t.TempDir()
	o := follow.ClientOptions(dir, true)
	o.Pause = time.Millisecond
	f, err := follow.New(follow.Options{Client: fetch.New(o), StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	k, err := NewKey()
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewConfig(f, Config{Addr: "0.0.0.0:8443", Public: "https://feeds.example.org", Key: k, HasKey: true})
	if err != nil {
		t.Fatal(err)
	}
	return s, k
}

func get(s *Server, target, host string, hdr ...string) *httptest.ResponseRecorder {
	r := httptest.NewRequest(http.MethodGet, target, nil)
	r.Host = host
	for i := 0; i+1 < len(hdr); i += 2 {
		r.Header.Set(hdr[i], hdr[i+1])
	}
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	return w
}

// TestPublicFeed: a public gateway follows a source only under its own
// signature for that source and format; every other address is 403 with
// a sentence and no request reaches the site. The feed names itself by
// its signed public URL.
func TestPublicFeed(t *testing.T) {
	s, k := publicServer(t)
	srv, n := site(t)
	src, other := srv.URL+"/sitemap-news.xml", srv.URL+"/sitemap-other.xml"
	k2, _ := NewKey()
	path := func(u string) string { return strings.TrimPrefix(u, "https://feeds.example.org") }
	for name, target := range map[string]string{
		"unsigned":      "/feed?url=" + url.QueryEscape(src),
		"empty sig":     "/feed?url=" + url.QueryEscape(src) + "&sig=",
		"tampered":      path(k.SignedURL(s.Base(), src, "atom")) + "x",
		"swapped":       "/feed?url=" + url.QueryEscape(src) + "&sig=" + k.Sign("atom", other),
		"other format":  "/feed?url=" + url.QueryEscape(src) + "&format=json&sig=" + k.Sign("atom", src),
		"other key":     path(k2.SignedURL(s.Base(), src, "atom")),
		"two sigs":      path(k.SignedURL(s.Base(), src, "atom")) + "&sig=x",
		"changed query": "/feed?url=" + url.QueryEscape(src+"?x=1") + "&sig=" + k.Sign("atom", src),
	} {
		w := get(s, target, "feeds.example.org")
		if w.Code != http.StatusForbidden || !strings.Contains(w.Body.String(), "sign") {
			t.Errorf("%s: %d %q, want 403 with a sentence", name, w.Code, w.Body)
		}
	}
	if got := n.Load(); got != 0 {
		t.Fatalf("refused addresses made %d requests to the site", got)
	}
	signed := k.SignedURL(s.Base(), src, "atom")
	w := get(s, path(signed), "feeds.example.org")
	if w.Code != 200 || !strings.Contains(w.Body.String(), "A story") {
		t.Fatalf("signed: %d\n%s", w.Code, w.Body)
	}
	if self := `rel="self" type="application/atom+xml" href="` + strings.ReplaceAll(signed, "&", "&amp;") + `"`; !strings.Contains(w.Body.String(), self) {
		t.Errorf("the feed does not name itself %s:\n%s", self, w.Body)
	}
	if n.Load() == 0 {
		t.Error("the signed address made no request")
	}
	if w := get(s, path(k.SignedURL(s.Base(), src, "json")), "feeds.example.org:443"); w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "application/feed+json") {
		t.Errorf("signed json, Host with the default port: %d %s", w.Code, w.Header().Get("Content-Type"))
	}
}

// TestPublicPages: the status page and /opml need the key as the Basic
// password (any user name); a public gateway answers its base's host and
// its listen address only.
func TestPublicPages(t *testing.T) {
	s, k := publicServer(t)
	basic := func(user, pass string) string {
		return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+pass))
	}
	k2, _ := NewKey()
	for _, c := range []struct {
		path, host, auth string
		want             int
	}{
		{"/", "feeds.example.org", "", 401},
		{"/opml", "feeds.example.org", "", 401},
		{"/", "feeds.example.org", basic("me", k2.String()), 401},
		{"/", "feeds.example.org", basic("me", k.String()[:42]), 401},
		{"/", "feeds.example.org", "Bearer " + k.String(), 401},
		{"/", "feeds.example.org", basic("", k.String()), 200},
		{"/opml", "FEEDS.example.org", basic("anyone", k.String()), 200},
		{"/", "0.0.0.0:8443", basic("me", k.String()), 200},
		{"/", "evil.example", basic("me", k.String()), 403},
		{"/", "feeds.example.org:8443", basic("me", k.String()), 403},
	} {
		w := get(s, c.path, c.host, "Authorization", c.auth)
		if w.Code != c.want {
			t.Errorf("%s Host %s auth %q: %d, want %d", c.path, c.host, c.auth, w.Code, c.want)
		}
		if w.Code == 401 && !strings.HasPrefix(w.Header().Get("WWW-Authenticate"), `Basic realm="feedscout gateway"`) {
			t.Errorf("401 without a Basic challenge: %q", w.Header().Get("WWW-Authenticate"))
		}
	}
}

// TestLoopbackSigned: the loopback gateway takes unsigned and signed
// addresses (one OPML serves both) but not a wrong signature, and its
// pages need no key.
func TestLoopbackSigned(t *testing.T) {
	dir := t.TempDir()
	o := follow.ClientOptions(dir, true)
	o.Pause = time.Millisecond
	f, _ := follow.New(follow.Options{Client: fetch.New(o), StateDir: dir})
	k, _ := NewKey()
	s, err := NewConfig(f, Config{Addr: "127.0.0.1:8765", Key: k, HasKey: true})
	if err != nil {
		t.Fatal(err)
	}
	srv, _ := site(t)
	src := srv.URL + "/sitemap-news.xml"
	for target, want := range map[string]int{
		"/feed?url=" + url.QueryEscape(src):                                 200,
		strings.TrimPrefix(k.SignedURL(s.Base(), src, "atom"), s.Base()):    200,
		"/feed?url=" + url.QueryEscape(src) + "&sig=" + k.Sign("json", src): 403,
		"/": 200,
	} {
		if w := get(s, target, "127.0.0.1:8765"); w.Code != want {
			t.Errorf("%s: %d, want %d (%s)", target, w.Code, want, w.Body)
		}
	}
	if _, err := NewConfig(f, Config{Addr: "0.0.0.0:8443", Public: "https://x.example"}); err == nil {
		t.Error("a public gateway without a key")
	}
	for _, bad := range []string{"feeds.example.org", "ftp://x.example", "https://x.example/feeds", "https://u:p@x.example", "https://x.example/?a=1"} {
		if _, err := CheckBase(bad); err == nil {
			t.Errorf("CheckBase(%q) accepted", bad)
		}
	}
}

// TestLimits: one client's requests past its share wait, then get 429;
// past the total, 503; a slot given back is taken again; past the number
// of sources a new source is refused and a known one still followed.
func TestLimits(t *testing.T) {
	l := newLimits(Config{PerClient: 2, Total: 3, MaxSources: 2}, []*follow.State{{Source: "https://a.example/s.xml"}})
	l.wait = 20 * time.Millisecond
	req := func(addr string) *http.Request {
		r := httptest.NewRequest(http.MethodGet, "/feed", nil)
		r.RemoteAddr = addr
		return r
	}
	var held []func()
	for _, a := range []string{"192.0.2.1:1000", "192.0.2.1:1001", "192.0.2.2:1000"} {
		rel, code, _ := l.enter(req(a))
		if code != 0 {
			t.Fatalf("%s: %d before any limit", a, code)
		}
		held = append(held, rel)
	}
	if _, code, why := l.enter(req("192.0.2.1:1002")); code != http.StatusTooManyRequests || why == "" {
		t.Errorf("a client's third request: %d %q, want 429", code, why)
	}
	if _, code, why := l.enter(req("192.0.2.3:1000")); code != http.StatusServiceUnavailable || why == "" {
		t.Errorf("a fourth in all: %d %q, want 503", code, why)
	}
	held[0]()
	rel, code, _ := l.enter(req("192.0.2.1:1003"))
	if code != 0 {
		t.Errorf("after a release: %d", code)
	}
	rel()
	held[1]()
	held[2]()
	if len(l.clients) != 0 || len(l.users) != 0 {
		t.Errorf("clients left behind: %v %v", l.clients, l.users)
	}
	if !l.admit("https://a.example/s.xml") || !l.admit("https://b.example/s.xml") || l.admit("https://c.example/s.xml") || !l.admit("https://b.example/s.xml") {
		t.Error("max sources: a known source refused or a third one admitted")
	}
}

// TestLimitsWaiting: past its slots and the requests allowed to wait for
// them, a client's request is refused at once, not queued.
func TestLimitsWaiting(t *testing.T) {
	l := newLimits(Config{PerClient: 1, Total: 10}, nil)
	l.wait = 5 * time.Second
	r := httptest.NewRequest(http.MethodGet, "/feed", nil)
	r.RemoteAddr = "192.0.2.9:1"
	rel, code, _ := l.enter(r)
	if code != 0 {
		t.Fatal(code)
	}
	got := make(chan int, maxWaiting)
	for i := 0; i < maxWaiting; i++ {
		go func() {
			rel, code, _ := l.enter(r)
			if rel != nil {
				rel()
			}
			got <- code
		}()
	}
	for deadline := time.Now().Add(2 * time.Second); ; time.Sleep(time.Millisecond) {
		l.mu.Lock()
		n := l.users["192.0.2.9"]
		l.mu.Unlock()
		if n == 1+maxWaiting {
			break
		}
		if time.Now().After(deadline) {
			t.Fatalf("%d requests in, want %d", n, 1+maxWaiting)
		}
	}
	start := time.Now()
	if _, code, _ := l.enter(r); code != http.StatusTooManyRequests || time.Since(start) > time.Second {
		t.Errorf("one past the waiting room: %d after %v, want 429 at once", code, time.Since(start))
	}
	rel()
	for i := 0; i < maxWaiting; i++ {
		if c := <-got; c != 0 {
			t.Errorf("a waiting request got %d", c)
		}
	}
}
