package gateway

import (
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
	"feedscout/wasm/opmlimport"
)

func newServer(t *testing.T) (*Server, string) {
	t.Helper()
	dir := t.TempDir()
	f, err := follow.New(follow.Options{Client: fetch.New(follow.ClientOptions(dir, false)), StateDir: dir})
	if err != nil {
		t.Fatal(err)
	}
	s, err := NewConfig(f, Config{Addr: "127.0.0.1:8765"})
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
	st := follow.State{Version: 1, Source: src, URL: src, Kind: kind.Section, Status: follow.StatusFailing,
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
	if want := `href="` + opml.GatewayURL(s.Base(), src) + `"`; !strings.Contains(body, strings.ReplaceAll(want, "&", "&amp;")) {
		t.Errorf("status page lacks the link %s:\n%s", want, body)
	}
}

// writeState stores st in the state folder dir as the follower would.
func writeState(t *testing.T, dir string, st follow.State) {
	t.Helper()
	sum := sha256.Sum256([]byte(st.Source))
	st.Version, st.URL = 1, st.Source
	if st.Entries == nil {
		st.Entries = []follow.Entry{}
	}
	b, _ := json.Marshal(st)
	if err := os.MkdirAll(filepath.Join(dir, "sources"), 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, "sources", hex.EncodeToString(sum[:16])+".json"), b, 0o600); err != nil {
		t.Fatal(err)
	}
}

// TestOPML: the gateway's /opml, imported with opmlimport.Read, gives back every
// source with its kind, title, site and date, each outline the gateway's
// URL; refused sources and sources never read are left out.
func TestOPML(t *testing.T) {
	s, dir := newServer(t)
	at := time.Date(2026, 11, 29, 10, 0, 0, 0, time.UTC)
	states := []follow.State{
		{Source: "https://www.asahi.com/sitemap_national.xml", Kind: kind.NewsSitemap, Title: "朝日新聞デジタル · national", Status: follow.StatusOK},
		{Source: "https://www.nikkei.com/business/startups/?a=1&b=2", Kind: kind.Section, Title: `<スタートアップ> & "more"`, Status: follow.StatusFailing},
		{Source: "https://news.example.org/sitemap-articles.xml", Kind: kind.ArticleSitemap, Status: follow.StatusGone},
		{Source: "https://www.lindqvist.blog/feed.json", Kind: kind.JSONFeed, Title: "Lindqvist", Status: follow.StatusOK},
		{Source: "https://www.theverge.com/rss/index.xml", Status: follow.StatusNew, Refused: "already-feed"},
		{Source: "https://down.example/sitemap.xml", Status: follow.StatusNew, Result: "503"},
	}
	for i, st := range states {
		st.Created = at.Add(time.Duration(i) * time.Minute)
		writeState(t, dir, st)
	}
	r := httptest.NewRequest(http.MethodGet, "/opml", nil)
	r.Host = "127.0.0.1:8765"
	w := httptest.NewRecorder()
	s.ServeHTTP(w, r)
	if w.Code != 200 || !strings.HasPrefix(w.Header().Get("Content-Type"), "text/x-opml") {
		t.Fatalf("/opml: %d %s\n%s", w.Code, w.Header().Get("Content-Type"), w.Body)
	}
	doc := w.Body.String()
	got, err := opmlimport.Read(strings.NewReader(doc))
	if err != nil {
		t.Fatal(err)
	}
	added := func(i int) string { return at.Add(time.Duration(i) * time.Minute).Format(time.RFC3339) }
	want := []opml.Subscription{
		{Kind: kind.NewsSitemap, URL: states[0].Source, Title: states[0].Title, Site: "https://www.asahi.com/", Added: added(0)},
		{Kind: kind.Section, URL: states[1].Source, Title: states[1].Title, Site: "https://www.nikkei.com/", Added: added(1)},
		{Kind: kind.ArticleSitemap, URL: states[2].Source, Site: "https://news.example.org/", Added: added(2)},
		{Kind: kind.Feed, URL: states[3].Source, Title: "Lindqvist", Site: "https://www.lindqvist.blog/", Format: "json", Added: added(3)},
	}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("/opml read back\n got %+v\nwant %+v\n%s", got, want, doc)
	}
	for _, sub := range want {
		if u := opml.GatewayURL(s.Base(), sub.URL); !strings.Contains(doc, `xmlUrl="`+strings.ReplaceAll(u, "&", "&amp;")+`"`) {
			t.Errorf("/opml lacks the gateway URL %s", u)
		}
	}
	if strings.Contains(doc, "theverge") || strings.Contains(doc, "down.example") {
		t.Errorf("/opml lists a refused or never read source:\n%s", doc)
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
