// Package install writes and removes feedscout-host's native messaging
// manifests: the small JSON files through which a browser finds the host
// binary and learns which extension may start it.
//
// Targets are the user-level manifest folders of Chrome, Chromium, Brave,
// Edge and Vivaldi (allowed_origins naming the extension's fixed ID) and
// Firefox (allowed_extensions naming the add-on id) on Linux and macOS, plus
// any Chromium user-data-dir given as a profile. Windows, where the browsers
// find manifests through the registry, is out of scope.
package install
