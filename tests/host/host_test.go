package host

// Black-box tests of the built host: CLI and native messaging over pipes.

import (
	"bytes"
	"encoding/binary"
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"feedscout/tests/internal/harness"
)

func TestHostVersion(t *testing.T) {
	out, _, code := harness.RunHost(t, nil, "", "version")
	if code != 0 || !strings.HasPrefix(out, "feedscout-host ") {
		t.Fatalf("version: %q, exit %d", out, code)
	}
	if _, _, code := harness.RunHost(t, nil, "", "frobnicate"); code != 2 {
		t.Fatalf("unknown command exit %d, want 2", code)
	}
}

func TestHostShape(t *testing.T) {
	out, _, code := harness.RunHost(t, nil, "", "shape", "--json",
		"https://www.nikkei.com/article/DGXZQOUC026TI0S6A101C2000000/",
		"https://www.nikkei.com/business/startups/",
		"https://www.nikkei.com/")
	if code != 0 {
		t.Fatalf("exit %d", code)
	}
	want := []string{`"shape":"article"`, `"shape":"section"`, `"shape":"other"`}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 3 {
		t.Fatalf("got %q", out)
	}
	for i, l := range lines {
		var v struct{ URL, Shape, Rule string }
		if err := json.Unmarshal([]byte(l), &v); err != nil || v.Rule == "" || !strings.Contains(l, want[i]) {
			t.Errorf("line %d: %s", i, l)
		}
	}
	// stdin, one per line (blank lines skipped), readable output: the
	// shape, the rule, the input.
	out, _, code = harness.RunHost(t, nil, "https://x.example/coronavirus-2026\n\nhttps://x.example/search/\n", "shape")
	lines = strings.Split(strings.TrimSpace(out), "\n")
	if code != 0 || len(lines) != 2 {
		t.Fatalf("stdin shape: %q exit %d", out, code)
	}
	for i, want := range []string{"section", "other"} {
		f := strings.Fields(lines[i])
		if len(f) != 3 || f[0] != want || f[1] == "" {
			t.Errorf("stdin shape line %d: %q, want shape %s, a rule and the URL", i, lines[i], want)
		}
	}
}

func TestHostInstall(t *testing.T) {
	home := t.TempDir()
	os.MkdirAll(filepath.Join(home, ".config", "chromium"), 0o755)
	os.MkdirAll(filepath.Join(home, ".mozilla"), 0o755)
	env := []string{"HOME=" + home}
	out, errOut, code := harness.RunHost(t, env, "", "install")
	if code != 0 {
		t.Fatalf("install exit %d: %s", code, errOut)
	}
	for _, p := range []string{
		filepath.Join(home, ".config/chromium/NativeMessagingHosts/dev.feedscout.host.json"),
		filepath.Join(home, ".mozilla/native-messaging-hosts/dev.feedscout.host.json"),
	} {
		raw, err := os.ReadFile(p)
		if err != nil {
			t.Fatalf("%v (output %q)", err, out)
		}
		var m map[string]any
		if err := json.Unmarshal(raw, &m); err != nil || !filepath.IsAbs(m["path"].(string)) {
			t.Fatalf("%s: %s", p, raw)
		}
		if !strings.Contains(out, p) {
			t.Errorf("install did not say it wrote %s: %q", p, out)
		}
	}
	if _, err := os.Stat(filepath.Join(home, ".config/google-chrome")); !os.IsNotExist(err) {
		t.Error("install created a folder for a browser that is not there")
	}
	prof := t.TempDir()
	if _, errOut, code := harness.RunHost(t, env, "", "install", "--browser", "chromium", "--profile", prof); code != 0 {
		t.Fatalf("install --profile: %s", errOut)
	}
	if _, err := os.Stat(filepath.Join(prof, "NativeMessagingHosts", "dev.feedscout.host.json")); err != nil {
		t.Fatal(err)
	}
	out, _, code = harness.RunHost(t, env, "", "uninstall")
	if code != 0 || strings.Count(out, "removed") != 2 {
		t.Fatalf("uninstall: %q exit %d", out, code)
	}
	if _, _, code := harness.RunHost(t, env, "", "install", "--browser", "netscape"); code != 2 {
		t.Fatalf("unknown browser exit %d, want 2", code)
	}
}

func TestNMVersionAndFirefoxLaunch(t *testing.T) {
	h := harness.StartNM(t, nil)
	h.Send(map[string]any{"id": "v1", "type": "version"})
	r := h.Next(10 * time.Second)
	if r.Type != "result" || string(r.ID) != `"v1"` || r.Version == "" {
		t.Fatalf("reply %+v", r)
	}
	if code := h.CloseAndWait(5 * time.Second); code != 0 {
		t.Fatalf("exit %d", code)
	}
	// Firefox passes the manifest path and the add-on id.
	out, _, code := harness.RunHost(t, nil, string(harness.Frame([]byte(`{"id":1,"type":"version"}`))),
		"/home/u/.mozilla/native-messaging-hosts/dev.feedscout.host.json", "feedscout@feedscout.dev")
	if code != 0 || len(out) < 4 || binary.LittleEndian.Uint32([]byte(out[:4])) != uint32(len(out)-4) {
		t.Fatalf("firefox launch: %q exit %d", out, code)
	}
}

// Every kind of garbage from issue 7 gets an error reply (or a clean
// exit), never a crash and never unframed bytes.
func TestNMOddMessages(t *testing.T) {
	h := harness.StartNM(t, nil)
	h.SendRaw([]byte{0, 0, 0, 0}) // zero length
	h.SendRaw(harness.Frame([]byte(`{"id":"j1",`)))
	h.SendRaw(harness.Frame([]byte(`[1,2,3]`)))
	h.Send(map[string]any{"id": "t1", "type": "crawl", "url": "https://a.example/"})
	h.Send(map[string]any{"id": "u1", "type": "discover", "url": "file:///etc/passwd"})
	h.Send(map[string]any{"id": "u2", "type": "section", "url": "javascript:alert(1)"})
	h.Send(map[string]any{"id": "u3", "type": "discover"})
	h.Send(map[string]any{"id": 7, "type": 7})
	h.Send(map[string]any{"id": "v", "type": "version"})
	want := []string{"null error empty", "null error bad-json", "null error bad-request",
		`"t1" error unknown-type`, `"u1" error bad-url`, `"u2" error bad-url`, `"u3" error bad-url`,
		"7 error bad-request", `"v" result `}
	for i, w := range want {
		r := h.Next(10 * time.Second)
		if got := fmt.Sprintf("%s %s %s", r.ID, r.Type, r.Code); got != w {
			t.Errorf("reply %d = %q, want %q (%s)", i, got, w, r.Error)
		}
		if r.Type == "error" && !strings.HasSuffix(r.Error, ".") {
			t.Errorf("reply %d: error %q is not a sentence", i, r.Error)
		}
		if r.Type == "error" && r.Args == nil {
			t.Errorf("reply %d: error without args", i)
		}
		if w == `"u1" error bad-url` && (r.Args["field"] != "url" || r.Args["url"] != "file:///etc/passwd") {
			t.Errorf("reply %d: args %v do not name the field and URL", i, r.Args)
		}
	}
	// A message over the request limit is skipped; the stream stays usable.
	big := bytes.Repeat([]byte(" "), 9<<20)
	h.SendRaw(harness.Frame(big))
	h.Send(map[string]any{"id": "after", "type": "version"})
	if r := h.Next(20 * time.Second); r.Code != "too-large" || r.Args["limit"] == nil {
		t.Fatalf("oversized message: %+v", r)
	}
	if r := h.Next(10 * time.Second); string(r.ID) != `"after"` || r.Type != "result" {
		t.Fatalf("after oversized message: %+v", r)
	}
	// A length no browser sends ends the stream with a reply and exit 0.
	h.SendRaw([]byte{0xff, 0xff, 0xff, 0xff, 'x'})
	if r := h.Next(10 * time.Second); r.Code != "corrupt-stream" {
		t.Fatalf("0xFFFFFFFF: %+v", r)
	}
	if code := h.CloseAndWait(10 * time.Second); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if strings.Contains(h.Stderr.String(), "panic") {
		t.Fatalf("stderr: %s", h.Stderr)
	}
}

func TestNMTruncatedFrameExitsCleanly(t *testing.T) {
	for name, raw := range map[string][]byte{
		"short header":     {5, 0},
		"length > payload": append([]byte{100, 0, 0, 0}, `{"id":1}`...),
		"64 MiB declared":  append([]byte{0, 0, 0, 4}, `{"id":1}`...),
	} {
		t.Run(name, func(t *testing.T) {
			h := harness.StartNM(t, nil)
			h.SendRaw(raw)
			if code := h.CloseAndWait(10 * time.Second); code != 0 {
				t.Fatalf("exit %d; stderr %s", code, h.Stderr)
			}
		})
	}
}

// A thousand requests in one burst: every one answered, memory bounded.
func TestNMBurst(t *testing.T) {
	h := harness.StartNM(t, nil)
	var buf bytes.Buffer
	ids := []string{}
	for i := 0; i < 1000; i++ {
		id := fmt.Sprintf("b%04d", i)
		ids = append(ids, `"`+id+`"`)
		var req string
		switch i % 3 {
		case 0:
			req = fmt.Sprintf(`{"id":%q,"type":"version"}`, id)
		case 1:
			req = fmt.Sprintf(`{"id":%q,"type":"discover","url":"ftp://x.example/"}`, id)
		default:
			req = fmt.Sprintf(`{"id":%q,"type":"nonsense"}`, id)
		}
		buf.Write(harness.Frame([]byte(req)))
	}
	go h.SendRaw(buf.Bytes())
	got := h.Until(30*time.Second, ids...)
	if len(got) != 1000 {
		t.Fatalf("%d of 1000 answered", len(got))
	}
	if code := h.CloseAndWait(10 * time.Second); code != 0 {
		t.Fatalf("exit %d", code)
	}
	if rss := hostMaxRSS(h); rss > 200<<20 {
		t.Fatalf("host peak memory %d MiB", rss>>20)
	}
}

// Usage errors of discover and section exit 2 without a request made.
func TestHostDiscoverUsage(t *testing.T) {
	for _, args := range [][]string{
		{"discover"},
		{"discover", "--order", "fast", "https://a.example/"},
		{"discover", "ftp://a.example/"},
		{"discover", "--since", "yesterday", "https://a.example/"},
		{"section"},
		{"section", "file:///etc/passwd"},
		{"section", "https://a.example/x/", "https://a.example/y/"},
	} {
		out, errOut, code := harness.RunHost(t, []string{"HTTPS_PROXY=http://127.0.0.1:1", "HTTP_PROXY=http://127.0.0.1:1"}, "", args...)
		if code != 2 || out != "" || errOut == "" {
			t.Errorf("%v: exit %d, stdout %q, stderr %q", args, code, out, errOut)
		}
	}
}

// A page just under the host's 8 MiB limit whose JSON escaping takes the
// message over it: the error names the request, so the extension can tell
// the popup that asked (it used to come with "id": null and be dropped).
func TestNMOversizedPageNamesTheRequest(t *testing.T) {
	h := harness.StartNM(t, nil)
	html := strings.Repeat(`<a title="x">"</a>`, (8<<20-1024)/18)
	if len(html) >= 8<<20 {
		t.Fatalf("page of %d bytes is not under 8 MiB", len(html))
	}
	h.Send(map[string]any{"id": "big-page-1", "type": "discover", "url": "https://a.example/",
		"page": map[string]any{"url": "https://a.example/", "html": html, "content_type": "text/html"}})
	r := h.Next(30 * time.Second)
	if string(r.ID) != `"big-page-1"` || r.Type != "error" || r.Code != "too-large" {
		t.Fatalf("reply %s %s %s (%s), want the request's id with too-large", r.ID, r.Type, r.Code, r.Error)
	}
	h.Send(map[string]any{"id": "after", "type": "version"})
	if r := h.Next(10 * time.Second); string(r.ID) != `"after"` {
		t.Fatalf("after the oversized request: %+v", r)
	}
	h.CloseAndWait(10 * time.Second)
}
