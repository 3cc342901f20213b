package discover

import (
	"errors"
	"fmt"
	"net/url"
	"strings"

	"feedscout/nativehost/internal/fetch"
	"feedscout/report"
	"feedscout/wasm/classify"
)

// Limits of the steps (DESIGN.md's numbers).
const (
	maxSitemaps = 4 // Sitemap: lines read
	maxChildren = 5 // children of one index read
	maxTitle    = 300
	maxURL      = 2048
)

// robotsStep fetches robots.txt first and stops the site when it disallows
// the root for our agent. fetch gives "disallow all" rules when robots.txt
// could not be read (RFC 9309 2.3.1.4), with the error saying why.
func (r *run) robotsStep() {
	rules, err := r.site.Robots(r.ctx)
	if err != nil {
		r.noteErr(r.root.String()+"robots.txt", err)
		if r.done() {
			return
		}
	}
	r.rules = rules
	if !rules.DisallowsRoot(fetch.Product) {
		return
	}
	st := rules.Status()
	var fe *fetch.Error
	switch {
	case st == 0 && errors.As(err, &fe):
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s could not be fetched (%s), which means stay away (RFC 9309); check the address or try again later.", r.host, fe.Word))
	case st == 0:
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s could not be fetched, which means stay away (RFC 9309); check the address or try again later.", r.host))
	case st == 429 || st >= 500:
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s answered %d, which means stay away until the site recovers (RFC 9309); try again later.", r.host, st))
	case rules.OnlyNamedAgents():
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s allows only named crawlers, so feedscout stopped.", r.host))
	default:
		r.halt(OutcomeRefused, fmt.Sprintf("robots.txt of %s disallows the whole site for crawlers like feedscout, so it stopped.", r.host))
	}
}

// tabPage classifies the browser's page when it belongs to this site and
// reports whether it is the homepage (then no homepage request is needed).
func (r *run) tabPage() (*classify.Page, bool) {
	p := r.opt.Page
	if p == nil {
		return nil, false
	}
	pu, err := url.Parse(p.URL)
	if err != nil || !strings.EqualFold(pu.Hostname(), r.host) {
		return nil, false
	}
	// The tab's HTML is text the browser already decoded: a <meta charset>
	// in it must not make Classify decode it a second time.
	page, err := classify.Classify(p.URL, p.HTML, classify.TextContentType)
	if err != nil {
		return nil, false
	}
	return page, page.Kind == "home"
}

// homeStep fetches and classifies the homepage unless it is known already
// (the smart order may have it from the browser). A homepage answering
// 401, 403 or 429 stops the site. The smart order follows the site when
// the homepage redirects to its twin (see reroot).
func (r *run) homeStep() {
	if r.homeTried || r.done() {
		return
	}
	r.homeTried = true
	resp, err := r.get("home", r.root.String())
	if resp == nil {
		r.homeFail = "the homepage could not be fetched"
		var fe *fetch.Error
		if errors.As(err, &fe) {
			r.homeFail = "the homepage could not be fetched: " + failure(cause(fe))
		}
		return
	}
	switch resp.Status {
	case 401, 403, 429:
		r.halt(OutcomeRefused, fmt.Sprintf("The homepage of %s answered %d, so feedscout stopped: the site does not want automated visitors.", r.host, resp.Status))
		return
	}
	if !resp.OK() {
		r.homeFail = fmt.Sprintf("the homepage answered %d", resp.Status)
		return
	}
	if r.smart() {
		r.reroot(resp.URL)
	}
	page, err := classify.Classify(resp.URL, resp.Body, resp.Header.Get("Content-Type"))
	if err != nil {
		r.homeFail = "the homepage could not be read"
		return
	}
	r.home = page
}

// reroot moves the root to u's scheme and host when they are the site's
// twin: the same host over the other scheme, or with or without "www.".
// Sites that moved (http to https, bare to www) redirect every URL, so
// resolving the guesses against where the site now lives saves one hop
// per request. Any other host is another site: the root stays.
func (r *run) reroot(u string) {
	p, ok := report.ParseWebURL(u)
	if !ok {
		return
	}
	p.Scheme = strings.ToLower(p.Scheme)
	h := strings.ToLower(p.Host)
	if h == r.root.Host && p.Scheme == r.root.Scheme {
		return
	}
	bare := func(s string) string { return strings.TrimPrefix(s, "www.") }
	if bare(h) != bare(r.root.Host) {
		return
	}
	r.root = &url.URL{Scheme: p.Scheme, Host: h, Path: "/"}
}

// robotsMoved returns where robots.txt of the site was redirected to,
// when that is robots.txt of the site's twin, else "".
func (r *run) robotsMoved() string {
	r.mu.Lock()
	defer r.mu.Unlock()
	last := ""
	for _, q := range r.rep.Requests {
		if q.Step == "robots" && q.Status.Word == "" {
			last = q.URL
		}
	}
	p, err := url.Parse(last)
	if last == "" || err != nil || p.Path != "/robots.txt" {
		return ""
	}
	return last
}

// cause is the status word that best explains fe: the innermost fetch
// error it wraps. A URL is "robots-disallow" also when its host's
// robots.txt could not be read, and then the reason names why (timeout,
// refused-address, ...) rather than blaming robots.txt.
func cause(fe *fetch.Error) string {
	word := fe.Word
	for err := fe.Err; err != nil; {
		var in *fetch.Error
		if !errors.As(err, &in) {
			break
		}
		word, err = in.Word, in.Err
	}
	return word
}

// failure says what a fetch status word means, for the reason sentence;
// the word itself stays in it so that it can be searched for.
func failure(word string) string {
	switch word {
	case fetch.WordTimeout:
		return "it did not answer in time (timeout)"
	case fetch.WordTooLarge:
		return fmt.Sprintf("it is larger than %d MiB (too-large)", fetch.DefaultMaxBody>>20)
	case fetch.WordRedirectLoop:
		return "it leads into a redirect loop (redirect-loop)"
	case fetch.WordTooManyRedirects:
		return fmt.Sprintf("it is more than %d redirects away (too many redirects)", fetch.MaxHops)
	case fetch.WordBadRedirect:
		return "it answers with a redirect to a non-http(s) URL, which feedscout does not follow (bad-redirect)"
	case fetch.WordRefusedAddress:
		return "it leads to a private or local network address, which feedscout does not visit (refused-address)"
	case fetch.WordRobotsDisallow:
		return "robots.txt disallows it (robots-disallow)"
	case fetch.WordBadEncoding:
		return "its compressed body does not decode (bad-encoding)"
	case fetch.WordDNS:
		return "the host name does not resolve (dns)"
	case fetch.WordTLS:
		return "the secure connection failed (tls)"
	}
	return "the request failed (" + word + ")"
}

func (r *run) lastRow() *fetch.Row {
	r.mu.Lock()
	defer r.mu.Unlock()
	if len(r.rep.Requests) == 0 {
		return nil
	}
	row := r.rep.Requests[len(r.rep.Requests)-1]
	return &row
}
