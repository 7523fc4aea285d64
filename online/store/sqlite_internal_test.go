package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"testing"
	"time"
)

// TestCheckpointerKeepsTheWALBounded: under writes that never pause, the
// checkpointer copies the WAL beside the writer, and when the WAL still
// grows past its bound the writer starts it again; every write is kept.
func TestCheckpointerKeepsTheWALBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := openSQLite(context.Background(), path, 200, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	ctx := context.Background()
	const games, moves = 16, 400
	deadline := time.Now().Add(time.Minute)
	var wg sync.WaitGroup
	for i := range games {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("W%05d", i)
			if err := s.Create(ctx, NewGame{ID: id, Event: []byte(`{}`), Meta: Meta{Status: "playing", Result: "*"}}); err != nil {
				t.Error(err)
				return
			}
			for v := int64(2); v <= moves+1 && time.Now().Before(deadline); v++ {
				// A move big enough to fill pages quickly.
				event := fmt.Appendf(nil, `{"k":"move","ply":%d,"pad":"%0900d"}`, v, 0)
				if err := s.Append(ctx, Append{Game: id, Version: v, Event: event, Meta: Meta{Status: "playing", Result: "*"}}); err != nil {
					t.Error(err)
					return
				}
			}
		}()
	}
	wg.Wait()
	if s.checkpoint.passes.Load() == 0 {
		t.Error("the checkpointer never ran")
	}
	if s.checkpoint.restarts.Load() == 0 {
		t.Error("the WAL was never started again")
	}
	fi, err := os.Stat(path + "-wal")
	if err != nil {
		t.Fatal(err)
	}
	for i := range games {
		g, err := s.Load(ctx, fmt.Sprintf("W%05d", i))
		if err != nil {
			t.Fatal(err)
		}
		if len(g.Events) != moves+1 {
			t.Fatalf("game %d: %d events", i, len(g.Events))
		}
	}
	t.Logf("%d checkpoints, %d restarts, WAL %d bytes", s.checkpoint.passes.Load(), s.checkpoint.restarts.Load(), fi.Size())
}
