package store_test

import (
	"context"
	"database/sql"
	"fmt"
	"math/rand/v2"
	"path/filepath"
	"testing"
	"time"

	"bashni/online/rating"
	"bashni/online/store"
)

// BenchmarkLeaderboard: the top 50 of 10,000 players with blitz ratings
// (a third of them established and active), on SQLite.
func BenchmarkLeaderboard(b *testing.B) {
	ctx := context.Background()
	path := filepath.Join(b.TempDir(), "games.db")
	s, err := store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	s.Close()
	db, err := sql.Open("sqlite", path)
	if err != nil {
		b.Fatal(err)
	}
	tx, err := db.Begin()
	if err != nil {
		b.Fatal(err)
	}
	rng := rand.New(rand.NewPCG(1, 2))
	for i := range 10000 {
		id := fmt.Sprintf("P%06d", i)
		name := fmt.Sprintf("player%05d", i)
		if _, err := tx.Exec(`INSERT INTO players (id, key_hash, name, name_folded, created_at) VALUES (?, ?, ?, ?, 0)`, id, []byte(id), name, name); err != nil {
			b.Fatal(err)
		}
		if _, err := tx.Exec(`INSERT INTO ratings VALUES (?, 'bashni', 'blitz', ?, ?, 0.06, 20, 10, 0, 10, ?)`,
			id, 1000+rng.Float64()*1500, 45+rng.Float64()*200, t0.Add(-time.Duration(rng.IntN(60*24))*time.Hour).UnixMilli()); err != nil {
			b.Fatal(err)
		}
	}
	if err := tx.Commit(); err != nil {
		b.Fatal(err)
	}
	db.Close()
	s, err = store.Open(ctx, path)
	if err != nil {
		b.Fatal(err)
	}
	defer s.Close()
	b.ResetTimer()
	for range b.N {
		board, err := s.Leaderboard(ctx, "bashni", "blitz", rating.ProvisionalRD, t0.Add(-30*24*time.Hour), 50)
		if err != nil || len(board) != 50 {
			b.Fatalf("%d lines, %v", len(board), err)
		}
	}
}
