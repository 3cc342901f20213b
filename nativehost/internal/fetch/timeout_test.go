package fetch

import (
	"net/http"
	"testing"
	"time"

	"feedscout/common/report"
)

// TestSlowServers: a server that never answers, one that hangs after the
// headers and one that trickles a byte at a time are all cut at
// Options.Timeout (short here; DefaultTimeout is 15 s), body included.
func TestSlowServers(t *testing.T) {
	t.Parallel()
	const timeout = 600 * time.Millisecond
	mux := http.NewServeMux()
	mux.HandleFunc("/silent", func(w http.ResponseWriter, r *http.Request) {
		<-r.Context().Done()
	})
	mux.HandleFunc("/headers-only", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		w.(http.Flusher).Flush()
		<-r.Context().Done()
	})
	mux.HandleFunc("/trickle", func(w http.ResponseWriter, r *http.Request) {
		w.WriteHeader(200)
		for {
			if _, err := w.Write([]byte("x")); err != nil {
				return
			}
			w.(http.Flusher).Flush()
			select {
			case <-time.After(50 * time.Millisecond):
			case <-r.Context().Done():
				return
			}
		}
	})
	srv, _ := serve(t, "", mux)
	for _, path := range []string{"/silent", "/headers-only", "/trickle"} {
		t.Run(path[1:], func(t *testing.T) {
			t.Parallel()
			s := open(t, quick(Options{Timeout: timeout}), srv.URL) // own gate: no queueing

			if _, err := s.Robots(t.Context()); err != nil {
				t.Fatal(err)
			}
			start := time.Now()
			_, err := get(t, s, "home", srv.URL+path)
			took := time.Since(start)
			wantWord(t, err, ErrTimeout)
			if took < timeout || took > timeout+time.Second {
				t.Errorf("took %v, want about %v", took, timeout)
			}
			row := s.Log()[len(s.Log())-1]
			if row.Status.Word != report.StatusTimeout || row.MS < timeout.Milliseconds() {
				t.Errorf("row %+v", row)
			}
		})
	}
}
