package main

import (
	"flag"
	"fmt"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"

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
	if hasServe(args) {
		return installServe(args, stdout, stderr)
	}
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
	if hasServe(args) {
		if len(args) != 1 {
			fmt.Fprintln(stderr, "usage: feedscout-host uninstall --serve")
			return exitUsage
		}
		status, _ := uninstallServe(stdout, stderr)
		return status
	}
	list, ok := targets("uninstall", args, stderr, true)
	if !ok {
		return exitUsage
	}
	status, removed := uninstallServe(stdout, stderr)
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

// hasServe reports whether the arguments ask for the gateway service.
func hasServe(args []string) bool {
	for _, a := range args {
		if a == "--serve" || a == "-serve" {
			return true
		}
	}
	return false
}

// gatewayService is this user's gateway service for this platform.
func gatewayService(args []string) (install.Service, error) {
	home, err := os.UserHomeDir()
	if err != nil {
		return install.Service{}, err
	}
	host, err := install.HostPath()
	if err != nil {
		return install.Service{}, err
	}
	return install.GatewayService(runtime.GOOS, home, os.Getenv("XDG_CONFIG_HOME"), host, args)
}

// installServe writes the gateway's login service (a systemd user unit, a
// launchd agent) and starts it.
func installServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("install --serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("serve", true, "install the gateway as a login service")
	addr := fs.String("addr", defaultAddr, "loopback address the gateway listens on")
	state := fs.String("state", "", "state folder (default $XDG_STATE_HOME/feedscout)")
	interval := fs.Duration("min-interval", 0, "least time between two fetches of one source (default 15m)")
	allowPrivate := fs.Bool("allow-private", false, "allow requests to loopback and private addresses")
	noStart := fs.Bool("no-start", false, "write the service file only; start it yourself")
	const use = "usage: feedscout-host install --serve [--addr 127.0.0.1:8765] [--state DIR] [--min-interval D] [--allow-private] [--no-start]"
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	if err := loopbackAddr(*addr); err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitUsage
	}
	serveArgs := []string{"--addr", *addr}
	if *state != "" {
		abs, err := filepath.Abs(*state)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host install: --state %q: %v\n", *state, err)
			return exitUsage
		}
		serveArgs = append(serveArgs, "--state", abs)
	}
	if *interval > 0 {
		serveArgs = append(serveArgs, "--min-interval", interval.String())
	}
	if *allowPrivate {
		serveArgs = append(serveArgs, "--allow-private")
	}
	svc, err := gatewayService(serveArgs)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitFail
	}
	if err := install.WriteService(svc); err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "gateway: wrote %s (%s, runs %s serve %s)\n", svc.Path, svc.Kind, filepath.Base(os.Args[0]), strings.Join(serveArgs, " "))
	start := svc.Start(os.Getuid())
	if *noStart {
		fmt.Fprintf(stdout, "gateway: not started (--no-start); start it with: %s\n", commands(start))
		return exitOK
	}
	for _, c := range start {
		if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "feedscout-host install: the service file is written, but %q failed (%v: %s); start it with %s once your login session runs %s.\n",
				strings.Join(c, " "), err, strings.TrimSpace(string(out)), commands(start), svc.Kind)
			return exitFail
		}
	}
	fmt.Fprintf(stdout, "gateway: started; it starts at every login. Status page: http://%s/\n", *addr)
	return exitOK
}

// uninstallServe stops the gateway's login service and removes its file;
// removed is 1 when there was one.
func uninstallServe(stdout, stderr io.Writer) (status, removed int) {
	svc, err := gatewayService(nil)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host uninstall: %v\n", err)
		return exitFail, 0
	}
	if _, err := os.Stat(svc.Path); err != nil {
		return exitOK, 0
	}
	for _, c := range svc.Stop(os.Getuid()) {
		if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "feedscout-host uninstall: %q failed (%v: %s); the service file is removed anyway, so it will not start at the next login.\n",
				strings.Join(c, " "), err, strings.TrimSpace(string(out)))
		}
	}
	ok, err := install.RemoveService(svc)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host uninstall: %v\n", err)
		return exitFail, 0
	}
	if ok {
		fmt.Fprintf(stdout, "gateway: removed %s\n", svc.Path)
		return exitOK, 1
	}
	return exitOK, 0
}

// commands joins commands for a sentence: `a b` then `c d`.
func commands(cs [][]string) string {
	var out []string
	for _, c := range cs {
		out = append(out, "`"+strings.Join(c, " ")+"`")
	}
	return strings.Join(out, " then ")
}
