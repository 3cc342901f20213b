package fixtureweb

import (
	"net/http"
	"strings"
)

// router is the small router the sites use: exact paths first, then path
// prefixes in the order added, then a fallback (a 404 page, or a soft-404
// page that answers 200). Unlike http.ServeMux it never redirects on its
// own, so every redirect a site makes is deliberate.
type router struct {
	exact    map[string]http.Handler
	prefixes []prefixRoute
	fallback http.Handler
}

type prefixRoute struct {
	prefix string
	h      http.Handler
}

func newRouter(fallback http.Handler) *router {
	return &router{exact: map[string]http.Handler{}, fallback: fallback}
}

// handle serves exactly path.
func (rt *router) handle(path string, h http.Handler) { rt.exact[path] = h }

// handleFunc serves exactly path with f.
func (rt *router) handleFunc(path string, f http.HandlerFunc) { rt.exact[path] = f }

// prefix serves every path starting with p that no exact route took.
func (rt *router) prefix(p string, h http.Handler) {
	rt.prefixes = append(rt.prefixes, prefixRoute{p, h})
}

func (rt *router) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if h, ok := rt.exact[r.URL.Path]; ok {
		h.ServeHTTP(w, r)
		return
	}
	for _, p := range rt.prefixes {
		if strings.HasPrefix(r.URL.Path, p.prefix) {
			p.h.ServeHTTP(w, r)
			return
		}
	}
	rt.fallback.ServeHTTP(w, r)
}

// redirect answers with code and Location target (absolute or relative).
func redirect(code int, target string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Location", target)
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.WriteHeader(code)
		_, _ = w.Write([]byte("<html><head><title>Moved</title></head><body><a href=\"" + htmlEscape(target) + "\">Moved</a></body></html>\n"))
	})
}

// hostRedirect sends every request to the same path and query on another
// origin (scheme://host), as a www or bare twin does.
func hostRedirect(code int, origin string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		redirect(code, origin+r.URL.RequestURI()).ServeHTTP(w, r)
	})
}

// status answers every request with code and a small HTML body.
func status(code int, title, body string) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "text/html; charset=utf-8")
		w.Header().Set("Cache-Control", "no-store")
		w.WriteHeader(code)
		_, _ = w.Write([]byte("<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\"><title>" + htmlEscape(title) +
			"</title></head><body><h1>" + htmlEscape(title) + "</h1><p>" + htmlEscape(body) + "</p></body></html>\n"))
	})
}

var htmlReplacer = strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")

func htmlEscape(s string) string { return htmlReplacer.Replace(s) }
