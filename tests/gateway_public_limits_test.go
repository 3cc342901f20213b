package tests

import (
	"io"
	"net"
	"net/http"
	"strings"
	"sync"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
)

// TestGatewayPublicLimits: the abuse limits of `serve --public`, from
// outside, while a slow source (20 s to answer) holds the gateway's
// requests: 256 readers from 32 addresses (8 each) take every slot; a
// ninth request of one of those addresses waits and is refused 429, a
// request of a new address waits and is refused 503, both with
// Retry-After and a sentence; the 256 then get the feed, and the slow
// source was fetched once. A client that sends half a request line is cut
// off after the header timeout (10 s). With --max-sources 2, a third new
// source is 503 with a sentence and never fetched, while the two followed
// ones stay served.
func TestGatewayPublicLimits(t *testing.T) {
	t.Parallel()
	fw := startFollowWeb(t, 3, 10)
	const delay = 20 * time.Second
	slowPath := "/section/" + fw.desk.Sections[0] + "/"
	fw.desk.Set(slowPath, fixtureweb.Mode{Delay: delay})
	// The fetcher's 15 s timeout made roomier, so that the slow source's
	// 20 s are an answer, not a failure.
	g := startPublicGateway(t, append(append([]string(nil), fw.env...), "FEEDSCOUT_TIMEOUT=40s"), fw.state)
	slow := signURLs(t, fw.state, g.base, "atom", fw.desk.URL(slowPath))[0]

	var wg sync.WaitGroup
	for i := range 256 {
		wg.Go(func() {
			code, body := readerGet(g, net.IPv4(127, 3, 0, byte(1+i/8)), slow)
			if code != 200 || !strings.Contains(body, "<feed") {
				t.Errorf("reader %d of the slow source: %d %.200s", i, code, body)
			}
		})
	}
	// Every slot taken (with room for a loaded machine); the refusals come
	// after their 10 s wait, at about 14 s, while the source still holds
	// every slot.
	time.Sleep(4 * time.Second)
	refusal := func(from net.IP, want int) {
		start := time.Now()
		code, body, hdr := limitGet(t, g, from, slow)
		if code != want || hdr.Get("Retry-After") == "" || !strings.HasSuffix(strings.TrimSpace(body), ".") {
			t.Errorf("from %s with every slot taken: %d, Retry-After %q, %q; want %d with a sentence", from, code, hdr.Get("Retry-After"), body, want)
		}
		t.Logf("from %s: %d after %v: %s", from, code, time.Since(start).Round(100*time.Millisecond), strings.TrimSpace(body))
	}
	var rg sync.WaitGroup
	rg.Go(func() { refusal(net.IPv4(127, 3, 0, 1), http.StatusTooManyRequests) })
	rg.Go(func() { refusal(net.IPv4(127, 3, 1, 1), http.StatusServiceUnavailable) })
	rg.Go(func() {
		// Half a request line: cut off by the header timeout.
		c, err := net.DialTimeout("tcp", g.addr, 5*time.Second)
		if err != nil {
			t.Error(err)
			return
		}
		defer c.Close()
		start := time.Now()
		c.Write([]byte("GET /feed?url=https://www.followdesk.test/ HTTP/1.1\r\nHost: " + g.addr + "\r\n"))
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
	rg.Wait()
	wg.Wait()
	if n, _, _ := fw.deskHits(slowPath); n != 1 {
		t.Errorf("the slow source was fetched %d times for 256 readers, want once", n)
	}

	// The cap on sources.
	state := t.TempDir()
	capped := startPublicGateway(t, fw.env, state, "--max-sources", "2")
	paths := []string{"/news-sitemap.xml", "/sitemap_business.xml", "/section/" + fw.desk.Sections[1] + "/"}
	var srcs []string
	for _, p := range paths {
		srcs = append(srcs, fw.desk.URL(p))
	}
	urls := signURLs(t, state, capped.base, "atom", srcs...)
	for i, u := range []string{urls[0], urls[1], urls[2], urls[0], urls[1]} {
		code, body, _ := capped.get(t, u)
		want := 200
		if i == 2 {
			want = http.StatusServiceUnavailable
		}
		if code != want || (want != 200 && !strings.Contains(body, "--max-sources")) {
			t.Errorf("source %d with --max-sources 2: %d %.200q, want %d", i%3, code, body, want)
		}
	}
	if n, _, _ := fw.deskHits(paths[2]); n != 0 {
		t.Errorf("the source past the cap was fetched %d times", n)
	}
}

// limitGet is readerGet (from local address from) keeping the answer's
// header; u is at the gateway's listen address.
func limitGet(t testing.TB, g *publicGateway, from net.IP, u string) (int, string, http.Header) {
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
