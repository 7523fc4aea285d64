package store_test

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"sync"
	"testing"
	"time"

	"bashni/online/store"
)

func seek(id, owner, kind, node string) store.Seek {
	return store.Seek{ID: id, Owner: owner, Kind: kind, Node: node, Data: []byte(`{"id":"` + id + `"}`), Created: t0}
}

func clear(t *testing.T, s store.Store) {
	t.Helper()
	if _, err := s.PurgeSeeks(context.Background(), nil); err != nil {
		t.Fatal(err)
	}
}

// TestSeekTakenOnce races many takers for each of several seeks: exactly
// one claim of each succeeds and creates its game; the others find it gone.
func TestSeekTakenOnce(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			clear(t, s)
			const seeks, takers = 10, 16
			for i := range seeks {
				if err := s.CreateSeek(ctx, seek(fmt.Sprintf("SEEK%04d", i), fmt.Sprint("owner", i), "bashni 5+3", "n1")); err != nil {
					t.Fatal(err)
				}
			}
			var mu sync.Mutex
			won := map[string]int{}
			var wg sync.WaitGroup
			for i := range seeks {
				id := fmt.Sprintf("SEEK%04d", i)
				for j := range takers {
					wg.Add(1)
					go func() {
						defer wg.Done()
						game := fmt.Sprintf("G%02d%03d", i, j)
						err := s.ClaimSeek(ctx, id, fmt.Sprint("taker", j), newGame(game),
							store.Pairing{Game: game, Data: []byte(`{}`), Top: 1500, Created: t0})
						mu.Lock()
						defer mu.Unlock()
						switch {
						case err == nil:
							won[id]++
						case !errors.Is(err, store.ErrNotFound):
							t.Errorf("claim %s: %v", id, err)
						}
					}()
				}
			}
			wg.Wait()
			for i := range seeks {
				if id := fmt.Sprintf("SEEK%04d", i); won[id] != 1 {
					t.Errorf("seek %s taken %d times", id, won[id])
				}
			}
			if left, err := s.ListSeeks(ctx); err != nil || len(left) != 0 {
				t.Fatalf("seeks left: %v %v", left, err)
			}
		})
	}
}

func TestSeekRules(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			clear(t, s)
			if err := s.CreateSeek(ctx, seek("AAAAAAAA", "ann", "bashni 5+3", "n1")); err != nil {
				t.Fatal(err)
			}
			// One seek per kind per owner; another kind is fine.
			if err := s.CreateSeek(ctx, seek("BBBBBBBB", "ann", "bashni 5+3", "n1")); !errors.Is(err, store.ErrExists) {
				t.Fatalf("second seek of a kind: %v", err)
			}
			if err := s.CreateSeek(ctx, seek("CCCCCCCC", "ann", "lasca 5+3", "n2")); err != nil {
				t.Fatal(err)
			}
			// The owner cannot take their own seek.
			if err := s.ClaimSeek(ctx, "AAAAAAAA", "ann", newGame("OWNGAM"), store.Pairing{Game: "OWNGAM", Data: []byte(`{}`)}); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("own claim: %v", err)
			}
			if _, err := s.Load(ctx, "OWNGAM"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a refused claim made its game: %v", err)
			}
			if err := s.CancelSeek(ctx, "CCCCCCCC"); err != nil {
				t.Fatal(err)
			}
			if err := s.CancelSeek(ctx, "CCCCCCCC"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("second cancel: %v", err)
			}
			if err := s.CreateSeek(ctx, seek("DDDDDDDD", "bob", "bashni 5+3", "n2")); err != nil {
				t.Fatal(err)
			}
			if n, err := s.PurgeSeeks(ctx, []string{"n1"}); err != nil || n != 1 {
				t.Fatalf("purged %d (%v), want the one of n2", n, err)
			}
			list, err := s.ListSeeks(ctx)
			if err != nil || len(list) != 1 || list[0].ID != "AAAAAAAA" || list[0].Owner != "ann" || string(list[0].Data) != `{"id":"AAAAAAAA"}` || !list[0].Created.Equal(t0) {
				t.Fatalf("list %+v %v", list, err)
			}
			// A claim makes the game and its pairing; the playing list
			// shows it while it is played, highest first.
			g := newGame("PAIRED")
			g.Meta.Status = "playing"
			if err := s.ClaimSeek(ctx, "AAAAAAAA", "bob", g, store.Pairing{Game: "PAIRED", Data: []byte(`{"w":1}`), Top: 1700, Created: t0.Add(time.Second)}); err != nil {
				t.Fatal(err)
			}
			playing, err := s.Playing(ctx, 10)
			if err != nil || len(playing) != 1 || playing[0].Game != "PAIRED" || playing[0].Top != 1700 || string(playing[0].Data) != `{"w":1}` {
				t.Fatalf("playing %+v %v", playing, err)
			}
			if n, err := s.CountPlaying(ctx); err != nil || n < 1 {
				t.Fatalf("count playing %d %v", n, err)
			}
			if p, err := s.PairingOf(ctx, "PAIRED"); err != nil || p.Top != 1700 {
				t.Fatalf("pairing of %+v %v", p, err)
			}
			if _, err := s.PairingOf(ctx, "NOPAIR"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("pairing of an unpaired game: %v", err)
			}
		})
	}
}

// TestSeeksOfKind: quick pairing's read of the store lists the open seeks
// of one kind only, oldest first (then by id), at most limit of them.
func TestSeeksOfKind(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			clear(t, s)
			add := func(id, owner, kind string, at time.Duration) {
				sk := seek(id, owner, kind, "n1")
				sk.Created = t0.Add(at)
				if err := s.CreateSeek(ctx, sk); err != nil {
					t.Fatal(err)
				}
			}
			add("NEWER000", "ann", "bashni 5+3 casual", 2*time.Second)
			add("OLDER000", "bob", "bashni 5+3 casual", time.Second)
			add("OLDERTOO", "cat", "bashni 5+3 casual", time.Second)
			add("LASCA000", "dan", "lasca 5+3 casual", 0)
			cases := []struct {
				kind  string
				limit int
				want  []string
			}{
				{"bashni 5+3 casual", 10, []string{"OLDER000", "OLDERTOO", "NEWER000"}},
				{"bashni 5+3 casual", 2, []string{"OLDER000", "OLDERTOO"}},
				{"lasca 5+3 casual", 10, []string{"LASCA000"}},
				{"bashni 3+2 casual", 10, nil},
			}
			for _, c := range cases {
				got, err := s.SeeksOfKind(ctx, c.kind, c.limit)
				if err != nil {
					t.Fatal(err)
				}
				var ids []string
				for _, sk := range got {
					ids = append(ids, sk.ID)
					if sk.Kind != c.kind {
						t.Errorf("%s: seek %s is of kind %q", c.kind, sk.ID, sk.Kind)
					}
				}
				if !slices.Equal(ids, c.want) {
					t.Errorf("seeks of kind %q, at most %d: %v, want %v", c.kind, c.limit, ids, c.want)
				}
			}
		})
	}
}

// TestClaimSeekMakesItsGame: a claim makes exactly the game it was given
// (its first event, both tokens, its deadline, its pairing) and takes the
// seek; a claim whose game id is taken already is ErrExists and leaves the
// seek open, so that the lobby can try again with another id.
func TestClaimSeekMakesItsGame(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			clear(t, s)
			if err := s.CreateSeek(ctx, seek("SEEKGAME", "ann", "bashni 5+3 casual", "n1")); err != nil {
				t.Fatal(err)
			}
			if err := s.Create(ctx, newGame("TAKENN")); err != nil {
				t.Fatal(err)
			}
			pairing := func(game string) store.Pairing {
				return store.Pairing{Game: game, Data: []byte(`{"g":"` + game + `"}`), Top: 1600, Created: t0}
			}
			if err := s.ClaimSeek(ctx, "SEEKGAME", "bob", newGame("TAKENN"), pairing("TAKENN")); !errors.Is(err, store.ErrExists) {
				t.Fatalf("a claim with a game id taken: %v, want ErrExists", err)
			}
			if left, err := s.SeeksOfKind(ctx, "bashni 5+3 casual", 10); err != nil || len(left) != 1 {
				t.Fatalf("after a claim with a game id taken the seek is gone: %v %v", left, err)
			}
			if _, err := s.PairingOf(ctx, "TAKENN"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a failed claim stored a pairing: %v", err)
			}
			g := newGame("CLAIMD")
			g.Event = []byte(`{"k":"paired","n":1}`)
			g.Tokens = [2][]byte{[]byte("white-hash"), []byte("black-hash")}
			g.Meta = store.Meta{Status: "playing", Result: "*", Updated: t0.Add(time.Second), Deadline: t0.Add(30 * time.Second)}
			if err := s.ClaimSeek(ctx, "SEEKGAME", "bob", g, pairing("CLAIMD")); err != nil {
				t.Fatal(err)
			}
			got, err := s.Load(ctx, "CLAIMD")
			if err != nil {
				t.Fatal(err)
			}
			if len(got.Events) != 1 || string(got.Events[0]) != string(g.Event) || string(got.Tokens[0]) != "white-hash" || string(got.Tokens[1]) != "black-hash" {
				t.Fatalf("claimed game: events %q, tokens %q", got.Events, got.Tokens)
			}
			if v, err := s.Version(ctx, "CLAIMD"); err != nil || v != 1 {
				t.Fatalf("claimed game's version %d %v", v, err)
			}
			if p, err := s.PairingOf(ctx, "CLAIMD"); err != nil || string(p.Data) != `{"g":"CLAIMD"}` || p.Top != 1600 || !p.Created.Equal(t0) {
				t.Fatalf("claimed game's pairing %+v %v", p, err)
			}
			if left, err := s.ListSeeks(ctx); err != nil || len(left) != 0 {
				t.Fatalf("seeks left after the claim: %v %v", left, err)
			}
			if err := s.ClaimSeek(ctx, "SEEKGAME", "cat", newGame("AGAINN"), pairing("AGAINN")); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("a second claim: %v, want ErrNotFound", err)
			}
		})
	}
}
