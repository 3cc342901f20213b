//go:build !windows

package install

import "errors"

// errWindowsOnly is what StartNow and StopRunning answer off Windows, where
// the service manager (systemd, launchd) starts and stops the gateway.
var errWindowsOnly = errors.New("starting the gateway without a service manager is for Windows only")

// StartNow starts the gateway at once on Windows; elsewhere the service
// manager does (Service.Start).
func StartNow(argv []string) error { return errWindowsOnly }

// StopRunning ends the running gateways on Windows; elsewhere the service
// manager does (Service.Stop).
func StopRunning(hostPath string) (int, error) { return 0, errWindowsOnly }
