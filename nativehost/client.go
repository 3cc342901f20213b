package main

import (
	"fmt"
	"os"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
)

// pauseEnv names the environment variable that shortens the pause between
// requests to one site (a Go duration such as 20ms), for tests that do not
// check pacing.
const pauseEnv = "FEEDSCOUT_PAUSE"

// newClient builds the one polite client of this process: every discovery
// and section request goes through it, so two of them on one site share
// its pacing and budget. Its pacing holds across processes too, through
// the state folder every feedscout process shares (docs/following.md);
// without one (no home folder) it is process-wide.
func newClient(allowPrivate bool) (*fetch.Client, error) {
	return newClientWith(fetch.Options{AllowPrivate: allowPrivate})
}

// newClientWith is newClient for a caller that sets more of o (a check's
// larger body cap): o with the process's usual options added, the shared
// state folder and FEEDSCOUT_PAUSE.
func newClientWith(o fetch.Options) (*fetch.Client, error) {
	if dir, err := follow.DefaultStateDir(); err == nil {
		o.StateDir = dir
	}
	if s := os.Getenv(pauseEnv); s != "" {
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return nil, fmt.Errorf("%s=%q: not a duration such as 20ms", pauseEnv, s)
		}
		o.Pause = d
	}
	return fetch.New(o), nil
}
