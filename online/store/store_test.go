package store_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"bashni/internal/pgtest"
	"bashni/online/store"
)

var pg *pgtest.Server

func TestMain(m *testing.M) {
	var err error
	pg, err = pgtest.Start()
	if err != nil {
		fmt.Fprintln(os.Stderr, "starting PostgreSQL for the store tests:", err)
		os.Exit(1)
	}
	code := m.Run()
	pg.Stop()
	os.Exit(code)
}

// stores opens each kind of store, fresh.
func stores(t *testing.T) map[string]store.Store {
	t.Helper()
	ctx := context.Background()
	lite, err := store.Open(ctx, filepath.Join(t.TempDir(), "games.db"))
	if err != nil {
		t.Fatal(err)
	}
	pgs, err := store.Open(ctx, pg.DSN)
	if err != nil {
		t.Fatal(err)
	}
	// Each test starts from an empty database.
	if _, err := pgs.Expire(ctx, t0.AddDate(10, 0, 0), t0.AddDate(10, 0, 0)); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { lite.Close(); pgs.Close() })
	return map[string]store.Store{"sqlite": lite, "postgres": pgs}
}

var t0 = time.UnixMilli(1_800_000_000_000)

func newGame(id string) store.NewGame {
	return store.NewGame{ID: id, Event: []byte(`{"k":"created"}`), Tokens: [2][]byte{[]byte("white-hash"), nil},
		Created: t0, Meta: store.Meta{Status: "waiting", Result: "*", Updated: t0}}
}

func TestAppendAndConflicts(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := s.Create(ctx, newGame("AAAAAA")); err != nil {
				t.Fatal(err)
			}
			if err := s.Create(ctx, newGame("AAAAAA")); !errors.Is(err, store.ErrExists) {
				t.Fatalf("second create: %v", err)
			}
			join := store.Append{Game: "AAAAAA", Version: 2, Event: []byte(`{"k":"joined"}`), Seat: 1, Token: []byte("black-hash"),
				Meta: store.Meta{Status: "playing", Result: "*", Updated: t0.Add(time.Second), Deadline: t0.Add(time.Minute)}}
			if err := s.Append(ctx, join); err != nil {
				t.Fatal(err)
			}
			if err := s.Append(ctx, join); !errors.Is(err, store.ErrConflict) {
				t.Fatalf("stale append: %v", err)
			}
			g, err := s.Load(ctx, "AAAAAA")
			if err != nil {
				t.Fatal(err)
			}
			if len(g.Events) != 2 || string(g.Events[1]) != `{"k":"joined"}` || string(g.Tokens[0]) != "white-hash" || string(g.Tokens[1]) != "black-hash" {
				t.Fatalf("loaded %q tokens %q", g.Events, g.Tokens)
			}
			if _, err := s.Load(ctx, "ZZZZZZ"); !errors.Is(err, store.ErrNotFound) {
				t.Fatalf("load of a missing game: %v", err)
			}
			// A rematch whose code is taken undoes the event too.
			rematch := store.Append{Game: "AAAAAA", Version: 3, Event: []byte(`{"k":"rematch"}`),
				Meta: store.Meta{Status: "over", Result: "1-0", Updated: t0}, Create: ptr(newGame("AAAAAA"))}
			if err := s.Append(ctx, rematch); !errors.Is(err, store.ErrExists) {
				t.Fatalf("rematch onto a taken code: %v", err)
			}
			if v, err := s.Version(ctx, "AAAAAA"); err != nil || v != 2 {
				t.Fatalf("version after the failed rematch: %d %v", v, err)
			}
			rematch.Create.ID = "BBBBBB"
			if err := s.Append(ctx, rematch); err != nil {
				t.Fatal(err)
			}
			if v, err := s.Version(ctx, "BBBBBB"); err != nil || v != 1 {
				t.Fatalf("rematch game version %d %v", v, err)
			}
		})
	}
}

func ptr[T any](v T) *T { return &v }

// TestConcurrentAppendsOneWins races appends of the same version to one game:
// the database lets exactly one through, every time.
func TestConcurrentAppendsOneWins(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			if err := s.Create(ctx, newGame("CCCCCC")); err != nil {
				t.Fatal(err)
			}
			for v := int64(2); v <= 21; v++ {
				var wg sync.WaitGroup
				var mu sync.Mutex
				won := 0
				for i := range 8 {
					wg.Add(1)
					go func() {
						defer wg.Done()
						err := s.Append(ctx, store.Append{Game: "CCCCCC", Version: v, Event: fmt.Appendf(nil, `{"k":"move","by":"%d"}`, i),
							Meta: store.Meta{Status: "playing", Result: "*", Updated: t0}})
						mu.Lock()
						defer mu.Unlock()
						switch {
						case err == nil:
							won++
						case !errors.Is(err, store.ErrConflict):
							t.Errorf("append: %v", err)
						}
					}()
				}
				wg.Wait()
				if won != 1 {
					t.Fatalf("version %d: %d appends succeeded", v, won)
				}
			}
			g, err := s.Load(ctx, "CCCCCC")
			if err != nil || len(g.Events) != 21 {
				t.Fatalf("%d events, %v", len(g.Events), err)
			}
		})
	}
}

func TestDueAndExpire(t *testing.T) {
	ctx := context.Background()
	for name, s := range stores(t) {
		t.Run(name, func(t *testing.T) {
			for i, id := range []string{"DDDDDD", "EEEEEE", "FFFFFF"} {
				if err := s.Create(ctx, newGame(id)); err != nil {
					t.Fatal(err)
				}
				status := []string{"playing", "playing", "over"}[i]
				err := s.Append(ctx, store.Append{Game: id, Version: 2, Event: []byte(`{}`),
					Meta: store.Meta{Status: status, Result: "*", Updated: t0.Add(time.Duration(i) * time.Hour), Deadline: t0.Add(time.Duration(i+1) * time.Minute)}})
				if err != nil {
					t.Fatal(err)
				}
			}
			due, err := s.Due(ctx, t0.Add(90*time.Second), 10)
			if err != nil || len(due) != 1 || due[0] != "DDDDDD" {
				t.Fatalf("due %v %v", due, err)
			}
			// Idle since before t0+30m: DDDDDD. Over since before t0+3h: FFFFFF.
			n, err := s.Expire(ctx, t0.Add(30*time.Minute), t0.Add(3*time.Hour))
			if err != nil || n != 2 {
				t.Fatalf("expired %d, %v", n, err)
			}
			for id, want := range map[string]error{"DDDDDD": store.ErrNotFound, "EEEEEE": nil, "FFFFFF": store.ErrNotFound} {
				if _, err := s.Load(ctx, id); !errors.Is(err, want) {
					t.Errorf("%s: %v, want %v", id, err, want)
				}
			}
		})
	}
}
