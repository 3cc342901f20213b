//go:build unix

package readertest

import (
	"fmt"
	"io"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"testing"
	"time"
)

// rssBridgeDir is where Debian's rss-bridge package (2022-01-20) keeps
// RSS-Bridge. It finds everything from lib/rssbridge.php's own directory
// (PATH_ROOT is lib/..): its whitelist is PATH_ROOT/whitelist.txt, which
// the package links to /etc/rss-bridge/whitelist.txt (absent after
// install, so whitelist.default.txt applies, without XPath), its cache
// PATH_ROOT/cache (/var/cache/rss-bridge, www-data's).
const rssBridgeDir = "/usr/share/rss-bridge"

// RSSBridge is a running RSS-Bridge: Debian's package served by PHP's
// built-in server (php -S) on a spare loopback port, with XPathBridge
// whitelisted.
type RSSBridge struct {
	// Base is its address, http://127.0.0.1:PORT (no trailing slash).
	Base string
	// Dir is its overlay: PATH_ROOT with the whitelist and cache of the
	// test's own.
	Dir string
	log *logBuffer
}

// Log is what php -S printed so far (one line per request).
func (b *RSSBridge) Log() string { return b.log.String() }

// StartRSSBridge serves Debian's RSS-Bridge with `php -S 127.0.0.1:PORT`
// from an overlay in a temporary directory, so nothing under /etc or /var
// is written: lib/ is copied (PHP resolves symbolic links for __DIR__, so a
// linked lib/ would find the package's own PATH_ROOT), everything else is
// linked, and the overlay has its own whitelist.txt (the one line XPath)
// and cache/. Without php or the package the test skips (fails under
// FEEDSCOUT_REQUIRE_TOOLS).
//
// RSS-Bridge fetches with PHP's curl extension (php -S is not the cli SAPI,
// so never file_get_contents). proxy is the forward proxy it reaches every
// site through, given to libcurl in its environment as http_proxy (libcurl
// reads only the lowercase one for http) and https_proxy and HTTPS_PROXY
// (HTTPS goes through CONNECT); caFile is the certificates it trusts, the
// php.ini setting curl.cainfo. Measured with PHP 8.2.36 and libcurl 7.88.1
// on Debian 12: libcurl ignores SSL_CERT_FILE (the fixture web's
// certificates then fail: "SSL certificate problem: unable to get local
// issuer certificate (60)"), and without the proxy variables every fixture
// host is "Could not resolve host". RSS-Bridge reports such a failure as
// an Atom feed answered 200 whose one entry is the error ([error] output
// = "feed", the default): a test compares entries, never just the status.
func StartRSSBridge(t testing.TB, proxy, caFile string) *RSSBridge {
	t.Helper()
	php := Tool(t, "php")
	if _, err := os.Stat(filepath.Join(rssBridgeDir, "bridges", "XPathBridge.php")); err != nil {
		missingTool(t, "Debian's rss-bridge with XPathBridge ("+rssBridgeDir+")")
	}
	b := &RSSBridge{Dir: t.TempDir()}
	if err := overlay(b.Dir); err != nil {
		t.Fatalf("make rss-bridge overlay: %v", err)
	}
	for try := 0; ; try++ {
		port := FreePort(t)
		b.Base = "http://127.0.0.1:" + strconv.Itoa(port)
		cmd := exec.Command(php, "-d", "curl.cainfo="+caFile, "-S", "127.0.0.1:"+strconv.Itoa(port), "-t", b.Dir)
		cmd.Dir = b.Dir
		cmd.Env = []string{
			"PATH=" + os.Getenv("PATH"), "HOME=" + b.Dir,
			"http_proxy=" + proxy, "https_proxy=" + proxy, "HTTPS_PROXY=" + proxy, "no_proxy=", "NO_PROXY=",
		}
		s, err := startServer(t, cmd)
		if err != nil {
			t.Fatal(err)
		}
		b.log = s.log
		// php -S says it started once the port is its own.
		started := "Development Server (" + b.Base + ") started"
		ready := waitUntil(20*time.Second, func() bool { return s.exited() || strings.Contains(s.log.String(), started) })
		switch {
		case s.portTaken() && try < 2:
			continue
		case s.exited():
			t.Fatalf("php -S exited at start:\n%s", b.Log())
		case !ready:
			t.Fatalf("php -S did not start within 20 s:\n%s", b.Log())
		}
		break
	}
	if code, _, body := b.Get(t, b.Base+"/"); code != http.StatusOK {
		t.Fatalf("rss-bridge answered / with %d: %.300s\n%s", code, body, b.Log())
	}
	return b
}

// overlay makes dir RSS-Bridge's PATH_ROOT: lib/ and index.php copied, the
// package's other entries linked, whitelist.txt with XPath, an empty
// cache/, and no config.ini.php (config.default.ini.php applies: file
// cache, no authentication, no proxy of its own).
func overlay(dir string) error {
	entries, err := os.ReadDir(rssBridgeDir)
	if err != nil {
		return fmt.Errorf("read %s: %w", rssBridgeDir, err)
	}
	for _, e := range entries {
		name := e.Name()
		src, dst := filepath.Join(rssBridgeDir, name), filepath.Join(dir, name)
		switch name {
		case "cache", "config.ini.php", "whitelist.txt", "whitelist.default.txt":
			continue
		case "lib", "index.php":
			if err := copyTree(src, dst); err != nil {
				return err
			}
		default:
			if err := os.Symlink(src, dst); err != nil {
				return fmt.Errorf("link %s: %w", name, err)
			}
		}
	}
	if err := os.Mkdir(filepath.Join(dir, "cache"), 0o755); err != nil {
		return fmt.Errorf("make cache: %w", err)
	}
	return os.WriteFile(filepath.Join(dir, "whitelist.txt"), []byte("XPath\n"), 0o644)
}

// copyTree copies a file, or a directory of files and directories.
func copyTree(src, dst string) error {
	fi, err := os.Stat(src)
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	if !fi.IsDir() {
		b, err := os.ReadFile(src)
		if err != nil {
			return fmt.Errorf("copy %s: %w", src, err)
		}
		return os.WriteFile(dst, b, 0o644)
	}
	if err := os.Mkdir(dst, 0o755); err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	entries, err := os.ReadDir(src)
	if err != nil {
		return fmt.Errorf("copy %s: %w", src, err)
	}
	for _, e := range entries {
		if err := copyTree(filepath.Join(src, e.Name()), filepath.Join(dst, e.Name())); err != nil {
			return err
		}
	}
	return nil
}

// Get fetches a URL of this RSS-Bridge (as a reader would) and returns
// the status, the Content-Type and the body.
func (b *RSSBridge) Get(t testing.TB, u string) (int, string, []byte) {
	t.Helper()
	c := &http.Client{Timeout: 2 * time.Minute, Transport: &http.Transport{Proxy: nil}}
	resp, err := c.Get(u)
	if err != nil {
		t.Fatalf("rss-bridge GET %.120s: %v", u, err)
	}
	defer resp.Body.Close()
	body, err := io.ReadAll(resp.Body)
	if err != nil {
		t.Fatalf("rss-bridge GET %.120s: read: %v", u, err)
	}
	return resp.StatusCode, resp.Header.Get("Content-Type"), body
}
