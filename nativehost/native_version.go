package main

import "feedscout/nativehost/internal/message"

// handleVersion answers a native messaging version request: the host's
// version and its absolute path (left out when path is "").
func handleVersion(path string) *message.Reply {
	return &message.Reply{Version: version, Path: path}
}
