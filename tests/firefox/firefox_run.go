//go:build ignore

// firefox_run.go starts Firefox for a person with the built add-on
// installed in a fresh profile; ./build.sh run --firefox runs it:
//
//	go run tests/firefox/firefox_run.go FIREFOX PROFILE XPI URL
//
// PROFILE must be an empty folder. Firefox is first started headless with
// its remote agent on loopback, the .xpi installed permanently through
// WebDriver BiDi's webExtension.install (the call the tests make), and
// closed; then it starts as usual, without the remote agent, on URL, and
// this program waits for it and exits with its status. The add-on is
// unsigned, which Firefox ESR, Developer Edition and Nightly accept with
// xpinstall.signatures.required false (written to the profile's user.js);
// release Firefox does not, and then the add-on shows as disabled.
package main

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"time"

	"feedscout/tests/bidi"
)

// geckoID is the add-on id in the Firefox manifest (firefox_package.go).
const geckoID = "feedscout@feedscout.dev"

// prefs make a fresh profile quiet and let it keep an unsigned add-on.
var prefs = map[string]any{
	"xpinstall.signatures.required":              false,
	"extensions.autoDisableScopes":               0,
	"browser.shell.checkDefaultBrowser":          false,
	"browser.startup.homepage_override.mstone":   "ignore",
	"browser.aboutwelcome.enabled":               false,
	"datareporting.policy.dataSubmissionEnabled": false,
	"toolkit.telemetry.reportingpolicy.firstRun": false,
}

func main() {
	if len(os.Args) != 5 {
		fmt.Fprintln(os.Stderr, "usage: go run tests/firefox/firefox_run.go FIREFOX PROFILE XPI URL")
		os.Exit(2)
	}
	exe, profile, xpi, url := os.Args[1], os.Args[2], os.Args[3], os.Args[4]
	if err := install(exe, profile, xpi); err != nil {
		fmt.Fprintf(os.Stderr, "build.sh run --firefox: %v\n", err)
		os.Exit(1)
	}
	fmt.Printf("installed %s into the profile %s; starting Firefox\n", filepath.Base(xpi), profile)
	cmd := exec.Command(exe, "--no-remote", "-profile", profile, url)
	cmd.Stdin, cmd.Stdout, cmd.Stderr = os.Stdin, os.Stdout, os.Stderr
	if err := cmd.Run(); err != nil {
		var exit *exec.ExitError
		if errors.As(err, &exit) {
			os.Exit(exit.ExitCode())
		}
		fmt.Fprintf(os.Stderr, "build.sh run --firefox: %v\n", err)
		os.Exit(1)
	}
}

// install writes the profile's user.js and installs the .xpi permanently
// with a headless Firefox.
func install(exe, profile, xpi string) error {
	var b strings.Builder
	for name, v := range prefs {
		raw, err := json.Marshal(v)
		if err != nil {
			return err
		}
		fmt.Fprintf(&b, "user_pref(%q, %s);\n", name, raw)
	}
	if err := os.WriteFile(filepath.Join(profile, "user.js"), []byte(b.String()), 0o644); err != nil {
		return fmt.Errorf("write user.js: %w", err)
	}
	abs, err := filepath.Abs(xpi)
	if err != nil {
		return err
	}
	// --remote-allow-system-access: a permanent install needs it.
	cmd := exec.Command(exe, "--headless", "--no-remote", "--remote-debugging-port", "0",
		"--remote-allow-system-access", "-profile", profile, "about:blank")
	br, err := bidi.Launch(cmd, map[string]any{}, 60*time.Second)
	if err != nil {
		return err
	}
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	defer cancel()
	var res struct {
		Extension string `json:"extension"`
	}
	err = br.Call(ctx, "webExtension.install", map[string]any{
		"extensionData": map[string]any{"type": "archivePath", "path": abs},
		"moz:permanent": true,
	}, &res)
	if err == nil && res.Extension != geckoID {
		err = fmt.Errorf("webExtension.install installed %q, want %s", res.Extension, geckoID)
	}
	if qerr := br.Quit(30 * time.Second); err == nil {
		err = qerr
	}
	if err != nil {
		return fmt.Errorf("install the add-on: %w\n%s", err, br.Log)
	}
	return nil
}
