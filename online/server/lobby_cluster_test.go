package server_test

import (
	"context"
	"crypto/sha256"
	"encoding/json"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/nats-io/nats.go"

	"bashni/online/client"
	"bashni/online/lobby"
	"bashni/online/protocol"
	"bashni/online/referee"
	"bashni/online/server"
	"bashni/online/store"
	"bashni/rules"
)

// startLobbyClusterNode is startClusterNode with a lobby that pushes its
// changes often.
func startLobbyClusterNode(t *testing.T, name, natsURL string) *clusterNode {
	t.Helper()
	return startClusterNodeWith(t, name, natsURL, server.Config{
		Lobby: server.LobbyConfig{Every: 20 * time.Millisecond, Grace: 50 * time.Millisecond}}, nil)
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

// countingStore counts the games a node reads whole (Load).
type countingStore struct {
	store.Store
	mu    sync.Mutex
	loads map[string]int
}

func (s *countingStore) Load(ctx context.Context, id string) (*store.Game, error) {
	s.mu.Lock()
	s.loads[id]++
	s.mu.Unlock()
	return s.Store.Load(ctx, id)
}

func (s *countingStore) loadsOf(id string) int {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.loads[id]
}

// TestPairedAcrossNodesReadsNoGame: a seek taken on node B seats its
// owner on node A from the game the pairing message carries, without
// reading the game on either node, named players and anonymous alike; the
// cards show the names, and the game goes on across the nodes.
func TestPairedAcrossNodesReadsNoGame(t *testing.T) {
	natsURL := startNATS(t)
	node := func(name string) (*node, *countingStore) {
		var cs *countingStore
		n := startClusterNodeWith(t, name, natsURL, server.Config{Lobby: server.LobbyConfig{Every: 20 * time.Millisecond, FirstMove: patience}},
			func(st store.Store) store.Store {
				cs = &countingStore{Store: st, loads: map[string]int{}}
				return cs
			})
		return n.node, cs
	}
	// Names of their own: the database outlives a run (-count).
	run := protocol.NewCode()
	a, aStore := node("seeded-a-" + run)
	b, bStore := node("seeded-b-" + run)
	ctx := ctxT(t)
	watcher := dial(t, b.url)
	if _, err := watcher.Lobby(ctx); err != nil {
		t.Fatal(err)
	}
	cases := []struct {
		name  string
		names [2]string // the owner's and the taker's; "" anonymous
		seek  client.SeekRequest
	}{
		{"anonymous", [2]string{"", ""}, client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5, Color: protocol.White}},
		{"named, rated", [2]string{"S" + run, "T" + run}, client.SeekRequest{Variant: "bashni", Clock: protocol.Blitz5, Rated: true, Color: protocol.White}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			owner, taker := dial(t, a.url), dial(t, b.url)
			if c.names[0] != "" {
				owner, taker = namedPlayer(t, a.url, c.names[0]), namedPlayer(t, b.url, c.names[1])
			}
			sk, err := owner.Seek(ctx, c.seek)
			if err != nil {
				t.Fatal(err)
			}
			waitLobby(t, watcher, "A's seek on B", func(u *protocol.LobbyUpdate) bool { return hasSeek(u, sk.ID) })
			seat, err := taker.AcceptSeek(ctx, sk.ID)
			if err != nil {
				t.Fatal(err)
			}
			waitFor(t, owner, "the owner's pairing on A", func(ev client.Event) bool { return ev.Kind == client.KindPaired && ev.Game == seat.Game })
			for _, p := range []*client.Conn{owner, taker} {
				st := p.State()
				if st.Game != seat.Game || st.Version != 1 || st.White.Name != c.names[0] || st.Black.Name != c.names[1] {
					t.Fatalf("%s's state: game %s (want %s) version %d, white %+v, black %+v", st.You, st.Game, seat.Game, st.Version, st.White, st.Black)
				}
			}
			if n, m := aStore.loadsOf(seat.Game), bStore.loadsOf(seat.Game); n != 0 || m != 0 {
				t.Fatalf("the paired game was read %d times on the owner's node, %d on the taker's", n, m)
			}
			g := newRulesGame(11)
			playMove(t, g, owner, taker)
			playMove(t, g, owner, taker)
		})
	}
}

// TestPairedChangeBeforeSubscribing: a change the taker's node committed
// before the owner's node subscribed to the game (a taker who moved at
// once) reaches the owner, who was seated from the pairing message's
// older game: the owner's node checks the game's version once the owner
// is seated. The taker's node is played by the test.
func TestPairedChangeBeforeSubscribing(t *testing.T) {
	natsURL := startNATS(t)
	// Names and codes of their own: the database outlives a run (-count).
	a := startLobbyClusterNode(t, "early-a-"+protocol.NewCode(), natsURL)
	game := protocol.NewCode()
	ctx := ctxT(t)
	owner := dial(t, a.url)
	// A correspondence game whose first move is not due for long: no
	// timer of the owner's node (abandonment, the first move's abort)
	// reads the game while the test waits.
	days := protocol.Clock{Kind: protocol.ClockCorrespondence, Days: 3}
	wire, err := owner.Seek(ctx, client.SeekRequest{Variant: "bashni", Clock: days, Color: protocol.Black})
	if err != nil {
		t.Fatal(err)
	}
	var sk lobby.Seek
	if stored, err := a.st.SeeksOfKind(ctx, "bashni 3d casual", 10); err != nil {
		t.Fatal(err)
	} else if i := slices.IndexFunc(stored, func(s store.Seek) bool { return s.ID == wire.ID }); i < 0 {
		t.Fatalf("the seek %s is not stored: %+v", wire.ID, stored)
	} else if err := json.Unmarshal(stored[i].Data, &sk); err != nil {
		t.Fatal(err)
	}
	// The taker's node: the claim, then White's first move, both stored
	// before the owner's node hears of the game.
	now := time.Now()
	first := referee.Paired(now, rules.Bashni, days, 10*patience)
	st, err := referee.Replay(game, [][]byte{first.Marshal()})
	if err != nil {
		t.Fatal(err)
	}
	takerHash := sha256.Sum256([]byte("the taker's token"))
	tokens := [2][]byte{takerHash[:], sk.TokenHash}
	meta := store.Meta{Status: "playing", Result: "*", Updated: now}
	if err := a.st.ClaimSeek(ctx, sk.ID, "c:early-b/"+game, store.NewGame{ID: game, Event: first.Marshal(), Tokens: tokens, Created: now, Meta: meta},
		store.Pairing{Game: game, Data: []byte(`{}`), Created: now}); err != nil {
		t.Fatal(err)
	}
	move := st.Game().LegalMoves()[0].String()
	e, err := st.Decide(referee.Command{Type: protocol.TypeMove, Seat: rules.White, Move: move, Ply: 0}, now)
	if err != nil {
		t.Fatal(err)
	}
	if err := a.st.Append(ctx, store.Append{Game: game, Version: 2, Event: e.Marshal(), Meta: meta}); err != nil {
		t.Fatal(err)
	}
	bus, err := nats.Connect(natsURL)
	if err != nil {
		t.Fatal(err)
	}
	defer bus.Close()
	msg, _ := json.Marshal(map[string]any{"k": "remove", "n": "early-b-" + game, "id": sk.ID, "g": game, "seat": 1,
		"e": json.RawMessage(first.Marshal()), "t": [][]byte{tokens[0], tokens[1]}})
	if err := bus.Publish("bashni.lobby", msg); err != nil {
		t.Fatal(err)
	}
	waitFor(t, owner, "the owner's pairing", func(ev client.Event) bool { return ev.Kind == client.KindPaired && ev.Game == game })
	waitVersion(t, owner, 2)
	if got := owner.State(); got.Moves[0] != move || got.You != protocol.Black {
		t.Fatalf("the owner's game: moves %v, seat %s; want White's %s and Black", got.Moves, got.You, move)
	}
}
