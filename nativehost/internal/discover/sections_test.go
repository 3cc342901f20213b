package discover

import (
	"context"
	"crypto/tls"
	"crypto/x509"
	"net/http"
	"net/http/httptest"
	"net/url"
	"os"
	"slices"
	"strings"
	"testing"
	"time"

	"feedscout/common/report"
	"feedscout/nativehost/internal/fetch"
	"feedscout/tests/fixtureweb"
)

// sectionURLs lists the report's section addresses, sorted.
func sectionURLs(rep *report.Report) []string {
	var out []string
	for _, s := range rep.Sections {
		out = append(out, s.URL)
	}
	slices.Sort(out)
	return out
}

// TestSectionsRobots: the hostile fixture robots-nonascii links from its
// homepage to four sections, two of which its robots.txt disallows (/ニュース/
// written raw, /特集/ percent-encoded); in both orders the report lists
// only the two it allows (and the homepage), and nothing disallowed was
// requested.
func TestSectionsRobots(t *testing.T) {
	var site fixtureweb.Site
	for _, s := range fixtureweb.HostileSites() {
		if s.Name == "robots-nonascii" {
			site = s
		}
	}
	w, err := fixtureweb.Start(fixtureweb.Options{Dir: t.TempDir(), Sites: []fixtureweb.Site{site}})
	if err != nil {
		t.Fatal(err)
	}
	defer w.Close()
	pem, err := os.ReadFile(w.CAFile)
	if err != nil {
		t.Fatal(err)
	}
	pool := x509.NewCertPool()
	pool.AppendCertsFromPEM(pem)
	proxy, _ := url.Parse(w.ProxyURL)
	c := fetch.New(fetch.Options{Pause: -1, AllowPrivate: true,
		Transport: &http.Transport{Proxy: http.ProxyURL(proxy), TLSClientConfig: &tls.Config{RootCAs: pool}}})
	origin := "https://" + site.Host
	// The homepage (it links to articles), スポーツ and 経済, as the page
	// writes them (lower-case hex).
	want := []string{origin + "/", origin + "/%e3%82%b9%e3%83%9d%e3%83%bc%e3%83%84/", origin + "/%e7%b5%8c%e6%b8%88/"}
	for _, order := range []string{report.OrderSmart, report.OrderArticle} {
		rep, err := Run(context.Background(), c, site.URL(), Options{Order: order})
		if err != nil {
			t.Fatal(err)
		}
		if got := sectionURLs(rep); rep.Outcome != report.OutcomeSections || !slices.Equal(got, want) {
			t.Errorf("%s: outcome %s, sections %v, want %v", order, rep.Outcome, got, want)
		}
		if n := rep.ReasonArgs["sections"]; n != 3 {
			t.Errorf("%s: the reason counts %v sections, want 3", order, n)
		}
	}
	for _, h := range w.Hits(site.Host) {
		if p, _ := url.PathUnescape(h.Path); strings.HasPrefix(p, "/ニュース/") || strings.HasPrefix(p, "/特集/") {
			t.Errorf("a disallowed section was requested: %s", h.Path)
		}
	}
}

// TestSectionsSitemapRobots: a sections sitemap's entries that robots.txt
// disallows are left out of the report, the others kept with their
// lastmod.
func TestSectionsSitemapRobots(t *testing.T) {
	var srv *httptest.Server
	srv = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		switch r.URL.Path {
		case "/robots.txt":
			w.Write([]byte("User-agent: *\nDisallow: /members/\nDisallow: /politics/$\nSitemap: " + srv.URL + "/sitemap-sections.xml\n"))
		case "/sitemap-sections.xml":
			w.Header().Set("Content-Type", "application/xml")
			var b strings.Builder
			b.WriteString(`<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">`)
			for _, s := range []string{"business", "sports", "world", "members", "politics", "culture", "science"} {
				b.WriteString("<url><loc>" + srv.URL + "/" + s + "/</loc><lastmod>2026-11-29T10:00:00Z</lastmod></url>")
			}
			b.WriteString("</urlset>")
			w.Write([]byte(b.String()))
		case "/":
			w.Header().Set("Content-Type", "text/html; charset=utf-8")
			w.Write([]byte(`<!doctype html><html><head><title>Paper</title></head><body><p>Welcome.</p></body></html>`))
		default:
			http.NotFound(w, r)
		}
	}))
	defer srv.Close()
	c := fetch.New(fetch.Options{Pause: -1, Transport: http.DefaultTransport})
	rep, err := Run(context.Background(), c, srv.URL+"/", Options{Now: func() time.Time { return time.Date(2026, 11, 30, 0, 0, 0, 0, time.UTC) }})
	if err != nil {
		t.Fatal(err)
	}
	var want []string
	for _, s := range []string{"business", "culture", "science", "sports", "world"} {
		want = append(want, srv.URL+"/"+s+"/")
	}
	if got := sectionURLs(rep); rep.Outcome != report.OutcomeSections || !slices.Equal(got, want) {
		t.Fatalf("outcome %s, sections %v, want %v (requests %+v)", rep.Outcome, got, want, rep.Requests)
	}
	for _, s := range rep.Sections {
		if s.Lastmod != "2026-11-29T10:00:00Z" {
			t.Errorf("%s: lastmod %q", s.URL, s.Lastmod)
		}
	}
}
