package main

import (
	"context"
	"crypto/tls"
	"errors"
	"flag"
	"fmt"
	"io"
	"log"
	"net"
	"net/http"
	"net/netip"
	"os"
	"os/signal"
	"syscall"
	"time"

	"feedscout/nativehost/internal/gateway"
)

// defaultAddr is where the gateway listens unless --addr says otherwise.
const defaultAddr = "127.0.0.1:8765"

// runServe runs the gateway until SIGINT or SIGTERM: on loopback, or
// public (--public BASE) for readers on other machines.
func runServe(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", defaultAddr, "address and port to listen on (port 0: any free port); loopback unless --public")
	public := fs.String("public", "", "the base URL readers on other machines use (https://feeds.example.org): answer only signed source URLs there")
	certFile := fs.String("tls-cert", "", "with --tls-key: serve HTTPS with this certificate (PEM, chain first)")
	keyFile := fs.String("tls-key", "", "with --tls-cert: the certificate's private key (PEM)")
	maxSources := fs.Int("max-sources", gateway.DefaultMaxSources, "follow at most this many sources")
	perClient := fs.Int("max-per-client", gateway.DefaultPerClient, "answer at most this many requests of one client address at once (raise it behind a reverse proxy)")
	ff := addFollowFlags(fs)
	const use = "usage: feedscout-host serve [--addr 127.0.0.1:8765] [--public BASE [--tls-cert FILE --tls-key FILE] [--max-sources N] [--max-per-client N]] [--state DIR] [--min-interval D] [--allow-private]"
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	bad := func(err error) int {
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitUsage
	}
	switch {
	case (*certFile == "") != (*keyFile == ""):
		return bad(errors.New("give --tls-cert and --tls-key together"))
	case *certFile != "" && *public == "":
		return bad(errors.New("--tls-cert and --tls-key are for a public gateway (--public BASE); on loopback readers use http://"))
	case *maxSources <= 0 || *perClient <= 0:
		return bad(errors.New("--max-sources and --max-per-client take a positive number"))
	}
	if *public == "" {
		if err := loopbackAddr(*addr); err != nil {
			return bad(err)
		}
	} else if err := publicAddr(*addr); err != nil {
		return bad(err)
	}
	var tlsConfig *tls.Config
	if *certFile != "" {
		cert, err := tls.LoadX509KeyPair(*certFile, *keyFile)
		if err != nil {
			fmt.Fprintf(stderr, "feedscout-host serve: load the TLS certificate: %v\n", err)
			return exitFail
		}
		tlsConfig = &tls.Config{Certificates: []tls.Certificate{cert}, MinVersion: tls.VersionTLS12}
	}
	f, err := ff.follower()
	if err != nil {
		return bad(err)
	}
	// The key is made on first use: signed URLs work on loopback too, so
	// one OPML serves both.
	key, err := gateway.LoadKey(f.Dir(), true)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitFail
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host serve: %v (is another gateway running? see http://%s/)\n", err, *addr)
		return exitFail
	}
	gw, err := gateway.NewConfig(f, gateway.Config{Addr: ln.Addr().String(), Public: *public, Key: key, HasKey: true,
		MaxSources: *maxSources, PerClient: *perClient})
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitFail
	}
	gw.Log = stderr
	srv := &http.Server{
		Handler: gw,
		// Slow clients (slowloris): the request line and headers in 10 s,
		// a request (GET, no body) in 20 s; an answer may wait for a fetch
		// of the source (the gateway gives up after 2 min).
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       20 * time.Second,
		WriteTimeout:      3 * time.Minute,
		IdleTimeout:       90 * time.Second,
		MaxHeaderBytes:    256 << 10, // a 100 KB address gets 414 and a sentence, not 431
		TLSConfig:         tlsConfig,
		ErrorLog:          log.New(io.Discard, "", 0),
	}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() {
		if tlsConfig != nil {
			done <- srv.ServeTLS(ln, "", "")
			return
		}
		done <- srv.Serve(ln)
	}()
	if *public != "" {
		fmt.Fprintf(stderr, "feedscout gateway public at %s/, listening on %s (state in %s); it follows only signed URLs: feedscout-host sign --gateway %s SOURCE\n", gw.Base(), ln.Addr(), f.Dir(), gw.Base())
	} else {
		fmt.Fprintf(stderr, "feedscout gateway listening on %s/ (state in %s)\n", gw.Base(), f.Dir())
	}
	select {
	case err := <-done:
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitFail
	case <-ctx.Done():
	}
	shut, cancel := context.WithTimeout(context.Background(), 5*time.Second)
	defer cancel()
	if err := srv.Shutdown(shut); err != nil && !errors.Is(err, context.DeadlineExceeded) {
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
	}
	return exitOK
}

// publicAddr accepts the host:port a public gateway listens on: any
// address, the port required.
func publicAddr(addr string) error {
	_, port, err := net.SplitHostPort(addr)
	if err != nil || port == "" {
		return fmt.Errorf("--addr %q: give host:port, such as 0.0.0.0:8443 (every interface) or 127.0.0.1:8765 (behind a reverse proxy)", addr)
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return fmt.Errorf("--addr %q: port %q is not a port number", addr, port)
	}
	return nil
}

// loopbackAddr accepts host:port whose host is a loopback address
// (127.0.0.0/8, ::1) or localhost: the gateway is for this machine only.
func loopbackAddr(addr string) error {
	host, port, err := net.SplitHostPort(addr)
	if err != nil {
		return fmt.Errorf("--addr %q: give host:port, such as %s", addr, defaultAddr)
	}
	if _, err := net.LookupPort("tcp", port); err != nil {
		return fmt.Errorf("--addr %q: port %q is not a port number", addr, port)
	}
	if host == "localhost" {
		return nil
	}
	ip, err := netip.ParseAddr(host)
	if err != nil || !ip.IsLoopback() {
		return fmt.Errorf("--addr %q: the gateway listens on loopback only (127.0.0.1 or [::1]); readers on other machines cannot reach it safely", addr)
	}
	return nil
}
