package release

// The Windows host under Wine (Debian's wine, 8.0): the release's
// feedscout-host.exe runs version, install (the registry keys each browser
// reads, checked with Wine's own reg.exe), a framed native messaging
// version request on its stdin, discover against the fixture web, the
// gateway's Run key, and uninstall; and the unit tests of the packages
// whose code differs on Windows (the lock, the registry) run there.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

// processPrng is bcryptprimitives.dll for the test prefix: Go 1.24 and
// later call ProcessPrng from it at start, and Wine 8.0 has no such DLL;
// this one answers from RtlGenRandom (advapi32's SystemFunction036).
const processPrng = `#include <windows.h>
BOOLEAN WINAPI SystemFunction036(PVOID, ULONG);
BOOL WINAPI ProcessPrng(PBYTE data, SIZE_T len) {
	while (len > 0) {
		ULONG n = len > 0x7fffffff ? 0x7fffffff : (ULONG)len;
		if (!SystemFunction036(data, n)) return FALSE;
		data += n;
		len -= n;
	}
	return TRUE;
}
`

// winePrefix is one Wine prefix for the test, made once (about 10 s) with
// the ProcessPrng DLL in its system32; its wineserver is stopped and the
// prefix removed when the test ends.
type winePrefix struct {
	t    *testing.T
	dir  string
	wine string
	env  []string
}

func newWinePrefix(t *testing.T) *winePrefix {
	t.Helper()
	wine := harness.ToolPath(t, "wine")
	gcc := harness.ToolPath(t, "x86_64-w64-mingw32-gcc")
	dir := t.TempDir()
	w := &winePrefix{t: t, dir: filepath.Join(dir, "prefix"), wine: wine}
	// No Mono or Gecko (their install would want a display and the
	// network), no debug chatter.
	w.env = []string{"WINEPREFIX=" + w.dir, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml="}
	// One wineserver for the whole test, started first (it would
	// otherwise stop and start again around each program, about a second
	// each time). It goes into the background; its output to /dev/null,
	// so that no pipe is left open.
	os.MkdirAll(w.dir, 0o700)
	persist := exec.Command(filepath.Join(filepath.Dir(wine), "wineserver"), "-p")
	persist.Env = append(os.Environ(), w.env...)
	if err := persist.Run(); err != nil {
		t.Fatalf("wineserver -p: %v", err)
	}
	t.Cleanup(func() {
		kill := exec.Command(filepath.Join(filepath.Dir(wine), "wineserver"), "-k")
		kill.Env = append(os.Environ(), w.env...)
		kill.Run()
	})
	boot := exec.Command(filepath.Join(filepath.Dir(wine), "wineboot"), "-i")
	boot.Env = append(os.Environ(), w.env...)
	if out, errOut, err := runToFiles(t, boot); err != nil {
		t.Fatalf("wineboot -i: %v\n%s%s", err, out, errOut)
	}
	src := filepath.Join(dir, "prng.c")
	os.WriteFile(src, []byte(processPrng), 0o644)
	dll := filepath.Join(w.dir, "drive_c", "windows", "system32", "bcryptprimitives.dll")
	if out, err := exec.Command(gcc, "-shared", "-O2", "-s", "-o", dll, src, "-ladvapi32").CombinedOutput(); err != nil {
		t.Fatalf("build bcryptprimitives.dll: %v\n%s", err, out)
	}
	return w
}

// run runs a Windows program under the prefix with stdin, returning
// stdout, stderr and the exit status.
func (w *winePrefix) run(env []string, stdin []byte, args ...string) (string, string, int) {
	w.t.Helper()
	cmd := exec.Command(w.wine, args...)
	cmd.Env = append(append(os.Environ(), env...), w.env...)
	cmd.Stdin = bytes.NewReader(stdin)
	out, errOut, err := runToFiles(w.t, cmd)
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		w.t.Fatalf("wine %v: %v", args, err)
	}
	return out, errOut, code
}

// runToFiles runs cmd with its stdout and stderr in files, not pipes: the
// Windows services Wine starts with the first program (services.exe,
// winedevice.exe) inherit its handles and outlive it under the persistent
// wineserver, so a pipe would never reach its end.
func runToFiles(t testing.TB, cmd *exec.Cmd) (string, string, error) {
	t.Helper()
	dir := t.TempDir()
	o, err := os.Create(filepath.Join(dir, "stdout"))
	if err != nil {
		t.Fatal(err)
	}
	e, err := os.Create(filepath.Join(dir, "stderr"))
	if err != nil {
		t.Fatal(err)
	}
	cmd.Stdout, cmd.Stderr = o, e
	err = cmd.Run()
	o.Close()
	e.Close()
	out, _ := os.ReadFile(o.Name())
	errOut, _ := os.ReadFile(e.Name())
	return string(out), string(errOut), err
}

// unixPath maps a path on the prefix's C: drive, as Windows programs
// write it, to the file on this machine.
func (w *winePrefix) unixPath(p string) string {
	rest, ok := strings.CutPrefix(p, `C:\`)
	if !ok {
		w.t.Fatalf("%q is not on C:", p)
	}
	return filepath.Join(w.dir, "drive_c", filepath.FromSlash(strings.ReplaceAll(rest, `\`, "/")))
}

// regDefault is the default value of HKCU\key as `reg query` prints it,
// and whether the key exists.
func (w *winePrefix) regDefault(key string) (string, bool) {
	out, _, code := w.run(nil, nil, "reg", "query", `HKCU\`+key, "/ve")
	if code != 0 {
		return "", false
	}
	m := regexp.MustCompile(`\(Default\)\s+REG_SZ\s+(.+?)\r?\n`).FindStringSubmatch(out)
	if m == nil {
		return "", true
	}
	return m[1], true
}

// windowsKeys are the registry keys the browsers read, by install's names.
var windowsKeys = map[string]string{
	"chrome":   `Software\Google\Chrome\NativeMessagingHosts\dev.feedscout.host`,
	"chromium": `Software\Chromium\NativeMessagingHosts\dev.feedscout.host`,
	"edge":     `Software\Microsoft\Edge\NativeMessagingHosts\dev.feedscout.host`,
	"brave":    `Software\BraveSoftware\Brave-Browser\NativeMessagingHosts\dev.feedscout.host`,
	"vivaldi":  `Software\Vivaldi\NativeMessagingHosts\dev.feedscout.host`,
	"firefox":  `Software\Mozilla\NativeMessagingHosts\dev.feedscout.host`,
}

func TestWindowsHost(t *testing.T) {
	rel := releaseDir(t)
	w := newWinePrefix(t)
	// The host from the release archive, as a user unpacks it.
	exe := filepath.Join(t.TempDir(), "feedscout", "feedscout-host.exe")
	os.MkdirAll(filepath.Dir(exe), 0o755)
	files := unpack(t, filepath.Join(rel, "feedscout_0.1.0_windows_amd64.zip"))
	if err := os.WriteFile(exe, files["feedscout_0.1.0_windows_amd64/feedscout-host.exe"].data, 0o755); err != nil {
		t.Fatal(err)
	}
	// Wine shows this machine's / as Z:.
	winExe := `Z:` + strings.ReplaceAll(exe, "/", `\`)

	t.Run("version", func(t *testing.T) {
		out, errOut, code := w.run(nil, nil, exe, "version")
		if code != 0 || !strings.Contains(out, "feedscout-host 0.1.0") {
			t.Fatalf("version: %d %q %s", code, out, errOut)
		}
	})

	t.Run("install", func(t *testing.T) {
		users, _ := filepath.Glob(filepath.Join(w.dir, "drive_c", "users", "*", "AppData"))
		if len(users) != 1 {
			t.Fatalf("the prefix has user folders %v", users)
		}
		// Each browser "installed": its configuration folder exists.
		for _, d := range []string{`Local\Google\Chrome\User Data`, `Local\Chromium\User Data`, `Local\Microsoft\Edge\User Data`,
			`Local\BraveSoftware\Brave-Browser\User Data`, `Local\Vivaldi\User Data`, `Roaming\Mozilla\Firefox`} {
			os.MkdirAll(filepath.Join(users[0], filepath.FromSlash(strings.ReplaceAll(d, `\`, "/"))), 0o755)
		}
		out, errOut, code := w.run(nil, nil, exe, "install")
		if code != 0 || strings.Count(out, "checked") != len(windowsKeys) {
			t.Fatalf("install: %d\n%s\n%s", code, out, errOut)
		}
		for name, key := range windowsKeys {
			manifest, ok := w.regDefault(key)
			if !ok || !strings.HasSuffix(manifest, `\feedscout\NativeMessagingHosts\`+name+`\dev.feedscout.host.json`) {
				t.Errorf("reg query HKCU\\%s: %q (key there: %v)", key, manifest, ok)
				continue
			}
			raw, err := os.ReadFile(w.unixPath(manifest))
			if err != nil {
				t.Errorf("%s: the manifest the key names: %v", name, err)
				continue
			}
			var m struct {
				Name, Path, Type  string
				AllowedOrigins    []string `json:"allowed_origins"`
				AllowedExtensions []string `json:"allowed_extensions"`
			}
			if err := json.Unmarshal(raw, &m); err != nil {
				t.Errorf("%s: %v\n%s", name, err, raw)
			}
			callers := m.AllowedOrigins
			want := harness.ExtensionOrigin
			if name == "firefox" {
				callers, want = m.AllowedExtensions, harness.GeckoID
			}
			if m.Name != "dev.feedscout.host" || m.Type != "stdio" || !strings.EqualFold(m.Path, winExe) || len(callers) != 1 || callers[0] != want {
				t.Errorf("%s manifest: %+v; want path %s and caller %s", name, m, winExe, want)
			}
		}
	})

	t.Run("native version", func(t *testing.T) {
		body, _ := json.Marshal(map[string]any{"id": "v", "type": "version"})
		out, errOut, code := w.run(nil, harness.Frame(body), exe, harness.ExtensionOrigin)
		if code != 0 {
			t.Fatalf("native host: exit %d: %s", code, errOut)
		}
		r := bytes.NewReader([]byte(out))
		var n uint32
		if err := binary.Read(r, binary.LittleEndian, &n); err != nil || int(n) != r.Len() {
			t.Fatalf("stdout is not one frame (binary mode): length %d, %d bytes follow: %q", n, r.Len(), out)
		}
		var reply struct {
			ID, Type, Version, Path string
		}
		b, _ := io.ReadAll(r)
		if err := json.Unmarshal(b, &reply); err != nil || reply.ID != "v" || reply.Type != "result" || reply.Version != "0.1.0" {
			t.Errorf("reply %s (%v)", b, err)
		}
	})

	t.Run("discover", func(t *testing.T) {
		// A plain-HTTP site: the Windows host verifies TLS with the
		// system's store, which the fixture web's CA is not in.
		sites := harness.SiteNamed(t, "hugo-nolink")
		web := harness.StartWeb(t, sites)
		out, errOut, code := w.run(harness.FastEnv(web), nil, exe, "discover", "--json", sites[0].URL())
		var r harness.Report
		if code != 0 || json.Unmarshal([]byte(out), &r) != nil {
			t.Fatalf("discover: %d %q\n%s", code, out, errOut)
		}
		if r.Outcome != sites[0].Expect.Outcome || len(r.Feeds) == 0 || r.Feeds[0].URL != sites[0].Expect.FeedURL || r.Feeds[0].Items != sites[0].Expect.FeedItems {
			t.Errorf("discover under Windows: %+v", r)
		}
		if hits := web.Hits(strings.TrimPrefix(strings.TrimSuffix(sites[0].URL(), "/"), "http://")); len(hits) == 0 {
			t.Errorf("the fixture web saw no request")
		}
	})

	t.Run("gateway at login", func(t *testing.T) {
		out, errOut, code := w.run(nil, nil, exe, "install", "--serve", "--addr", "127.0.0.1:18765", "--no-start")
		if code != 0 {
			t.Fatalf("install --serve: %d %s %s", code, out, errOut)
		}
		q, _, _ := w.run(nil, nil, "reg", "query", `HKCU\Software\Microsoft\Windows\CurrentVersion\Run`, "/v", "feedscout-gateway")
		if !strings.Contains(q, `conhost.exe --headless `+winExe+` serve --addr 127.0.0.1:18765`) {
			t.Errorf("the Run key value: %q", q)
		}
		if out, errOut, code := w.run(nil, nil, exe, "uninstall", "--serve"); code != 0 || !strings.Contains(out, "removed") {
			t.Errorf("uninstall --serve: %d %s %s", code, out, errOut)
		}
		if _, _, code := w.run(nil, nil, "reg", "query", `HKCU\Software\Microsoft\Windows\CurrentVersion\Run`, "/v", "feedscout-gateway"); code == 0 {
			t.Errorf("the Run key value is still there")
		}
	})

	t.Run("uninstall", func(t *testing.T) {
		out, errOut, code := w.run(nil, nil, exe, "uninstall")
		if code != 0 || strings.Count(out, "removed") != len(windowsKeys) {
			t.Fatalf("uninstall: %d\n%s\n%s", code, out, errOut)
		}
		for name, key := range windowsKeys {
			if v, ok := w.regDefault(key); ok {
				t.Errorf("%s: HKCU\\%s is still there (%q)", name, key, v)
			}
		}
		left, _ := filepath.Glob(filepath.Join(w.dir, "drive_c", "users", "*", "AppData", "Local", "feedscout", "NativeMessagingHosts", "*", "*.json"))
		if len(left) > 0 {
			t.Errorf("manifests left: %v", left)
		}
	})

	// The unit tests of the code that differs on Windows, run there: the
	// cross-process lock (LockFileEx) and the install targets. Only
	// these: Wine 8 lacks FileDispositionInfoEx, so every test that
	// cleans up with t.TempDir (Go's RemoveAll) fails there at the end.
	for pkg, run := range map[string]string{"fetch": "TestLockFileExcludes", "install": "TestWindowsTargets|TestCommandLine|TestRunKeyService|TestSystemUnitRefuses"} {
		t.Run("unit "+pkg, func(t *testing.T) {
			bin := filepath.Join(t.TempDir(), pkg+".test.exe")
			build := exec.Command("go", "test", "-c", "-o", bin, "./nativehost/internal/"+pkg)
			build.Dir = "../.."
			build.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
			if out, err := build.CombinedOutput(); err != nil {
				t.Fatalf("go test -c for windows: %v\n%s", err, out)
			}
			start := time.Now()
			out, errOut, code := w.run(nil, nil, bin, "-test.count=1", "-test.timeout=2m", "-test.v", "-test.run", run)
			if code != 0 || !strings.Contains(out, "\nPASS") || strings.Contains(out, "no tests to run") {
				t.Errorf("%s tests under Wine: exit %d\n%s\n%s", pkg, code, out, errOut)
			}
			t.Logf("%s tests under Wine: %v", pkg, time.Since(start).Round(time.Millisecond))
		})
	}
}
