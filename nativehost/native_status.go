package main

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/http"
	"os"
	"time"

	"feedscout/nativehost/internal/message"
)

// gatewayEnv names the environment variable that moves the address the
// status request looks for the gateway at (host:port on loopback; default
// defaultAddr), for tests that run a gateway of their own.
const gatewayEnv = "FEEDSCOUT_GATEWAY"

// handleStatus answers a status request: whether the gateway runs on its
// address (FEEDSCOUT_GATEWAY, else the default), asked the way a reader
// asks it (GET / with the Host it answers to, a short timeout, no proxy).
func handleStatus(ctx context.Context) (*message.Reply, error) {
	addr := defaultAddr
	if a := os.Getenv(gatewayEnv); a != "" {
		if err := loopbackAddr(a); err != nil {
			return nil, message.Fail(message.CodeInternal, map[string]any{"detail": fmt.Sprintf("%s=%q is not a loopback address: %v", gatewayEnv, a, err)})
		}
		addr = a
	}
	g := probeGateway(ctx, addr)
	return &message.Reply{Status: &message.Status{Gateway: g}}, nil
}

// gatewayTitle is what feedscout's gateway's status page says it is.
var gatewayTitle = []byte("<title>feedscout gateway</title>")

// probeGateway looks for feedscout's gateway at addr.
func probeGateway(ctx context.Context, addr string) message.Gateway {
	g := message.Gateway{URL: "http://" + addr}
	ctx, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	client := &http.Client{
		Transport:     &http.Transport{Proxy: nil, DialContext: (&net.Dialer{Timeout: time.Second}).DialContext, DisableKeepAlives: true},
		CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse },
	}
	req, err := http.NewRequestWithContext(ctx, http.MethodGet, g.URL+"/", nil)
	if err != nil {
		g.State, g.Detail = "stopped", err.Error()
		return g
	}
	resp, err := client.Do(req)
	if err != nil {
		g.State, g.Detail = "stopped", fmt.Sprintf("nothing answers on %s (%v)", addr, unwrapNet(err))
		return g
	}
	defer resp.Body.Close()
	head, _ := io.ReadAll(io.LimitReader(resp.Body, 4096))
	if resp.StatusCode == http.StatusOK && bytes.Contains(head, gatewayTitle) {
		g.Running, g.State, g.Detail = true, "running", "feedscout's gateway answers on "+addr
		return g
	}
	g.State, g.Detail = "other", fmt.Sprintf("something else answers on %s (%s)", addr, resp.Status)
	return g
}

// unwrapNet is the innermost error of a failed request: "connection
// refused" rather than the URL and operation around it.
func unwrapNet(err error) error {
	for {
		u := errors.Unwrap(err)
		if u == nil {
			return err
		}
		err = u
	}
}
