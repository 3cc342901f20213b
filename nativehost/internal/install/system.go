package install

import (
	"bytes"
	"fmt"
	"net"
	"path"
	"strconv"
	"strings"
)

// The gateway as a system service for a public address (a systemd system
// unit), run by no person's account: its own user, made by systemd for
// the service alone (DynamicUser=), which can write nothing but its state
// folder.
const (
	// SystemUnitPath is where `install --serve --public` writes the unit.
	// It overrides the disabled unit the Debian package ships under
	// /lib/systemd/system, which has the same name.
	SystemUnitPath = "/etc/systemd/system/" + UnitName
	// SystemStateDir is the service's state folder by default, the one
	// StateDirectory=feedscout makes.
	SystemStateDir = "/var/lib/feedscout"
)

// SystemOptions are the serve flags a system unit passes on.
type SystemOptions struct {
	Public       string // the public base URL (--public); "" for the loopback gateway
	Addr         string // --addr
	TLSCert      string // --tls-cert, a file the unit hands to the service
	TLSKey       string // --tls-key
	State        string // a folder under /var/lib; "" for SystemStateDir
	MinInterval  string // --min-interval, as written
	MaxSources   int    // --max-sources; 0 for serve's default
	MaxPerClient int    // --max-per-client; 0 for serve's default
	AllowPrivate bool   // --allow-private
}

// SystemUnit describes the system unit running hostPath (absolute) with
// `serve` and the options. The TLS files are handed over with
// LoadCredential= (read by systemd as root, given to the service in its
// credentials folder), so that a certificate readable by root only, as
// certbot keeps them, works without opening it to anyone.
func SystemUnit(hostPath string, o SystemOptions) (Service, error) {
	if !path.IsAbs(hostPath) {
		return Service{}, fmt.Errorf("gateway system unit: host path %q is not absolute", hostPath)
	}
	state := o.State
	if state == "" {
		state = SystemStateDir
	}
	state = path.Clean(state)
	rel, ok := strings.CutPrefix(state, "/var/lib/")
	if !ok || rel == "" || strings.ContainsAny(rel, " \t\n\"'\\%$") {
		return Service{}, fmt.Errorf("gateway system unit: the state folder %q is not a plain folder under /var/lib (systemd's StateDirectory= makes it, owned by the service's own user)", state)
	}
	dirs := "feedscout"
	if rel != "feedscout" {
		dirs += " " + rel
	}
	if (o.TLSCert == "") != (o.TLSKey == "") {
		return Service{}, fmt.Errorf("gateway system unit: --tls-cert and --tls-key go together")
	}
	argv := []string{quoteUnit(hostPath), quoteUnit("serve")}
	add := func(flag, v string) { argv = append(argv, quoteUnit(flag), quoteUnit(v)) }
	if o.Public != "" {
		add("--public", o.Public)
	}
	if o.Addr != "" {
		add("--addr", o.Addr)
	}
	var creds []string
	if o.TLSCert != "" {
		for _, f := range [][2]string{{"tls-cert", o.TLSCert}, {"tls-key", o.TLSKey}} {
			if !path.IsAbs(f[1]) || strings.ContainsAny(f[1], " \t\n\"'\\%$:") {
				return Service{}, fmt.Errorf("gateway system unit: --%s %q is not an absolute path without spaces, quotes, %% or colons", f[0], f[1])
			}
			creds = append(creds, "LoadCredential="+f[0]+":"+f[1])
			// %d is the unit's credentials folder.
			argv = append(argv, quoteUnit("--"+f[0]), `"%d/`+f[0]+`"`)
		}
	}
	add("--state", state)
	if o.MinInterval != "" {
		add("--min-interval", o.MinInterval)
	}
	if o.MaxSources > 0 {
		add("--max-sources", strconv.Itoa(o.MaxSources))
	}
	if o.MaxPerClient > 0 {
		add("--max-per-client", strconv.Itoa(o.MaxPerClient))
	}
	if o.AllowPrivate {
		argv = append(argv, quoteUnit("--allow-private"))
	}
	var b bytes.Buffer
	w := func(s ...string) {
		for _, l := range s {
			b.WriteString(l + "\n")
		}
	}
	w("[Unit]",
		"Description=feedscout gateway: news sitemaps and section pages as feeds for readers",
		"Documentation=https://github.com/feedscout/feedscout/blob/main/docs/following.md",
		"Wants=network-online.target",
		"After=network-online.target",
		"",
		"[Service]",
		"Type=simple",
		"ExecStart="+strings.Join(argv, " "),
		"Restart=on-failure",
		"RestartSec=10",
		// Its own user, made for the service while it runs; the state
		// folder is the one place it writes, kept between runs.
		"DynamicUser=yes",
		"StateDirectory="+dirs,
		// The host shares pacing and robots.txt through
		// $XDG_STATE_HOME/feedscout: here /var/lib/feedscout, the
		// service's own.
		"Environment=XDG_STATE_HOME=/var/lib",
		"StateDirectoryMode=0700",
		"UMask=0077")
	w(creds...)
	if lowPort(o.Addr) {
		// A port below 1024 needs this one capability, and nothing else
		// (and no PrivateUsers=, which would take it away again).
		w("AmbientCapabilities=CAP_NET_BIND_SERVICE", "CapabilityBoundingSet=CAP_NET_BIND_SERVICE")
	} else {
		w("CapabilityBoundingSet=", "PrivateUsers=yes")
	}
	w("NoNewPrivileges=yes",
		"ProtectSystem=strict",
		"ProtectHome=yes",
		"PrivateTmp=yes",
		"PrivateDevices=yes",
		"ProtectKernelTunables=yes",
		"ProtectKernelModules=yes",
		"ProtectKernelLogs=yes",
		"ProtectControlGroups=yes",
		"ProtectClock=yes",
		"ProtectHostname=yes",
		"ProtectProc=invisible",
		"ProcSubset=pid",
		"RestrictNamespaces=yes",
		"RestrictRealtime=yes",
		"RestrictSUIDSGID=yes",
		"RestrictAddressFamilies=AF_INET AF_INET6 AF_UNIX",
		"LockPersonality=yes",
		"MemoryDenyWriteExecute=yes",
		"RemoveIPC=yes",
		"SystemCallArchitectures=native",
		"SystemCallFilter=@system-service",
		"SystemCallFilter=~@privileged @resources",
		"",
		"[Install]",
		"WantedBy=multi-user.target")
	return Service{Kind: "systemd-system", Path: SystemUnitPath, Body: b.Bytes()}, nil
}

// quoteUnit quotes one ExecStart= argument as systemd's command-line
// syntax wants (double quotes, backslash escapes) with % doubled (so no
// specifier is expanded) and $ doubled (no variable).
func quoteUnit(a string) string {
	a = strings.ReplaceAll(a, `\`, `\\`)
	a = strings.ReplaceAll(a, `"`, `\"`)
	a = strings.ReplaceAll(a, "%", "%%")
	a = strings.ReplaceAll(a, "$", "$$")
	return `"` + a + `"`
}

// lowPort reports whether addr (HOST:PORT) has a port below 1024.
func lowPort(addr string) bool {
	_, p, err := net.SplitHostPort(addr)
	if err != nil {
		return false
	}
	n, err := strconv.Atoi(p)
	return err == nil && n > 0 && n < 1024
}
