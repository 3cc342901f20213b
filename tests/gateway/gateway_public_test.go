package gateway

import (
	"encoding/base64"
	"encoding/json"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
	"feedscout/wasm/opmlimport"
)

// TestGatewayPublicSignature: the key is made on first use as the file
// gateway.key of the state folder (mode 0600, 43 characters of base64url
// and a newline), `key` prints it, and `sign` prints, one a line, the
// URLs the contract of docs/following.md makes with it, computed here
// independently (HMAC-SHA256 over "feedscout-feed-v1\n" + format + "\n" +
// source); `key --set` takes a key, after which `sign` signs with it, and
// refuses anything that is not 32 bytes of base64url (exit 2).
func TestGatewayPublicSignature(t *testing.T) {
	t.Parallel()
	state := t.TempDir()
	key := harness.GatewayKey(t, state)
	fi, err := os.Stat(filepath.Join(state, "gateway.key"))
	if err != nil {
		t.Fatalf("no gateway.key in the state folder: %v", err)
	}
	if fi.Mode().Perm() != 0o600 {
		t.Errorf("gateway.key has mode %v, want 0600", fi.Mode().Perm())
	}
	b, _ := os.ReadFile(filepath.Join(state, "gateway.key"))
	if string(b) != base64.RawURLEncoding.EncodeToString(key)+"\n" || len(b) != 44 {
		t.Errorf("gateway.key holds %q, want the printed key and a newline", b)
	}
	if again := harness.GatewayKey(t, state); string(again) != string(key) {
		t.Error("a second `key` printed another key")
	}
	const base = "https://feeds.example.org"
	sources := []string{
		"https://www.asahi.com/sitemap_national.xml",
		"https://www.nikkei.com/business/startups/",
		"https://www.example.com/section/a b/?q=1&r=é#x", // written as is, escaped by the URL
	}
	for _, format := range []string{"atom", "json"} {
		got := harness.SignURLs(t, state, base, format, sources...)
		for i, src := range sources {
			if want := contractURL(key, base, format, src); got[i] != want {
				t.Errorf("sign --format %s %s:\n got %s\nwant %s", format, src, got[i], want)
			}
		}
	}
	other := make([]byte, 32)
	for i := range other {
		other[i] = byte(i * 7)
	}
	set := base64.RawURLEncoding.EncodeToString(other)
	if k := harness.GatewayKey(t, state, "--set", set); string(k) != string(other) {
		t.Errorf("key --set printed another key")
	}
	if got := harness.SignURLs(t, state, base, "atom", sources[0])[0]; got != contractURL(other, base, "atom", sources[0]) {
		t.Errorf("after key --set, sign gives %s", got)
	}
	for _, bad := range []string{set[:42], set + "A", base64.StdEncoding.EncodeToString(other), "not a key at all, not at all, not at all!!"} {
		if _, errOut, code := harness.RunHost(t, nil, "", "key", "--state", state, "--set", bad); code != 2 || !strings.Contains(errOut, "43 characters") {
			t.Errorf("key --set %q: exit %d, %q; want 2, saying what a key is", bad, code, errOut)
		}
	}
	if k := harness.GatewayKey(t, state); string(k) != string(other) {
		t.Error("a refused key --set changed the key")
	}
}

// TestGatewayPublicRefusals: `serve --public` from outside. Unsigned,
// tampered, swapped (another source's signature), other-format (the Atom
// signature asking for JSON) and doubled signatures are 403 with a
// sentence, and so is a request naming another Host; the status page and
// /opml without the key are 401 with WWW-Authenticate (Basic, realm
// "feedscout gateway"), with a wrong password too; and after all of them
// no request has reached any site (the fixture web's log is empty). Then
// the signed URLs are feeds (Atom; JSON for the JSON signature), / and
// /opml with the key as password (any user name) are 200 and /opml lists
// the signed URLs. `key --rotate` says every signed URL stops working;
// after a restart the old URLs are 403 (no request), the old key no
// password, and the URLs signed anew feeds.
func TestGatewayPublicRefusals(t *testing.T) {
	t.Parallel()
	w := harness.StartWeb(t, fixtureweb.DefaultSites())
	env := harness.FastEnv(w)
	state := t.TempDir()
	g := harness.StartPublicGateway(t, env, state)
	key := harness.GatewayKey(t, state)
	srcA, srcB := "https://www.asahi.com/sitemap_national.xml", "https://www.nikkei.com/business/startups/"
	a, bsig := harness.SignURLs(t, state, g.Base, "atom", srcA, srcB), harness.SignURLs(t, state, g.Base, "atom", srcB)[0]
	aJSON := harness.SignURLs(t, state, g.Base, "json", srcA)[0]
	sigOf := func(u string) string {
		p, _ := url.Parse(u)
		return p.Query().Get("sig")
	}
	tampered := []byte(sigOf(a[0]))
	tampered[5] ^= 1
	refused := []struct{ name, u string }{
		{"unsigned", g.Base + "/feed?url=" + url.QueryEscape(srcA)},
		{"empty sig", g.Base + "/feed?url=" + url.QueryEscape(srcA) + "&sig="},
		{"tampered", g.Base + "/feed?url=" + url.QueryEscape(srcA) + "&sig=" + string(tampered)},
		{"swapped", g.Base + "/feed?url=" + url.QueryEscape(srcA) + "&sig=" + sigOf(bsig)},
		{"other source", strings.Replace(a[0], url.QueryEscape(srcA), url.QueryEscape(srcA+"?x=1"), 1)},
		{"other format", a[0] + "&format=json"},
		{"json sig as atom", strings.Replace(aJSON, "&format=json", "", 1)},
		{"two sigs", a[0] + "&sig=" + sigOf(a[0])},
	}
	for _, c := range refused {
		code, body, hdr := g.Get(t, c.u)
		if code != 403 || !strings.HasPrefix(hdr.Get("Content-Type"), "text/plain") || !strings.HasSuffix(strings.TrimSpace(body), ".") {
			t.Errorf("%s: %d %s %q, want 403 with a sentence", c.name, code, hdr.Get("Content-Type"), body)
		}
	}
	if code, body, _ := g.Get(t, a[0], "Host", "feeds.attacker.example"); code != 403 {
		t.Errorf("another Host: %d %q, want 403", code, body)
	}
	for _, page := range []string{"/", "/opml"} {
		for _, auth := range [][]string{nil, {"Authorization", basic("reader", "wrong")}, {"Authorization", basic("", base64.StdEncoding.EncodeToString(key))}} {
			code, body, hdr := g.Get(t, g.Base+page, auth...)
			if code != 401 || !strings.HasPrefix(hdr.Get("WWW-Authenticate"), `Basic realm="feedscout gateway"`) || !strings.HasSuffix(strings.TrimSpace(body), ".") {
				t.Errorf("%s with %v: %d, WWW-Authenticate %q, %q; want 401 with a sentence", page, auth, code, hdr.Get("WWW-Authenticate"), body)
			}
		}
	}
	if hosts := w.HitHosts(); len(hosts) != 0 {
		t.Fatalf("refused requests reached %v", hosts)
	}

	for i, u := range a {
		code, body, hdr := g.Get(t, u)
		if code != 200 || !strings.HasPrefix(hdr.Get("Content-Type"), "application/atom+xml") || len(harness.ParseAtom(t, body).Entries) == 0 {
			t.Errorf("signed %s: %d %s", []string{srcA, srcB}[i], code, hdr.Get("Content-Type"))
		}
	}
	code, body, hdr := g.Get(t, aJSON)
	var jf struct {
		FeedURL string            `json:"feed_url"`
		Items   []json.RawMessage `json:"items"`
	}
	if err := json.Unmarshal([]byte(body), &jf); code != 200 || err != nil || !strings.HasPrefix(hdr.Get("Content-Type"), "application/feed+json") || len(jf.Items) == 0 {
		t.Errorf("signed JSON: %d %s %v", code, hdr.Get("Content-Type"), err)
	} else if jf.FeedURL != aJSON {
		t.Errorf("the JSON Feed names itself %q, want its signed URL %q", jf.FeedURL, aJSON)
	}
	password := base64.RawURLEncoding.EncodeToString(key)
	for _, user := range []string{"", "anyone"} {
		if code, _, _ := g.Get(t, g.Base+"/", "Authorization", basic(user, password)); code != 200 {
			t.Errorf("status page with the key (user %q): %d, want 200", user, code)
		}
	}
	code, body, _ = g.Get(t, g.Base+"/opml", "Authorization", basic("me", password))
	subs, err := opmlimport.Read(strings.NewReader(body))
	if code != 200 || err != nil {
		t.Fatalf("/opml with the key: %d %v", code, err)
	}
	listed := map[string]bool{}
	for _, s := range subs {
		listed[s.URL] = true
	}
	for i, u := range a {
		if !listed[[]string{srcA, srcB}[i]] || !strings.Contains(body, `xmlUrl="`+strings.ReplaceAll(u, "&", "&amp;")+`"`) {
			t.Errorf("/opml does not list %s at its signed URL", u)
		}
	}

	// Rotation: the old URLs stop working once the gateway restarts.
	out, errOut, code := harness.RunHost(t, nil, "", "key", "--state", state, "--rotate")
	if code != 0 || strings.TrimSpace(out) == password || !strings.Contains(errOut, "stops working") {
		t.Fatalf("key --rotate: exit %d, %q, %q", code, out, errOut)
	}
	g.Stop()
	g = harness.StartPublicAt(t, env, g.Base, g.Addr, "--state", state)
	w.Reset()
	for _, u := range append(a, aJSON) {
		if code, body, _ := g.Get(t, u); code != 403 {
			t.Errorf("rotated away %s: %d %q, want 403", u, code, body)
		}
	}
	if code, _, _ := g.Get(t, g.Base+"/", "Authorization", basic("me", password)); code != 401 {
		t.Errorf("the old key as password: %d, want 401", code)
	}
	if hosts := w.HitHosts(); len(hosts) != 0 {
		t.Errorf("rotated-away URLs reached %v", hosts)
	}
	fresh := harness.SignURLs(t, state, g.Base, "atom", srcA)[0]
	if fresh == a[0] {
		t.Fatal("sign after key --rotate gives the old URL")
	}
	if code, body, _ := g.Get(t, fresh); code != 200 || len(harness.ParseAtom(t, body).Entries) == 0 {
		t.Errorf("signed anew: %d", code)
	}
	if code, _, _ := g.Get(t, g.Base+"/", "Authorization", basic("me", strings.TrimSpace(out))); code != 200 {
		t.Errorf("the new key as password: %d, want 200", code)
	}
}

// basic is an HTTP Basic Authorization value.
func basic(user, password string) string {
	return "Basic " + base64.StdEncoding.EncodeToString([]byte(user+":"+password))
}
