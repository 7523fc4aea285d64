package server_test

import (
	"context"
	"encoding/json"
	"slices"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/client"
	"bashni/online/lobby"
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

// TestQuickPairFindsStoredSeek: a node's board hears of another node's
// seek over NATS a little after it is stored. A quick pairing in between
// takes it from the store rather than open a second seek of the kind (its
// player and the seek's owner would both wait for a third); a seek the
// board has taken off lately (a stopped node's, before the purge) is not
// taken from the store.
func TestQuickPairFindsStoredSeek(t *testing.T) {
	natsURL := startNATS(t)
	startLobbyClusterNode(t, "stored-a", natsURL)
	b := startLobbyClusterNode(t, "stored-b", natsURL)
	ctx := ctxT(t)
	lasca := client.SeekRequest{Variant: "lasca", Clock: protocol.Clock{Kind: protocol.ClockLive, Initial: 900, Increment: 10}}
	// A seek as node A stores it before it announces it: B's board lacks it.
	storeSeek := func(owner string) lobby.Seek {
		t.Helper()
		req := lobby.Request{Variant: lasca.Variant, Clock: lasca.Clock, Color: protocol.Random}
		sk := lobby.NewSeek(protocol.NewSeekID(), owner, "stored-a", lobby.Seeker{}, req, []byte("token hash"), time.Now())
		data, err := json.Marshal(sk)
		if err != nil {
			t.Fatal(err)
		}
		if err := b.st.CreateSeek(ctx, store.Seek{ID: sk.ID, Owner: sk.Owner, Kind: sk.Kind(), Node: sk.Node, Data: data, Created: sk.Created()}); err != nil {
			t.Fatal(err)
		}
		return sk
	}
	unheard := storeSeek("c:stored-a/1")
	watcher := dial(t, b.url)
	if _, err := watcher.Lobby(ctx); err != nil {
		t.Fatal(err)
	}
	taker := dial(t, b.url)
	seat, got, paired, err := taker.QuickPair(ctx, lasca)
	if err != nil {
		t.Fatal(err)
	}
	if !paired || got.ID != unheard.ID || seat.Game == "" {
		t.Fatalf("quick pairing on B: paired %v with seek %s (game %q), want the stored seek %s", paired, got.ID, seat.Game, unheard.ID)
	}
	if left, err := b.st.SeeksOfKind(ctx, unheard.Kind(), 10); err != nil || len(left) != 0 {
		t.Fatalf("seeks of the kind left in the store: %v %v", left, err)
	}
	// B's watchers see it come and go, as every other node's watchers do.
	shown := false
	waitLobby(t, watcher, "the stored seek shown and removed on B", func(u *protocol.LobbyUpdate) bool {
		shown = shown || hasSeek(u, unheard.ID)
		return shown && dropsSeek(u, unheard.ID)
	})

	// A removal B has heard of, its seek still stored: B's board remembers
	// it and the quick pairing opens a seek instead. A marker seek
	// announced after the removal tells when B has handled it (one node's
	// messages arrive in order).
	removed := storeSeek("c:stored-a/2")
	bus, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer bus.Close()
	marker := lobby.NewSeek(protocol.NewSeekID(), "c:stored-a/3", "stored-a", lobby.Seeker{},
		lobby.Request{Variant: "bashni", Clock: protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 1}, Color: protocol.Random}, nil, time.Now())
	for _, m := range []any{
		map[string]any{"k": "remove", "n": "stored-a", "id": removed.ID},
		map[string]any{"k": "add", "n": "stored-a", "s": marker},
	} {
		data, _ := json.Marshal(m)
		if err := bus.Publish("bashni.lobby", data); err != nil {
			t.Fatal(err)
		}
	}
	if l, err := watcher.Lobby(ctx); err != nil {
		t.Fatal(err)
	} else if !slices.ContainsFunc(l.Seeks, func(s protocol.Seek) bool { return s.ID == marker.ID }) {
		waitLobby(t, watcher, "the marker seek on B", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, marker.ID) })
	}
	second := dial(t, b.url)
	_, got, paired, err = second.QuickPair(ctx, lasca)
	if err != nil {
		t.Fatal(err)
	}
	if paired || got.ID == removed.ID {
		t.Fatalf("quick pairing on B took seek %s (paired %v): B had heard it was removed", got.ID, paired)
	}
}
