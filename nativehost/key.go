package main

import (
	"flag"
	"fmt"
	"io"

	"feedscout/nativehost/internal/follow"
	"feedscout/nativehost/internal/gateway"
)

// stateDir is --state, or the user's default state folder.
func stateDir(state string) (string, error) {
	if state != "" {
		return state, nil
	}
	return follow.DefaultStateDir()
}

// runKey prints the gateway's key (made on first use), replaces it
// (--rotate) or takes one (--set KEY): the key signs the gateway's source
// URLs and is the password of its status page.
func runKey(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("key", flag.ContinueOnError)
	fs.SetOutput(stderr)
	state := fs.String("state", "", "state folder (default $XDG_STATE_HOME/feedscout or ~/.local/state/feedscout)")
	rotate := fs.Bool("rotate", false, "replace the key with a new random one")
	set := fs.String("set", "", "take this key (as another machine's `feedscout-host key` printed it)")
	const use = "usage: feedscout-host key [--state DIR] [--rotate | --set KEY]"
	if fs.Parse(args) != nil || fs.NArg() != 0 || (*rotate && *set != "") {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	dir, err := stateDir(*state)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host key: %v\n", err)
		return exitFail
	}
	var k gateway.Key
	switch {
	case *set != "":
		if k, err = gateway.ParseKey(*set); err != nil {
			fmt.Fprintf(stderr, "feedscout-host key --set: %v\n", err)
			return exitUsage
		}
		err = gateway.SaveKey(dir, k)
	case *rotate:
		if k, err = gateway.NewKey(); err == nil {
			err = gateway.SaveKey(dir, k)
		}
	default:
		k, err = gateway.LoadKey(dir, true)
	}
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host key: %v\n", err)
		return exitFail
	}
	if *set != "" || *rotate {
		fmt.Fprintf(stderr, "feedscout-host key: the gateway's key in %s is new: every URL signed with the old key stops working (403) once the gateway restarts; sign them again (feedscout-host sign, or export the OPML again), and give the new key to the extension's settings.\n", dir)
	}
	fmt.Fprintln(stdout, k)
	return exitOK
}
