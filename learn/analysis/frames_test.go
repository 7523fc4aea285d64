package analysis

import (
	"context"
	"runtime"
	"sync/atomic"
	"testing"
	"time"

	"bashni/ai"
)

// TestFramesKeepRunning: while a game is analysed, another goroutine
// (standing for the game's frame loop) gets turns during the search of
// every position, not only between them. On js/wasm, where goroutines are
// never pre-empted, this holds only because the engine's default yield hook
// pauses the search every few milliseconds; TestFramesUnderWasm runs it
// there. (Turns are counted per position searched, not per unit of wall
// time, so that a busy machine stalling the whole process does not fail
// it.)
func TestFramesKeepRunning(t *testing.T) {
	start, moves := gameOf(t, workedGame)
	var ticks atomic.Int64
	stop := make(chan struct{})
	go func() {
		for {
			select {
			case <-stop:
				return
			default:
			}
			ticks.Add(1)
			time.Sleep(time.Millisecond)
		}
	}()
	var at []int64
	began := time.Now()
	r, err := Run(context.Background(), start, moves, Options{Limits: ai.Limits{Nodes: 40_000}}, func(done, total int) {
		at = append(at, ticks.Load())
	})
	elapsed := time.Since(began)
	close(stop)
	if err != nil || !r.Complete {
		t.Fatalf("analysis: %v", err)
	}
	t.Logf("%s: analysis %v; the frame loop ran %d times", runtime.GOOS, elapsed, ticks.Load())
	searched, turned := 0, 0
	var missed []int
	for i := 1; i < len(at); i++ {
		// A search of 40,000 nodes works for tens of milliseconds, longer
		// than the hook's 8 ms between pauses.
		if r.Positions[i].Nodes < 20_000 {
			continue
		}
		searched++
		if at[i] > at[i-1] {
			turned++
		} else {
			missed = append(missed, i)
		}
	}
	if searched < len(moves)/2 {
		t.Fatalf("only %d positions searched long enough to tell", searched)
	}
	// Without the hook (on js/wasm) the frame loop gets no turn during any
	// search; with it, one during each. A machine so busy that it leaves a
	// thread unscheduled for most of a second (seen at a load average of
	// 40) can make a few searches miss: most must see a turn.
	if turned*4 < searched*3 {
		t.Errorf("the frame loop did not run while positions %v were searched (%d of %d)", missed, len(missed), searched)
	}
}
