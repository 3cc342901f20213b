package reader

import (
	"os"
	"os/exec"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"feedscout/common/opml"
	"feedscout/common/report/kind"
	"feedscout/tests/fixtureweb"
	"feedscout/tests/internal/harness"
)

// TestReaderNewsboat is the whole path with Debian's newsboat: every
// default fixture site discovered (`discover --json`), the reports into
// OPML (`opml --reader newsboat`), `newsboat -i`, `newsboat -x reload`
// (newsboat fetches the feeds itself and runs `feedscout-host feed` for
// the rest, a JSON Feed included), newsboat's cache read with sqlite3:
// every site whose outcome is feed, news-sitemap, article-sitemap or
// sections has items, each of its subscriptions under the URL the OPML
// gave it; refused and none sites have no subscription at all.
func TestReaderNewsboat(t *testing.T) {
	t.Parallel()
	harness.NewsboatPath(t)
	w := harness.StartWeb(t, fixtureweb.DefaultSites())
	env := harness.FastEnv(w)
	host, err := filepath.EvalSymlinks(harness.HostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	readThrough(t, env, env, []string{"--reader", "newsboat"}, execURL(host))
}

// execURL is newsboat's URL for a subscription of the newsboat flavour:
// an RSS or Atom feed is its own, anything else (a JSON Feed too) the
// exec: line that runs host.
func execURL(host string) func(opml.Subscription) string {
	return func(s opml.Subscription) string {
		if s.Kind == kind.Feed && s.Format != "json" {
			return s.URL
		}
		return "exec:" + opml.NewsboatCommand(host, s.URL)
	}
}

// TestReaderGateway is the same path for the any flavour: newsboat reads
// every news sitemap, article sitemap and section through the loopback
// gateway (`feedscout-host serve`), at the URL `opml --reader any
// --gateway` gave it.
func TestReaderGateway(t *testing.T) {
	t.Parallel()
	harness.NewsboatPath(t)
	w := harness.StartWeb(t, fixtureweb.DefaultSites())
	env := harness.FastEnv(w)
	g := harness.StartGateway(t, env)
	// newsboat asks the gateway on loopback itself: no proxy for it.
	readerEnv := append(append([]string(nil), env...), "NO_PROXY=127.0.0.1", "no_proxy=127.0.0.1")
	readThrough(t, env, readerEnv, []string{"--reader", "any", "--gateway", g.Base}, func(s opml.Subscription) string {
		if s.Kind == kind.Feed {
			return s.URL // a JSON Feed too (docs/readers.md)
		}
		return opml.GatewayURL(g.Base, s.URL)
	})
}

// TestReaderNewsboatHostile is TestReaderNewsboat over the hostile web
// (issue 7): what discovery found there, newsboat reads, and the sites
// that end refused or none give nothing.
func TestReaderNewsboatHostile(t *testing.T) {
	t.Parallel()
	harness.NewsboatPath(t)
	w := harness.StartWeb(t, fixtureweb.HostileSites())
	env := harness.FastEnv(w)
	host, err := filepath.EvalSymlinks(harness.HostBinary(t))
	if err != nil {
		t.Fatal(err)
	}
	readSites(t, fixtureweb.HostileSites(), env, env, []string{"--reader", "newsboat"}, execURL(host))
}

// readThrough discovers every default site with env, writes the OPML with
// opmlArgs, has newsboat (with readerEnv) import and reload it, and checks
// what it read. urlOf is newsboat's URL for a subscription.
func readThrough(t *testing.T, env, readerEnv []string, opmlArgs []string, urlOf func(opml.Subscription) string) {
	readSites(t, fixtureweb.DefaultSites(), env, readerEnv, opmlArgs, urlOf)
}

// readSites is readThrough for the sites given.
func readSites(t *testing.T, all []fixtureweb.Site, env, readerEnv []string, opmlArgs []string, urlOf func(opml.Subscription) string) {
	reports, sites := discoverReports(t, env, all)
	file := writeOPML(t, env, t.TempDir(), reports, opmlArgs...)

	r := harness.NewReader(t, readerEnv)
	// newsboat fetches the feeds itself with libcurl, through the fixture's
	// proxy (https_proxy); libcurl reads only Debian's CA bundle (neither
	// SSL_CERT_FILE nor a newsboat setting names another), so the test
	// CA's certificates are not checked. `feed` and the gateway check them
	// as ever (SSL_CERT_FILE).
	if err := os.WriteFile(filepath.Join(r.Home, "config"), []byte("reload-threads 1\nssl-verifypeer no\nssl-verifyhost no\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(r.Bin, "-u", r.URLs, "-c", r.Cache, "-C", filepath.Join(r.Home, "config"), "-i", file)
	cmd.Env = r.Env
	if out, err := cmd.CombinedOutput(); err != nil {
		t.Fatalf("newsboat -i: %v\n%s", err, out)
	}
	imported := map[string]bool{}
	for _, u := range newsboatURLs(t, r.URLs) {
		imported[u] = true
	}
	r.Reload(t)
	got := harness.ByFeed(r.Items(t))
	newsboatURL := urlOf
	known := map[string]bool{}
	names := make([]string, 0, len(sites))
	for name := range sites {
		names = append(names, name)
	}
	sort.Strings(names)
	for _, name := range names {
		s := sites[name]
		if !followed(s.rep.Outcome) {
			if len(s.subs) != 0 {
				t.Errorf("%s (%s): %d subscriptions, want none", name, s.rep.Outcome, len(s.subs))
			}
			continue
		}
		if len(s.subs) == 0 {
			t.Errorf("%s (%s): no subscription", name, s.rep.Outcome)
			continue
		}
		checked := map[string]bool{}
		for _, f := range s.rep.Feeds {
			checked[f.URL] = f.Checked
		}
		total, readable := 0, 0
		for _, sub := range s.subs {
			u := newsboatURL(sub)
			known[u] = true
			n := len(got[u])
			total += n
			t.Logf("%-22s %-15s %3d items  %s", name, sub.Kind, n, sub.URL)
			for _, it := range got[u] {
				if it.Title == "" || it.URL == "" {
					t.Errorf("%s: item without title or link in %s: %+v", name, sub.URL, it)
				}
			}
			if !imported[u] {
				t.Errorf("%s: %s was not imported", name, u)
			}
			// newsboat 2.21 reads RSS and Atom, not JSON Feed
			// (docs/readers.md): a JSON Feed newsboat fetches itself (the
			// any flavour) is imported, and stays empty; through `feed`
			// (the newsboat flavour) it has its items. A feed discovery
			// did not read itself (a DOCTYPE, which feedscout does not
			// parse) is the reader's to judge.
			if sub.Kind == kind.Feed && u == sub.URL && (sub.Format == "json" || !checked[sub.URL]) {
				t.Logf("%-22s   (not counted: %s)", "", map[bool]string{true: "JSON Feed", false: "not read by discovery"}[sub.Format == "json"])
				continue
			}
			readable++
			// A feed, a news sitemap and an article sitemap always have
			// entries on this web; a section page may have none (the
			// articles of sections-home are linked from every section,
			// and newsboat keeps an item under one feed only).
			if n == 0 && sub.Kind != kind.Section {
				t.Errorf("%s: newsboat has no items of %s %s", name, sub.Kind, sub.URL)
			}
		}
		if total == 0 && readable > 0 {
			t.Errorf("%s (%s): newsboat has no items of its %d subscriptions", name, s.rep.Outcome, len(s.subs))
		}
	}
	for u := range got {
		if !known[u] {
			t.Errorf("newsboat has items of %q, which no subscription gave", u)
		}
	}
	for u := range imported {
		if !known[u] {
			t.Errorf("newsboat imported %q, which no subscription gave", u)
		}
	}
	if len(imported) != len(known) {
		t.Errorf("newsboat imported %d URLs for %d subscriptions", len(imported), len(known))
	}
}

// newsboatURLs lists the URLs of a newsboat urls file: the first word of
// each line, a quoted one unquoted (newsboat writes "exec:... \"x\"").
func newsboatURLs(t testing.TB, file string) []string {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, line := range strings.Split(string(data), "\n") {
		line = strings.TrimSpace(line)
		switch {
		case line == "" || strings.HasPrefix(line, "#"):
		case strings.HasPrefix(line, `"`):
			end := 1
			for end < len(line) && (line[end] != '"' || line[end-1] == '\\') {
				end++
			}
			out = append(out, strings.ReplaceAll(line[1:end], `\"`, `"`))
		default:
			out = append(out, strings.Fields(line)[0])
		}
	}
	return out
}
