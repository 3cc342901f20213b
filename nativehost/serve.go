package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
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

// runServe runs the loopback gateway until SIGINT or SIGTERM.
func runServe(args []string, stderr io.Writer) int {
	fs := flag.NewFlagSet("serve", flag.ContinueOnError)
	fs.SetOutput(stderr)
	addr := fs.String("addr", defaultAddr, "loopback address and port to listen on (port 0: any free port)")
	ff := addFollowFlags(fs)
	const use = "usage: feedscout-host serve [--addr 127.0.0.1:8765] [--state DIR] [--min-interval D] [--allow-private]"
	if fs.Parse(args) != nil || fs.NArg() != 0 {
		fmt.Fprintln(stderr, use)
		return exitUsage
	}
	if err := loopbackAddr(*addr); err != nil {
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitUsage
	}
	f, err := ff.follower()
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitUsage
	}
	ln, err := net.Listen("tcp", *addr)
	if err != nil {
		fmt.Fprintf(stderr, "feedscout-host serve: %v (is another gateway running? see http://%s/)\n", err, *addr)
		return exitFail
	}
	gw, err := gateway.New(f, ln.Addr().String())
	if err != nil {
		ln.Close()
		fmt.Fprintf(stderr, "feedscout-host serve: %v\n", err)
		return exitFail
	}
	gw.Log = stderr
	srv := &http.Server{Handler: gw, ReadHeaderTimeout: 10 * time.Second, MaxHeaderBytes: 256 << 10, ErrorLog: nil}
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	done := make(chan error, 1)
	go func() { done <- srv.Serve(ln) }()
	fmt.Fprintf(stderr, "feedscout gateway listening on %s/ (state in %s)\n", gw.Base(), f.Dir())
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
