package harness

// Helpers for the host tests: the built binary, a native messaging client
// over pipes, and a fixture web wired to the host through its proxy.

import (
	"bufio"
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"testing"
	"time"
)

// HostBinary is the feedscout-host under test, from the built product
// (see TestMain).
func HostBinary(t testing.TB) string {
	t.Helper()
	p := filepath.Join(DistDir(t), "feedscout-host")
	if _, err := os.Stat(p); err != nil {
		t.Fatalf("the built host: %v", err)
	}
	return p
}

// RunHost runs the host CLI to completion and returns stdout, stderr and
// the exit status.
func RunHost(t testing.TB, env []string, stdin string, args ...string) (string, string, int) {
	t.Helper()
	cmd := exec.Command(HostBinary(t), args...)
	cmd.Env = append(os.Environ(), env...)
	cmd.Stdin = bytes.NewBufferString(stdin)
	var out, errb bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &errb
	err := cmd.Run()
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("run host %v: %v", args, err)
	}
	return out.String(), errb.String(), code
}

// NMReply is one native messaging reply, decoded loosely.
type NMReply struct {
	ID      json.RawMessage `json:"id"`
	Type    string          `json:"type"`
	Request json.RawMessage `json:"request"`
	Report  json.RawMessage `json:"report"`
	Section json.RawMessage `json:"section"`
	Version string          `json:"version"`
	Error   string          `json:"error"`
	Code    string          `json:"code"`
	Args    map[string]any  `json:"args"`
	size    int
	Raw     []byte // the frame's JSON as it came
}

// NMHost is a running host in native messaging mode, as a browser starts
// it, talked to over pipes.
type NMHost struct {
	t       testing.TB
	Cmd     *exec.Cmd
	in      io.WriteCloser
	out     *bufio.Reader
	Stderr  *bytes.Buffer
	replies chan NMReply
	readErr chan error
	started time.Time
}

// StartNM starts the host the way Chrome does (origin argument).
func StartNM(t testing.TB, env []string) *NMHost {
	t.Helper()
	cmd := exec.Command(HostBinary(t), "chrome-extension://pbekihghmnjdonaofhjkkldmkpngkpge/")
	cmd.Env = append(os.Environ(), env...)
	in, err := cmd.StdinPipe()
	if err != nil {
		t.Fatal(err)
	}
	outp, err := cmd.StdoutPipe()
	if err != nil {
		t.Fatal(err)
	}
	h := &NMHost{t: t, Cmd: cmd, in: in, out: bufio.NewReaderSize(outp, 1<<20), Stderr: &bytes.Buffer{},
		replies: make(chan NMReply, 4096), readErr: make(chan error, 1)}
	cmd.Stderr = h.Stderr
	h.started = time.Now()
	if err := cmd.Start(); err != nil {
		t.Fatal(err)
	}
	go h.readLoop()
	t.Cleanup(func() {
		h.in.Close()
		done := make(chan struct{})
		go func() { cmd.Wait(); close(done) }()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			cmd.Process.Kill()
			<-done
		}
	})
	return h
}

// readLoop decodes frames until stdout closes; any byte outside a valid
// frame of JSON is an error.
func (h *NMHost) readLoop() {
	for {
		var hdr [4]byte
		if _, err := io.ReadFull(h.out, hdr[:]); err != nil {
			if err == io.EOF {
				err = nil
			}
			h.readErr <- err
			close(h.replies)
			return
		}
		n := binary.LittleEndian.Uint32(hdr[:])
		if n == 0 || n >= 1<<20 {
			h.readErr <- fmt.Errorf("reply length %d", n)
			close(h.replies)
			return
		}
		b := make([]byte, n)
		if _, err := io.ReadFull(h.out, b); err != nil {
			h.readErr <- fmt.Errorf("truncated reply: %v", err)
			close(h.replies)
			return
		}
		var r NMReply
		if err := json.Unmarshal(b, &r); err != nil {
			h.readErr <- fmt.Errorf("reply is not JSON: %q", b)
			close(h.replies)
			return
		}
		r.size, r.Raw = int(n), b
		h.replies <- r
	}
}

// SendRaw writes bytes as they are (for broken frames).
func (h *NMHost) SendRaw(b []byte) {
	h.t.Helper()
	if _, err := h.in.Write(b); err != nil {
		h.t.Fatalf("write to host: %v", err)
	}
}

// Frame returns body framed.
func Frame(body []byte) []byte {
	out := make([]byte, 4+len(body))
	binary.LittleEndian.PutUint32(out, uint32(len(body)))
	copy(out[4:], body)
	return out
}

// Send writes one request.
func (h *NMHost) Send(v any) {
	h.t.Helper()
	b, err := json.Marshal(v)
	if err != nil {
		h.t.Fatal(err)
	}
	h.SendRaw(Frame(b))
}

// Next returns the next reply, failing after timeout.
func (h *NMHost) Next(timeout time.Duration) NMReply {
	h.t.Helper()
	select {
	case r, ok := <-h.replies:
		if !ok {
			h.t.Fatalf("host closed stdout (%v); stderr:\n%s", <-h.readErr, h.Stderr)
		}
		return r
	case <-time.After(timeout):
		h.t.Fatalf("no reply within %v; stderr:\n%s", timeout, h.Stderr)
	}
	return NMReply{}
}

// Until collects replies until every id in ids has its result or error.
func (h *NMHost) Until(timeout time.Duration, ids ...string) map[string][]NMReply {
	h.t.Helper()
	want := map[string]bool{}
	for _, id := range ids {
		want[id] = true
	}
	got := map[string][]NMReply{}
	deadline := time.Now().Add(timeout)
	for len(want) > 0 {
		r := h.Next(time.Until(deadline))
		id := string(r.ID)
		got[id] = append(got[id], r)
		if r.Type == "result" || r.Type == "error" {
			delete(want, id)
		}
	}
	return got
}

// CloseAndWait closes stdin and waits for the host to exit, returning its
// exit status; stdout must end cleanly.
func (h *NMHost) CloseAndWait(timeout time.Duration) int {
	h.t.Helper()
	h.in.Close()
	for range h.replies {
	}
	if err := <-h.readErr; err != nil {
		h.t.Fatalf("host stdout: %v", err)
	}
	done := make(chan error, 1)
	go func() { done <- h.Cmd.Wait() }()
	select {
	case err := <-done:
		if ee, ok := err.(*exec.ExitError); ok {
			return ee.ExitCode()
		}
		if err != nil {
			h.t.Fatal(err)
		}
		return 0
	case <-time.After(timeout):
		h.t.Fatalf("host did not exit within %v after stdin closed", timeout)
	}
	return -1
}
