package fixtureweb

import (
	"bytes"
	"compress/gzip"
	"fmt"
	"hash/fnv"
	"net/http"
	"strconv"
	"strings"
	"time"
)

// Content types the sites serve.
const (
	typeHTML = "text/html; charset=utf-8"
	typeRSS  = "application/rss+xml; charset=utf-8"
	typeAtom = "application/atom+xml; charset=utf-8"
	typeXML  = "application/xml; charset=utf-8"
	typeJSON = "application/feed+json; charset=utf-8"
	typeText = "text/plain; charset=utf-8"
	typeGzip = "application/x-gzip"
)

// serveDoc serves a complete body with an ETag (and Last-Modified when mod
// is set): conditional requests get 304, HEAD gets headers only, as from
// any real server (http.ServeContent).
func serveDoc(w http.ResponseWriter, r *http.Request, ctype string, body []byte, mod time.Time) {
	h := fnv.New64a()
	h.Write(body)
	w.Header().Set("Content-Type", ctype)
	w.Header().Set("ETag", fmt.Sprintf(`"%x"`, h.Sum64()))
	w.Header().Set("Cache-Control", "max-age=60")
	http.ServeContent(w, r, "", mod, bytes.NewReader(body))
}

// doc serves what f makes for the request's clock.
func doc(ctype string, f func(now time.Time) []byte) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := Clock(r)
		serveDoc(w, r, ctype, f(now), now.Add(-7*time.Minute).Truncate(time.Second))
	})
}

// text serves a fixed text body.
func text(ctype, body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		serveDoc(w, r, ctype, []byte(body), time.Time{})
	})
}

// htmlPage serves the page f builds.
func htmlPage(f func(r *http.Request, now time.Time) page) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		now := Clock(r)
		serveDoc(w, r, typeHTML, render(f(r, now)), time.Time{})
	})
}

// notFound is a site's 404 page.
func notFound(siteName, lang string, nav []link) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		body := render(page{Lang: lang, Title: "Page not found | " + siteName, SiteName: siteName, Nav: nav,
			Paragraphs: []string{"The page you were looking for does not exist or has moved."}})
		w.Header().Set("Content-Type", typeHTML)
		w.Header().Set("Content-Length", strconv.Itoa(len(body)))
		w.WriteHeader(http.StatusNotFound)
		if r.Method != http.MethodHead {
			_, _ = w.Write(body)
		}
	})
}

// gz compresses what next writes (Content-Encoding: gzip) when the client
// accepts gzip and the body is text of at least 256 bytes, as most real
// servers do; the ETag becomes weak, as nginx makes it.
func gz(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if !acceptsGzip(r.Header.Get("Accept-Encoding")) {
			next.ServeHTTP(w, r)
			return
		}
		b := &bufferedWriter{header: http.Header{}}
		next.ServeHTTP(b, r)
		for k, v := range b.header {
			w.Header()[k] = v
		}
		w.Header().Add("Vary", "Accept-Encoding")
		if b.code == 0 {
			b.code = http.StatusOK
		}
		if b.code != http.StatusOK || b.body.Len() < 256 || r.Method == http.MethodHead ||
			w.Header().Get("Content-Encoding") != "" || !compressible(w.Header().Get("Content-Type")) {
			w.WriteHeader(b.code)
			_, _ = w.Write(b.body.Bytes())
			return
		}
		var z bytes.Buffer
		zw := gzip.NewWriter(&z)
		_, _ = zw.Write(b.body.Bytes())
		_ = zw.Close()
		w.Header().Set("Content-Encoding", "gzip")
		w.Header().Set("Content-Length", strconv.Itoa(z.Len()))
		if et := w.Header().Get("ETag"); et != "" && !strings.HasPrefix(et, "W/") {
			w.Header().Set("ETag", "W/"+et)
		}
		w.WriteHeader(http.StatusOK)
		_, _ = w.Write(z.Bytes())
	})
}

func acceptsGzip(ae string) bool {
	for _, part := range strings.Split(ae, ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(part), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") {
			q := strings.ReplaceAll(strings.ToLower(params), " ", "")
			return q != "q=0" && q != "q=0.0" && q != "q=0.00" && q != "q=0.000"
		}
	}
	return false
}

func compressible(ctype string) bool {
	ct := strings.ToLower(ctype)
	return strings.HasPrefix(ct, "text/") || strings.Contains(ct, "xml") || strings.Contains(ct, "json")
}

// bufferedWriter collects a whole response for gz.
type bufferedWriter struct {
	header http.Header
	code   int
	body   bytes.Buffer
}

func (b *bufferedWriter) Header() http.Header { return b.header }

func (b *bufferedWriter) WriteHeader(code int) {
	if b.code == 0 {
		b.code = code
	}
}

func (b *bufferedWriter) Write(p []byte) (int, error) {
	if b.code == 0 {
		b.code = http.StatusOK
	}
	return b.body.Write(p)
}
