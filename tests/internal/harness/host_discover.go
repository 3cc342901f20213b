package harness

// A fixture site by name.

import (
	"testing"

	"feedscout/tests/fixtureweb"
)

// SiteNamed picks sites out of DefaultSites by name, in the order asked.
func SiteNamed(t testing.TB, names ...string) []fixtureweb.Site {
	t.Helper()
	all := append(fixtureweb.DefaultSites(), fixtureweb.HostileSites()...)
	var out []fixtureweb.Site
	for _, n := range names {
		found := false
		for _, s := range all {
			if s.Name == n {
				out, found = append(out, s), true
				break
			}
		}
		if !found {
			t.Fatalf("no fixture site %q", n)
		}
	}
	return out
}
