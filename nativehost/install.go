package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"runtime"

	"feedscout/nativehost/internal/install"
)

// targets resolves --browser and --profile into install targets. Without
// either, it returns the browsers whose configuration folder exists (all
// known ones when all is set, for uninstall).
func targets(cmd string, args []string, stderr io.Writer, all bool) ([]install.Browser, bool) {
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(stderr)
	name := fs.String("browser", "", "only this browser: chrome, chromium, brave, edge, vivaldi or firefox")
	profile := fs.String("profile", "", "a Chromium user-data-dir; the manifest goes into DIR/NativeMessagingHosts/")
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintf(stderr, "usage: feedscout-host %s [--browser NAME] [--profile DIR]\n", cmd)
		return nil, false
	}
	if *profile != "" {
		if *name == "firefox" {
			fmt.Fprintf(stderr, "feedscout-host %s: --profile is for Chromium-family browsers; Firefox reads manifests only from its user folder\n", cmd)
			return nil, false
		}
		return []install.Browser{install.Profile(*profile)}, true
	}
	home, err := os.UserHomeDir()
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host %s: %v\n", cmd, err)
		return nil, false
	}
	list, err := install.Browsers(runtime.GOOS, home)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host %s: %v\n", cmd, err)
		return nil, false
	}
	if *name != "" {
		b, err := install.Lookup(list, *name)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host %s: %v\n", cmd, err)
			return nil, false
		}
		return []install.Browser{b}, true
	}
	if all {
		return list, true
	}
	var found []install.Browser
	for _, b := range list {
		if install.Present(b) {
			found = append(found, b)
		}
	}
	return found, true
}

func runInstall(args []string, stdout, stderr io.Writer) int {
	list, ok := targets("install", args, stderr, false)
	if !ok {
		return exitUsage
	}
	if len(list) == 0 {
		fmt.Fprintf(stderr, "feedscout-host install: no supported browser found for this user; name one with --browser (%v)\n", install.Names())
		return exitFail
	}
	host, err := install.HostPath()
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitFail
	}
	status := exitOK
	for _, b := range list {
		res, err := install.Install(b, host)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
			status = exitFail
			continue
		}
		fmt.Fprintf(stdout, "%s: wrote %s (host %s, checked)\n", res.Browser, res.Path, host)
	}
	return status
}

func runUninstall(args []string, stdout, stderr io.Writer) int {
	list, ok := targets("uninstall", args, stderr, true)
	if !ok {
		return exitUsage
	}
	status, removed := exitOK, 0
	for _, b := range list {
		ok, err := install.Uninstall(b)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host uninstall: %v\n", err)
			status = exitFail
			continue
		}
		if ok {
			removed++
			fmt.Fprintf(stdout, "%s: removed %s\n", b.Name, b.ManifestPath())
		}
	}
	if removed == 0 && status == exitOK {
		fmt.Fprintln(stdout, "no feedscout host manifest was installed")
	}
	return status
}
