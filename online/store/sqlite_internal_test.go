package store

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"sync"
	"sync/atomic"
	"testing"
	"time"
)

// TestCheckpointerKeepsTheWALBounded: under writes that never pause, the
// checkpointer copies the WAL beside the writer, and when the WAL still
// grows past its bound the writer starts it again; every write is kept.
func TestCheckpointerKeepsTheWALBounded(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := openSQLite(context.Background(), path, 200*4096, 10*time.Millisecond)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()

	ctx := context.Background()
	const games, moves = 16, 400
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
			for v := int64(2); v <= moves+1; v++ {
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

// TestWALStaysSmallUnderContinuousWrites: with the store's own bounds,
// writes that never pause (the WAL is never all copied at once, so SQLite
// alone would let it grow for as long as they go on) keep the WAL within
// walMaxBytes and one commit's worth: the writer empties it again and again.
func TestWALStaysSmallUnderContinuousWrites(t *testing.T) {
	path := filepath.Join(t.TempDir(), "games.db")
	s, err := openSQLite(context.Background(), path, walMaxBytes, checkpointEvery)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	ctx := context.Background()
	var written atomic.Int64
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range 32 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			id := fmt.Sprintf("C%05d", i)
			if err := s.Create(ctx, NewGame{ID: id, Event: []byte(`{}`), Meta: Meta{Status: "playing", Result: "*"}}); err != nil {
				t.Error(err)
				return
			}
			for v := int64(2); ; v++ {
				select {
				case <-stop:
					return
				default:
				}
				event := fmt.Appendf(nil, `{"k":"move","ply":%d,"pad":"%01000d"}`, v, 0)
				if err := s.Append(ctx, Append{Game: id, Version: v, Event: event, Meta: Meta{Status: "playing", Result: "*"}}); err != nil {
					t.Error(err)
					return
				}
				written.Add(int64(len(event)))
			}
		}()
	}
	// Until the WAL has been emptied by the bound ten times, more than
	// 40 MB of WAL written (or 64 MB of events went in: then it was not).
	tick := time.NewTicker(10 * time.Millisecond)
	defer tick.Stop()
	for s.checkpoint.restarts.Load() < 10 && written.Load() < 64<<20 && !t.Failed() {
		<-tick.C
	}
	close(stop)
	wg.Wait()
	maxWAL := s.checkpoint.maxWAL.Load()
	t.Logf("%.1f MB of events written; WAL at most %.2f MB, emptied %d times (the longest in %v); %d checkpoints",
		float64(written.Load())/(1<<20), float64(maxWAL)/(1<<20), s.checkpoint.restarts.Load(),
		time.Duration(s.checkpoint.maxStall.Load()).Round(time.Microsecond), s.checkpoint.passes.Load())
	if s.checkpoint.restarts.Load() < 10 {
		t.Errorf("the WAL was emptied %d times", s.checkpoint.restarts.Load())
	}
	if maxWAL > walMaxBytes+2<<20 {
		t.Errorf("the WAL grew to %d bytes", maxWAL)
	}
}
