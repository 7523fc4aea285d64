package store_test

import (
	"context"
	"errors"
	"fmt"
	"math/rand/v2"
	"sync"
	"testing"
	"time"

	"bashni/online/store"
)

func arenaID() string {
	const a = "23456789ABCDEFGHJKMNPQRSTVWXYZ"
	b := make([]byte, 8)
	for i := range b {
		b[i] = a[rand.IntN(len(a))]
	}
	return string(b)
}

func newArena(t *testing.T, s store.Store, sched string) store.Arena {
	t.Helper()
	a := store.Arena{ID: arenaID(), Data: []byte(`{"name":"test"}`), Starts: t0, Ends: t0.Add(time.Hour), Schedule: sched, Created: t0}
	if err := s.CreateArena(context.Background(), a); err != nil {
		t.Fatal(err)
	}
	return a
}

func enter(t *testing.T, s store.Store, arena, player, node string) store.Entry {
	t.Helper()
	e, err := s.JoinArena(context.Background(), store.Entry{Arena: arena, Player: player, Name: player, Rating: 1500, TokenHash: []byte("h-" + player), Node: node, Since: t0, Joined: t0})
	if err != nil {
		t.Fatal(err)
	}
	return e
}

func TestArenaLifecycle(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			sched := "test-" + arenaID()
			a := newArena(t, s, sched)
			// One arena per schedule and start, whichever node makes it.
			dup := a
			dup.ID = arenaID()
			if err := s.CreateArena(ctx, dup); !errors.Is(err, store.ErrExists) {
				t.Fatalf("second arena of a schedule's start: %v", err)
			}
			if got, err := s.Arena(ctx, a.ID); err != nil || got.Schedule != sched || !got.Ends.Equal(a.Ends) {
				t.Fatalf("Arena: %+v %v", got, err)
			}
			// The lease: one node at a time, another once it ran out.
			for _, tc := range []struct {
				node string
				now  time.Time
				want bool
			}{{"a", t0, true}, {"b", t0.Add(time.Second), false}, {"a", t0.Add(time.Second), true}, {"b", t0.Add(7 * time.Second), true}, {"a", t0.Add(8 * time.Second), false}} {
				ok, err := s.LeaseArena(ctx, a.ID, tc.node, tc.now, tc.now.Add(5*time.Second))
				if err != nil || ok != tc.want {
					t.Fatalf("lease by %s at %v: %v %v, want %v", tc.node, tc.now.Sub(t0), ok, err, tc.want)
				}
			}
			now := t0.Add(8 * time.Second) // b holds it until t0+12s
			enter(t, s, a.ID, "ann", "a")
			enter(t, s, a.ID, "bob", "b")
			enter(t, s, a.ID, "cid", "b")
			v0, _ := s.ArenaVersion(ctx, a.ID)
			// a has lost the lease: it cannot pair.
			if err := s.PairArena(ctx, a.ID, "a", now, "ann", "bob", arenaGame("AG0001", now)); !errors.Is(err, store.ErrConflict) {
				t.Fatalf("pairing without the lease: %v", err)
			}
			if err := s.PairArena(ctx, a.ID, "b", now, "ann", "bob", arenaGame("AG0001", now)); err != nil {
				t.Fatal(err)
			}
			// ann plays: she cannot be paired again, and the failed
			// pairing leaves nothing behind.
			if err := s.PairArena(ctx, a.ID, "b", now, "cid", "ann", arenaGame("AG0002", now)); !errors.Is(err, store.ErrConflict) {
				t.Fatalf("pairing a player who plays: %v", err)
			}
			if _, err := s.Load(ctx, "AG0002"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("the refused pairing's game: %v", err)
			}
			// cid pauses: not paired; back, paired.
			if err := s.PauseEntry(ctx, a.ID, "cid", ""); err != nil {
				t.Fatal(err)
			}
			enter(t, s, a.ID, "dan", "a")
			if err := s.PairArena(ctx, a.ID, "b", now, "cid", "dan", arenaGame("AG0003", now)); !errors.Is(err, store.ErrConflict) {
				t.Fatalf("pairing a paused player: %v", err)
			}
			if e := enter(t, s, a.ID, "cid", "b"); e.Paused || e.Playing != "" {
				t.Fatalf("back: %+v", e)
			}
			// Nodes that die pause their players.
			if n, err := s.PauseNode(ctx, "a"); err != nil || n != 2 {
				t.Fatalf("PauseNode: %d %v (ann and dan)", n, err)
			}
			enter(t, s, a.ID, "dan", "b")
			if err := s.PairArena(ctx, a.ID, "b", now, "cid", "dan", arenaGame("AG0003", now)); err != nil {
				t.Fatal(err)
			}
			// A game ended in the games table but not in the arena.
			end(t, s, "AG0001")
			if got, err := s.EndedArenaGames(ctx, a.ID, 10); err != nil || len(got) != 1 || got[0] != "AG0001" {
				t.Fatalf("EndedArenaGames %v %v", got, err)
			}
			ended := now.Add(time.Minute)
			for i, want := range []bool{true, false} {
				ok, err := s.FinishArenaGame(ctx, "AG0001", "1-0", 30, [2]bool{true, false}, ended)
				if err != nil || ok != want {
					t.Fatalf("finish %d: %v %v, want %v", i, ok, err, want)
				}
			}
			if got, err := s.EndedArenaGames(ctx, a.ID, 10); err != nil || len(got) != 0 {
				t.Fatalf("EndedArenaGames after finishing %v %v", got, err)
			}
			// Waiting: bob; ann is paused (her node died), cid and dan play.
			if w, err := s.WaitingEntries(ctx, a.ID); err != nil || len(w) != 1 || w[0].Player != "bob" {
				t.Fatalf("WaitingEntries %+v %v", w, err)
			}
			es, err := s.Entries(ctx, a.ID)
			if err != nil {
				t.Fatal(err)
			}
			byID := map[string]store.Entry{}
			for _, e := range es {
				byID[e.Player] = e
			}
			if e := byID["ann"]; e.Playing != "" || e.Last != "bob" || e.Colour != 1 || !e.Since.Equal(ended) || !e.Paused {
				t.Fatalf("ann after her game: %+v", e)
			}
			if e := byID["bob"]; e.Playing != "" || e.Last != "ann" || e.Colour != -1 {
				t.Fatalf("bob after his game: %+v", e)
			}
			if e := byID["cid"]; e.Playing != "AG0003" {
				t.Fatalf("cid: %+v", e)
			}
			gs, err := s.ArenaGames(ctx, a.ID)
			if err != nil || len(gs) != 2 {
				t.Fatalf("ArenaGames %v %v", gs, err)
			}
			if g := gs[0]; g.Game != "AG0001" || g.Result != "1-0" || g.Plies != 30 || g.Berserk != [2]bool{true, false} || !g.Ended.Equal(ended) {
				t.Fatalf("stored game %+v", g)
			}
			if g := gs[1]; g.Result != "*" || !g.Ended.IsZero() {
				t.Fatalf("game playing %+v", g)
			}
			if v, _ := s.ArenaVersion(ctx, a.ID); v <= v0 {
				t.Fatalf("version %d, was %d", v, v0)
			}
			if as, err := s.PlayerArenas(ctx, "ann", 10); err != nil || len(as) != 1 || as[0].ID != a.ID {
				t.Fatalf("PlayerArenas %v %v", as, err)
			}
			if as, err := s.ListArenas(ctx, t0, 1000); err != nil || !containsArena(as, a.ID) {
				t.Fatalf("ListArenas %v", err)
			}
			if as, err := s.ListArenas(ctx, a.Ends, 1000); err != nil || containsArena(as, a.ID) {
				t.Fatalf("ListArenas after the end lists it: %v", err)
			}
		})
	}
}

func containsArena(as []store.Arena, id string) bool {
	for _, a := range as {
		if a.ID == id {
			return true
		}
	}
	return false
}

func arenaGame(id string, at time.Time) store.NewGame {
	return store.NewGame{ID: id, Event: []byte(`{"k":"created"}`), Tokens: [2][]byte{[]byte("w"), []byte("b")},
		Created: at, Meta: store.Meta{Status: "playing", Result: "*", Updated: at}}
}

func end(t *testing.T, s store.Store, game string) {
	t.Helper()
	err := s.Append(context.Background(), store.Append{Game: game, Version: 2, Event: []byte(`{"k":"resigned"}`), Meta: store.Meta{Status: "over", Result: "1-0", Updated: t0}})
	if err != nil {
		t.Fatal(err)
	}
}

// TestArenaPairedOnce: two nodes pair the same waiting players at once,
// over and over; whoever holds the lease, no player is ever in two games,
// and every game pairs two waiting players.
func TestArenaPairedOnce(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			a := newArena(t, s, "")
			const players = 12
			for i := range players {
				enter(t, s, a.ID, fmt.Sprint("p", i), "a")
			}
			var mu sync.Mutex
			inGame := map[string]string{}
			games := 0
			var wg sync.WaitGroup
			for _, node := range []string{"a", "b"} {
				wg.Add(1)
				go func() {
					defer wg.Done()
					for round := range 40 {
						now := t0.Add(time.Duration(round) * time.Second)
						// Both nodes try to lease; the lease runs out
						// every few rounds so that it changes hands.
						s.LeaseArena(ctx, a.ID, node, now, now.Add(2*time.Second))
						i, j := rand.IntN(players), rand.IntN(players)
						if i == j {
							continue
						}
						w, b := fmt.Sprint("p", i), fmt.Sprint("p", j)
						game := fmt.Sprintf("%s%s%02d", node, arenaID()[:3], round)
						err := s.PairArena(ctx, a.ID, node, now, w, b, arenaGame(game, now))
						if errors.Is(err, store.ErrConflict) {
							continue
						}
						if err != nil {
							t.Error(err)
							return
						}
						mu.Lock()
						if inGame[w] != "" || inGame[b] != "" {
							t.Errorf("%s pairs %s (in %q) and %s (in %q)", game, w, inGame[w], b, inGame[b])
						}
						inGame[w], inGame[b] = game, game
						games++
						mu.Unlock()
						if rand.IntN(2) == 0 {
							// The game ends: the players are free again.
							mu.Lock()
							inGame[w], inGame[b] = "", ""
							mu.Unlock()
							if ok, err := s.FinishArenaGame(ctx, game, "1/2-1/2", 20, [2]bool{}, now); err != nil || !ok {
								t.Errorf("finish %s: %v %v", game, ok, err)
							}
						}
					}
				}()
			}
			wg.Wait()
			if games == 0 {
				t.Fatal("no game was paired")
			}
		})
	}
}
