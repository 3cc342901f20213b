package follow

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"time"

	"feedscout/common/report/kind"
	"feedscout/nativehost/internal/fetch"
)

// stateVersion is written into every state file; a file of another
// version is read as no state (followed afresh), never misread.
const stateVersion = 1

// DefaultStateDir is where state lives unless --state says otherwise:
// $XDG_STATE_HOME/feedscout, else ~/.local/state/feedscout (the XDG Base
// Directory default, used on macOS too); on Windows
// %LOCALAPPDATA%\feedscout, the per-user, per-machine folder Windows
// keeps for such state (not roamed between machines).
func DefaultStateDir() (string, error) {
	if runtime.GOOS == "windows" {
		d := os.Getenv("LOCALAPPDATA")
		if d == "" || !filepath.IsAbs(d) {
			return "", errors.New("find the state folder: LOCALAPPDATA is not set to an absolute path")
		}
		return filepath.Join(d, "feedscout"), nil
	}
	if d := os.Getenv("XDG_STATE_HOME"); d != "" && filepath.IsAbs(d) {
		return filepath.Join(d, "feedscout"), nil
	}
	home, err := os.UserHomeDir()
	if err != nil {
		return "", fmt.Errorf("find the state folder: %w", err)
	}
	return filepath.Join(home, ".local", "state", "feedscout"), nil
}

// Statuses of a source.
const (
	StatusNew     = "new"     // never fetched successfully
	StatusOK      = "ok"      // the last fetch gave entries (or 304)
	StatusFailing = "failing" // the last fetch failed: last good entries kept, backing off
	StatusGone    = "gone"    // answered 410: never fetched again
)

// Entry is one article of a followed source.
type Entry struct {
	URL   string `json:"url"`
	Title string `json:"title"`
	// Summary is the entry's summary as plain text: a JSON Feed item's
	// (sitemaps and section pages have none).
	Summary string `json:"summary,omitempty"`
	// Published is the article's date: news:publication_date, lastmod,
	// a JSON Feed item's date, or for a section page (and an undated JSON
	// Feed item) when feedscout first saw the link.
	Published time.Time `json:"published"`
}

// State is everything kept for one source, in
// STATE/sources/ID.json (ID: the first 32 hex digits of the SHA-256 of
// the source URL).
type State struct {
	Version int             `json:"version"`
	Source  string          `json:"source"`         // the URL asked for
	URL     string          `json:"url"`            // where it is fetched now (after permanent redirects)
	Kind    kind.SourceKind `json:"kind,omitempty"` // kind.NewsSitemap, kind.ArticleSitemap, kind.Section or kind.JSONFeed
	Title   string          `json:"title,omitempty"`
	Status  string          `json:"status"`

	ETag         string `json:"etag,omitempty"`
	LastModified string `json:"last_modified,omitempty"`

	Created   time.Time `json:"created"`
	LastFetch time.Time `json:"last_fetch,omitzero"` // the last request made for it
	LastOK    time.Time `json:"last_ok,omitzero"`    // the last fetch that gave its entries (200 or 304)
	NextFetch time.Time `json:"next_fetch,omitzero"` // no request before this
	// Result is how the last fetch ended: an HTTP status, a fetch word
	// (timeout, robots-disallow...), or "skipped: unchanged in the sections
	// sitemap".
	Result   string `json:"result,omitempty"`
	Failures int    `json:"failures,omitempty"` // consecutive failed fetches
	Problem  string `json:"problem,omitempty"`  // what went wrong last, a sentence
	Moved    string `json:"moved,omitempty"`    // the permanent redirect followed, a sentence
	// Refused is set when the URL turned out to be nothing to follow
	// ("already-feed", "not-a-source"); Problem says why.
	Refused string `json:"refused,omitempty"`
	// SitemapLastmod is, for a section, its lastmod in the site's sections
	// sitemap when it was last fetched.
	SitemapLastmod time.Time `json:"sitemap_lastmod,omitzero"`
	// Requests counts the requests made for this source's own URL
	// (redirect hops included; robots.txt, shared by the site, is not).
	Requests int `json:"requests"`
	// Downloads counts the full answers (200) among them.
	Downloads int `json:"downloads"`

	Entries []Entry `json:"entries"`
}

// sourceID is the file name of a source's state.
func sourceID(source string) string {
	sum := sha256.Sum256([]byte(source))
	return hex.EncodeToString(sum[:16])
}

func (f *Follower) sourcePath(source string) string {
	return filepath.Join(f.dir, "sources", sourceID(source)+".json")
}

// loadState reads a source's state; a missing, unreadable or foreign file
// is a new source.
func (f *Follower) loadState(source string) *State {
	st := &State{Version: stateVersion, Source: source, URL: source, Status: StatusNew, Created: f.now(), Entries: []Entry{}}
	b, err := os.ReadFile(f.sourcePath(source))
	if err != nil {
		return st
	}
	var old State
	if json.Unmarshal(b, &old) != nil || old.Version != stateVersion || old.Source != source {
		return st
	}
	if old.Entries == nil {
		old.Entries = []Entry{}
	}
	return &old
}

// saveState writes a source's state atomically.
func (f *Follower) saveState(st *State) error {
	b, err := json.MarshalIndent(st, "", " ")
	if err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	if err := fetch.WriteFileAtomic(f.sourcePath(st.Source), b); err != nil {
		return fmt.Errorf("save state: %w", err)
	}
	return nil
}

// lockSource takes the source's lock: first this process's (so concurrent
// requests for one source queue here and then find it fetched), then the
// machine's (a flock on STATE/sources/ID.lock, for other processes).
func (f *Follower) lockSource(ctx context.Context, source string) (func(), error) {
	f.mu.Lock()
	ch := f.locks[source]
	if ch == nil {
		ch = make(chan struct{}, 1)
		f.locks[source] = ch
	}
	f.mu.Unlock()
	select {
	case ch <- struct{}{}:
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	lf, err := fetch.LockFile(ctx, strings.TrimSuffix(f.sourcePath(source), ".json")+".lock")
	if err != nil {
		<-ch
		return nil, fmt.Errorf("lock source state: %w", err)
	}
	return func() { lf.Close(); <-ch }, nil
}

// States returns the state of every source kept in the state folder,
// oldest first: what the gateway's status page and /opml list.
func (f *Follower) States() ([]*State, error) {
	dir := filepath.Join(f.dir, "sources")
	ents, err := os.ReadDir(dir)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("list sources: %w", err)
	}
	var out []*State
	for _, e := range ents {
		if !strings.HasSuffix(e.Name(), ".json") || strings.HasPrefix(e.Name(), ".") {
			continue
		}
		b, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			continue
		}
		var st State
		if json.Unmarshal(b, &st) != nil || st.Version != stateVersion || sourceID(st.Source)+".json" != e.Name() {
			continue
		}
		out = append(out, &st)
	}
	sort.SliceStable(out, func(i, j int) bool {
		if !out[i].Created.Equal(out[j].Created) {
			return out[i].Created.Before(out[j].Created)
		}
		return out[i].Source < out[j].Source
	})
	return out, nil
}
