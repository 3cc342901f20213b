package classify

import (
	"net/url"
	"strings"
	"sync"
)

// Platform feeds: feeds a platform serves whether or not its page
// advertises them, derived from the page's URL (or its canonical link, or
// the channel id YouTube writes into a watch page) with no request. Each
// rule is one row of platformRules, data rather than code so that the
// WebAssembly module carries strings, not functions (docs/platforms.md).
//
// A rule's host is a list of hosts, space-separated: "youtube.com" is
// that host exactly, "*.medium.com" any one-label subdomain of it but www
// (captured as {h}), "cms:substack" any host whose page names that CMS
// (detectCMS). Its path is a pattern of segments, matched against the
// URL's path with trailing slashes ignored: a literal matches in any case,
// "*" any one segment and "#" a segment of digits (captured as {1}, {2},
// ...), "UC*" or "@*" a segment with that prefix (the rest captured; the
// prefix is case-sensitive), "**" at the end any further segments, and a
// last "?key" a non-empty query value of letters, digits, "-" and "_"
// (captured like a segment). A row
// with an empty host and path is one more feed of the row before it,
// derived when that one is. not lists words the first capture must not
// be, in any case (a platform's own pages: github.com/settings). feed is
// the feed's URL, its captures written into it, with {host} for the
// page's host; a row without one derives nothing from the URL (the page
// names its feed) but still marks the platform's page for the toolbar
// icon (PlatformPatterns).
type platformRule struct {
	name, host, path, not, format, feed string
}

// The hosts of the platforms the rules know, written once.
const (
	hostsYouTube  = "youtube.com www.youtube.com m.youtube.com music.youtube.com"
	hostsGitHub   = "github.com www.github.com"
	hostsGitLab   = "gitlab.com www.gitlab.com"
	hostsReddit   = "reddit.com www.reddit.com old.reddit.com new.reddit.com np.reddit.com m.reddit.com"
	hostsMedium   = "medium.com www.medium.com"
	hostsStack    = "stackoverflow.com superuser.com serverfault.com askubuntu.com mathoverflow.net stackapps.com *.stackexchange.com"
	hostsMastodon = "mastodon.social mastodon.online mstdn.social mas.to fosstodon.org hachyderm.io infosec.exchange mastodon.world"
	// githubReserved are first path segments GitHub keeps for itself:
	// never a user or an organisation (github.com/settings,
	// /topics/go, /features/actions, ...).
	githubReserved = "about account apps blog codespaces collections contact copilot customer-stories dashboard enterprise events explore features gist issues join login logout marketplace new notifications orgs organizations pricing pulls readme search security sessions settings signup site sponsors stars team topics trending"
	// gitlabReserved are GitLab's own first segments (gitlab.com/explore,
	// /help, /users/sign_in, /-/...).
	gitlabReserved = "- admin dashboard explore groups help projects search snippets users"
	// mediumReserved are Medium's own pages, never a publication.
	mediumReserved = "about archive creators feed jobs m me membership plans policy search signin tag topic topics"
	// letterboxdReserved are Letterboxd's own pages, never a member.
	letterboxdReserved = "about activity actor apps cast crew director film films journal legal list lists members pro search settings showdown sign-in studio tag welcome year"
)

// platformRules are the rules, tried in order; for one page each platform
// gives the feeds of its first row whose pattern matches (with the rows
// that continue it). Sources, one per platform, in the comment after the
// table and in docs/platforms.md.
var platformRules = [...]platformRule{
	// YouTube: a channel's uploads, and its videos, shorts and live
	// playlists (UULF, UUSH, UULV + the id after "UC"; Miniflux
	// finder.go); a playlist, and a watch page playing one.
	{"youtube-channel", hostsYouTube, "/channel/UC*/**", "", "atom", "https://www.youtube.com/feeds/videos.xml?channel_id=UC{1}"},
	{"youtube-videos", "", "", "", "atom", "https://www.youtube.com/feeds/videos.xml?playlist_id=UULF{1}"},
	{"youtube-shorts", "", "", "", "atom", "https://www.youtube.com/feeds/videos.xml?playlist_id=UUSH{1}"},
	{"youtube-live", "", "", "", "atom", "https://www.youtube.com/feeds/videos.xml?playlist_id=UULV{1}"},
	{"youtube-playlist", hostsYouTube + " youtu.be", "/playlist?list", "", "atom", "https://www.youtube.com/feeds/videos.xml?playlist_id={1}"},
	{"youtube-playlist", hostsYouTube, "/watch?list", "", "atom", "https://www.youtube.com/feeds/videos.xml?playlist_id={1}"},
	{"youtube-playlist", "youtu.be", "*?list", "", "atom", "https://www.youtube.com/feeds/videos.xml?playlist_id={2}"},
	// An @handle page and a watch page name their channel only in the
	// page (canonical link, channelId: pageAliases): rows with no feed,
	// for the toolbar icon's URL patterns (PlatformPatterns).
	{"youtube-handle", hostsYouTube, "/@*/**", "", "", ""},
	{"youtube-watch", hostsYouTube, "/watch", "", "", ""},
	// GitHub: a releases or tags page's own feed first, then a
	// repository's commits, releases and tags (Miniflux's order), a user's
	// or an organisation's activity.
	{"github-releases", hostsGitHub, "/*/*/releases/**", githubReserved, "atom", "https://github.com/{1}/{2}/releases.atom"},
	{"github-tags", hostsGitHub, "/*/*/tags/**", githubReserved, "atom", "https://github.com/{1}/{2}/tags.atom"},
	{"github-commits", hostsGitHub, "/*/*", githubReserved, "atom", "https://github.com/{1}/{2}/commits.atom"},
	{"github-releases", "", "", "", "atom", "https://github.com/{1}/{2}/releases.atom"},
	{"github-tags", "", "", "", "atom", "https://github.com/{1}/{2}/tags.atom"},
	{"github-user", hostsGitHub, "/*", githubReserved, "atom", "https://github.com/{1}.atom"},
	// GitLab: a project's activity and tags, a user's activity.
	{"gitlab-project", hostsGitLab, "/*/*", gitlabReserved, "atom", "https://gitlab.com/{1}/{2}.atom"},
	{"gitlab-tags", "", "", "", "atom", "https://gitlab.com/{1}/{2}/-/tags?format=atom"},
	{"gitlab-project", hostsGitLab, "/*/*/-/**", gitlabReserved, "atom", "https://gitlab.com/{1}/{2}.atom"},
	{"gitlab-user", hostsGitLab, "/*", gitlabReserved, "atom", "https://gitlab.com/{1}.atom"},
	// Reddit: a comment thread, a subreddit, a user (the same path +
	// .rss, on any of Reddit's hosts).
	{"reddit-thread", hostsReddit, "/r/*/comments/*/**", "", "atom", "https://www.reddit.com/r/{1}/comments/{2}/.rss"},
	{"reddit-subreddit", hostsReddit, "/r/*/**", "", "atom", "https://www.reddit.com/r/{1}/.rss"},
	{"reddit-user", hostsReddit, "/user/*/**", "", "atom", "https://www.reddit.com/user/{1}/.rss"},
	{"reddit-user", hostsReddit, "/u/*/**", "", "atom", "https://www.reddit.com/user/{1}/.rss"},
	// Medium: a user, a tag, a publication on medium.com or on its own
	// subdomain.
	{"medium-user", hostsMedium, "/@*/**", "", "rss", "https://medium.com/feed/@{1}"},
	{"medium-tag", hostsMedium, "/tag/*/**", "", "rss", "https://medium.com/feed/tag/{1}"},
	{"medium-publication", hostsMedium, "/*/**", mediumReserved, "rss", "https://medium.com/feed/{1}"},
	{"medium-publication", "*.medium.com", "/**", "", "rss", "https://{h}.medium.com/feed"},
	// Substack, Tumblr, Blogger: one feed per publication, on its
	// subdomain or (by the page's CMS) its own domain.
	{"substack", "*.substack.com cms:substack", "/**", "", "rss", "https://{host}/feed"},
	{"tumblr", "*.tumblr.com cms:tumblr", "/**", "", "rss", "https://{host}/rss"},
	{"tumblr", "www.tumblr.com tumblr.com", "/*/**", "about dashboard explore login register search settings tagged", "rss", "https://{1}.tumblr.com/rss"},
	{"blogger", "*.blogspot.com cms:blogger", "/**", "", "atom", "https://{host}/feeds/posts/default"},
	// Vimeo: a channel's videos.
	{"vimeo-channel", "vimeo.com www.vimeo.com", "/channels/*/**", "", "rss", "https://vimeo.com/channels/{1}/videos/rss"},
	// Stack Exchange: one question and its answers.
	{"stackexchange-question", hostsStack, "/questions/#/**", "", "atom", "https://{host}/feeds/question/{1}"},
	// Steam: a store app's news.
	{"steam-app", "store.steampowered.com", "/app/#/**", "", "rss", "https://store.steampowered.com/feeds/news/app/{1}/"},
	// arXiv: a listing's new submissions.
	{"arxiv-listing", "arxiv.org www.arxiv.org", "/list/*/**", "", "rss", "https://rss.arxiv.org/rss/{1}"},
	// Letterboxd: a member's diary.
	{"letterboxd-user", "letterboxd.com www.letterboxd.com", "/*/**", letterboxdReserved, "rss", "https://letterboxd.com/{1}/rss/"},
	// Mastodon (the largest instances; the others' profile pages
	// advertise their feed) and Bluesky: a profile's posts.
	{"mastodon-profile", hostsMastodon, "/@*/**", "", "rss", "https://{host}/@{1}.rss"},
	{"bluesky-profile", "bsky.app", "/profile/*/**", "", "rss", "https://bsky.app/profile/{1}/rss"},
}

// Where each platform's rule comes from (also in docs/platforms.md):
//
//   - YouTube, GitHub: Miniflux, internal/reader/subscription/finder.go
//     (findSubscriptionsFromYouTube, findSubscriptionsFromGitHub) and its
//     finder_test.go; YouTube's feeds.xml is documented in YouTube Data
//     API's "Subscribing to Push Notifications"; GitHub's feeds in its
//     docs' "Viewing your subscriptions" and the Atom links of its
//     releases and tags pages.
//   - GitLab: docs.gitlab.com, "RSS feeds" (user and project activity,
//     tags).
//   - Reddit: reddit.com/wiki/rss ("add .rss to the end of the URL").
//   - Medium: help.medium.com, "RSS feeds on Medium".
//   - Substack: support.substack.com, "Does Substack have an RSS feed?"
//     (/feed); Tumblr: help.tumblr.com, "RSS" (/rss); Blogger:
//     support.google.com/blogger, "Blog feeds" (/feeds/posts/default).
//   - Vimeo: Get RSS Feed URL's rules (channels/NAME/videos/rss).
//   - Stack Exchange: the "question feed" link each question page shows.
//   - Steam: the RSS link of a store app's news hub.
//   - arXiv: info.arxiv.org, "RSS feeds" (rss.arxiv.org/rss/CATEGORY).
//   - Letterboxd: the RSS link of a member's profile (/NAME/rss/).
//   - Mastodon: docs.joinmastodon.org, "RSS" (/@NAME.rss); Bluesky: the
//     RSS link of a profile page (bsky.app/profile/HANDLE/rss).
//
// platformFeeds derives the platform feeds of a page at pu, from its URL
// and the other URLs the page says it is (its canonical link, resolved;
// YouTube's channel id), each once, in rule order per URL.
func platformFeeds(pu *url.URL, cms string, also []*url.URL) []Feed {
	var out []Feed
	seen := map[string]bool{}
	for _, u := range append([]*url.URL{pu}, also...) {
		if u == nil {
			continue
		}
		for _, f := range derive(u, cms) {
			if !seen[f.URL] {
				seen[f.URL] = true
				out = append(out, f)
			}
		}
	}
	return out
}

// derive applies platformRules to one URL: for each platform (a row with
// hosts), its first matching row and the rows that continue it.
func derive(u *url.URL, cms string) []Feed {
	host := strings.ToLower(u.Hostname())
	if !onPlatform(host, cms) {
		return nil // most pages: no rule's host, one map look-up
	}
	segs := strings.FieldsFunc(u.EscapedPath(), func(r rune) bool { return r == '/' })
	q := params(u.RawQuery)
	var out []Feed
	var caps []string
	matched, done := false, ""
	for i := range platformRules {
		r := &platformRules[i]
		if r.host == "" && r.path == "" {
			if matched {
				out = appendDerived(out, r, host, caps)
			}
			continue
		}
		matched = false
		sub, ok := matchHost(r.host, host, cms)
		if !ok || done == platformOf(r.name) {
			continue
		}
		c, ok := matchPath(r.path, segs, q)
		if !ok || (len(c) > 0 && r.not != "" && hasWord(r.not, c[0])) {
			continue
		}
		caps = append([]string{sub}, c...)
		matched, done = true, platformOf(r.name)
		if r.feed != "" {
			out = appendDerived(out, r, host, caps)
		}
	}
	return out
}

// platformHosts are the rules' hosts: exact ones, "*." suffixes (with
// their dot) and CMS names, gathered once.
var platformHosts struct {
	once               sync.Once
	exact              map[string]bool
	suffixes, cmsNames []string
}

// onPlatform reports whether any rule could match a page on host (whose
// page names cms): the quick way out for the pages of every other site.
func onPlatform(host, cms string) bool {
	ph := &platformHosts
	ph.once.Do(func() {
		ph.exact = map[string]bool{}
		for i := range platformRules {
			for list := platformRules[i].host; list != ""; {
				var h string
				h, list, _ = strings.Cut(list, " ")
				switch {
				case strings.HasPrefix(h, "cms:"):
					ph.cmsNames = append(ph.cmsNames, h[4:])
				case strings.HasPrefix(h, "*."):
					ph.suffixes = append(ph.suffixes, h[1:])
				default:
					ph.exact[h] = true
				}
			}
		}
	})
	if ph.exact[host] {
		return true
	}
	for _, s := range ph.suffixes {
		if strings.HasSuffix(host, s) {
			return true
		}
	}
	for _, c := range ph.cmsNames {
		if c == cms && cms != "" {
			return true
		}
	}
	return false
}

// platformOf is a rule's platform: its name up to the first dash.
func platformOf(name string) string {
	p, _, _ := strings.Cut(name, "-")
	return p
}

// appendDerived writes r's feed with the captures caps ({h} first, then
// {1}, {2}, ...) and appends it when it is a web URL.
func appendDerived(out []Feed, r *platformRule, host string, caps []string) []Feed {
	var b []byte
	t := r.feed
	for t != "" {
		i := strings.IndexByte(t, '{')
		if i < 0 {
			b = append(b, t...)
			break
		}
		j := strings.IndexByte(t[i:], '}')
		b = append(b, t[:i]...)
		switch k := t[i+1 : i+j]; {
		case k == "host":
			b = append(b, host...)
		case k == "h":
			b = append(b, caps[0]...)
		case len(k) == 1 && '1' <= k[0] && int(k[0]-'0') < len(caps):
			b = append(b, caps[k[0]-'0']...)
		}
		t = t[i+j+1:]
	}
	u, err := url.Parse(string(b))
	if err != nil || !normalize(u) {
		return out
	}
	mime := "application/rss+xml"
	if r.format == "atom" {
		mime = "application/atom+xml"
	}
	scope := feedScope(u, "")
	return append(out, Feed{URL: u.String(), Type: mime, Format: r.format, Comments: scope == "comments", Scope: scope, Rule: r.name})
}

// matchHost reports whether host is one of the rule's hosts (or its page
// names the rule's CMS), with the subdomain a "*." host captured. It
// allocates nothing: it runs for every rule on every page.
func matchHost(list, host, cms string) (sub string, ok bool) {
	for list != "" {
		var h string
		h, list, _ = strings.Cut(list, " ")
		switch {
		case h == host:
			return "", true
		case strings.HasPrefix(h, "cms:"):
			if cms != "" && h[4:] == cms {
				return "", true
			}
		case strings.HasPrefix(h, "*."):
			label, rest, _ := strings.Cut(host, ".")
			if rest == h[2:] && label != "www" && label != "" {
				return label, true
			}
		}
	}
	return "", false
}

// matchPath matches a rule's path pattern against a URL's path segments
// (escaped) and query, returning the captures.
func matchPath(pattern string, segs []string, q []param) ([]string, bool) {
	pattern, key, _ := strings.Cut(strings.TrimPrefix(pattern, "/"), "?")
	var caps []string
	i := 0
	for pattern != "" {
		var tok string
		tok, pattern, _ = strings.Cut(pattern, "/")
		if tok == "**" {
			i = len(segs)
			break
		}
		if i >= len(segs) {
			return nil, false
		}
		s := segs[i]
		i++
		switch {
		case tok == "*":
			caps = append(caps, s)
		case tok == "#":
			if strings.Trim(s, "0123456789") != "" {
				return nil, false
			}
			caps = append(caps, s)
		case strings.HasSuffix(tok, "*"):
			p := tok[:len(tok)-1]
			if len(s) <= len(p) || !strings.HasPrefix(s, p) {
				return nil, false
			}
			caps = append(caps, s[len(p):])
		case !strings.EqualFold(tok, s):
			return nil, false
		}
	}
	if i < len(segs) {
		return nil, false
	}
	if key != "" {
		v := paramValue(q, key)
		if v == "" || strings.Trim(v, idChars) != "" {
			return nil, false
		}
		caps = append(caps, v)
	}
	return caps, true
}

// idChars are the characters of a query value a rule captures (YouTube's
// playlist ids): nothing that would need escaping in the feed's URL.
const idChars = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_"

// hasWord reports whether the space-separated list holds w, in any case.
func hasWord(list, w string) bool {
	for list != "" {
		var x string
		x, list, _ = strings.Cut(list, " ")
		if strings.EqualFold(x, w) {
			return true
		}
	}
	return false
}

// pageAliases are the other URLs a page says it is, for the platform
// rules: its canonical link (a YouTube @handle page's is its /channel/UC…
// URL), and for a YouTube page, the channel its channelId names.
func pageAliases(r *resolver, pu *url.URL, d *doc) []*url.URL {
	var out []*url.URL
	if d.canonical != "" {
		out = append(out, r.resolve(d.canonical).u)
	}
	if d.channelID != "" && strings.HasSuffix(pu.Hostname(), "youtube.com") {
		out = append(out, &url.URL{Scheme: "https", Host: "www.youtube.com", Path: "/channel/" + d.channelID})
	}
	return out
}

// withPlatform appends the derived feeds to the advertised ones, each in
// a group of its own after theirs, leaving out those advertised already:
// the same path and query on any host (old.reddit.com advertises
// /r/golang/.rss on its own host, the rule derives it on www.reddit.com).
func withPlatform(feeds, derived []Feed) []Feed {
	group := 0
	seen := map[string]bool{}
	for _, f := range feeds {
		seen[hostless(f.URL)] = true
		group = max(group, f.Group)
	}
	for _, f := range derived {
		if !seen[hostless(f.URL)] {
			group++
			f.Group = group
			feeds = append(feeds, f)
		}
	}
	return feeds
}

// Platform lists the feeds the platform rules derive from a URL alone
// (no page): what the host lists for a platform URL it is asked about
// without the browser's copy of the page. The error is only about pageURL.
func Platform(pageURL string) ([]Feed, error) {
	pu, err := pageBase(pageURL)
	if err != nil {
		return nil, err
	}
	return withPlatform(nil, platformFeeds(pu, "", nil)), nil
}

// hostless is a URL's path and query: what follows its scheme and host.
func hostless(u string) string {
	_, rest, _ := strings.Cut(u, "://")
	if i := strings.IndexByte(rest, '/'); i >= 0 {
		return rest[i:]
	}
	return "/"
}
