package server_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"net/http/httptest"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
)

// node is a server on a real loopback listener.
type node struct {
	srv  *server.Server
	http *httptest.Server
	url  string
}

func startNode(t *testing.T, cfg server.Config) *node {
	t.Helper()
	srv, err := server.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	h := httptest.NewServer(srv.Handler())
	n := &node{srv: srv, http: h, url: h.URL}
	t.Cleanup(n.stop)
	return n
}

func (n *node) stop() {
	n.srv.Close()
	n.http.Close()
}

// sqliteStore opens a fresh SQLite store in the test's directory.
func sqliteStore(t *testing.T) (store.Store, string) {
	t.Helper()
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := store.Open(context.Background(), path)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { s.Close() })
	return s, path
}

// patience guards every wait for the server: long enough for a machine
// whose every core is busy with other work; the tests wait for what they
// expect, never for a duration.
const patience = time.Minute

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), patience)
	t.Cleanup(cancel)
	return ctx
}

func dial(t *testing.T, url string) *client.Conn {
	t.Helper()
	c, err := client.Dial(ctxT(t), url)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	return c
}

// waitFor reads c's events until one satisfies ok.
func waitFor(t *testing.T, c *client.Conn, what string, ok func(client.Event) bool) client.Event {
	t.Helper()
	timeout := time.After(patience)
	for {
		select {
		case ev, open := <-c.Events():
			if !open {
				t.Fatalf("waiting for %s: the connection closed", what)
			}
			if ok(ev) {
				return ev
			}
		case <-timeout:
			t.Fatalf("waiting for %s: nothing came (state %+v)", what, c.State())
		}
	}
}

// waitUntil waits until c's copy of the game satisfies ok, which may be so
// already.
func waitUntil(t *testing.T, c *client.Conn, what string, ok func(protocol.GameState) bool) {
	t.Helper()
	if ok(c.State()) {
		return
	}
	waitFor(t, c, what, func(client.Event) bool { return ok(c.State()) })
}

// waitVersion waits until c's copy of the game has reached version v.
func waitVersion(t *testing.T, c *client.Conn, v int64) {
	t.Helper()
	if c.State().Version >= v {
		return
	}
	waitFor(t, c, fmt.Sprint("version ", v), func(client.Event) bool { return c.State().Version >= v })
}

func errCode(err error) string {
	var pe *protocol.Error
	if errors.As(err, &pe) {
		return pe.Code
	}
	return ""
}

// pair creates a game on a's server and joins it from b's; a plays White.
func pair(t *testing.T, a, b *client.Conn, clock protocol.Clock) (client.Seat, client.Seat) {
	t.Helper()
	ctx := ctxT(t)
	sa, err := a.Create(ctx, client.Game{Variant: "bashni", Color: protocol.White, Clock: clock})
	if err != nil {
		t.Fatal(err)
	}
	sb, err := b.Join(ctx, sa.Game)
	if err != nil {
		t.Fatal(err)
	}
	if sa.Color != protocol.White || sb.Color != protocol.Black || sb.Game != sa.Game {
		t.Fatalf("seats %+v %+v", sa, sb)
	}
	waitFor(t, a, "the opponent's arrival", func(ev client.Event) bool { return ev.State.Status == protocol.StatusPlaying })
	return sa, sb
}

// game mirrors the moves in package rules to pick legal ones.
type game struct {
	g   *rules.Game
	rng *rand.Rand
}

func newRulesGame(seed uint64) *game {
	return &game{g: rules.NewGame(rules.Bashni), rng: rand.New(rand.NewPCG(seed, 7))}
}

func (g *game) pick() string {
	legal := g.g.LegalMoves()
	return legal[g.rng.IntN(len(legal))].String()
}

func (g *game) play(t *testing.T, m string) {
	t.Helper()
	if _, err := g.g.PlayText(m); err != nil {
		t.Fatal(err)
	}
}

// playMove has the side to move (among conns, by colour) play a random
// legal move and waits until both have seen it.
func playMove(t *testing.T, g *game, white, black *client.Conn) string {
	t.Helper()
	mover, other := white, black
	if g.g.Position().SideToMove() == rules.Black {
		mover, other = black, white
	}
	m := g.pick()
	v := mover.State().Version
	if err := mover.Move(ctxT(t), m); err != nil {
		t.Fatalf("move %s at ply %d: %v", m, g.g.Ply(), err)
	}
	g.play(t, m)
	waitVersion(t, mover, v+1)
	waitVersion(t, other, v+1)
	return m
}
