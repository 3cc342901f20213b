// Package harness is what the black-box test packages under tests/ share:
// the built product they test (Main, DistDir, HostBinary), the fixture web
// started for a test and the host run over it (StartWeb, FastEnv,
// RunHost, DiscoverAll, StartNM for native messaging), real Chromium
// (StartBrowser, Eval, WaitJS, the popup helpers) and real Firefox
// (firefox.go; the drivers themselves are in tests/bidi), the follow and
// gateway processes (StartFollowWeb, StartGateway, StartPublicGateway)
// and the readers' helpers (NewReader for newsboat, ParseAtom,
// FeedparserCheck).
//
// Each test package is one group, named for what it tests (browser,
// check, discover, firefox, follow, gateway, host, reader, release, wasm),
// and calls Main from its TestMain. Paths here are relative to the test
// package's directory, tests/GROUP, two levels under the module root
// ("../../build.sh", "../testdata/npm"): every group sits at that depth.
//
// ./build.sh test runs the groups one at a time (go test -p 1
// ./tests/...), as they ran when they were one package: the browser
// groups then never start browsers side by side, and the .deb test's
// system-wide install never meets another group's browser.
package harness
