//go:build unix

package harness

import (
	"fmt"
	"os"
	"syscall"
)

// lock is an advisory lock on a file (flock(2)), held until close.
type lock struct{ f *os.File }

func lockFile(path string) (*lock, error) {
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o644)
	if err != nil {
		return nil, fmt.Errorf("open lock %s: %w", path, err)
	}
	return &lock{f}, nil
}

func (l *lock) flock(how int) error {
	if err := syscall.Flock(int(l.f.Fd()), how); err != nil {
		return fmt.Errorf("lock %s: %w", l.f.Name(), err)
	}
	return nil
}

func (l *lock) exclusive() error { return l.flock(syscall.LOCK_EX) }

func (l *lock) shared() error { return l.flock(syscall.LOCK_SH) }

func (l *lock) tryExclusive() bool { return l.flock(syscall.LOCK_EX|syscall.LOCK_NB) == nil }

func (l *lock) close() { l.f.Close() }
