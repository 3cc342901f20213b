package firefox

// The opt-in count of a page's feeds in real Firefox (issue 27): off by
// default, no content script of the add-on runs on a page; turned on in
// Settings with a real click (Firefox grants the optional host permission
// without its prompt: extensions.webextOptionalPermissionPrompts false),
// the toolbar button of a page that advertises its feed shows the count,
// advertised and derived feeds alike, and a page with none shows nothing.

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// ffBadge is the toolbar button's badge text for the selected tab.
func ffBadge(ff *firefox) string {
	id := ff.selectedTabID()
	return evalIn[string](ff, ff.probe(), fmt.Sprintf(`chrome.action.getBadgeText({tabId: %d})`, id))
}

// ffContentScripts counts the add-on's content scripts Firefox runs on
// pages: the registered ones of its policy.
func ffContentScripts(ff *firefox) int {
	return evalIn[int](ff, ff.chrome(), fmt.Sprintf(`WebExtensionPolicy.getByID(%q).contentScripts.length`, harness.GeckoID))
}

func TestFirefoxGlanceBadge(t *testing.T) {
	firefoxPath(t)
	web := harness.StartWeb(t, fixtureweb.PlatformSites())
	ff := firefoxOn(t, web, firefoxOptions{prefs: map[string]any{"extensions.webextOptionalPermissionPrompts": false}})
	yt, _ := web.Site("youtube-channel")
	quietSite, _ := web.Site("quiet-page")

	// Off (the default): nothing registered, nothing counted.
	tab := ff.tab(yt.URL())
	ff.activate(tab)
	time.Sleep(500 * time.Millisecond)
	if n := ffContentScripts(ff); n != 0 {
		t.Errorf("%d content scripts of the add-on with the count off", n)
	}
	if got := ffBadge(ff); got != "" {
		t.Errorf("badge %q with the count off", got)
	}

	// On, by a click in Settings.
	opts := ff.tab(firefoxOrigin + "options/options.html")
	waitIn(ff, opts, `document.getElementById("glance")?.dataset.state === "ready"`, 10*time.Second)
	if evalIn[bool](ff, opts, `document.getElementById("glance-badge").checked`) {
		t.Fatal("the count is on by default")
	}
	evalIn[bool](ff, opts, `(document.getElementById("glance-badge").scrollIntoView({block: "center"}), true)`)
	ff.realClick(opts, `document.getElementById("glance-badge")`)
	waitIn(ff, opts, `document.getElementById("glance-status").textContent !== ""`, 10*time.Second)
	if s := evalIn[string](ff, opts, `document.getElementById("glance-status").textContent`); !strings.Contains(s, "The count is on") {
		t.Fatalf("settings say %q after the click", s)
	}
	if n := ffContentScripts(ff); n != 1 {
		t.Errorf("%d content scripts registered with the count on, want 1", n)
	}

	// A page that advertises its feed (the channel's uploads) and three the
	// rules derive: 4. A page with none: no badge.
	for _, c := range []struct {
		site fixtureweb.Site
		want string
	}{{yt, "4"}, {quietSite, ""}} {
		ctx := ff.tab(c.site.URL())
		ff.activate(ctx)
		deadline := time.Now().Add(10 * time.Second)
		got := ffBadge(ff)
		for got != c.want && time.Now().Before(deadline) {
			time.Sleep(100 * time.Millisecond)
			got = ffBadge(ff)
		}
		if got != c.want {
			t.Errorf("%s: badge %q, want %q", c.site.Name, got, c.want)
		}
	}

	// Off again: the script is gone and the permission given back.
	ff.activate(opts)
	evalIn[bool](ff, opts, `(document.getElementById("glance-badge").scrollIntoView({block: "center"}), true)`)
	ff.realClick(opts, `document.getElementById("glance-badge")`)
	waitIn(ff, opts, `document.getElementById("glance-status").textContent.includes("off")`, 10*time.Second)
	if n := ffContentScripts(ff); n != 0 {
		t.Errorf("%d content scripts after turning the count off", n)
	}
	if evalIn[bool](ff, opts, `chrome.permissions.contains({origins: ["https://*/*"]})`) {
		t.Error("the host permission is still held after turning the count off")
	}
}
