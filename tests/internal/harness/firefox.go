package harness

// The Firefox harness: Debian's firefox-esr, headless, driven over
// WebDriver BiDi (tests/bidi) with no geckodriver. Each test starts its own
// Firefox with a fresh profile and HOME: the built host is installed into
// that HOME's ~/.mozilla/native-messaging-hosts/ with the host's own
// installer (feedscout-host install --browser firefox), and the built .xpi
// is installed permanently through webExtension.install, so a restart with
// the same profile keeps the add-on and its storage. docs/firefox.md says
// which tests use the toolbar popup and which the popup page in a tab.

import ()

// GeckoID is the add-on id of the Firefox build (firefox_package.go).
const GeckoID = "feedscout@feedscout.dev"
