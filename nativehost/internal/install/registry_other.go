//go:build !windows

package install

import "errors"

// errNoRegistry is what the registry functions answer off Windows: only a
// Windows target (Browser.Key, a "run-key" Service) calls them.
var errNoRegistry = errors.New("the Windows registry exists only on Windows")

func setKey(key, value string) error                   { return errNoRegistry }
func readKey(key string) (string, bool, error)         { return "", false, errNoRegistry }
func deleteKey(key string) (bool, error)               { return false, errNoRegistry }
func setValue(key, name, value string) error           { return errNoRegistry }
func readValue(key, name string) (string, bool, error) { return "", false, errNoRegistry }
func deleteValue(key, name string) (bool, error)       { return false, errNoRegistry }
