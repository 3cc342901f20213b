package fetch

import (
	"errors"
	"fmt"
	"reflect"
	"sync"
	"testing"
)

func TestErrorIs(t *testing.T) {
	cause := &Error{Word: WordDNS, URL: "https://x.example/robots.txt", Err: errors.New("no such host")}
	err := fmt.Errorf("discover: %w", &Error{Word: WordRobotsDisallow, URL: "https://x.example/", Err: cause})
	if !errors.Is(err, ErrDisallowed) || !errors.Is(err, ErrDNS) || errors.Is(err, ErrTimeout) {
		t.Errorf("errors.Is chain wrong for %v", err)
	}
	var fe *Error
	if !errors.As(err, &fe) || fe.Word != WordRobotsDisallow {
		t.Errorf("errors.As gave %v", fe)
	}
	if got := cause.Error(); got != "fetch https://x.example/robots.txt: dns: no such host" {
		t.Errorf("Error() = %q", got)
	}
}

// TestStream: onRow sees every row, in log order, as it happens.
func TestStream(t *testing.T) {
	t.Parallel()
	srv, _ := serve(t, "User-agent: *\nDisallow: /no\n", nil)
	var mu sync.Mutex
	var streamed []Row
	s, err := quick(Options{}).Site(srv.URL, func(r Row) {
		mu.Lock()
		streamed = append(streamed, r)
		mu.Unlock()
	})
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	for _, p := range []string{"/", "/no", "/feed"} {
		get(t, s, "guess", srv.URL+p)
	}
	get(t, s, "guess", "ftp://example.com/feed")
	if !reflect.DeepEqual(streamed, s.Log()) || len(streamed) != 5 {
		t.Errorf("streamed %v\nlog %v", words(streamed), words(s.Log()))
	}
}

func TestBadInput(t *testing.T) {
	c := quick(Options{})
	for _, u := range []string{"ftp://example.com/", "javascript:alert(1)", "file:///etc/passwd", "/relative", "http://", "%zz"} {
		if _, err := c.Site(u, nil); err == nil {
			t.Errorf("Site(%q) accepted", u)
		}
	}
	s := open(t, c, "https://example.com/some/page")
	for u, want := range map[string]*Error{
		"file:///etc/passwd":  ErrBadScheme,
		"javascript:alert(1)": ErrBadScheme,
		"http:///nohost":      ErrBadURL,
		"http://a b.example/": ErrBadURL,
	} {
		_, err := get(t, s, "feed", u)
		wantWord(t, err, want)
	}
	if s.Used() != 0 || len(s.Log()) != 4 {
		t.Errorf("Used %d, %d rows", s.Used(), len(s.Log()))
	}
	s.Close()
	s.Close()
	if _, err := get(t, s, "feed", "https://example.com/"); err == nil {
		t.Errorf("Get after Close worked")
	}
}

// A URL blocked because its host's robots.txt could not be read is
// explained by why it could not be read, not blamed on robots.txt; a
// too-large problem names the limit.
func TestErrorProblem(t *testing.T) {
	inner := &Error{Word: WordRefusedAddress, URL: "http://10.0.0.7/robots.txt"}
	outer := &Error{Word: WordRobotsDisallow, URL: "http://10.0.0.7/", Err: inner}
	if got := outer.Problem().Word; got != WordRefusedAddress {
		t.Errorf("problem = %q, want %q", got, WordRefusedAddress)
	}
	plain := &Error{Word: WordRobotsDisallow, URL: "https://a.test/private/"}
	if got := plain.Problem().Word; got != WordRobotsDisallow {
		t.Errorf("problem = %q, want %q", got, WordRobotsDisallow)
	}
	if p := (&Error{Word: WordTooLarge}).Problem(); p.LimitMiB != 8 {
		t.Errorf("too-large problem %+v, want limit 8 MiB", p)
	}
}
