package main

import (
	"fmt"
	"log"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"

	"bashni/internal/pgtest"
)

// cluster is two nodes of one cluster started by the load itself (-nodes
// 2): a private PostgreSQL (internal/pgtest: a fresh cluster in a
// temporary directory, as the tests start it), a NATS server in this
// process, and two child nodes, a and b, on them. stop ends all of it.
type cluster struct {
	nodes []*child
	pg    *pgtest.Server
	ns    *natsserver.Server
}

func startCluster(n int) (*cluster, error) {
	pg, err := pgtest.Start()
	if err != nil {
		return nil, fmt.Errorf("starting PostgreSQL: %w", err)
	}
	c := &cluster{pg: pg}
	c.ns, err = natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		c.stop()
		return nil, fmt.Errorf("starting NATS: %w", err)
	}
	go c.ns.Start()
	if !c.ns.ReadyForConnections(30 * time.Second) {
		c.stop()
		return nil, fmt.Errorf("NATS did not start within 30 s")
	}
	log.Printf("PostgreSQL at %s, NATS at %s (in this process)", pg.DSN, c.ns.ClientURL())
	for i := range n {
		name := string(rune('a' + i))
		ch, err := startChild(pg.DSN, []string{natsEnv + "=" + c.ns.ClientURL(), nodeEnv + "=" + name})
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
	if c.ns != nil {
		c.ns.Shutdown()
	}
	c.pg.Stop()
}

// pids are the nodes' processes.
func (c *cluster) pids() []int {
	var out []int
	for _, n := range c.nodes {
		out = append(out, n.cmd.Process.Pid)
	}
	return out
}
