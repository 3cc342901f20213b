package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"net/url"
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
		if runtime.GOOS == "windows" {
			fmt.Fprintf(stderr, "feedscout-host %s: --profile is for Linux and macOS; on Windows every Chromium profile finds the host through the registry, so install without it\n", cmd)
			return nil, false
		}
		if *name == "firefox" {
			fmt.Fprintf(stderr, "feedscout-host %s: --profile is for Chromium-family browsers; Firefox reads manifests only from its user folder\n", cmd)
			return nil, false
		}
		return []install.Browser{install.Profile(*profile)}, true
	}
	list, err := browsers()
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

// browsers lists this user's install targets on this OS.
func browsers() ([]install.Browser, error) {
	if runtime.GOOS == "windows" {
		local, roaming := os.Getenv("LOCALAPPDATA"), os.Getenv("APPDATA")
		if local == "" || roaming == "" {
			return nil, errors.New("list browsers: LOCALAPPDATA or APPDATA is not set")
		}
		return install.WindowsBrowsers(local, roaming), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return nil, err
	}
	return install.Browsers(runtime.GOOS, home)
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
		system := len(args) == 2 && (args[1] == "--public" || args[0] == "--public")
		if len(args) != 1 && !system {
			fmt.Fprintln(stderr, "usage: feedscout-host uninstall --serve [--public]")
			return exitUsage
		}
		status, _ := uninstallServe(system, stdout, stderr)
		return status
	}
	list, ok := targets("uninstall", args, stderr, true)
	if !ok {
		return exitUsage
	}
	status, removed := uninstallServe(false, stdout, stderr)
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
	host, err := install.HostPath()
	if err != nil {
		return install.Service{}, err
	}
	if runtime.GOOS == "windows" {
		dir, err := windowsSystemDir()
		if err != nil {
			return install.Service{}, err
		}
		return install.RunKeyService(dir, host, args), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return install.Service{}, err
	}
	return install.GatewayService(runtime.GOOS, home, os.Getenv("XDG_CONFIG_HOME"), host, args)
}

// windowsSystemDir is Windows's System32 folder (%SystemRoot%\System32).
func windowsSystemDir() (string, error) {
	root := os.Getenv("SystemRoot")
	if root == "" {
		return "", errors.New("find conhost.exe: SystemRoot is not set")
	}
	return root + `\System32`, nil
}

// installServe writes the gateway's login service (a systemd user unit, a
// launchd agent, a Windows Run key value) and starts it; with --public, the
// machine's system unit (installSystem).
func installServe(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("install --serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Bool("serve", true, "install the gateway as a service")
	public := fs.String("public", "", "the base URL readers on other machines use: install the machine's system service (systemd, as root)")
	addr := fs.String("addr", defaultAddr, "address the gateway listens on (loopback unless --public)")
	certFile := fs.String("tls-cert", "", "with --public and --tls-key: serve HTTPS with this certificate (PEM)")
	keyFile := fs.String("tls-key", "", "with --tls-cert: the certificate's private key (PEM)")
	maxSources := fs.Int("max-sources", 0, "with --public: follow at most this many sources (default serve's)")
	perClient := fs.Int("max-per-client", 0, "with --public: requests of one client address at once (default serve's)")
	state := fs.String("state", "", "state folder (default $XDG_STATE_HOME/feedscout; with --public /var/lib/feedscout)")
	interval := fs.Duration("min-interval", 0, "least time between two fetches of one source (default 15m)")
	allowPrivate := fs.Bool("allow-private", false, "allow requests to loopback and private addresses")
	noStart := fs.Bool("no-start", false, "write the service only; start it yourself")
	const use = "usage: feedscout-host install --serve [--addr 127.0.0.1:8765] [--state DIR] [--min-interval D] [--allow-private] [--no-start]\n" +
		"       feedscout-host install --serve --public BASE [--addr HOST:PORT] [--tls-cert FILE --tls-key FILE] [--max-sources N] [--max-per-client N] [--state /var/lib/DIR] [--min-interval D] [--no-start]"
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	if *public != "" {
		o := install.SystemOptions{Public: *public, Addr: *addr, TLSCert: *certFile, TLSKey: *keyFile, State: *state,
			MaxSources: *maxSources, MaxPerClient: *perClient, AllowPrivate: *allowPrivate}
		if *interval > 0 {
			o.MinInterval = interval.String()
		}
		return installSystem(o, *noStart, stdout, stderr)
	}
	if *certFile != "" || *keyFile != "" || *maxSources != 0 || *perClient != 0 {
		fmt.Fprintln(stderr, "feedscout-host install: --tls-cert, --tls-key, --max-sources and --max-per-client are for a public gateway (--public BASE).")
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
	if svc.Kind == "run-key" {
		// Windows: the Run key starts it at every login; now, start it
		// ourselves, without a console window.
		if *noStart {
			fmt.Fprintln(stdout, "gateway: not started (--no-start); it starts at your next login.")
			return exitOK
		}
		host, _ := install.HostPath()
		if err := install.StartNow(append([]string{host, "serve"}, serveArgs...)); err != nil {
			fmt.Fprintf(stderr, "feedscout-host install: the Run key is written, so the gateway starts at your next login, but it did not start now: %v\n", err)
			return exitFail
		}
		fmt.Fprintf(stdout, "gateway: started; it starts at every login. Status page: http://%s/\n", *addr)
		return exitOK
	}
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

// installSystem writes the public gateway's systemd system unit and,
// unless noStart, enables and starts it. Root only: the unit is the
// machine's, under /etc/systemd/system.
func installSystem(o install.SystemOptions, noStart bool, stdout, stderr io.Writer) int {
	if runtime.GOOS != "linux" {
		fmt.Fprintf(stderr, "feedscout-host install: a public gateway (--public) is installed as a systemd system service, which %s does not have; run `feedscout-host serve --public BASE` under this system's own service manager.\n", runtime.GOOS)
		return exitUsage
	}
	if os.Geteuid() != 0 {
		fmt.Fprintf(stderr, "feedscout-host install: a public gateway is a system service and only root can install one; run it again as root (sudo feedscout-host install --serve --public %s ...).\n", o.Public)
		return exitFail
	}
	if err := publicAddr(o.Addr); err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitUsage
	}
	if err := checkPublic(o.Public); err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitUsage
	}
	for _, f := range []string{o.TLSCert, o.TLSKey} {
		if f == "" {
			continue
		}
		if _, err := os.Stat(f); err != nil {
			fmt.Fprintf(stderr, "feedscout-host install: the TLS file %s cannot be read: %v\n", f, err)
			return exitUsage
		}
	}
	host, err := install.HostPath()
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitFail
	}
	svc, err := install.SystemUnit(host, o)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitUsage
	}
	if err := install.WriteService(svc); err != nil {
		fmt.Fprintf(stderr, "feedscout-host install: %v\n", err)
		return exitFail
	}
	fmt.Fprintf(stdout, "gateway: wrote %s (a system service running as its own user; state in %s)\n", svc.Path, stateOf(o))
	start := svc.Start(0)
	if noStart {
		fmt.Fprintf(stdout, "gateway: not started (--no-start); start it with: %s\n", commands(start))
		return exitOK
	}
	for _, c := range start {
		if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "feedscout-host install: the unit is written, but %q failed (%v: %s); start it with %s on a machine running systemd.\n",
				strings.Join(c, " "), err, strings.TrimSpace(string(out)), commands(start))
			return exitFail
		}
	}
	fmt.Fprintf(stdout, "gateway: started; it starts at every boot. Readers reach it at %s; its key: `feedscout-host key --state %s` as root.\n", o.Public, stateOf(o))
	return exitOK
}

// stateOf is the system unit's state folder.
func stateOf(o install.SystemOptions) string {
	if o.State == "" {
		return install.SystemStateDir
	}
	return filepath.Clean(o.State)
}

// checkPublic accepts the base URL serve --public takes: http or https,
// a host, no path.
func checkPublic(base string) error {
	u, err := url.Parse(base)
	if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || strings.Trim(u.Path, "/") != "" || u.RawQuery != "" {
		return fmt.Errorf("--public %q: give the address readers use, scheme://host[:port] such as https://feeds.example.org", base)
	}
	return nil
}

// uninstallServe stops the gateway's login service and removes it;
// removed is 1 when there was one. With system set, it is the machine's
// public gateway (the system unit) instead.
func uninstallServe(system bool, stdout, stderr io.Writer) (status, removed int) {
	var svc install.Service
	var err error
	if system {
		if os.Geteuid() != 0 {
			fmt.Fprintln(stderr, "feedscout-host uninstall: the public gateway is a system service and only root can remove it; run it again as root.")
			return exitFail, 0
		}
		svc = install.Service{Kind: "systemd-system", Path: install.SystemUnitPath}
	} else if svc, err = gatewayService(nil); err != nil {
		fmt.Fprintf(stderr, "feedscout-host uninstall: %v\n", err)
		return exitFail, 0
	}
	if ok, err := install.Installed(svc); err != nil || !ok {
		return exitOK, 0
	}
	for _, c := range svc.Stop(os.Getuid()) {
		if out, err := exec.Command(c[0], c[1:]...).CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "feedscout-host uninstall: %q failed (%v: %s); the service is removed anyway, so it will not start again.\n",
				strings.Join(c, " "), err, strings.TrimSpace(string(out)))
		}
	}
	if svc.Kind == "run-key" {
		host, _ := install.HostPath()
		if n, err := install.StopRunning(host); err != nil {
			fmt.Fprintf(stderr, "feedscout-host uninstall: %v; end feedscout-host in the Task Manager, or log out.\n", err)
		} else if n > 0 {
			fmt.Fprintf(stdout, "gateway: stopped (%d process)\n", n)
		}
	}
	ok, err := install.RemoveService(svc)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host uninstall: %v\n", err)
		return exitFail, 0
	}
	if !ok {
		return exitOK, 0
	}
	fmt.Fprintf(stdout, "gateway: removed %s\n", svc.Path)
	if system {
		if out, err := exec.Command("systemctl", "daemon-reload").CombinedOutput(); err != nil {
			fmt.Fprintf(stderr, "feedscout-host uninstall: `systemctl daemon-reload` failed (%v: %s).\n", err, strings.TrimSpace(string(out)))
		}
	}
	return exitOK, 1
}

// commands joins commands for a sentence: `a b` then `c d`.
func commands(cs [][]string) string {
	var out []string
	for _, c := range cs {
		out = append(out, "`"+strings.Join(c, " ")+"`")
	}
	return strings.Join(out, " then ")
}
