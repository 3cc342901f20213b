package firefox

// Subscriptions in real Firefox: subscribed from the toolbar popup, kept
// across a restart with the same profile, exported as OPML by the popup's
// own download, read by newsboat (which imports exactly the feeds and the
// section, through the gateway), and imported again from the
// subscriptions page the popup opens in a tab.

import (
	"net/url"
	"os/exec"
	"path/filepath"
	"reflect"
	"sort"
	"strconv"
	"testing"
	"time"

	opmlpkg "feedscout/common/opml"
	"feedscout/tests/internal/harness"
)

// ffStored is the subscription list as the add-on stores it, read from
// the probe tab (an add-on page).
func ffStored(t *testing.T, ff *firefox) []map[string]string {
	t.Helper()
	return evalIn[[]map[string]string](ff, ff.probe(), `chrome.storage.local.get(null).then(all =>
		Object.entries(all).filter(([k]) => k.startsWith("sub:")).map(([, v]) => v).filter(v => v && typeof v.url === "string")
			.sort((a, b) => a.url.localeCompare(b.url)))`)
}

// ffSubscribe clicks the first n subscribe toggles under sel in the
// popup (every one when n is 0) and waits until they show "Subscribed".
func ffSubscribe(t *testing.T, ff *firefox, sel string, n int) {
	t.Helper()
	q := `[...doc.querySelectorAll("` + sel + ` button.sub")]`
	if n > 0 {
		q += ".slice(0, " + strconv.Itoa(n) + ")"
	}
	if clicked := popupEval[int](ff, `(() => { const bs = `+q+`; bs.forEach(b => b.click()); return bs.length; })()`); clicked == 0 {
		t.Fatalf("no subscribe toggles under %s", sel)
	}
	ff.waitPopup(q+`.every(b => b.getAttribute("aria-pressed") === "true")`, 10*time.Second)
}

func TestFirefoxSubscriptions(t *testing.T) {
	newsboat, err := exec.LookPath("newsboat")
	if err != nil {
		harness.Missing(t, "newsboat not installed (apt-get install newsboat)")
	}
	profile, home := t.TempDir(), t.TempDir()
	ff, web := firefoxWeb(t, firefoxOptions{profile: profile, home: home}, "theverge", "nikkei")

	// The feeds theverge advertises, subscribed from the popup.
	tab, _ := siteTab(t, ff, web, "theverge")
	ff.openPopup(tab)
	ffSubscribe(t, ff, "#advertised", 0)
	feeds := popupEval[[]string](ff, `[...doc.querySelectorAll("#advertised li")].map(li => li.dataset.url)`)
	ff.closePopup()
	// A section, subscribed from what Find feed found on nikkei.
	tab, _ = siteTab(t, ff, web, "nikkei")
	ff.openPopup(tab)
	if r := ffFind(t, ff); r.Outcome != "sections" {
		t.Fatalf("nikkei: outcome %s", r.Outcome)
	}
	ffSubscribe(t, ff, "#sections-list", 1)
	ff.closePopup()
	want := ffStored(t, ff)
	if len(want) != len(feeds)+1 || len(feeds) == 0 {
		t.Fatalf("stored %d subscriptions, want %d feeds and a section: %v", len(want), len(feeds), want)
	}

	// Export: the popup's own download (a blob URL and <a download>), into
	// the profile's download folder.
	tab, _ = siteTab(t, ff, web, "theverge")
	ff.openPopup(tab)
	popupEval[bool](ff, `(doc.getElementById("tab-subs").click(), doc.getElementById("export").click(), true)`)
	file := filepath.Join(ff.download, "feedscout-subscriptions.opml")
	opml := harness.WaitDownload(t, file, 15*time.Second, func() string {
		return popupEval[string](ff, `doc.getElementById("subs-note").textContent`)
	})

	// newsboat imports it and lists exactly the feeds, and the section
	// through the gateway's feed URL (opml.DefaultGateway), nothing else.
	got, listed := harness.NewsboatImport(t, newsboat, file, opml)
	wantURLs := append([]string{}, feeds...)
	for _, s := range want {
		if s["kind"] == "section" {
			wantURLs = append(wantURLs, opmlpkg.DefaultGateway+"/feed?url="+url.QueryEscape(s["url"]))
		}
	}
	sort.Strings(wantURLs)
	if !reflect.DeepEqual(got, wantURLs) {
		t.Errorf("newsboat imported %v, want exactly %v\nurls file:\n%s\nOPML:\n%s", got, wantURLs, listed, opml)
	}

	// Restart Firefox with the same profile: the add-on and its
	// subscriptions are still there, and the popup shows them subscribed.
	ff.close()
	ff2 := firefoxOn(t, web, firefoxOptions{profile: profile, home: home, installed: true})
	if back := ffStored(t, ff2); !reflect.DeepEqual(back, want) {
		t.Errorf("after a restart:\n got %v\nwant %v", back, want)
	}
	tab, _ = siteTab(t, ff2, web, "theverge")
	ff2.openPopup(tab)
	ff2.waitPopup(`[...doc.querySelectorAll("#advertised button.sub")].length > 0 && [...doc.querySelectorAll("#advertised button.sub")].every(b => b.textContent === "Subscribed")`, 10*time.Second)
	if n := popupEval[string](ff2, `doc.getElementById("subs-count").textContent`); n != strconv.Itoa(len(want)) {
		t.Errorf("subscriptions count %q after a restart, want %d", n, len(want))
	}
	// Firefox starts the event page of an installed add-on only when an
	// event it listens to fires: Find feed wakes it, and it reaches the host.
	started := time.Now()
	if r := ffFind(t, ff2); r.Outcome != "feed" {
		t.Errorf("Find feed after a restart: outcome %s", r.Outcome)
	} else {
		t.Logf("Find feed after a restart: %s, %v in all, progress %v", r.Cost, time.Since(started), r.Progress)
	}

	// Remove every subscription, then import the exported file: Import in
	// the toolbar popup opens the subscriptions page in a tab (a file
	// chooser would close the popup), where the file is chosen.
	popupEval[bool](ff2, `(doc.getElementById("tab-subs").click(), [...doc.querySelectorAll("#subs-list button.remove")].forEach(b => b.click()), true)`)
	ff2.waitPopup(`doc.querySelectorAll("#subs-list li").length === 0`, 10*time.Second)
	if n := len(ffStored(t, ff2)); n != 0 {
		t.Fatalf("%d subscriptions left after removing them all", n)
	}
	popupEval[bool](ff2, `(pop.setTimeout(() => doc.getElementById("import-button").click(), 0), true)`)
	page := ff2.waitTab(firefoxOrigin+"popup/popup.html?view=subs", ff2.probe())
	waitIn(ff2, page, `document.body.dataset.state === "subs"`, 15*time.Second)
	ff2.setFiles(page, `document.getElementById("import")`, file)
	waitIn(ff2, page, `document.getElementById("subs-note").textContent.startsWith("Imported")`, 10*time.Second)
	if note := evalIn[string](ff2, page, `document.getElementById("subs-note").textContent`); note != "Imported "+strconv.Itoa(len(want))+" subscriptions from feedscout-subscriptions.opml." {
		t.Errorf("import says %q", note)
	}
	if back := ffStored(t, ff2); !reflect.DeepEqual(back, want) {
		t.Errorf("export then import is not lossless:\n got %v\nwant %v\nOPML:\n%s", back, want, opml)
	}
}
