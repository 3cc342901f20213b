package classify

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"testing"
)

// platformsJS is the extension's copy of PlatformPatterns.
var platformsJS = filepath.Join("..", "..", "extension", "lib", "platforms.js")

// platformsFile is extension/lib/platforms.js as PlatformPatterns makes it.
func platformsFile() []byte {
	var b bytes.Buffer
	b.WriteString("// platforms.js: the URL patterns of the platform rules (common/classify/platform.go),\n")
	b.WriteString("// as RE2 regular expressions for Chromium's declarativeContent (background.js).\n")
	b.WriteString("// Written by PlatformPatterns: go test ./common/classify -run TestPlatformPatternsFile -update.\n")
	b.WriteString("// Not edited by hand; TestPlatformPatternsFile fails when it differs.\n\n")
	b.WriteString("export const PLATFORM_URLS = [\n")
	for _, p := range PlatformPatterns() {
		var j bytes.Buffer
		enc := json.NewEncoder(&j)
		enc.SetEscapeHTML(false)
		_ = enc.Encode(p)
		b.WriteString("  " + string(bytes.TrimSpace(j.Bytes())) + ",\n")
	}
	b.WriteString("];\n")
	return b.Bytes()
}

func TestPlatformPatternsFile(t *testing.T) {
	if *update {
		if err := os.WriteFile(platformsJS, platformsFile(), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	got, err := os.ReadFile(platformsJS)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(got, platformsFile()) {
		t.Errorf("%s differs from PlatformPatterns (go test -update to rewrite)", platformsJS)
	}
}

// TestPlatformPatterns: every URL a platform rule derives a feed from
// lights the icon, and so do the pages that name their channel in the
// page (@handle, watch); the platforms' own pages and other sites do not.
func TestPlatformPatterns(t *testing.T) {
	var res []*regexp.Regexp
	for _, p := range PlatformPatterns() {
		res = append(res, regexp.MustCompile(p))
	}
	match := func(u string) bool {
		for _, re := range res {
			if re.MatchString(u) {
				return true
			}
		}
		return false
	}
	yes := []string{
		"https://www.youtube.com/@Fireship", "https://www.youtube.com/@Fireship/videos", "https://www.youtube.com/watch?v=dQw4w9WgXcQ",
		"https://www.youtube.com/channel/UCsBjURrPoezykLs9EqgamOA", "https://m.youtube.com/playlist?list=PL590L5WQmH8fJ54F369BLDSqIwcs-TCfs",
		"https://github.com/Settingsx", "https://github.com/set", "https://github.com/golang/go", "https://github.com/golang/go/releases/tag/go1.22.0",
		"https://www.reddit.com/r/golang/", "https://old.reddit.com/r/golang/top/?t=week", "https://towardsdatascience.medium.com/",
		"https://unix.stackexchange.com/questions/4126/what-is-the-exact-difference", "https://mastodon.social/@Gargron",
	}
	no := []string{
		"https://github.com/settings", "https://github.com/Settings/profile", "https://github.com/topics/go", "https://github.com/features/actions",
		"https://github.com/", "https://github.com/golang/go/blob/main/README.md", "https://notgithub.com/jvoisin", "https://www.youtube.com/results?search_query=go",
		"https://www.youtube.com/playlist?list=", "https://medium.com/m/signin", "https://letterboxd.com/film/dune-part-two/",
		"https://www.nikkei.com/business/", "https://evil.example/?u=https://github.com/golang/go",
	}
	for _, u := range yes {
		if !match(u) {
			t.Errorf("no pattern matches %s", u)
		}
	}
	for _, u := range no {
		if match(u) {
			t.Errorf("a pattern matches %s", u)
		}
	}
	// Every URL the rules derive feeds from in the table tests matches.
	for _, u := range []string{"https://www.youtube.com/channel/UC-Qj80avWItNRjkZ41rzHyw", "https://github.com/miniflux/v2/", "https://www.github.com/jvoisin",
		"https://gitlab.com/gitlab-org/gitlab/-/issues/1", "https://store.steampowered.com/app/620/Portal_2/", "https://arxiv.org/list/cs.AI/recent",
		"https://bsky.app/profile/bsky.app", "https://vimeo.com/channels/staffpicks", "https://www.tumblr.com/staff", "https://letterboxd.com/dave/films/diary/"} {
		if f, _ := Platform(u); len(f) == 0 || !match(u) {
			t.Errorf("%s: %d feeds derived, pattern match %v", u, len(f), match(u))
		}
	}
}
