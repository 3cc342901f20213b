package fetch

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"testing"
	"time"
)

// TestLockFileExcludes: a lock file held through one open file cannot be
// taken through another (as by another process: flock and LockFileEx both
// lock per open file) until the first is closed; a waiter gives up with
// its context. The test removes its files itself, file by file: Wine 8,
// where CI runs this test for Windows, has no FileDispositionInfoEx, which
// Go's RemoveAll (and so t.TempDir's cleanup) needs.
func TestLockFileExcludes(t *testing.T) {
	dir, err := os.MkdirTemp("", "feedscout-lock-")
	if err != nil {
		t.Fatal(err)
	}
	path := filepath.Join(dir, "hosts", "example.org.lock")
	t.Cleanup(func() {
		os.Remove(path)
		os.Remove(filepath.Dir(path))
		os.Remove(dir)
	})
	first, err := LockFile(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	defer cancel()
	start := time.Now()
	if f, err := LockFile(ctx, path); !errors.Is(err, context.DeadlineExceeded) {
		if f != nil {
			f.Close()
		}
		t.Fatalf("a second lock while the first is held: %v, want the context's deadline", err)
	}
	if waited := time.Since(start); waited < 90*time.Millisecond {
		t.Errorf("the second lock gave up after %v, before its context ended", waited)
	}
	// The holder writes and reads the file through its own handle.
	if _, err := first.WriteAt([]byte("1234"), 0); err != nil {
		t.Errorf("write through the holding file: %v", err)
	}
	got := make(chan error, 1)
	go func() {
		f, err := LockFile(context.Background(), path)
		if err == nil {
			b := make([]byte, 4)
			_, err = f.ReadAt(b, 0)
			if err == nil && string(b) != "1234" {
				err = errors.New("read " + string(b))
			}
			f.Close()
		}
		got <- err
	}()
	time.Sleep(50 * time.Millisecond)
	select {
	case err := <-got:
		t.Fatalf("the lock was taken while held (%v)", err)
	default:
	}
	first.Close()
	select {
	case err := <-got:
		if err != nil {
			t.Errorf("after the holder closed: %v", err)
		}
	case <-time.After(5 * time.Second):
		t.Fatal("the lock was not taken within 5 s of the holder closing")
	}
}
