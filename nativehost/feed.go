package main

import (
	"bufio"
	"context"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
)

// followFlags are the flags feed and serve share.
type followFlags struct {
	state        *string
	interval     *time.Duration
	allowPrivate *bool
}

func addFollowFlags(fs *flag.FlagSet) followFlags {
	return followFlags{
		state:        fs.String("state", "", "state folder (default $XDG_STATE_HOME/feedscout or ~/.local/state/feedscout)"),
		interval:     fs.Duration("min-interval", follow.DefaultMinInterval, "least time between two fetches of one source"),
		allowPrivate: fs.Bool("allow-private", false, "allow requests to loopback and private addresses"),
	}
}

// follower builds the process's follower: its polite client shares pacing
// and robots.txt with every feedscout process using the same state folder.
func (ff followFlags) follower() (*follow.Follower, error) {
	if *ff.interval <= 0 {
		return nil, fmt.Errorf("--min-interval %v: give a positive duration such as 15m", *ff.interval)
	}
	// Pacing and robots.txt are shared through the user's default state
	// folder whatever --state says: a native host the browser starts
	// knows only that one, and the gateway's pacing must hold against it.
	shared, err := follow.DefaultStateDir()
	dir := *ff.state
	switch {
	case err != nil && dir == "":
		return nil, err
	case err != nil:
		shared = dir
	case dir == "":
		dir = shared
	}
	o := follow.ClientOptions(shared, *ff.allowPrivate)
	if err := envOptions(&o); err != nil {
		return nil, err
	}
	timeout := o.Timeout
	if timeout <= 0 {
		timeout = fetch.DefaultTimeout
	}
	return follow.New(follow.Options{Client: fetch.New(o), StateDir: dir, MinInterval: *ff.interval, Timeout: timeout})
}

// runFeed turns one source without a feed into a feed on stdout.
func runFeed(args []string, stdout, stderr io.Writer) int {
	fs := flag.NewFlagSet("feed", flag.ContinueOnError)
	fs.SetOutput(stderr)
	format := fs.String("format", follow.FormatAtom, "atom or json")
	ff := addFollowFlags(fs)
	const use = "usage: feedscout-host feed [--format atom|json] [--state DIR] [--min-interval D] [--allow-private] URL"
	if fs.Parse(args) != nil || fs.NArg() != 1 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	if *format != follow.FormatAtom && *format != follow.FormatJSON {
		fmt.Fprintf(stderr, "feedscout-host feed: unknown format %q (atom or json)\n%s\n", *format, use)
		return exitUsage
	}
	f, err := ff.follower()
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host feed: %v\n", err)
		return exitUsage
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	res, err := f.Feed(ctx, fs.Arg(0))
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host feed: %v\n", err)
		return exitFail
	}
	w := bufio.NewWriter(stdout)
	if err := follow.Write(w, res.State, *format, ""); err != nil {
		fmt.Fprintf(stderr, "feedscout-host feed: %v\n", err)
		return exitFail
	}
	if err := w.Flush(); err != nil {
		fmt.Fprintf(stderr, "feedscout-host feed: write the feed: %v\n", err)
		return exitFail
	}
	return exitOK
}
