package main

import (
	"context"
	"errors"
	"fmt"
	"log"
	"os"
	"os/signal"
	"syscall"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"

	"bashni/internal/pgtest"
)

// cluster is two nodes of one cluster started by the load itself (-nodes
// 2): a private PostgreSQL (internal/pgtest: a fresh cluster in a
// temporary directory, as the tests start it), a NATS server in a process
// of its own, and two child nodes, a and b, on them. stop ends all of it.
//
// The NATS server runs apart from the load because a real cluster's does:
// inside the load's process its goroutines were scheduled among the
// thousands of simulated players', and the hop between the nodes (part of
// every cross-node pairing) waited for them.
type cluster struct {
	nodes []*child
	pg    *pgtest.Server
	nats  *child
}

func startCluster(n int) (*cluster, error) {
	pg, err := pgtest.Start()
	if err != nil {
		return nil, fmt.Errorf("starting PostgreSQL: %w", err)
	}
	c := &cluster{pg: pg}
	c.nats, err = startNATS()
	if err != nil {
		c.stop()
		return nil, err
	}
	log.Printf("PostgreSQL at %s, NATS at %s (pid %d)", pg.DSN, c.nats.url, c.nats.cmd.Process.Pid)
	for i := range n {
		name := string(rune('a' + i))
		ch, err := startChild(pg.DSN, []string{natsEnv + "=" + c.nats.url, nodeEnv + "=" + name})
		if err != nil {
			c.stop()
			return nil, fmt.Errorf("starting node %s: %w", name, err)
		}
		c.nodes = append(c.nodes, ch)
	}
	return c, nil
}

func (c *cluster) stop() {
	for _, n := range c.nodes {
		n.stop()
	}
	if c.nats != nil {
		c.nats.stop()
	}
	c.pg.Stop()
}

// natsServeEnv makes the child the cluster's NATS server.
const natsServeEnv = "BASHNI_LOAD_NATS_SERVE"

// startNATS starts the cluster's NATS server as a child process.
func startNATS() (*child, error) {
	c, f, err := spawn([]string{natsServeEnv + "=1"}, 2)
	if err != nil {
		return nil, fmt.Errorf("starting NATS: %w", err)
	}
	c.url = f[1]
	return c, nil
}

// serveNATS is the child that runs the cluster's NATS server: it prints
// "ready <client URL>" and serves until interrupted.
func serveNATS() error {
	ctx, stop := signal.NotifyContext(context.Background(), os.Interrupt, syscall.SIGTERM)
	defer stop()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		return err
	}
	go ns.Start()
	if !ns.ReadyForConnections(30 * time.Second) {
		ns.Shutdown()
		return errors.New("NATS did not start within 30 s")
	}
	fmt.Printf("ready %s\n", ns.ClientURL())
	<-ctx.Done()
	ns.Shutdown()
	return nil
}

// pids are the nodes' processes.
func (c *cluster) pids() []int {
	var out []int
	for _, n := range c.nodes {
		out = append(out, n.cmd.Process.Pid)
	}
	return out
}
