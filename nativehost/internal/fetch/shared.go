package fetch

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"net/http"
	"net/netip"
	"net/url"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"time"

	"feedscout/nativehost/internal/robots"
)

// Cross-process politeness. Every feedscout process on a machine (the
// gateway, each native host a browser starts, each `feed` a reader runs)
// has its own Client; with Options.StateDir set they share, through files
// under that directory:
//
//   - hosts/NAME.lock, one per host name: held locked while a
//     request to the host is in flight (one request at a time, machine
//     wide) and holding the earliest start of the next request in Unix
//     nanoseconds, so the pause holds between processes as it does between
//     goroutines;
//   - with Options.ShareRobots, robots/SCHEME_HOST.json: the robots.txt
//     answer of a scheme and host, kept for its lifetime (24 h, 5 min for a
//     "try later" answer) and fetched by one process at a time
//     (robots/SCHEME_HOST.lock), so that a reader starting `feed` for ten
//     sources of one site reads robots.txt once a day, not ten times a
//     quarter hour.
//
// The locks are flock(2) on Unix (shared_unix.go) and LockFileEx on
// Windows (shared_windows.go): both belong to the open file and end when
// the process dies, even by kill -9, so a crashed process never leaves a
// host locked.

// lockPoll is how often a process waiting for a lock held by another
// process tries again. Neither flock nor LockFileEx can wait on a context,
// so the wait is a non-blocking attempt repeated.
const lockPoll = 5 * time.Millisecond

// lockFile opens (creating it and its folder) and locks path exclusively,
// waiting for ctx. The lock ends with the file's Close.
func lockFile(ctx context.Context, path string) (*os.File, error) {
	if err := os.MkdirAll(filepath.Dir(path), 0o700); err != nil {
		return nil, fmt.Errorf("make lock folder: %w", err)
	}
	f, err := os.OpenFile(path, os.O_RDWR|os.O_CREATE, 0o600)
	if err != nil {
		return nil, fmt.Errorf("open lock file: %w", err)
	}
	for {
		held, err := tryLock(f)
		if err != nil {
			f.Close()
			return nil, fmt.Errorf("lock %s: %w", path, err)
		}
		if held {
			return f, nil
		}
		t := time.NewTimer(lockPoll)
		select {
		case <-ctx.Done():
			t.Stop()
			f.Close()
			return nil, ctx.Err()
		case <-t.C:
		}
	}
}

// LockFile locks path exclusively for every process using it (flock(2);
// LockFileEx on Windows), creating the file and its folder, and waits for
// ctx while another holds it. Close the file to unlock. The follow package keeps one source's
// state consistent with it.
func LockFile(ctx context.Context, path string) (*os.File, error) {
	f, err := lockFile(ctx, path)
	if err != nil {
		return nil, fmt.Errorf("lock file: %w", err)
	}
	return f, nil
}

// fileName turns a host key into a file name: letters, digits, '.', '-'
// and '_' as they are, anything else (the ':' of a port or an IPv6
// address) as %XX.
func fileName(key string) string {
	var b strings.Builder
	for _, c := range []byte(strings.ToLower(key)) {
		switch {
		case c >= 'a' && c <= 'z', c >= '0' && c <= '9', c == '.', c == '-', c == '_':
			b.WriteByte(c)
		default:
			fmt.Fprintf(&b, "%%%02X", c)
		}
	}
	return b.String()
}

// hostLockPath is the lock and timestamp file of a host name, or "" when
// the Client shares nothing.
func (c *Client) hostLockPath(host string) string {
	if c.opts.StateDir == "" {
		return ""
	}
	return filepath.Join(c.opts.StateDir, "hosts", fileName(host)+".lock")
}

// lockHost takes the machine-wide turn of a host: the locked file and the
// earliest start of the next request another process left in it.
func lockHost(ctx context.Context, path string) (*os.File, time.Time, error) {
	f, err := lockFile(ctx, path)
	if err != nil {
		return nil, time.Time{}, err
	}
	buf := make([]byte, 32)
	n, _ := f.ReadAt(buf, 0)
	var next time.Time
	if ns, err := strconv.ParseInt(strings.TrimSpace(string(buf[:n])), 10, 64); err == nil {
		next = time.Unix(0, ns)
	}
	return f, next, nil
}

// unlockHost writes the earliest start of the next request and unlocks.
func unlockHost(f *os.File, next time.Time) {
	s := strconv.FormatInt(next.UnixNano(), 10)
	if err := f.Truncate(0); err == nil {
		f.WriteAt([]byte(s), 0)
	}
	f.Close()
}

// sharedRobotsFile is robots.txt of one scheme and host as kept on disk.
type sharedRobotsFile struct {
	URL     string    `json:"url"`
	Status  int       `json:"status"`
	Fetched time.Time `json:"fetched"`
	Expires time.Time `json:"expires"`
	Body    string    `json:"body"`
}

// robotsPaths are the file and lock of origin's shared robots.txt, "" when
// robots.txt is not shared.
func (c *Client) robotsPaths(origin *url.URL) (file, lock string) {
	if c.opts.StateDir == "" || !c.opts.ShareRobots {
		return "", ""
	}
	base := filepath.Join(c.opts.StateDir, "robots", origin.Scheme+"_"+fileName(hostKey(origin)))
	return base + ".json", base + ".lock"
}

// sharedRobots fills e from the robots.txt another process kept for
// origin, if it is still fresh, and then reports done. Otherwise it takes
// the robots lock of origin, so that one process fetches while the others
// wait, and looks again (the holder may just have written it); unlock ends
// that (nil when there is nothing to unlock).
func (c *Client) sharedRobots(ctx context.Context, origin *url.URL, e *robotsEntry) (done bool, unlock func()) {
	file, lock := c.robotsPaths(origin)
	if file == "" {
		return false, nil
	}
	if c.loadRobots(file, origin, e) {
		return true, nil
	}
	f, err := lockFile(ctx, lock)
	if err != nil {
		return false, nil // fetch it ourselves; the lock is only an economy
	}
	if c.loadRobots(file, origin, e) {
		f.Close()
		return true, nil
	}
	return false, func() { f.Close() }
}

// loadRobots reads a fresh shared robots.txt into e.
func (c *Client) loadRobots(file string, origin *url.URL, e *robotsEntry) bool {
	b, err := os.ReadFile(file)
	if err != nil {
		return false
	}
	var s sharedRobotsFile
	if json.Unmarshal(b, &s) != nil || !time.Now().Before(s.Expires) || s.Expires.Sub(s.Fetched) > robotsTTL {
		return false
	}
	e.rules = robots.Parse(s.Status, []byte(s.Body))
	e.expires = s.Expires
	c.gate(origin.Hostname()).setCrawlDelay(c.opts.Pause, e.rules.CrawlDelay(Product))
	return true
}

// storeRobots keeps a robots.txt answer for the other processes, written
// atomically (a reader sees the old file or the new one, never half).
func (c *Client) storeRobots(origin *url.URL, status int, body []byte, expires time.Time) {
	file, _ := c.robotsPaths(origin)
	if file == "" {
		return
	}
	u := &url.URL{Scheme: origin.Scheme, Host: origin.Host, Path: "/robots.txt"}
	b, err := json.Marshal(sharedRobotsFile{URL: u.String(), Status: status, Fetched: time.Now(), Expires: expires, Body: string(body)})
	if err != nil {
		return
	}
	WriteFileAtomic(file, b)
}

// WriteFileAtomic replaces path with data so that a reader, or the next
// start after a crash (kill -9, power loss), finds either the old file or
// the new one whole: data goes to a temporary file in the same folder,
// which is synced, renamed over path, and the folder synced.
func WriteFileAtomic(path string, data []byte) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o700); err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".*.tmp")
	if err != nil {
		return fmt.Errorf("write %s: %w", path, err)
	}
	name := tmp.Name()
	_, err = tmp.Write(data)
	if err == nil {
		err = tmp.Sync()
	}
	if cerr := tmp.Close(); err == nil {
		err = cerr
	}
	if err == nil {
		err = os.Rename(name, path)
	}
	if err != nil {
		os.Remove(name)
		return fmt.Errorf("write %s: %w", path, err)
	}
	if d, err := os.Open(dir); err == nil {
		d.Sync()
		d.Close()
	}
	removeStale(dir, filepath.Base(path))
	return nil
}

// staleAfter is how old a temporary file of WriteFileAtomic must be to be
// the leftover of a process killed between writing and renaming.
const staleAfter = time.Minute

// removeStale removes such leftovers of name in dir.
func removeStale(dir, name string) {
	left, _ := filepath.Glob(filepath.Join(dir, "."+name+".*.tmp"))
	for _, p := range left {
		if fi, err := os.Stat(p); err == nil && time.Since(fi.ModTime()) > staleAfter {
			os.Remove(p)
		}
	}
}

// Remember gives the Client the validators a caller kept from an earlier
// process (an ETag, a Last-Modified; either may be empty), so that the next
// Get of rawURL is conditional. A 304 to it comes back with NotModified set
// and an empty Body: the caller answers from what it kept. It does nothing
// when both validators are empty.
func (c *Client) Remember(rawURL, etag, lastModified string) {
	if etag == "" && lastModified == "" {
		return
	}
	h := http.Header{}
	if etag != "" {
		h.Set("ETag", etag)
	}
	if lastModified != "" {
		h.Set("Last-Modified", lastModified)
	}
	if e := c.cond.get(rawURL); e != nil && e.etag == etag && e.lastMod == lastModified {
		return // the body of that answer is still here
	}
	c.cond.put(rawURL, h, nil)
}

// CheckAddress refuses, before any request, a URL whose host is a literal
// address the private-address guard would refuse when dialing (loopback,
// private, link-local, multicast, unspecified) or a name that is loopback
// by definition (localhost, *.localhost), unless Options.AllowPrivate is
// set. The error says which kind of address it is.
func (c *Client) CheckAddress(host string) error {
	if c.opts.AllowPrivate {
		return nil
	}
	h := strings.ToLower(strings.Trim(host, "[]"))
	if h == "localhost" || strings.HasSuffix(h, ".localhost") {
		return errors.New("check address: " + host + " is this machine (loopback)")
	}
	if ip, err := netip.ParseAddr(h); err == nil {
		if k := addressKind(ip); k != "" {
			return fmt.Errorf("check address: %s is a %s address", host, k)
		}
	}
	return nil
}
