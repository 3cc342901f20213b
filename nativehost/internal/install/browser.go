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
}

// ManifestPath is the full path of the host manifest in b.Dir.
func (b Browser) ManifestPath() string { return filepath.Join(b.Dir, HostName+".json") }

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

// Browsers returns every known target for goos under home. It fails for an
// OS without user-level manifest folders (Windows uses the registry).
func Browsers(goos, home string) ([]Browser, error) {
	dirs, ok := configDirs[goos]
	if !ok {
		return nil, fmt.Errorf("list browsers: %s is not supported (manifests are registered in the Windows registry there)", goos)
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
