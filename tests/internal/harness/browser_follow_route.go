package harness

// The public gateway of the follow-route tests (Chromium and Firefox): its
// key, its base, the signed URLs fetched from it, and two feeds compared
// entry by entry.

import (
	"encoding/base64"
	"strconv"
	"strings"
	"testing"

	"feedscout/tests/readertest"
)

// PublicBase is the address readers use for the test's public gateway;
// the test reaches it at its listen address (which it also answers).
const PublicBase = "https://feeds.follow.example"

// HostKey is the gateway key of the state folder dir as the extension's
// Settings take it (made on first use).
func HostKey(t testing.TB, dir string) string {
	t.Helper()
	return base64.RawURLEncoding.EncodeToString(GatewayKey(t, dir))
}

// StartRouteGateway starts `serve --public base` on a spare loopback
// port with the state folder and env, stopped when the test ends; the
// test reaches base's addresses at its listen address (PublicGateway.Get).
func StartRouteGateway(t testing.TB, env []string, base, state string) *PublicGateway {
	t.Helper()
	return StartPublicAt(t, env, base, "127.0.0.1:"+strconv.Itoa(readertest.FreePort(t)), "--state", state)
}

// RouteGet asks the gateway for u, an https address at its base, over
// plain HTTP at its listen address, as a reverse proxy that ends TLS in
// front of it would (the test's gateway has no certificate).
func RouteGet(t testing.TB, g *PublicGateway, u string) (int, string) {
	t.Helper()
	code, body, _ := g.Get(t, "http://"+strings.TrimPrefix(u, "https://"))
	return code, body
}

// SameEntries fails unless got and want list the same entries (id,
// title, link, in order).
func SameEntries(t *testing.T, got, want AtomDoc) {
	t.Helper()
	if len(want.Entries) == 0 {
		t.Fatal("the department's feed has no entries")
	}
	if len(got.Entries) != len(want.Entries) {
		t.Fatalf("the gateway's feed has %d entries, feed's %d", len(got.Entries), len(want.Entries))
	}
	for i := range want.Entries {
		g, w := got.Entries[i], want.Entries[i]
		if g.ID != w.ID || g.Title != w.Title || g.Link.Href != w.Link.Href {
			t.Errorf("entry %d: %+v, want %+v", i, g, w)
		}
	}
}
