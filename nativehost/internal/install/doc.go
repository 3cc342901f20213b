// Package install writes and removes feedscout-host's native messaging
// manifests: the small JSON files through which a browser finds the host
// binary and learns which extension may start it; and the gateway's
// services.
//
// Targets are Chrome, Chromium, Brave, Edge and Vivaldi (allowed_origins
// naming the extension's fixed ID) and Firefox (allowed_extensions naming
// the add-on id): on Linux and macOS their user-level manifest folders, plus
// any Chromium user-data-dir given as a profile; on Windows a manifest under
// %LOCALAPPDATA%\feedscout and, per browser, the HKEY_CURRENT_USER registry
// key whose default value is its path, the one place the browsers look
// there.
//
// The gateway runs as a login service (a systemd user unit, a launchd
// agent, a Windows Run key value: service.go, runkey.go) or, public, as a
// hardened systemd system unit (system.go).
package install
