package bidi

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"io"
	"os/exec"
	"regexp"
	"sync"
	"time"
)

// Browser is a Firefox started with its remote agent, and a BiDi session
// with it.
type Browser struct {
	*Client
	Cmd *exec.Cmd
	// Log is what Firefox printed (stdout and stderr).
	Log *Log

	exited chan struct{}
}

// Log collects a process's output; it is safe to read while it is written.
type Log struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *Log) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

// String is everything written so far.
func (l *Log) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// listening is the line Firefox's remote agent prints when it is ready.
var listening = regexp.MustCompile(`WebDriver BiDi listening on (ws://\S+)`)

// Launch starts cmd (a Firefox command line with --remote-debugging-port,
// port 0 for any free one), waits up to timeout for its remote agent,
// connects and opens a session (session.new with capabilities). Cmd must
// not be started and must not have Stdout or Stderr set.
func Launch(cmd *exec.Cmd, capabilities map[string]any, timeout time.Duration) (*Browser, error) {
	b := &Browser{Cmd: cmd, Log: &Log{}, exited: make(chan struct{})}
	stderr, err := cmd.StderrPipe()
	if err != nil {
		return nil, fmt.Errorf("launch firefox: %w", err)
	}
	cmd.Stdout = b.Log
	if err := cmd.Start(); err != nil {
		return nil, fmt.Errorf("launch firefox: %w", err)
	}
	addr := make(chan string, 1)
	go func() {
		sc := bufio.NewScanner(stderr)
		sc.Buffer(make([]byte, 64<<10), 1<<20)
		sent := false
		for sc.Scan() {
			line := sc.Text()
			b.Log.Write([]byte(line + "\n"))
			if m := listening.FindStringSubmatch(line); m != nil && !sent {
				addr <- m[1]
				sent = true
			}
		}
		io.Copy(b.Log, stderr)
		cmd.Wait()
		close(b.exited)
	}()
	var ws string
	select {
	case ws = <-addr:
	case <-b.exited:
		return nil, fmt.Errorf("launch firefox: it exited before its remote agent listened:\n%s", b.Log)
	case <-time.After(timeout):
		b.Kill()
		return nil, fmt.Errorf("launch firefox: its remote agent did not listen within %v:\n%s", timeout, b.Log)
	}
	c, err := Dial(ws + "/session")
	if err != nil {
		b.Kill()
		return nil, fmt.Errorf("launch firefox: %w", err)
	}
	b.Client = c
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	if err := c.Call(ctx, "session.new", map[string]any{"capabilities": map[string]any{"alwaysMatch": capabilities}}, nil); err != nil {
		b.Kill()
		return nil, fmt.Errorf("launch firefox: %w", err)
	}
	return b, nil
}

// Exited is closed when the Firefox process has ended.
func (b *Browser) Exited() <-chan struct{} { return b.exited }

// Kill ends the process at once and waits for it.
func (b *Browser) Kill() {
	b.Cmd.Process.Kill()
	<-b.exited
	if b.Client != nil {
		b.Client.Close()
	}
}

// Quit closes Firefox as a person does (browser.close: it writes its
// profile out) and waits up to timeout for the process to end, then kills
// it. It reports an error when Firefox had to be killed.
func (b *Browser) Quit(timeout time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), timeout)
	defer cancel()
	err := b.Client.Call(ctx, "browser.close", nil, nil)
	select {
	case <-b.exited:
		b.Client.Close()
		return nil
	case <-ctx.Done():
	}
	b.Kill()
	if err != nil {
		return fmt.Errorf("quit firefox: %w", err)
	}
	return fmt.Errorf("quit firefox: still running %v after browser.close; killed", timeout)
}
