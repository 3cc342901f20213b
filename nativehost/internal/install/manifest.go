package install

import (
	"bytes"
	"encoding/json"
	"fmt"
	"text/template"
)

// Identity of the host and of the extensions allowed to start it.
const (
	// HostName is the native messaging host name the extension connects to.
	HostName = "dev.feedscout.host"
	// ChromeExtensionID is the extension's fixed ID, derived from the key in
	// its manifest.json.
	ChromeExtensionID = "pbekihghmnjdonaofhjkkldmkpngkpge"
	// FirefoxAddonID is the add-on id in the extension's
	// browser_specific_settings.gecko.id.
	FirefoxAddonID = "feedscout@feedscout.dev"
	description    = "feedscout companion: finds the feeds, news sitemaps and sections of a site"
)

// The two manifest templates. Values are inserted as JSON strings (the js
// function), so a path with quotes or backslashes stays valid JSON.
var (
	chromiumTemplate = template.Must(template.New("chromium").Funcs(funcs).Parse(`{
  "name": {{js .Name}},
  "description": {{js .Description}},
  "path": {{js .Path}},
  "type": "stdio",
  "allowed_origins": [{{js .Origin}}]
}
`))
	firefoxTemplate = template.Must(template.New("firefox").Funcs(funcs).Parse(`{
  "name": {{js .Name}},
  "description": {{js .Description}},
  "path": {{js .Path}},
  "type": "stdio",
  "allowed_extensions": [{{js .Addon}}]
}
`))
	funcs = template.FuncMap{"js": func(s string) (string, error) {
		b, err := json.Marshal(s)
		return string(b), err
	}}
)

// Manifest is the content of a host manifest, as browsers read it.
type Manifest struct {
	Name              string   `json:"name"`
	Description       string   `json:"description"`
	Path              string   `json:"path"`
	Type              string   `json:"type"`
	AllowedOrigins    []string `json:"allowed_origins,omitempty"`
	AllowedExtensions []string `json:"allowed_extensions,omitempty"`
}

// Render is the manifest of family ("chromium" or "firefox") for the host
// binary at path, as Install writes it: for packages that install the
// manifests themselves (the Debian package's system-wide ones).
func Render(family, path string) ([]byte, error) { return render(family, path) }

// render fills in the template of family ("chromium" or "firefox") for the
// host binary at path.
func render(family, path string) ([]byte, error) {
	t := chromiumTemplate
	if family == "firefox" {
		t = firefoxTemplate
	}
	var buf bytes.Buffer
	err := t.Execute(&buf, map[string]string{
		"Name": HostName, "Description": description, "Path": path,
		"Origin": "chrome-extension://" + ChromeExtensionID + "/",
		"Addon":  FirefoxAddonID,
	})
	if err != nil {
		return nil, fmt.Errorf("render %s manifest: %w", family, err)
	}
	return buf.Bytes(), nil
}
