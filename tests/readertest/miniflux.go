//go:build unix

package readertest

import (
	"bytes"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"
)

// MinifluxBinary is the name of Miniflux's program: `go install
// miniflux.app/v2@v2.3.5` (or `go install tool` in
// tests/testdata/miniflux, as .ci/run does) names it after the module path
// without its major version.
const MinifluxBinary = "miniflux.app"

// Miniflux is a running Miniflux (a real server reader), with its admin
// user, reached through its REST API (/v1/...) on loopback.
type Miniflux struct {
	// Base is its address, http://127.0.0.1:PORT.
	Base           string
	user, password string
	client         *http.Client
	log            *logBuffer
}

// MinifluxEntry is one entry as Miniflux's API returns it.
type MinifluxEntry struct {
	ID        int64     `json:"id"`
	Title     string    `json:"title"`
	URL       string    `json:"url"`
	Published time.Time `json:"published_at"`
}

// MinifluxFeed is a subscription as Miniflux's API returns it: the URL it
// polls and the last error it met there.
type MinifluxFeed struct {
	ID           int64     `json:"id"`
	FeedURL      string    `json:"feed_url"`
	Title        string    `json:"title"`
	CheckedAt    time.Time `json:"checked_at"`
	ErrorCount   int       `json:"parsing_error_count"`
	ErrorMessage string    `json:"parsing_error_message"`
}

// StartMiniflux runs Miniflux (MinifluxBinary on PATH, else the test skips
// or, under FEEDSCOUT_REQUIRE_TOOLS, fails) on a spare loopback port
// against database db of pg: it runs its migrations, creates its admin and
// serves until the test ends. env is added to its environment, which
// starts empty but for PATH and HOME (no proxy variable of the test's
// leaks into it: Miniflux honours HTTP_PROXY). Miniflux refuses to fetch
// from private and loopback addresses unless FETCHER_ALLOW_PRIVATE_NETWORKS
// is set: a test reaching a server on loopback passes it in env.
func StartMiniflux(t testing.TB, pg *Postgres, db string, env ...string) *Miniflux {
	t.Helper()
	bin := Tool(t, MinifluxBinary)
	for try := 0; ; try++ {
		port := FreePort(t)
		m := &Miniflux{
			Base: "http://127.0.0.1:" + strconv.Itoa(port), user: "admin", password: "feedscout-test-password",
			client: &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{Proxy: nil}},
		}
		home := t.TempDir()
		cmd := exec.Command(bin)
		cmd.Dir = home
		cmd.Env = append([]string{
			"PATH=" + os.Getenv("PATH"), "HOME=" + home,
			"DATABASE_URL=" + pg.URL(db), "RUN_MIGRATIONS=1",
			"CREATE_ADMIN=1", "ADMIN_USERNAME=" + m.user, "ADMIN_PASSWORD=" + m.password,
			"LISTEN_ADDR=127.0.0.1:" + strconv.Itoa(port),
			// Polling left to the test: its scheduler would refresh on
			// its own every POLLING_FREQUENCY minutes (default 60).
			"POLLING_FREQUENCY=1440", "LOG_LEVEL=debug",
		}, env...)
		s, err := startServer(t, cmd)
		if err != nil {
			t.Fatal(err)
		}
		m.log = s.log
		ready := waitUntil(60*time.Second, func() bool {
			if s.exited() {
				return true
			}
			resp, err := m.client.Get(m.Base + "/healthcheck")
			if err != nil {
				return false
			}
			resp.Body.Close()
			return resp.StatusCode == http.StatusOK
		})
		switch {
		case s.portTaken() && try < 2:
			continue
		case s.exited():
			t.Fatalf("miniflux exited at start:\n%s", m.log)
		case !ready:
			t.Fatalf("miniflux did not answer /healthcheck within 60 s:\n%s", m.log)
		}
		return m
	}
}

// Log is what Miniflux printed so far (for a failing test's message).
func (m *Miniflux) Log() string { return m.log.String() }

// call calls Miniflux's REST API as its admin: method, path (/v1/...) and
// a JSON body (nil for none); it returns the status and the answer.
func (m *Miniflux) call(t testing.TB, method, path string, body any) (int, []byte) {
	t.Helper()
	var r io.Reader
	if body != nil {
		b, err := json.Marshal(body)
		if err != nil {
			t.Fatal(err)
		}
		r = bytes.NewReader(b)
	}
	req, err := http.NewRequest(method, m.Base+path, r)
	if err != nil {
		t.Fatal(err)
	}
	req.SetBasicAuth(m.user, m.password)
	if body != nil {
		req.Header.Set("Content-Type", "application/json")
	}
	resp, err := m.client.Do(req)
	if err != nil {
		t.Fatalf("miniflux %s %s: %v", method, path, err)
	}
	defer resp.Body.Close()
	b, _ := io.ReadAll(resp.Body)
	return resp.StatusCode, b
}

// api is call for an answer of status want, decoded into out (nil:
// ignored); any other status fails the test with Miniflux's message.
func (m *Miniflux) api(t testing.TB, method, path string, body any, want int, out any) {
	t.Helper()
	code, b := m.call(t, method, path, body)
	if code != want {
		t.Fatalf("miniflux %s %s: %d %s (want %d)", method, path, code, strings.TrimSpace(string(b)), want)
	}
	if out != nil {
		if err := json.Unmarshal(b, out); err != nil {
			t.Fatalf("miniflux %s %s: read answer: %v\n%.300s", method, path, err, b)
		}
	}
}

// Refused tries to add feedURL (POST /v1/feeds) and returns the error
// message Miniflux refuses it with; it fails the test when Miniflux takes
// it.
func (m *Miniflux) Refused(t testing.TB, feedURL string) string {
	t.Helper()
	code, b := m.call(t, http.MethodPost, "/v1/feeds", map[string]any{"feed_url": feedURL})
	if code == http.StatusCreated {
		t.Fatalf("miniflux subscribed to %s, want a refusal", feedURL)
	}
	var e struct {
		Message string `json:"error_message"`
	}
	json.Unmarshal(b, &e)
	return e.Message
}

// Subscribe adds feedURL as Miniflux's API does (POST /v1/feeds, into the
// admin's first category): Miniflux fetches and parses it at once and
// refuses it (the test fails, with its message) when it cannot. It returns
// the feed's id.
func (m *Miniflux) Subscribe(t testing.TB, feedURL string) int64 {
	t.Helper()
	var created struct {
		FeedID int64 `json:"feed_id"`
	}
	m.api(t, http.MethodPost, "/v1/feeds", map[string]any{"feed_url": feedURL}, http.StatusCreated, &created)
	return created.FeedID
}

// Refresh has Miniflux fetch feed id again now (PUT /v1/feeds/ID/refresh,
// which answers once the fetch is done).
func (m *Miniflux) Refresh(t testing.TB, id int64) {
	t.Helper()
	m.api(t, http.MethodPut, fmt.Sprintf("/v1/feeds/%d/refresh", id), nil, http.StatusNoContent, nil)
}

// Feed returns subscription id (GET /v1/feeds/ID).
func (m *Miniflux) Feed(t testing.TB, id int64) MinifluxFeed {
	t.Helper()
	var f MinifluxFeed
	m.api(t, http.MethodGet, fmt.Sprintf("/v1/feeds/%d", id), nil, http.StatusOK, &f)
	return f
}

// Entries returns every entry Miniflux keeps of feed id, newest first
// (GET /v1/feeds/ID/entries, at most 1,000: the API's limit), failing the
// test unless it got them all.
func (m *Miniflux) Entries(t testing.TB, id int64) []MinifluxEntry {
	t.Helper()
	var page struct {
		Total   int             `json:"total"`
		Entries []MinifluxEntry `json:"entries"`
	}
	m.api(t, http.MethodGet, fmt.Sprintf("/v1/feeds/%d/entries?limit=1000&order=published_at&direction=desc", id), nil, http.StatusOK, &page)
	if page.Total != len(page.Entries) {
		t.Fatalf("miniflux feed %d: %d entries of %d", id, len(page.Entries), page.Total)
	}
	return page.Entries
}
