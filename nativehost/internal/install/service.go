package install

import (
	"bytes"
	"encoding/xml"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// The gateway as a login service: a systemd user unit on Linux, a launchd
// agent on macOS, each running `feedscout-host serve` with the given
// arguments and restarted if it fails.
const (
	// UnitName is the systemd user unit.
	UnitName = "feedscout-gateway.service"
	// AgentLabel is the launchd agent's label (and plist file name).
	AgentLabel = "dev.feedscout.gateway"
)

// Service is the gateway's login service on one platform.
type Service struct {
	// Kind is "systemd" (a user unit), "systemd-system" (a system unit,
	// SystemUnit), "launchd" or "run-key" (Windows, RunKeyService).
	Kind string
	// Path is the unit or plist file, or the Run key value's name.
	Path string
	// Body is its content.
	Body []byte
}

// GatewayService describes the login service for goos ("linux",
// "darwin"): where its file goes for the user whose home is home
// (configHome is $XDG_CONFIG_HOME, "" for ~/.config) and its content,
// running hostPath (absolute) with `serve` and args.
func GatewayService(goos, home, configHome, hostPath string, args []string) (Service, error) {
	if !filepath.IsAbs(hostPath) {
		return Service{}, fmt.Errorf("gateway service: host path %q is not absolute", hostPath)
	}
	argv := append([]string{hostPath, "serve"}, args...)
	switch goos {
	case "linux":
		if configHome == "" || !filepath.IsAbs(configHome) {
			configHome = filepath.Join(home, ".config")
		}
		return Service{Kind: "systemd", Path: filepath.Join(configHome, "systemd", "user", UnitName), Body: systemdUnit(argv)}, nil
	case "darwin":
		body, err := launchdPlist(argv, filepath.Join(home, "Library", "Logs", "feedscout-gateway.log"))
		if err != nil {
			return Service{}, err
		}
		return Service{Kind: "launchd", Path: filepath.Join(home, "Library", "LaunchAgents", AgentLabel+".plist"), Body: body}, nil
	}
	return Service{}, fmt.Errorf("gateway service: %s has no login service feedscout knows (Linux: systemd, macOS: launchd)", goos)
}

// systemdUnit writes the user unit. Each argument is quoted as systemd's
// command-line syntax wants (double quotes, backslash escapes) and % is
// doubled (specifiers).
func systemdUnit(argv []string) []byte {
	q := make([]string, len(argv))
	for i, a := range argv {
		a = strings.ReplaceAll(a, `\`, `\\`)
		a = strings.ReplaceAll(a, `"`, `\"`)
		a = strings.ReplaceAll(a, "%", "%%")
		q[i] = `"` + a + `"`
	}
	var b bytes.Buffer
	b.WriteString("[Unit]\n")
	b.WriteString("Description=feedscout gateway: news sitemaps and section pages as feeds for your reader\n")
	b.WriteString("Documentation=https://github.com/feedscout/feedscout/blob/main/docs/following.md\n\n")
	b.WriteString("[Service]\n")
	b.WriteString("Type=simple\n")
	b.WriteString("ExecStart=" + strings.Join(q, " ") + "\n")
	b.WriteString("Restart=on-failure\n")
	b.WriteString("RestartSec=10\n\n")
	b.WriteString("[Install]\n")
	b.WriteString("WantedBy=default.target\n")
	return b.Bytes()
}

// launchdPlist writes the agent's property list (encoding/xml escapes).
func launchdPlist(argv []string, logPath string) ([]byte, error) {
	var b bytes.Buffer
	b.WriteString(xml.Header)
	b.WriteString(`<!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">` + "\n")
	enc := xml.NewEncoder(&b)
	enc.Indent("", "  ")
	type kv struct {
		Key   string
		Value any
	}
	str := func(s string) xml.StartElement { return xml.StartElement{Name: xml.Name{Local: s}} }
	var err error
	tok := func(t xml.Token) {
		if err == nil {
			err = enc.EncodeToken(t)
		}
	}
	text := func(el, s string) {
		tok(str(el))
		tok(xml.CharData(s))
		tok(str(el).End())
	}
	tok(xml.StartElement{Name: xml.Name{Local: "plist"}, Attr: []xml.Attr{{Name: xml.Name{Local: "version"}, Value: "1.0"}}})
	tok(str("dict"))
	for _, e := range []kv{{"Label", AgentLabel}, {"ProgramArguments", argv}, {"RunAtLoad", true}, {"KeepAlive", map[string]bool{"SuccessfulExit": false}},
		{"StandardErrorPath", logPath}, {"ProcessType", "Background"}} {
		text("key", e.Key)
		switch v := e.Value.(type) {
		case string:
			text("string", v)
		case []string:
			tok(str("array"))
			for _, a := range v {
				text("string", a)
			}
			tok(str("array").End())
		case bool:
			tok(str("true"))
			tok(str("true").End())
		case map[string]bool:
			tok(str("dict"))
			text("key", "SuccessfulExit")
			tok(str("false"))
			tok(str("false").End())
			tok(str("dict").End())
		}
	}
	tok(str("dict").End())
	tok(str("plist").End())
	if err == nil {
		err = enc.Flush()
	}
	if err != nil {
		return nil, fmt.Errorf("write launchd agent: %w", err)
	}
	b.WriteString("\n")
	return b.Bytes(), nil
}

// WriteService writes s's file (atomically: a temporary file renamed), or
// its Run key value.
func WriteService(s Service) error {
	if s.Kind == "run-key" {
		return setValue(RunKey, RunValue, string(s.Body))
	}
	if err := os.MkdirAll(filepath.Dir(s.Path), 0o755); err != nil {
		return fmt.Errorf("write %s: %w", s.Path, err)
	}
	tmp := s.Path + ".tmp"
	if err := os.WriteFile(tmp, s.Body, 0o644); err != nil {
		return fmt.Errorf("write %s: %w", s.Path, err)
	}
	if err := os.Rename(tmp, s.Path); err != nil {
		os.Remove(tmp)
		return fmt.Errorf("write %s: %w", s.Path, err)
	}
	return nil
}

// RemoveService removes s's file or Run key value; false when there was
// none.
func RemoveService(s Service) (bool, error) {
	if s.Kind == "run-key" {
		return deleteValue(RunKey, RunValue)
	}
	err := os.Remove(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("remove %s: %w", s.Path, err)
	}
	return true, nil
}

// Installed reports whether s's file or Run key value exists.
func Installed(s Service) (bool, error) {
	if s.Kind == "run-key" {
		_, ok, err := readValue(RunKey, RunValue)
		return ok, err
	}
	_, err := os.Stat(s.Path)
	if errors.Is(err, fs.ErrNotExist) {
		return false, nil
	}
	return err == nil, err
}

// Start and Stop are the commands that enable and start a written service
// (and stop and disable it before its file goes), for the user's session,
// or for the machine (a system unit). A Run key value has none: StartNow
// and StopRunning do that on Windows.
func (s Service) Start(uid int) [][]string {
	switch s.Kind {
	case "launchd":
		return [][]string{{"launchctl", "bootstrap", fmt.Sprintf("gui/%d", uid), s.Path}}
	case "run-key":
		return nil
	case "systemd-system":
		return [][]string{{"systemctl", "daemon-reload"}, {"systemctl", "enable", "--now", UnitName}}
	}
	return [][]string{{"systemctl", "--user", "daemon-reload"}, {"systemctl", "--user", "enable", "--now", UnitName}}
}

// Stop is the inverse of Start.
func (s Service) Stop(uid int) [][]string {
	switch s.Kind {
	case "launchd":
		return [][]string{{"launchctl", "bootout", fmt.Sprintf("gui/%d/%s", uid, AgentLabel)}}
	case "run-key":
		return nil
	case "systemd-system":
		return [][]string{{"systemctl", "disable", "--now", UnitName}}
	}
	return [][]string{{"systemctl", "--user", "disable", "--now", UnitName}}
}
