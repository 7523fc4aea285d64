package server_test

import (
	"context"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/client"
	"bashni/online/protocol"
	"bashni/online/server"
	"bashni/online/store"
)

// startLobbyClusterNode is startClusterNode with a lobby that pushes its
// changes often.
func startLobbyClusterNode(t *testing.T, name, natsURL string) *clusterNode {
	t.Helper()
	st, err := store.Open(context.Background(), pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	nc, err := nats.Connect(natsURL, nats.Name(name))
	if err != nil {
		t.Fatal(err)
	}
	n := startNode(t, server.Config{Store: st, NATS: nc, Node: name, Heartbeat: time.Second,
		Lobby: server.LobbyConfig{Every: 20 * time.Millisecond, Grace: 50 * time.Millisecond}})
	cn := &clusterNode{node: n, st: st, nc: nc}
	t.Cleanup(func() { nc.Close(); st.Close() })
	return cn
}

// TestLobbyAcrossNodes: a seek opened on node A reaches a watcher on node
// B, is taken there and seats its owner on A; its owner leaving A removes
// it from B's lobby; and one seek raced for by takers on both nodes is
// taken exactly once.
func TestLobbyAcrossNodes(t *testing.T) {
	natsURL := startNATS(t)
	a := startLobbyClusterNode(t, "lobby-a", natsURL)
	b := startLobbyClusterNode(t, "lobby-b", natsURL)
	ctx := ctxT(t)
	owner, watcher, taker := dial(t, a.url), dial(t, b.url), dial(t, b.url)
	if _, err := watcher.Lobby(ctx); err != nil {
		t.Fatal(err)
	}
	sk, err := owner.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 3}})
	if err != nil {
		t.Fatal(err)
	}
	waitLobby(t, watcher, "A's seek on B", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, sk.ID) })
	seat, err := taker.AcceptSeek(ctx, sk.ID)
	if err != nil {
		t.Fatal(err)
	}
	ev := waitFor(t, owner, "the owner's pairing on A", func(ev client.Event) bool { return ev.Kind == client.KindPaired })
	if ev.Game != seat.Game || owner.Seat().Color == seat.Color {
		t.Fatalf("owner %+v, taker %+v", owner.Seat(), seat)
	}
	waitLobby(t, watcher, "the seek's removal on B", func(u *protocol.LobbyUpdate) bool { return dropsSeek(u, sk.ID) })
	// The game is one game: a move on B reaches A.
	white, black := owner, taker
	if seat.Color == protocol.White {
		white, black = taker, owner
	}
	playMove(t, newRulesGame(5), white, black)

	// A seek whose owner leaves A leaves B's lobby.
	leaver := dial(t, a.url)
	sk2, err := leaver.Seek(ctx, blitz)
	if err != nil {
		t.Fatal(err)
	}
	waitLobby(t, watcher, "the second seek on B", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, sk2.ID) })
	leaver.Close()
	waitLobby(t, watcher, "the second seek's removal on B", func(u *protocol.LobbyUpdate) bool { return dropsSeek(u, sk2.ID) })

	takenOnce(t, []string{a.url, b.url}, 12, 3)
}
