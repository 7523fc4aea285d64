package server_test

import (
	"context"
	"fmt"
	"os"
	"slices"
	"testing"
	"time"

	natsserver "github.com/nats-io/nats-server/v2/server"
	"github.com/nats-io/nats.go"

	"bashni/internal/pgtest"
	"bashni/online/client"
	"bashni/online/internal/smallfs"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
)

// The scale-out tests run two nodes on a real PostgreSQL (a private
// cluster started for this test binary) and a real NATS server (embedded).
var pg *pgtest.Server

func TestMain(m *testing.M) {
	if smallfs.Child() {
		os.Exit(m.Run()) // one test, in a small filesystem, without PostgreSQL
	}
	var err error
	pg, err = pgtest.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting PostgreSQL for the scale-out tests:", err)
		os.Exit(1)
	}
	code := m.Run()
	pg.Stop()
	os.Exit(code)
}

func startNATS(t *testing.T) string {
	t.Helper()
	ns, err := natsserver.NewServer(&natsserver.Options{Host: "127.0.0.1", Port: -1, NoLog: true, NoSigs: true})
	if err != nil {
		t.Fatal(err)
	}
	go ns.Start()
	if !ns.ReadyForConnections(10 * time.Second) {
		t.Fatal("NATS did not start")
	}
	t.Cleanup(ns.Shutdown)
	return ns.ClientURL()
}

// clusterNode is a node with its own PostgreSQL pool and NATS connection,
// as a separate process would have.
type clusterNode struct {
	*node
	st store.Store
	nc *nats.Conn
}

func startClusterNode(t *testing.T, name, natsURL string) *clusterNode {
	t.Helper()
	return startClusterNodeWith(t, name, natsURL, server.Config{}, nil)
}

// startClusterNodeWith starts a node of the test's cluster (PostgreSQL and
// the NATS server at natsURL) with cfg's other settings (a lobby's period,
// say); wrap, if set, stands between the node and its store (a test's
// counting store).
func startClusterNodeWith(t *testing.T, name, natsURL string, cfg server.Config, wrap func(store.Store) store.Store) *clusterNode {
	t.Helper()
	st, err := store.Open(context.Background(), pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(natsURL, nats.Name(name))
	if err != nil {
		t.Fatal(err)
	}
	cfg.Store, cfg.NATS, cfg.Node = st, nc, name
	if wrap != nil {
		cfg.Store = wrap(st)
	}
	// Three missed beats and a node counts as gone: with a beat a second a
	// live node on a busy machine must be silent for 3 s to be taken for
	// dead (600 ms with 200 ms beats), and a dead one is still found in
	// seconds.
	cfg.Heartbeat = time.Second
	n := startNode(t, cfg)
	cn := &clusterNode{node: n, st: st, nc: nc}
	t.Cleanup(func() { nc.Close(); st.Close() })
	return cn
}

// kill stops a node the way a crash does: no goodbye to clients or nodes.
func (n *clusterNode) kill() {
	n.srv.Kill()
	n.http.CloseClientConnections()
	n.http.Close()
	n.nc.Close()
	n.st.Close()
}

func TestTwoNodesOneGame(t *testing.T) {
	natsURL := startNATS(t)
	a, b := startClusterNode(t, "a", natsURL), startClusterNode(t, "b", natsURL)
	white, black := dial(t, a.url), dial(t, b.url)
	if white.Node() != "a" || black.Node() != "b" {
		t.Fatalf("nodes %s %s", white.Node(), black.Node())
	}
	pair(t, white, black, protocol.Blitz5)
	waitUntil(t, white, "black online", func(s protocol.GameState) bool { return s.Black.Online })
	g := newRulesGame(11)
	for !g.g.Outcome().Over() {
		playMove(t, g, white, black)
	}
	ws, bs := white.State(), black.State()
	if !slices.Equal(ws.Moves, bs.Moves) || ws.Result != g.g.Outcome().Result.Score() || bs.Result != ws.Result || ws.Version != bs.Version {
		t.Fatalf("white sees %v %s v%d, black %v %s v%d", ws.Moves, ws.Result, ws.Version, bs.Moves, bs.Result, bs.Version)
	}
	// Both nodes have the same game in the database.
	for _, n := range []*clusterNode{a, b} {
		v, err := n.st.Version(context.Background(), ws.Game)
		if err != nil || v != ws.Version {
			t.Fatalf("stored version %d %v, clients %d", v, err, ws.Version)
		}
	}
}

func TestNodeDiesMidGame(t *testing.T) {
	natsURL := startNATS(t)
	a, b := startClusterNode(t, "a", natsURL), startClusterNode(t, "b", natsURL)
	white, black := dial(t, a.url), dial(t, b.url)
	seatW, _ := pair(t, white, black, protocol.Untimed)
	waitUntil(t, black, "white online", func(s protocol.GameState) bool { return s.White.Online })
	g := newRulesGame(12)
	for range 8 {
		playMove(t, g, white, black)
	}
	a.kill()
	waitFor(t, white, "node a dying", func(ev client.Event) bool { return ev.Kind == client.KindClosed })
	// Node b stops hearing a's heartbeats and shows white gone.
	waitUntil(t, black, "white gone", func(s protocol.GameState) bool { return !s.White.Online })

	white2 := dial(t, b.url)
	if _, err := white2.Resume(ctxT(t), seatW.Game, seatW.Token); err != nil {
		t.Fatal(err)
	}
	waitUntil(t, black, "white back", func(s protocol.GameState) bool { return s.White.Online })
	if s := white2.State(); s.Ply != 8 || !slices.Equal(s.Moves, black.State().Moves) {
		t.Fatalf("resumed at ply %d: %v / %v", s.Ply, s.Moves, black.State().Moves)
	}
	for !g.g.Outcome().Over() {
		playMove(t, g, white2, black)
	}
	if s := black.State(); s.Result != g.g.Outcome().Result.Score() || s.Status != protocol.StatusOver {
		t.Fatalf("%+v", s)
	}
}

// TestRaceAcrossNodes has both players, on different nodes, send many
// requests at once (draw offers, takeback requests, moves): the database
// orders them, and both clients end with the same game.
func TestRaceAcrossNodes(t *testing.T) {
	natsURL := startNATS(t)
	a, b := startClusterNode(t, "a", natsURL), startClusterNode(t, "b", natsURL)
	white, black := dial(t, a.url), dial(t, b.url)
	pair(t, white, black, protocol.Untimed)
	g := newRulesGame(13)
	for range 4 {
		playMove(t, g, white, black)
	}
	// Each offers a draw at the same moment: one offer lands first and
	// the other is then an acceptance.
	errs := make(chan error, 2)
	go func() { errs <- white.OfferDraw(ctxT(t)) }()
	go func() { errs <- black.OfferDraw(ctxT(t)) }()
	for range 2 {
		if err := <-errs; err != nil {
			t.Fatal(err)
		}
	}
	waitUntil(t, white, "the draw", func(s protocol.GameState) bool { return s.Status == protocol.StatusOver })
	waitUntil(t, black, "the draw", func(s protocol.GameState) bool { return s.Status == protocol.StatusOver })
	ws, bs := white.State(), black.State()
	if ws.Reason != protocol.ReasonAgreement || ws.Version != bs.Version || ws.Version != 8 {
		t.Fatalf("white %+v\nblack %+v", ws, bs)
	}
}
