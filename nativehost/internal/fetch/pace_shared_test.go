package fetch

import (
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestPacingAcrossClients: two Clients sharing one StateDir behave like two
// processes (each opens the host's lock file itself, and flock locks
// belong to the open file): requests to the host never overlap and arrive
// at least the pause apart on the server side, and with ShareRobots
// robots.txt is fetched once for both.
func TestPacingAcrossClients(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nDisallow: /private\n", nil)
	dir := t.TempDir()
	const pause = 200 * time.Millisecond
	var clients []*Client
	for range 2 {
		clients = append(clients, New(Options{Pause: pause, Timeout: 5 * time.Second, StateDir: dir, ShareRobots: true}))
	}
	var wg sync.WaitGroup
	for i := range 6 {
		c := clients[i%2]
		wg.Go(func() {
			s := open(t, c, srv.URL)
			if _, err := get(t, s, "feed", fmt.Sprintf("%s/page%d", srv.URL, i)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	hits := rec.all()
	if n := rec.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times by two clients sharing it, want 1 (%v)", n, rec.paths())
	}
	if len(hits) != 7 {
		t.Fatalf("server saw %d requests (%v), want robots.txt + 6 pages", len(hits), rec.paths())
	}
	for i := 1; i < len(hits); i++ {
		if gap := hits[i].at.Sub(hits[i-1].at); gap < pause {
			t.Errorf("requests %s and %s arrived %v apart, want >= %v", hits[i-1].path, hits[i].path, gap, pause)
		}
	}
	if rec.maxActive != 1 {
		t.Errorf("%d requests in flight at once across clients", rec.maxActive)
	}
	u, _ := url.Parse(srv.URL)
	if _, err := os.Stat(filepath.Join(dir, "hosts", fileName(u.Hostname())+".lock")); err != nil {
		t.Errorf("no host lock file: %v", err)
	}
}

// TestSharedRobotsObeyed: a robots.txt kept by one Client forbids for the
// next one, without a new fetch of robots.txt.
func TestSharedRobotsObeyed(t *testing.T) {
	t.Parallel()
	srv, rec := serve(t, "User-agent: *\nDisallow: /private\n", nil)
	dir := t.TempDir()
	a := quick(Options{StateDir: dir, ShareRobots: true})
	if _, err := get(t, open(t, a, srv.URL), "feed", srv.URL+"/ok"); err != nil {
		t.Fatal(err)
	}
	b := quick(Options{StateDir: dir, ShareRobots: true})
	_, err := get(t, open(t, b, srv.URL), "feed", srv.URL+"/private/x")
	wantWord(t, err, ErrDisallowed)
	if n := rec.count("/robots.txt"); n != 1 {
		t.Errorf("robots.txt fetched %d times, want 1", n)
	}
	// Without ShareRobots (discovery), each client reads robots.txt itself.
	c := quick(Options{StateDir: dir})
	if _, err := get(t, open(t, c, srv.URL), "feed", srv.URL+"/ok"); err != nil {
		t.Fatal(err)
	}
	if n := rec.count("/robots.txt"); n != 2 {
		t.Errorf("robots.txt fetched %d times, want 2 (the unshared client reads its own)", n)
	}
}

// TestRemember: validators kept by a caller make the next Get conditional
// and a 304 comes back as NotModified with an empty body.
func TestRemember(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/doc", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("If-None-Match") == `"v1"` {
			w.WriteHeader(http.StatusNotModified)
			return
		}
		w.Header().Set("ETag", `"v1"`)
		w.Write([]byte("body"))
	})
	srv, rec := serve(t, "User-agent: *\n", mux)
	c := quick(Options{})
	c.Remember(srv.URL+"/doc", `"v1"`, "")
	resp, err := get(t, open(t, c, srv.URL), "feed", srv.URL+"/doc")
	if err != nil {
		t.Fatal(err)
	}
	if !resp.NotModified || resp.Status != 304 || len(resp.Body) != 0 {
		t.Errorf("got status %d, NotModified %v, %d bytes; want a 304 with no body", resp.Status, resp.NotModified, len(resp.Body))
	}
	if h := rec.all()[1].header.Get("If-None-Match"); h != `"v1"` {
		t.Errorf("If-None-Match %q, want the remembered ETag", h)
	}
}

// TestCheckAddress refuses loopback, private and link-local literals and
// localhost names, and passes public names and addresses.
func TestCheckAddress(t *testing.T) {
	c := New(Options{})
	for _, h := range []string{"127.0.0.1", "[::1]", "10.0.0.2", "169.254.169.254", "localhost", "a.localhost", "0.0.0.0"} {
		if c.CheckAddress(h) == nil {
			t.Errorf("CheckAddress(%q) passed", h)
		}
	}
	for _, h := range []string{"www.example.com", "93.184.216.34"} {
		if err := c.CheckAddress(h); err != nil {
			t.Errorf("CheckAddress(%q): %v", h, err)
		}
	}
	if err := New(Options{AllowPrivate: true}).CheckAddress("127.0.0.1"); err != nil {
		t.Errorf("AllowPrivate: %v", err)
	}
}
