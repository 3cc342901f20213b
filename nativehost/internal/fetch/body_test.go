package fetch

import (
	"bytes"
	"compress/gzip"
	"net/http"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"
)

// zeroMember is one gzip member holding 1 MiB of zeros (about 1 KiB).
// Written n times in a row it is a valid multi-member gzip stream of n MiB,
// so a 1 GiB bomb costs the test server nothing to produce.
var zeroMember = sync.OnceValue(func() []byte {
	var b bytes.Buffer
	zw, _ := gzip.NewWriterLevel(&b, gzip.BestCompression)
	zw.Write(make([]byte, 1<<20))
	zw.Close()
	return b.Bytes()
})

// bomb streams 1 GiB of zeros as gzip until the client hangs up.
func bomb(w http.ResponseWriter) {
	for range 1024 {
		if _, err := w.Write(zeroMember()); err != nil {
			return
		}
	}
}

func gz(s string) []byte {
	var b bytes.Buffer
	zw := gzip.NewWriter(&b)
	zw.Write([]byte(s))
	zw.Close()
	return b.Bytes()
}

func TestBody(t *testing.T) {
	t.Parallel()
	feed := "<rss version=\"2.0\"><channel><title>t</title></channel></rss>"
	mux := http.NewServeMux()
	mux.HandleFunc("/gzip", func(w http.ResponseWriter, r *http.Request) {
		if r.Header.Get("Accept-Encoding") != "gzip" || r.Header.Get("User-Agent") != UserAgent {
			http.Error(w, "headers", 400)
			return
		}
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gz(feed))
	})
	mux.HandleFunc("/sitemap.xml.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Type", "application/x-gzip")
		w.Write(gz(feed))
	})
	mux.HandleFunc("/double.xml.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip") // a .gz file sent gzip-encoded again
		w.Write(gz(string(gz(feed))))
	})
	mux.HandleFunc("/plain.xml.gz", func(w http.ResponseWriter, r *http.Request) {
		w.Write([]byte(feed)) // named .gz, but not gzip
	})
	mux.HandleFunc("/empty-gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
	})
	mux.HandleFunc("/bomb", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		bomb(w)
	})
	mux.HandleFunc("/bomb.xml.gz", func(w http.ResponseWriter, r *http.Request) {
		bomb(w)
	})
	mux.HandleFunc("/big", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Length", strconv.Itoa(20<<20)) // refused before reading
		w.Write(make([]byte, 20<<20))
	})
	mux.HandleFunc("/big-chunked", func(w http.ResponseWriter, r *http.Request) {
		for range 20 {
			if _, err := w.Write(make([]byte, 1<<20)); err != nil {
				return
			}
			w.(http.Flusher).Flush()
		}
	})
	mux.HandleFunc("/exact", func(w http.ResponseWriter, r *http.Request) {
		w.Write(make([]byte, 1<<20))
	})
	mux.HandleFunc("/broken-gzip", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		w.Write(gz(feed)[:20])
	})
	mux.HandleFunc("/br", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "br")
		w.Write([]byte{1, 2, 3})
	})
	srv, _ := serve(t, "", mux)
	c := quick(Options{MaxBody: 1 << 20, Budget: 100})
	s := open(t, c, srv.URL)

	ok := []struct{ path, want string }{
		{"/gzip", feed},
		{"/sitemap.xml.gz", feed},
		{"/double.xml.gz", feed},
		{"/plain.xml.gz", feed},
		{"/empty-gzip", ""},
		{"/exact", string(make([]byte, 1<<20))},
	}
	for _, tt := range ok {
		resp, err := get(t, s, "feed", srv.URL+tt.path)
		if err != nil {
			t.Errorf("%s: %v", tt.path, err)
			continue
		}
		if string(resp.Body) != tt.want {
			t.Errorf("%s: body %q, want %q", tt.path, trunc(resp.Body), trunc([]byte(tt.want)))
		}
		if row := s.Log()[len(s.Log())-1]; row.Bytes != int64(len(tt.want)) {
			t.Errorf("%s: row bytes %d, want %d (decoded)", tt.path, row.Bytes, len(tt.want))
		}
	}

	fail := []struct {
		path string
		want *Error
	}{
		{"/bomb", ErrTooLarge},
		{"/bomb.xml.gz", ErrTooLarge},
		{"/big", ErrTooLarge},
		{"/big-chunked", ErrTooLarge},
		{"/broken-gzip", ErrBadEncoding},
		{"/br", ErrBadEncoding},
	}
	for _, tt := range fail {
		var before, after runtime.MemStats
		runtime.ReadMemStats(&before)
		start := time.Now()
		resp, err := get(t, s, "sitemap", srv.URL+tt.path)
		took := time.Since(start)
		runtime.ReadMemStats(&after)
		if resp != nil {
			t.Errorf("%s: got a response of %d bytes, want none", tt.path, len(resp.Body))
		}
		wantWord(t, err, tt.want)
		row := s.Log()[len(s.Log())-1]
		if row.Status.Word != tt.want.Word || row.URL != srv.URL+tt.path {
			t.Errorf("%s: row %+v", tt.path, row)
		}
		if tt.path == "/big" && !strings.Contains(err.Error(), "content-length") {
			t.Errorf("/big: %v, want the Content-Length named", err)
		}
		if took > 3*time.Second {
			t.Errorf("%s took %v", tt.path, took)
		}
		// Everything allocated meanwhile, server included: far below the
		// 1 GiB a bomb expands to.
		if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 64<<20 {
			t.Errorf("%s: %d MiB allocated", tt.path, alloc>>20)
		}
	}
}

// TestDefaultCapBomb: with the default 8 MiB cap, a 1 GiB gzip bomb is
// cut at the cap with bounded memory.
func TestDefaultCapBomb(t *testing.T) {
	t.Parallel()
	mux := http.NewServeMux()
	mux.HandleFunc("/sitemap.xml", func(w http.ResponseWriter, r *http.Request) {
		w.Header().Set("Content-Encoding", "gzip")
		bomb(w)
	})
	srv, _ := serve(t, "", mux)
	s := open(t, quick(Options{}), srv.URL)
	var before, after runtime.MemStats
	runtime.ReadMemStats(&before)
	_, err := get(t, s, "sitemap", srv.URL+"/sitemap.xml")
	runtime.ReadMemStats(&after)
	wantWord(t, err, ErrTooLarge)
	if !strings.Contains(err.Error(), "8 MiB") {
		t.Errorf("error %q does not name the cap", err)
	}
	if alloc := after.TotalAlloc - before.TotalAlloc; alloc > 96<<20 {
		t.Errorf("%d MiB allocated", alloc>>20)
	}
}

func trunc(b []byte) string {
	if len(b) > 40 {
		return string(b[:40]) + "..."
	}
	return string(b)
}
