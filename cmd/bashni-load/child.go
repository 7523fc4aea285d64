package main

import (
	"context"
	"fmt"
	"net"
	"net/http"
	"os"
	"os/signal"
	"syscall"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/server"
	"bashni/online/store"
)

// natsEnv and nodeEnv make the child a node of a cluster (-nodes 2): the
// NATS server linking the nodes, and the node's name.
const (
	natsEnv = "BASHNI_LOAD_NATS"
	nodeEnv = "BASHNI_LOAD_NODE"
)

// serveChild is the node under load: the online server on a loopback port,
// with its debug figures on another, and no rate limits. It prints
// "ready <addr> <debug addr>" and serves until interrupted.
func serveChild() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	st, err := store.Open(ctx, os.Getenv(childEnv))
	if err != nil {
		return err
	}
	defer st.Close()
	every, _ := time.ParseDuration(os.Getenv(lobbyEveryEnv)) // 0: the default
	node := "load"
	var nc *nats.Conn
	if u := os.Getenv(natsEnv); u != "" {
		node = os.Getenv(nodeEnv)
		if nc, err = nats.Connect(u, nats.Name("bashni-load node "+node)); err != nil {
			return fmt.Errorf("connecting to NATS at %s: %w", u, err)
		}
		defer nc.Close()
	}
	srv, err := server.New(server.Config{Store: st, NATS: nc, Node: node, CreatePerMinute: -1, AttachPerMinute: -1, MessagesPerSec: -1, MaxConns: 1 << 20, ConnsPerAddress: -1, NoPlayerLimits: true,
		Lobby:  server.LobbyConfig{SeeksPerMinute: -1, MaxSeeks: 100000, Every: every},
		Arenas: server.ArenaConfig{NoSchedule: true, CreatePerHour: -1, RequestsPerMinute: -1}})
	if err != nil {
		return err
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	dln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		return err
	}
	mux := http.NewServeMux()
	mux.Handle("/online/", srv.Handler())
	hs := &http.Server{Handler: mux}
	go hs.Serve(ln)
	go http.Serve(dln, srv.DebugHandler())
	fmt.Printf("ready %s %s\n", ln.Addr(), dln.Addr())
	<-ctx.Done()
	srv.Close()
	return hs.Close()
}
