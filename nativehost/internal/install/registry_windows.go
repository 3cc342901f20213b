package install

import (
	"errors"
	"fmt"

	"golang.org/x/sys/windows/registry"
)

// setKey creates HKEY_CURRENT_USER\key with value as its default value.
func setKey(key, value string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, key, registry.SET_VALUE|registry.QUERY_VALUE)
	if err != nil {
		return fmt.Errorf("create registry key HKCU\\%s: %w", key, err)
	}
	defer k.Close()
	if err := k.SetStringValue("", value); err != nil {
		return fmt.Errorf("set registry key HKCU\\%s: %w", key, err)
	}
	return nil
}

// readKey reads the default value of HKEY_CURRENT_USER\key; ok is false
// when there is no such key.
func readKey(key string) (value string, ok bool, err error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("open registry key HKCU\\%s: %w", key, err)
	}
	defer k.Close()
	v, _, err := k.GetStringValue("")
	if err != nil && !errors.Is(err, registry.ErrNotExist) {
		return "", true, fmt.Errorf("read registry key HKCU\\%s: %w", key, err)
	}
	return v, true, nil
}

// deleteKey removes HKEY_CURRENT_USER\key (which has no subkeys); false
// when there was none.
func deleteKey(key string) (bool, error) {
	err := registry.DeleteKey(registry.CURRENT_USER, key)
	if errors.Is(err, registry.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("delete registry key HKCU\\%s: %w", key, err)
	}
	return true, nil
}

// setValue sets the named string value of HKEY_CURRENT_USER\key, creating
// the key.
func setValue(key, name, value string) error {
	k, _, err := registry.CreateKey(registry.CURRENT_USER, key, registry.SET_VALUE)
	if err != nil {
		return fmt.Errorf("create registry key HKCU\\%s: %w", key, err)
	}
	defer k.Close()
	if err := k.SetStringValue(name, value); err != nil {
		return fmt.Errorf("set %s in HKCU\\%s: %w", name, key, err)
	}
	return nil
}

// readValue reads the named string value of HKEY_CURRENT_USER\key; ok is
// false when there is none.
func readValue(key, name string) (value string, ok bool, err error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.QUERY_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("open registry key HKCU\\%s: %w", key, err)
	}
	defer k.Close()
	v, _, err := k.GetStringValue(name)
	if errors.Is(err, registry.ErrNotExist) {
		return "", false, nil
	}
	if err != nil {
		return "", false, fmt.Errorf("read %s in HKCU\\%s: %w", name, key, err)
	}
	return v, true, nil
}

// deleteValue removes the named value of HKEY_CURRENT_USER\key; false
// when there was none.
func deleteValue(key, name string) (bool, error) {
	k, err := registry.OpenKey(registry.CURRENT_USER, key, registry.SET_VALUE)
	if errors.Is(err, registry.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("open registry key HKCU\\%s: %w", key, err)
	}
	defer k.Close()
	err = k.DeleteValue(name)
	if errors.Is(err, registry.ErrNotExist) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("delete %s in HKCU\\%s: %w", name, key, err)
	}
	return true, nil
}
