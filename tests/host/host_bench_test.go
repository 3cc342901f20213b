package host

// Start-up of the built host: every connectNative starts a new process, so
// the time from exec to the first reply is what a popup waits before the
// host can do anything (issue 4: <= 20 ms).

import (
	"bufio"
	"encoding/binary"
	"io"
	"os/exec"
	"slices"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// BenchmarkHostStartup measures, in one run:
//
//   - bin-true: fork and exec of /bin/true, the floor any process pays;
//   - cli-version: `feedscout-host version` to exit;
//   - nm-first-reply: the host started as Chrome starts it, a version
//     request written at once, until its reply has been read (then stdin
//     is closed and the exit awaited: in ns/op, not in the medians).
func BenchmarkHostStartup(b *testing.B) {
	host := harness.HostBinary(b)
	run := func(name string, args ...string) func() (time.Duration, error) {
		return func() (time.Duration, error) {
			start := time.Now()
			err := exec.Command(name, args...).Run()
			return time.Since(start), err
		}
	}
	req := harness.Frame([]byte(`{"id":1,"type":"version"}`))
	for _, c := range []struct {
		name string
		once func() (time.Duration, error)
	}{
		{"bin-true", run("/bin/true")},
		{"cli-version", run(host, "version")},
		{"nm-first-reply", func() (time.Duration, error) { return firstReply(host, req) }},
	} {
		b.Run(c.name, func(b *testing.B) {
			ds := make([]time.Duration, 0, b.N)
			for range b.N {
				d, err := c.once()
				if err != nil {
					b.Fatal(err)
				}
				ds = append(ds, d)
			}
			// The median and the minimum, which a busy machine disturbs
			// less than the mean (ns/op).
			slices.Sort(ds)
			b.ReportMetric(float64(ds[len(ds)/2].Microseconds())/1000, "ms-median")
			b.ReportMetric(float64(ds[0].Microseconds())/1000, "ms-min")
		})
	}
}

// firstReply starts host in native messaging mode, sends req and returns
// the time from the start until the first reply was read whole.
func firstReply(host string, req []byte) (time.Duration, error) {
	cmd := exec.Command(host, "chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/")
	in, err := cmd.StdinPipe()
	if err != nil {
		return 0, err
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		return 0, err
	}
	start := time.Now()
	if err := cmd.Start(); err != nil {
		return 0, err
	}
	if _, err := in.Write(req); err != nil {
		return 0, err
	}
	out := bufio.NewReader(outp)
	var hdr [4]byte
	if _, err := io.ReadFull(out, hdr[:]); err != nil {
		return 0, err
	}
	if _, err := io.ReadFull(out, make([]byte, binary.LittleEndian.Uint32(hdr[:]))); err != nil {
		return 0, err
	}
	d := time.Since(start)
	in.Close()
	io.Copy(io.Discard, out)
	return d, cmd.Wait()
}

// TestHostStartup keeps the start-up in the suite loosely, as a guard
// against gross regressions (work or network at start-up): CI machines are
// slower and busier than the benchmark's, so the median of nine starts to
// the first reply only has to stay under 250 ms. The 20 ms goal is the
// benchmark's.
func TestHostStartup(t *testing.T) {
	host := harness.HostBinary(t)
	req := harness.Frame([]byte(`{"id":1,"type":"version"}`))
	var ds []time.Duration
	for range 9 {
		d, err := firstReply(host, req)
		if err != nil {
			t.Fatal(err)
		}
		ds = append(ds, d)
	}
	slices.Sort(ds)
	t.Logf("start to first reply: median %v, min %v, max %v", ds[4], ds[0], ds[8])
	if ds[4] > 250*time.Millisecond {
		t.Errorf("median start to first reply %v, want under 250 ms (goal 20 ms)", ds[4])
	}
}
