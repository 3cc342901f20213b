package follow

import (
	"encoding/json"
	"math/rand/v2"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// TestFollowKill9: `feed` killed with SIGKILL at random moments, 40 times,
// while the site keeps publishing: after every kill each source's state
// file is whole (the old one or the new one, never half), never loses the
// entries it had, and the next run completes with the newest article.
func TestFollowKill9(t *testing.T) {
	t.Parallel()
	fw := harness.StartFollowWeb(t, 2, 6)
	env := append(append([]string(nil), fw.HostEnv...), "FEEDSCOUT_PAUSE=0")
	sources := []string{fw.Desk.URL("/news-sitemap.xml"), fw.Desk.URL("/section/world/")}
	// A first complete run of each, so there is state to lose.
	for _, s := range sources {
		if _, errOut, code := harness.RunHost(t, env, "", "feed", "--state", fw.State, "--min-interval", "1ms", s); code != 0 {
			t.Fatalf("feed %s: %s", s, errOut)
		}
	}
	type snapshot struct {
		LastOK  time.Time `json:"last_ok"`
		Entries []struct {
			URL string `json:"url"`
		} `json:"entries"`
	}
	read := func() map[string]snapshot {
		out := map[string]snapshot{}
		files, _ := filepath.Glob(filepath.Join(fw.State, "sources", "*.json"))
		for _, f := range files {
			b, err := os.ReadFile(f)
			if err != nil {
				t.Fatal(err)
			}
			var s snapshot
			if err := json.Unmarshal(b, &s); err != nil {
				t.Fatalf("state file %s is not whole after a kill: %v\n%.300s", f, err, b)
			}
			out[f] = s
		}
		return out
	}
	prev := read()
	if len(prev) != len(sources) {
		t.Fatalf("%d state files, want %d", len(prev), len(sources))
	}
	rng := rand.New(rand.NewPCG(1, 2))
	changed := 0
	for i := range 40 {
		fw.Desk.Publish(1, i%2)
		cmd := exec.Command(harness.HostBinary(t), "feed", "--state", fw.State, "--min-interval", "1ms", sources[i%2])
		cmd.Env = append(os.Environ(), env...)
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		time.Sleep(time.Duration(rng.IntN(80000)) * time.Microsecond)
		cmd.Process.Signal(syscall.SIGKILL)
		cmd.Wait()
		now := read()
		for f, s := range now {
			p := prev[f]
			if s.LastOK.Before(p.LastOK) || len(s.Entries) < len(p.Entries) {
				t.Fatalf("kill %d: %s went back from %v (%d entries) to %v (%d entries)", i, f, p.LastOK, len(p.Entries), s.LastOK, len(s.Entries))
			}
			if !s.LastOK.Equal(p.LastOK) {
				changed++
			}
		}
		prev = now
	}
	t.Logf("%d of 40 killed runs had saved their state, the others were killed before", changed)
	newest := fw.Desk.Articles()
	for i, s := range sources {
		out, errOut, code := harness.RunHost(t, env, "", "feed", "--state", fw.State, "--min-interval", "1ms", s)
		if code != 0 {
			t.Fatalf("feed %s after the kills: %s", s, errOut)
		}
		want := newest[len(newest)-1]
		for _, a := range newest {
			if i == 1 && a.Section == "world" {
				want = a // the last article of the section
			}
		}
		if !strings.Contains(out, want.URL) {
			t.Errorf("%s after the kills lacks the newest article %s", s, want.URL)
		}
	}
}
