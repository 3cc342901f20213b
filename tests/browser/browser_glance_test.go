package browser

// "A feed at a glance" in a real, headful Chromium on an X server of its
// own (Xvfb), as a person sees it (issue 27): the toolbar icon of a YouTube
// channel page differs from a page with no feed before any click (the
// pixels of the screen, read with xwd), the popup still opens on both, and
// Alt+Shift+F typed on the X keyboard (xdotool: XTEST key events, as a
// keyboard sends them) opens the popup.

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/chromedp/cdproto/target"
	"github.com/chromedp/chromedp"

	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// tool is the path of a program the glance tests need, or a skip (a
// failure with FEEDSCOUT_REQUIRE_TOOLS).
func tool(t testing.TB, name, pkg string) string {
	t.Helper()
	p, err := exec.LookPath(name)
	if err != nil {
		harness.Missing(t, name+" is not installed (apt-get install "+pkg+")")
	}
	return p
}

// displayInUse reports whether X display n is taken: its lock file names
// a process that is alive. A lock of a server that died (killed, its
// machine's earlier runs) is not: the X server replaces it.
func displayInUse(n int) bool {
	raw, err := os.ReadFile(fmt.Sprintf("/tmp/.X%d-lock", n))
	if err != nil {
		return false
	}
	pid, err := strconv.Atoi(strings.TrimSpace(string(raw)))
	if err != nil || pid <= 0 {
		return true // not a lock Xvfb wrote: leave it alone
	}
	err = syscall.Kill(pid, 0)
	return err == nil || errors.Is(err, syscall.EPERM)
}

// startXvfb starts an X server on a free display and returns its name
// (":N"); it stops when the test ends.
func startXvfb(t testing.TB) string {
	t.Helper()
	xvfb := tool(t, "Xvfb", "xvfb")
	for n := 90; n < 140; n++ {
		if displayInUse(n) {
			continue
		}
		display := fmt.Sprintf(":%d", n)
		cmd := exec.Command(xvfb, display, "-screen", "0", "1280x900x24", "-nolisten", "tcp")
		if err := cmd.Start(); err != nil {
			t.Fatalf("start Xvfb: %v", err)
		}
		t.Cleanup(func() {
			// SIGTERM, so that Xvfb removes its lock and socket; a
			// killed one leaves them behind for the next run to skip.
			cmd.Process.Signal(syscall.SIGTERM)
			done := make(chan struct{})
			go func() { cmd.Wait(); close(done) }()
			select {
			case <-done:
			case <-time.After(5 * time.Second):
				cmd.Process.Kill()
				<-done
			}
		})
		deadline := time.Now().Add(10 * time.Second)
		for time.Now().Before(deadline) {
			if _, err := os.Stat(fmt.Sprintf("/tmp/.X11-unix/X%d", n)); err == nil {
				return display
			}
			time.Sleep(50 * time.Millisecond)
		}
		t.Fatalf("Xvfb %s did not start", display)
	}
	t.Fatal("no free X display")
	return ""
}

// screen is one screenshot: width, height and 0xRRGGBB pixels.
type screen struct {
	w, h int
	px   []uint32
}

// at is the pixel at x, y.
func (s *screen) at(x, y int) uint32 { return s.px[y*s.w+x] }

// grab reads the whole X screen with xwd and decodes its XWD image
// (ZPixmap, 24 or 32 bits a pixel).
func grab(t testing.TB, display string) *screen {
	t.Helper()
	out, err := exec.Command(tool(t, "xwd", "x11-apps"), "-root", "-silent", "-display", display).Output()
	if err != nil {
		t.Fatalf("xwd: %v", err)
	}
	var h [25]uint32
	if err := binary.Read(bytes.NewReader(out), binary.BigEndian, &h); err != nil {
		t.Fatalf("xwd header: %v", err)
	}
	headerSize, format, width, height, byteOrder, bpp, bpl, ncolors := h[0], h[2], int(h[4]), int(h[5]), h[7], h[11], int(h[12]), int(h[19])
	if format != 2 || (bpp != 32 && bpp != 24) {
		t.Fatalf("xwd: format %d, %d bits a pixel", format, bpp)
	}
	data := out[int(headerSize)+12*ncolors:]
	if len(data) < bpl*height {
		t.Fatalf("xwd: %d bytes of pixels, want %d", len(data), bpl*height)
	}
	s := &screen{w: width, h: height, px: make([]uint32, width*height)}
	step := int(bpp / 8)
	for y := 0; y < height; y++ {
		for x := 0; x < width; x++ {
			p := data[y*bpl+x*step:]
			var v uint32
			if byteOrder == 0 { // LSBFirst: B, G, R
				v = uint32(p[2])<<16 | uint32(p[1])<<8 | uint32(p[0])
			} else {
				v = uint32(p[step-3])<<16 | uint32(p[step-2])<<8 | uint32(p[step-1])
			}
			s.px[y*width+x] = v
		}
	}
	return s
}

// saveShot writes s as NAME.png into $FEEDSCOUT_SCREENSHOTS when that is
// set: what the test saw, for a person to look at.
func saveShot(t testing.TB, name string, s *screen) {
	dir := os.Getenv("FEEDSCOUT_SCREENSHOTS")
	if dir == "" {
		return
	}
	img := image.NewRGBA(image.Rect(0, 0, s.w, s.h))
	for y := 0; y < s.h; y++ {
		for x := 0; x < s.w; x++ {
			v := s.at(x, y)
			img.Set(x, y, color.RGBA{uint8(v >> 16), uint8(v >> 8), uint8(v), 255})
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, name+".png"), buf.Bytes(), 0o644); err != nil {
		t.Fatal(err)
	}
}

// markPixels counts, in the top band of the screen (tab strip and
// toolbar), the pixels of the feed mark's green (glance.js MARK,
// #2f9e44, within a small tolerance for scaling).
func markPixels(s *screen, band int) int {
	n := 0
	for y := 0; y < min(band, s.h); y++ {
		for x := 0; x < s.w; x++ {
			v := s.at(x, y)
			r, g, b := int(v>>16&0xff), int(v>>8&0xff), int(v&0xff)
			if abs(r-0x2f) <= 24 && abs(g-0x9e) <= 24 && abs(b-0x44) <= 24 {
				n++
			}
		}
	}
	return n
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}

// toolbarBand is the height in pixels of Chromium's tab strip and
// toolbar at the top of a window at 0,0 (scale 1), with room to spare
// and none of the page below it.
const toolbarBand = 90

// glanceBrowser starts a headful Chromium on display with the extension
// pinned to the toolbar (as a person pins it: the profile's
// extensions.pinned_extensions), on the platform fixture web.
func glanceBrowser(t *testing.T, display string) (*harness.Browser, *fixtureweb.Web) {
	t.Helper()
	web := harness.StartWeb(t, fixtureweb.PlatformSites())
	profile := t.TempDir()
	if err := os.MkdirAll(filepath.Join(profile, "Default"), 0o755); err != nil {
		t.Fatal(err)
	}
	prefs := fmt.Sprintf(`{"extensions":{"pinned_extensions":[%q]},"browser":{"has_seen_welcome_page":true}}`, harness.ExtensionID)
	if err := os.WriteFile(filepath.Join(profile, "Default", "Preferences"), []byte(prefs), 0o644); err != nil {
		t.Fatal(err)
	}
	env := append(web.Env(), "FEEDSCOUT_PAUSE=20ms", "DISPLAY="+display)
	b := harness.StartBrowser(t, harness.BrowserOptions{Profile: profile, Env: env, Proxy: web.ProxyURL, Flags: []chromedp.ExecAllocatorOption{
		chromedp.Flag("headless", false),
		chromedp.Flag("window-position", "0,0"),
		chromedp.Flag("ozone-platform", "x11"),
	}})
	return b, web
}

// activate brings the tab target id to the front and waits for the
// toolbar to redraw.
func activate(t *testing.T, b *harness.Browser, id target.ID) {
	t.Helper()
	if _, err := chromedp.CallBrowser(b.Ctx, target.ActivateTarget, target.ActivateTargetParams{TargetID: id}); err != nil {
		t.Fatalf("activate tab: %v", err)
	}
	time.Sleep(700 * time.Millisecond)
}

// realPopups counts the popup targets open (the toolbar popup, not a tab
// showing popup.html?tab=).
func realPopups(t *testing.T, b *harness.Browser) int {
	t.Helper()
	infos, err := chromedp.Targets(b.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	n := 0
	for _, i := range infos {
		if i.URL == harness.ExtensionOrigin+"popup/popup.html" {
			n++
		}
	}
	return n
}

// waitPopup waits for the toolbar popup to be open and to show the page's
// state, and returns that state, how many feeds it lists and the rules of
// those marked derived.
func waitPopup(t *testing.T, b *harness.Browser) (state string, rows int, derived string) {
	t.Helper()
	ctx, cancel := b.Attach(b.Target(t, harness.ExtensionOrigin+"popup/popup.html"))
	defer cancel()
	harness.WaitJS(t, ctx, `document.body.dataset.state === "page" || document.body.dataset.state === "page-error"`, 15*time.Second)
	return harness.Eval[string](t, ctx, `document.body.dataset.state`), harness.Eval[int](t, ctx, `document.querySelectorAll("#advertised li.feed").length`),
		harness.Eval[string](t, ctx, `[...document.querySelectorAll("#advertised li.feed .badge.derived")].map(b => b.dataset.rule + ": " + b.textContent).join(" | ")`)
}

func TestGlanceToolbarIcon(t *testing.T) {
	display := startXvfb(t)
	b, web := glanceBrowser(t, display)
	yt, _ := web.Site("youtube-channel")
	quiet, _ := web.Site("quiet-page")
	ytCtx, ytTab := b.Tab(yt.URL())
	_, quietTab := b.Tab(quiet.URL())

	// No click yet: the icon on the channel page has the mark, on the
	// quiet page it has none.
	activate(t, b, ytTab)
	channelShot := grab(t, display)
	onChannel := markPixels(channelShot, toolbarBand)
	activate(t, b, quietTab)
	quietShot := grab(t, display)
	onQuiet := markPixels(quietShot, toolbarBand)
	saveShot(t, "channel", channelShot)
	saveShot(t, "quiet", quietShot)
	if onChannel < 20 || onQuiet != 0 {
		t.Errorf("feed-mark pixels in the toolbar: %d on the YouTube channel page (want at least 20), %d on the page with no feed (want 0)", onChannel, onQuiet)
	}

	// The popup still opens on both, from the toolbar action. On the
	// channel page it lists the advertised feed and the three the rules
	// derive, each marked with its rule's name.
	const derived = "youtube-videos: derived from the address (youtube-videos) | youtube-shorts: derived from the address (youtube-shorts) | youtube-live: derived from the address (youtube-live)"
	for _, c := range []struct {
		site    fixtureweb.Site
		tab     target.ID
		feeds   int
		derived string
	}{{yt, ytTab, 4, derived}, {quiet, quietTab, 0, ""}} {
		activate(t, b, c.tab)
		b.TriggerAction(t, c.site.URL())
		state, rows, marked := waitPopup(t, b)
		if state != "page" || rows != c.feeds || marked != c.derived {
			t.Errorf("%s: the popup shows state %q with %d feeds, derived %q; want page with %d, derived %q", c.site.Name, state, rows, marked, c.feeds, c.derived)
		}
		closePopups(t, b)
	}

	// The single-page site moves to its search results without loading a
	// page: the icon is judged again and loses the mark; back, it has it.
	activate(t, b, ytTab)
	harness.Eval[bool](t, ytCtx, `(document.getElementById("to-search").click(), true)`)
	time.Sleep(700 * time.Millisecond)
	if n := markPixels(grab(t, display), toolbarBand); n != 0 {
		t.Errorf("%d feed-mark pixels after moving to the search results", n)
	}
	harness.Eval[bool](t, ytCtx, `(history.back(), true)`)
	time.Sleep(700 * time.Millisecond)
	if n := markPixels(grab(t, display), toolbarBand); n < 20 {
		t.Errorf("%d feed-mark pixels back on the channel page, want at least 20", n)
	}
}

// closePopups closes every open toolbar popup.
func closePopups(t *testing.T, b *harness.Browser) {
	t.Helper()
	infos, err := chromedp.Targets(b.Ctx)
	if err != nil {
		t.Fatal(err)
	}
	for _, i := range infos {
		if i.URL == harness.ExtensionOrigin+"popup/popup.html" {
			if _, err := chromedp.CallBrowser(b.Ctx, target.CloseTarget, target.CloseTargetParams{TargetID: i.TargetID}); err != nil {
				t.Fatalf("close the popup: %v", err)
			}
		}
	}
	deadline := time.Now().Add(5 * time.Second)
	for realPopups(t, b) > 0 && time.Now().Before(deadline) {
		time.Sleep(50 * time.Millisecond)
	}
}

func TestGlanceShortcut(t *testing.T) {
	display := startXvfb(t)
	xdotool := tool(t, "xdotool", "xdotool")
	b, web := glanceBrowser(t, display)
	yt, _ := web.Site("youtube-channel")
	_, id := b.Tab(yt.URL())
	activate(t, b, id)
	if n := realPopups(t, b); n != 0 {
		t.Fatalf("%d popups open before the shortcut", n)
	}
	// Focus the window as a person does by clicking into the page, then
	// type the shortcut on the X keyboard.
	run := func(args ...string) {
		cmd := exec.Command(xdotool, args...)
		cmd.Env = append(os.Environ(), "DISPLAY="+display)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("xdotool %s: %v: %s", strings.Join(args, " "), err, out)
		}
	}
	run("mousemove", "500", "400", "click", "1")
	time.Sleep(300 * time.Millisecond)
	run("key", "--delay", "80", "alt+shift+f")
	state, rows, _ := waitPopup(t, b)
	if state != "page" || rows != 4 {
		t.Errorf("the popup the shortcut opened shows state %q with %d feeds, want page with 4", state, rows)
	}
}

// badgeOf is a worker expression: the toolbar badge's text of the last
// tab showing url, "no tab" when none does.
func badgeOf(url string) string {
	return fmt.Sprintf(`chrome.tabs.query({}).then(ts => ts.filter(t => t.url === %q)).then(ts => ts.length ? chrome.action.getBadgeText({tabId: ts[ts.length - 1].id}) : "no tab")`, url)
}

// waitBadge waits up to 10 s for the badge of the tab showing url to
// read want, and returns what it last read.
func waitBadge(t *testing.T, wctx context.Context, url, want string) string {
	t.Helper()
	deadline := time.Now().Add(10 * time.Second)
	for {
		got := harness.Eval[string](t, wctx, badgeOf(url))
		if got == want || time.Now().After(deadline) {
			return got
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// TestGlanceBadge: the opt-in count in real Chromium. Off by default; a
// click in Settings asks for the host permission, and the browser's own
// dialog is answered with the keyboard (its focus is on Deny: Tab to
// Allow, Enter; xdotool); then a page that advertises its feed shows the count of its
// feeds on the toolbar button, and a page with none shows nothing.
func TestGlanceBadge(t *testing.T) {
	display := startXvfb(t)
	xdotool := tool(t, "xdotool", "xdotool")
	b, web := glanceBrowser(t, display)
	yt, _ := web.Site("youtube-channel")
	quietSite, _ := web.Site("quiet-page")

	octx, ocancel := chromedp.NewContext(b.Ctx)
	defer ocancel()
	if _, err := chromedp.Run(octx, chromedp.Navigate(harness.ExtensionOrigin+"options/options.html")); err != nil {
		t.Fatal(err)
	}
	harness.WaitJS(t, octx, `document.getElementById("glance")?.dataset.state === "ready"`, 10*time.Second)
	if harness.Eval[bool](t, octx, `document.getElementById("glance-badge").checked`) {
		t.Fatal("the count is on by default")
	}
	if _, err := chromedp.Run(octx, chromedp.Click("#glance-badge")); err != nil {
		t.Fatal(err)
	}
	// The permission dialog, its focus on Deny: Tab to Allow, Enter.
	time.Sleep(1500 * time.Millisecond)
	saveShot(t, "permission-dialog", grab(t, display))
	cmd := exec.Command(xdotool, "key", "--delay", "150", "Tab", "Return")
	cmd.Env = append(os.Environ(), "DISPLAY="+display)
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("xdotool: %v: %s", err, out)
	}
	harness.WaitJS(t, octx, `document.getElementById("glance-status").textContent !== ""`, 10*time.Second)
	if s := harness.Eval[string](t, octx, `document.getElementById("glance-status").textContent`); !strings.Contains(s, "The count is on") {
		t.Fatalf("settings say %q after the click", s)
	}

	wid, err := b.Worker()
	if err != nil {
		t.Fatal(err)
	}
	wctx, wcancel := b.Attach(wid)
	defer wcancel()
	for _, c := range []struct {
		site fixtureweb.Site
		want string
	}{{yt, "4"}, {quietSite, ""}} {
		b.Tab(c.site.URL())
		if got := waitBadge(t, wctx, c.site.URL(), c.want); got != c.want {
			t.Errorf("%s: badge %q, want %q", c.site.Name, got, c.want)
		}
		if c.site.Name != yt.Name {
			continue
		}
		// YouTube moves to its search results without loading a page:
		// the page is counted again, and has no feed there.
		ctx, id := b.Tab(c.site.URL())
		activate(t, b, id)
		harness.Eval[bool](t, ctx, `(document.getElementById("to-search").click(), true)`)
		if got := waitBadge(t, wctx, "https://www.youtube.com/results?search_query=harbour", ""); got != "" {
			t.Errorf("after moving to the search results: badge %q, want none", got)
		}
	}
}
