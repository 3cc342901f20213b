package fetch

import (
	"errors"
	"os"

	"golang.org/x/sys/windows"
)

// tryLock takes an exclusive LockFileEx lock of f's first byte without
// waiting: held is false when another handle holds it, so the caller tries
// again. Windows drops the locks of a handle when it is closed and when its
// process ends, killed or not. The lock is mandatory for other handles
// only: the holder reads and writes the file through f as on Unix, and
// every other process opens the file only to take the lock.
func tryLock(f *os.File) (held bool, err error) {
	var ol windows.Overlapped
	err = windows.LockFileEx(windows.Handle(f.Fd()), windows.LOCKFILE_EXCLUSIVE_LOCK|windows.LOCKFILE_FAIL_IMMEDIATELY, 0, 1, 0, &ol)
	if err == nil {
		return true, nil
	}
	if errors.Is(err, windows.ERROR_LOCK_VIOLATION) || errors.Is(err, windows.ERROR_IO_PENDING) {
		return false, nil
	}
	return false, err
}
