package fetch

import (
	"fmt"
	"net/http"
	"strings"
	"testing"
)

func TestRedirects(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	redirect := func(path, to string) {
		mux.HandleFunc(path, func(w http.ResponseWriter, r *http.Request) {
			w.Header().Set("Location", to)
			w.WriteHeader(http.StatusFound)
		})
	}
	redirect("/loop/a", "/loop/b")
	redirect("/loop/b", "/loop/a")
	redirect("/self", "/self")
	for i := 1; i <= 7; i++ {
		redirect(fmt.Sprintf("/chain/%d", i), fmt.Sprintf("/chain/%d", i+1))
	}
	for i := 1; i <= 5; i++ {
		redirect(fmt.Sprintf("/five/%d", i), fmt.Sprintf("/five/%d", i+1))
	}
	redirect("/ftp", "ftp://example.com/feed.xml")
	redirect("/file", "file:///etc/passwd")
	redirect("/js", "javascript:alert(1)")
	redirect("/nohost", "http:///x")
	redirect("/rel/a/b", "../target?x=1#frag")
	srv, rec := serve(t, "", mux)

	tests := []struct {
		path     string
		want     *Error // nil: success
		final    string
		requests int // made by this Get
		rows     string
	}{
		{"/loop/a", ErrRedirectLoop, "", 2, "302 302 redirect-loop"},
		{"/self", ErrRedirectLoop, "", 1, "302 redirect-loop"},
		{"/chain/1", ErrTooManyRedirects, "", 6, "302 302 302 302 302 302 too-many-redirects"},
		{"/five/1", nil, "/five/6", 6, "302 302 302 302 302 200"},
		{"/ftp", ErrBadRedirect, "", 1, "302 bad-redirect"},
		{"/file", ErrBadRedirect, "", 1, "302 bad-redirect"},
		{"/js", ErrBadRedirect, "", 1, "302 bad-redirect"},
		{"/nohost", ErrBadRedirect, "", 1, "302 bad-redirect"},
		{"/rel/a/b", nil, "/rel/target?x=1", 2, "302 200"},
	}
	for _, tt := range tests {
		t.Run(tt.path, func(t *testing.T) {
			s := open(t, quick(Options{}), srv.URL)
			before := len(rec.all())
			if _, err := s.Robots(t.Context()); err != nil {
				t.Fatal(err)
			}
			resp, err := get(t, s, "home", srv.URL+tt.path)
			if tt.want != nil {
				wantWord(t, err, tt.want)
			} else if err != nil {
				t.Fatal(err)
			} else if resp.URL != srv.URL+tt.final {
				t.Errorf("final URL %s, want %s", resp.URL, srv.URL+tt.final)
			}
			if made := len(rec.all()) - before - 1; made != tt.requests {
				t.Errorf("%d requests, want %d", made, tt.requests)
			}
			if got := join(words(s.Log()[1:])); got != tt.rows {
				t.Errorf("rows %q, want %q", got, tt.rows)
			}
			if s.Used() != tt.requests+1 {
				t.Errorf("Used %d, want %d: every hop counts", s.Used(), tt.requests+1)
			}
		})
	}
}

// TestRedirectOtherHost: a hop to another host fetches that host's
// robots.txt first and obeys it.
func TestRedirectOtherHost(t *testing.T) {
	t.Parallel()
	other, otherRec := serve(t, "User-agent: *\nDisallow: /secret\n", nil)
	otherURL := strings.Replace(other.URL, "127.0.0.1", "localhost", 1)
	mux := http.NewServeMux()
	mux.HandleFunc("/away", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, otherURL+"/secret", http.StatusMovedPermanently)
	})
	mux.HandleFunc("/open", func(w http.ResponseWriter, r *http.Request) {
		http.Redirect(w, r, otherURL+"/public", http.StatusMovedPermanently)
	})
	srv, _ := serve(t, "", mux)
	s := open(t, quick(Options{}), srv.URL)

	_, err := get(t, s, "home", srv.URL+"/away")
	wantWord(t, err, ErrDisallowed)
	resp, err := get(t, s, "home", srv.URL+"/open")
	if err != nil || resp.URL != otherURL+"/public" {
		t.Fatalf("open: %v %v", resp, err)
	}
	if got := join(otherRec.paths()); got != "/robots.txt /public" {
		t.Errorf("other host saw %q", got)
	}
	var steps []string
	for _, r := range s.Log() {
		steps = append(steps, string(r.Step)+":"+r.Status.String())
	}
	want := "robots:404 home:301 robots:200 home:robots-disallow home:301 home:200"
	if got := join(steps); got != want {
		t.Errorf("log %q, want %q", got, want)
	}
}
