package main

import (
	"fmt"
	"os"
	"time"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
)

// The environment variables tests set to shorten the waits of every
// command (Go durations): pauseEnv the pause between requests to one site
// ("0" for none), for tests that do not check pacing; timeoutEnv the
// per-request timeout, for tests of slow servers.
const (
	pauseEnv   = "FEEDSCOUT_PAUSE"
	timeoutEnv = "FEEDSCOUT_TIMEOUT"
)

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
// state folder and the test variables (envOptions).
func newClientWith(o fetch.Options) (*fetch.Client, error) {
	if dir, err := follow.DefaultStateDir(); err == nil {
		o.StateDir = dir
	}
	if err := envOptions(&o); err != nil {
		return nil, err
	}
	return fetch.New(o), nil
}

// envOptions applies FEEDSCOUT_PAUSE and FEEDSCOUT_TIMEOUT to o, with one
// meaning for every command: a pause of 0 is no pause at all (fetch's
// Pause < 0), not fetch's default.
func envOptions(o *fetch.Options) error {
	for _, v := range []struct {
		env string
		to  *time.Duration
	}{{pauseEnv, &o.Pause}, {timeoutEnv, &o.Timeout}} {
		s := os.Getenv(v.env)
		if s == "" {
			continue
		}
		d, err := time.ParseDuration(s)
		if err != nil || d < 0 {
			return fmt.Errorf("%s=%q: not a duration such as 20ms", v.env, s)
		}
		*v.to = d
		if d == 0 && v.env == pauseEnv {
			*v.to = -1
		}
	}
	return nil
}
