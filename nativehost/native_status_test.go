package main

import (
	"context"
	"net"
	"net/http"
	"testing"

	"feedscout/nativehost/internal/fetch"
	"feedscout/nativehost/internal/follow"
	"feedscout/nativehost/internal/gateway"
	"feedscout/nativehost/internal/message"
)

// The status request finds the real gateway on its address, says stopped
// when nothing listens there, and other when something else answers.
func TestStatusGateway(t *testing.T) {
	f, err := follow.New(follow.Options{Client: fetch.New(fetch.Options{StateDir: t.TempDir()}), StateDir: t.TempDir()})
	if err != nil {
		t.Fatal(err)
	}
	status := func(addr string) message.Gateway {
		t.Helper()
		t.Setenv(gatewayEnv, addr)
		rep, err := handleStatus(context.Background())
		if err != nil {
			t.Fatal(err)
		}
		return rep.Status.Gateway
	}
	listen := func(h http.Handler) string {
		t.Helper()
		ln, err := net.Listen("tcp", "127.0.0.1:0")
		if err != nil {
			t.Fatal(err)
		}
		srv := &http.Server{Handler: h}
		go srv.Serve(ln)
		t.Cleanup(func() { srv.Close() })
		return ln.Addr().String()
	}

	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	gw, err := gateway.NewConfig(f, gateway.Config{Addr: ln.Addr().String()})
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: gw}
	go srv.Serve(ln)
	defer srv.Close()
	if g := status(ln.Addr().String()); !g.Running || g.State != "running" || g.URL != "http://"+ln.Addr().String() {
		t.Errorf("with the gateway on %s: %+v", ln.Addr(), g)
	}

	other := listen(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) { w.Write([]byte("<title>something</title>")) }))
	if g := status(other); g.Running || g.State != "other" {
		t.Errorf("another server: %+v", g)
	}

	free, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	addr := free.Addr().String()
	free.Close()
	if g := status(addr); g.Running || g.State != "stopped" {
		t.Errorf("nothing on %s: %+v", addr, g)
	}

	t.Setenv(gatewayEnv, "10.0.0.1:8765")
	if _, err := handleStatus(context.Background()); err == nil {
		t.Error("a gateway address off loopback was dialled")
	} else if me, ok := err.(*message.Error); !ok || me.Code != message.CodeInternal {
		t.Errorf("off-loopback address: %v", err)
	}
}
