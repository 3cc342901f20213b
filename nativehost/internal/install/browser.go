package install

import (
	"fmt"
	"path/filepath"
	"sort"
	"strings"
)

// Browser is one install target: where its user-level manifests live and
// which manifest family it reads.
type Browser struct {
	Name   string // chrome, chromium, brave, edge, vivaldi, firefox
	Family string // "chromium" or "firefox"
	// Config is the browser's user configuration folder; the browser counts
	// as present when it exists.
	Config string
	// Dir is the folder the manifest goes into.
	Dir string
	// Key is, on Windows, the registry key under HKEY_CURRENT_USER whose
	// default value is the manifest's path (the browsers find hosts only
	// through it there); "" elsewhere.
	Key string
}

// ManifestPath is the full path of the host manifest in b.Dir.
func (b Browser) ManifestPath() string {
	if b.Key != "" {
		return winJoin(b.Dir, HostName+".json")
	}
	return filepath.Join(b.Dir, HostName+".json")
}

// user-level config folders relative to HOME, per OS. The manifest folder
// is Config/NativeMessagingHosts, except Firefox (its own name and place).
var configDirs = map[string]map[string]string{
	"linux": {
		"chrome":   ".config/google-chrome",
		"chromium": ".config/chromium",
		"brave":    ".config/BraveSoftware/Brave-Browser",
		"edge":     ".config/microsoft-edge",
		"vivaldi":  ".config/vivaldi",
		"firefox":  ".mozilla",
	},
	"darwin": {
		"chrome":   "Library/Application Support/Google/Chrome",
		"chromium": "Library/Application Support/Chromium",
		"brave":    "Library/Application Support/BraveSoftware/Brave-Browser",
		"edge":     "Library/Application Support/Microsoft Edge",
		"vivaldi":  "Library/Application Support/Vivaldi",
		"firefox":  "Library/Application Support/Mozilla",
	},
}

// Names lists the browser names install knows, sorted.
func Names() []string {
	var n []string
	for k := range configDirs["linux"] {
		n = append(n, k)
	}
	sort.Strings(n)
	return n
}

// Browsers returns every known target for goos ("linux", "darwin") under
// home; WindowsBrowsers gives Windows's.
func Browsers(goos, home string) ([]Browser, error) {
	dirs, ok := configDirs[goos]
	if !ok {
		return nil, fmt.Errorf("list browsers: %s is not supported (Linux and macOS have manifest folders; Windows: WindowsBrowsers)", goos)
	}
	var out []Browser
	for _, name := range Names() {
		b := Browser{Name: name, Family: "chromium", Config: filepath.Join(home, dirs[name])}
		b.Dir = filepath.Join(b.Config, "NativeMessagingHosts")
		if name == "firefox" {
			b.Family = "firefox"
			sub := "native-messaging-hosts"
			if goos == "darwin" {
				sub = "NativeMessagingHosts"
			}
			b.Dir = filepath.Join(b.Config, sub)
		}
		out = append(out, b)
	}
	return out, nil
}

// windowsBrowsers are, per browser on Windows, its configuration folder
// (under %LOCALAPPDATA%, Firefox's under %APPDATA%) and the HKCU key the
// browser reads the host's manifest path from (each browser's native
// messaging documentation).
var windowsBrowsers = map[string]struct{ config, key string }{
	"chrome":   {`Google\Chrome\User Data`, `Software\Google\Chrome\NativeMessagingHosts`},
	"chromium": {`Chromium\User Data`, `Software\Chromium\NativeMessagingHosts`},
	"brave":    {`BraveSoftware\Brave-Browser\User Data`, `Software\BraveSoftware\Brave-Browser\NativeMessagingHosts`},
	"edge":     {`Microsoft\Edge\User Data`, `Software\Microsoft\Edge\NativeMessagingHosts`},
	"vivaldi":  {`Vivaldi\User Data`, `Software\Vivaldi\NativeMessagingHosts`},
	"firefox":  {`Mozilla\Firefox`, `Software\Mozilla\NativeMessagingHosts`},
}

// WindowsBrowsers returns every known target on Windows for the user whose
// %LOCALAPPDATA% and %APPDATA% are localAppData and appData: the manifests
// go to %LOCALAPPDATA%\feedscout\NativeMessagingHosts\BROWSER\ (Windows
// has no folder browsers read them from) and each browser's registry key
// names its manifest.
func WindowsBrowsers(localAppData, appData string) []Browser {
	var out []Browser
	for _, name := range Names() {
		w := windowsBrowsers[name]
		b := Browser{Name: name, Family: "chromium", Config: winJoin(localAppData, w.config),
			Dir: winJoin(localAppData, `feedscout\NativeMessagingHosts\`+name), Key: w.key + `\` + HostName}
		if name == "firefox" {
			b.Family, b.Config = "firefox", winJoin(appData, w.config)
		}
		out = append(out, b)
	}
	return out
}

// winJoin joins Windows path parts with backslashes whatever the OS the
// code runs on, so that the Windows targets can be listed and tested on
// any machine.
func winJoin(parts ...string) string {
	for i := range parts {
		parts[i] = strings.TrimRight(parts[i], `\`)
	}
	return strings.Join(parts, `\`)
}

// Profile is the target for a Chromium user-data-dir: Chromium started with
// --user-data-dir=D reads host manifests from D/NativeMessagingHosts/.
func Profile(dir string) Browser {
	return Browser{Name: "profile", Family: "chromium", Config: dir, Dir: filepath.Join(dir, "NativeMessagingHosts")}
}

// Lookup finds the browser called name (any case) in list.
func Lookup(list []Browser, name string) (Browser, error) {
	for _, b := range list {
		if strings.EqualFold(b.Name, name) {
			return b, nil
		}
	}
	return Browser{}, fmt.Errorf("unknown browser %q (known: %s)", name, strings.Join(Names(), ", "))
}
