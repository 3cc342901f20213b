//go:build linux

package host

// The CLI's live progress: one line per request on stderr while discovery
// runs, when stderr is a terminal (a pseudo-terminal here, as a person's
// shell gives it), and none when it is a pipe.

import (
	"bufio"
	"bytes"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"

	"feedscout/tests/internal/harness"
)

// openPTY opens a pseudo-terminal pair: the controlling side, which reads
// what is written to the terminal, and the terminal itself.
func openPTY(t *testing.T) (ctl, tty *os.File) {
	t.Helper()
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC, 0)
	if err != nil {
		t.Skipf("no pseudo-terminals here: %v", err)
	}
	ctl = os.NewFile(uintptr(fd), "/dev/ptmx")
	t.Cleanup(func() { ctl.Close() })
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		t.Fatalf("unlock the pseudo-terminal: %v", err)
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		t.Fatalf("number the pseudo-terminal: %v", err)
	}
	tty, err = os.OpenFile("/dev/pts/"+strconv.Itoa(n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		t.Fatalf("open the pseudo-terminal: %v", err)
	}
	t.Cleanup(func() { tty.Close() })
	return ctl, tty
}

func TestCLILiveProgressOnTerminal(t *testing.T) {
	t.Parallel()
	sites := harness.SiteNamed(t, "theverge")
	w := harness.StartWeb(t, sites)
	url := sites[0].URL()
	host := strings.TrimPrefix(strings.TrimPrefix(url, "https://"), "http://")
	host = strings.TrimSuffix(host, "/")

	// A terminal: a progress line per request, each as it happens (with a
	// 300 ms pause between requests, so that lines printed only at the end
	// would show).
	ctl, tty := openPTY(t)
	cmd := exec.Command(harness.HostBinary(t), "discover", url)
	cmd.Env = append(os.Environ(), append(w.Env(), "FEEDSCOUT_PAUSE=300ms")...)
	var out bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, tty
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	tty.Close() // the child holds it now; EOF on ctl once it exits
	lines := make(chan string)
	go func() {
		defer close(lines)
		sc := bufio.NewScanner(ctl)
		for sc.Scan() {
			lines <- strings.TrimRight(sc.Text(), "\r")
		}
	}()
	var progress []string
	var at []time.Time
	for l := range lines {
		progress = append(progress, l)
		at = append(at, time.Now())
	}
	if err := cmd.Wait(); err != nil {
		t.Fatalf("discover: %v; stdout %s", err, out.String())
	}
	if len(progress) < 2 {
		t.Fatalf("on a terminal, stderr had %d lines, want one per request: %q", len(progress), progress)
	}
	for _, want := range []string{"robots", "home"} {
		found := false
		for _, l := range progress {
			f := strings.Fields(l)
			if len(f) >= 4 && f[0] == host && f[1] == want && f[2] == "200" {
				found = true
			}
		}
		if !found {
			t.Errorf("no %q progress line for %s with status 200 among %q", want, host, progress)
		}
	}
	if gap := at[len(at)-1].Sub(at[0]); gap < 250*time.Millisecond {
		t.Errorf("the first and last progress lines came %v apart, with 300 ms between requests: not live", gap)
	}
	// One progress line per request of the report, for the same URLs.
	report := out.String()
	_, reqs, ok := strings.Cut(report, "  requests:\n")
	if !ok {
		t.Fatalf("the report is missing from stdout: %q", report)
	}
	var urls []string
	for _, l := range strings.Split(strings.TrimSpace(reqs), "\n") {
		f := strings.Fields(l)
		urls = append(urls, f[len(f)-1])
	}
	if len(urls) != len(progress) {
		t.Errorf("%d progress lines for %d requests in the report:\n%s\n%s", len(progress), len(urls), strings.Join(progress, "\n"), reqs)
	}
	for i := range min(len(urls), len(progress)) {
		if f := strings.Fields(progress[i]); f[len(f)-1] != urls[i] {
			t.Errorf("progress line %d is for %s, the report's request %d for %s", i, f[len(f)-1], i, urls[i])
		}
	}

	// A pipe: the same discovery prints nothing on stderr.
	stdout, stderr, code := harness.RunHost(t, harness.FastEnv(w), "", "discover", url)
	if code != 0 || stderr != "" {
		t.Errorf("with stderr a pipe: exit %d, stderr %q (want 0 and nothing)", code, stderr)
	}
	if !strings.Contains(stdout, "requests:") {
		t.Errorf("with stderr a pipe, stdout has no report: %q", stdout)
	}
}
