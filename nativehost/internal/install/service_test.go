package install

import (
	"bytes"
	"encoding/xml"
	"strings"
	"testing"
)

// TestLaunchdAgent: the macOS agent is a property list naming the label,
// the full command line (escaped by encoding/xml), RunAtLoad and KeepAlive.
func TestLaunchdAgent(t *testing.T) {
	s, err := GatewayService("darwin", "/Users/ann", "", "/Applications/feed scout/feedscout-host", []string{"--addr", "127.0.0.1:8765", "--state", "/Users/ann/a&b"})
	if err != nil {
		t.Fatal(err)
	}
	if s.Kind != "launchd" || s.Path != "/Users/ann/Library/LaunchAgents/dev.feedscout.gateway.plist" {
		t.Errorf("kind %q path %q", s.Kind, s.Path)
	}
	// Read the dict back as key/value tokens.
	d := xml.NewDecoder(bytes.NewReader(s.Body))
	d.Strict = false // the DOCTYPE is fine; no entities are used
	var keys, strs []string
	var last string
	for {
		tok, err := d.Token()
		if err != nil {
			break
		}
		switch v := tok.(type) {
		case xml.StartElement:
			last = v.Name.Local
			if last == "true" || last == "false" {
				strs = append(strs, last)
			}
		case xml.CharData:
			if t := strings.TrimSpace(string(v)); t != "" {
				if last == "key" {
					keys = append(keys, t)
				} else if last == "string" {
					strs = append(strs, t)
				}
			}
		}
	}
	if got := strings.Join(keys, ","); got != "Label,ProgramArguments,RunAtLoad,KeepAlive,SuccessfulExit,StandardErrorPath,ProcessType" {
		t.Errorf("keys %s", got)
	}
	want := "dev.feedscout.gateway,/Applications/feed scout/feedscout-host,serve,--addr,127.0.0.1:8765,--state,/Users/ann/a&b,true,false,/Users/ann/Library/Logs/feedscout-gateway.log,Background"
	if got := strings.Join(strs, ","); got != want {
		t.Errorf("values\n %s\nwant\n %s", got, want)
	}
}

// TestSystemdQuoting: spaces, quotes, backslashes and % survive systemd's
// command-line syntax.
func TestSystemdQuoting(t *testing.T) {
	s, err := GatewayService("linux", "/home/ann", "", `/opt/feed scout/host`, []string{"--state", `/home/ann/100% "x"\y`})
	if err != nil {
		t.Fatal(err)
	}
	if s.Path != "/home/ann/.config/systemd/user/feedscout-gateway.service" {
		t.Errorf("path %s", s.Path)
	}
	if !strings.Contains(string(s.Body), `ExecStart="/opt/feed scout/host" "serve" "--state" "/home/ann/100%% \"x\"\\y"`+"\n") {
		t.Errorf("unit:\n%s", s.Body)
	}
	if _, err := GatewayService("windows", "C:\\", "", "/x", nil); err == nil {
		t.Error("windows: no error")
	}
}
