package follow

import (
	"bytes"
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/url"
	"os"
	"sync"
	"testing"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/tests/fixtureweb"
)

// fakeClock is a clock a test moves by hand.
type fakeClock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *fakeClock) Now() time.Time {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.t
}

func (c *fakeClock) Add(d time.Duration) {
	c.mu.Lock()
	c.t = c.t.Add(d)
	c.mu.Unlock()
}

// desk is a fixture web serving one Newsdesk on clock, with a Follower
// reaching it through the web's proxy (real HTTPS on loopback).
type desk struct {
	*fixtureweb.Newsdesk
	web   *fixtureweb.Web
	clock *fakeClock
	f     *Follower
}

func startDesk(t testing.TB, sections, initial int, interval time.Duration) *desk {
	t.Helper()
	clock := &fakeClock{t: time.Date(2026, 11, 30, 6, 0, 0, 0, time.UTC)}
	nd := fixtureweb.NewNewsdesk("desk.follow.test", sections, initial, clock.Now)
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{nd.Site("desk")}})
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { w.Close() })
	d := &desk{Newsdesk: nd, web: w, clock: clock}
	d.f = d.follower(t, t.TempDir(), interval)
	return d
}

// follower makes a Follower on state folder dir through the web's proxy.
func (d *desk) follower(t testing.TB, dir string, interval time.Duration) *Follower {
	t.Helper()
	pem, err := os.ReadFile(d.web.CAFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	proxy, _ := url.Parse(d.web.ProxyURL)
	o := ClientOptions(dir, true)
	o.Pause = -1
	o.Timeout = 2 * time.Second
	o.Transport = &http.Transport{Proxy: http.ProxyURL(proxy), TLSClientConfig: &tls.Config{RootCAs: pool}, DisableCompression: true}
	f, err := New(Options{Client: fetch.New(o), StateDir: dir, MinInterval: interval, Timeout: o.Timeout, Now: d.clock.Now})
	if err != nil {
		t.Fatal(err)
	}
	return f
}

// hits is how many requests path got so far, and how many of them were
// answered 304.
func (d *desk) hits(path string) (n, notModified int) {
	for _, h := range d.web.Hits(d.Host) {
		if h.Path == path {
			n++
			if h.Status == http.StatusNotModified {
				notModified++
			}
		}
	}
	return n, notModified
}

func (d *desk) feed(t testing.TB, path string) *State {
	t.Helper()
	res, err := d.f.Feed(context.Background(), d.URL(path))
	if err != nil {
		t.Fatalf("feed %s: %v", path, err)
	}
	return res.State
}

func atom(t testing.TB, st *State) string {
	t.Helper()
	var b bytes.Buffer
	if err := Write(&b, st, FormatAtom, ""); err != nil {
		t.Fatal(err)
	}
	return b.String()
}

// newStrictClient is a client with the private-address guard on.
func newStrictClient() *fetch.Client { return fetch.New(fetch.Options{}) }
