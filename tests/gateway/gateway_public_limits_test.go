package gateway

import (
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// TestGatewayPublicLimits: the abuse limits of `serve --public`, from
// outside (docs/following.md). While a slow source (8 s to answer) holds
// them, one address has 72 requests in: 8 answered at once and 64 waiting
// for a slot (the most that may wait); its 73rd is refused at once, 429
// with Retry-After and a sentence, while a reader of another address is
// answered; then the 72 and the other reader get the feed, and the slow
// source was fetched once. A client that sends half a request is cut off after the
// header timeout (10 s). With --max-sources 2, a third new source is 503
// with a sentence and never fetched, while the two followed ones stay
// served. (The 503 of a gateway whose 256 slots are all taken comes after
// a request's 60 s wait for a slot: left to the gateway's unit tests.)
func TestGatewayPublicLimits(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 3, 10)
	const delay = 8 * time.Second
	slowPath := "/section/" + fw.Desk.Sections[0] + "/"
	fw.Desk.Set(slowPath, fixtureweb.Mode{Delay: delay})
	g := harness.StartPublicGateway(t, fw.HostEnv, fw.State)
	slow := harness.SignURLs(t, fw.State, g.Base, "atom", fw.Desk.URL(slowPath))[0]

	one := net.IPv4(127, 3, 0, 1)
	var wg sync.WaitGroup
	answered := func(from net.IP, who string) {
		code, body := readerGet(g, from, slow)
		if code != 200 || !strings.Contains(body, "<feed") {
			t.Errorf("%s: %d %.200s", who, code, body)
		}
	}
	for i := range 8 * (1 + 8) {
		wg.Go(func() { answered(one, "request "+strconv.Itoa(i)+" of one address") })
	}
	// Every one of them in (with room for a loaded machine), long before
	// the source answers.
	time.Sleep(2 * time.Second)
	start := time.Now()
	code, body, hdr := limitGet(t, g, one, slow)
	if code != http.StatusTooManyRequests || hdr.Get("Retry-After") == "" || !strings.HasSuffix(strings.TrimSpace(body), ".") || time.Since(start) > time.Second {
		t.Errorf("the 73rd request of one address: %d after %v, Retry-After %q, %q; want 429 at once with a sentence",
			code, time.Since(start).Round(100*time.Millisecond), hdr.Get("Retry-After"), body)
	}
	t.Logf("the 73rd request of one address: %d: %s", code, strings.TrimSpace(body))
	wg.Go(func() { answered(net.IPv4(127, 3, 0, 2), "another address") })
	wg.Go(func() {
		// Half a request: cut off by the header timeout.
		c, err := net.DialTimeout("tcp", g.Addr, 5*time.Second)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close()
		start := time.Now()
		c.Write([]byte("GET /feed?url=https://www.followdesk.test/ HTTP/1.1\r\nHost: " + g.Addr + "\r\n"))
		c.SetReadDeadline(time.Now().Add(30 * time.Second))
		buf := make([]byte, 512)
		for {
			if _, err := c.Read(buf); err != nil {
				break
			}
		}
		if d := time.Since(start); d < 9*time.Second || d > 15*time.Second {
			t.Errorf("a half-sent request was cut off after %v, want the 10 s header timeout", d.Round(100*time.Millisecond))
		}
	})
	wg.Wait()
	if n, _, _ := fw.DeskHits(slowPath); n != 1 {
		t.Errorf("the slow source was fetched %d times for 73 readers, want once", n)
	}

	// The cap on sources.
	state := t.TempDir()
	capped := harness.StartPublicGateway(t, fw.HostEnv, state, "--max-sources", "2")
	paths := []string{"/news-sitemap.xml", "/sitemap_business.xml", "/section/" + fw.Desk.Sections[1] + "/"}
	var srcs []string
	for _, p := range paths {
		srcs = append(srcs, fw.Desk.URL(p))
	}
	urls := harness.SignURLs(t, state, capped.Base, "atom", srcs...)
	for i, u := range []string{urls[0], urls[1], urls[2], urls[0], urls[1]} {
		code, body, _ := capped.Get(t, u)
		want := 200
		if i == 2 {
			want = http.StatusServiceUnavailable
		}
		if code != want || (want != 200 && !strings.Contains(body, "--max-sources")) {
			t.Errorf("source %d with --max-sources 2: %d %.200q, want %d", i%3, code, body, want)
		}
	}
	if n, _, _ := fw.DeskHits(paths[2]); n != 0 {
		t.Errorf("the source past the cap was fetched %d times", n)
	}
}

// limitGet is readerGet (from local address from) keeping the answer's
// header; u is at the gateway's listen address.
func limitGet(t testing.TB, g *harness.PublicGateway, from net.IP, u string) (int, string, http.Header) {
	d := &net.Dialer{Timeout: 5 * time.Second, LocalAddr: &net.TCPAddr{IP: from}}
	c := &http.Client{Timeout: time.Minute, Transport: &http.Transport{Proxy: nil, DialContext: d.DialContext}}
	req, _ := http.NewRequest(http.MethodGet, u, nil)
	resp, err := c.Do(req)
	if err != nil {
		t.Errorf("GET from %s: %v", from, err)
		return 0, "", http.Header{}
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, string(b), resp.Header
}
