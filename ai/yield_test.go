package ai

import (
	"context"
	"sync/atomic"
	"testing"
	"time"

	"bashni/rules"
)

// TestYieldKeepsOthersRunning: while a search runs with the YieldEvery hook,
// another goroutine (standing for the game's frame loop) keeps running. On
// js/wasm, where goroutines are never pre-empted, this holds only because of
// the hook (run it with GOOS=js GOARCH=wasm and go_js_wasm_exec on PATH).
func TestYieldKeepsOthersRunning(t *testing.T) {
	p := mustFEN(t, rules.Bashni, benchFENs[0])
	var ticks atomic.Int64
	done := make(chan struct{})
	go func() {
		for {
			select {
			case <-done:
				return
			default:
			}
			ticks.Add(1)
			time.Sleep(time.Millisecond)
		}
	}()
	e := NewEngine(Options{HashMiB: 4, Yield: YieldEvery(8*time.Millisecond, time.Millisecond)})
	start := time.Now()
	r := e.Search(context.Background(), []*rules.Position{p}, Limits{MoveTime: 400 * time.Millisecond}, nil)
	elapsed := time.Since(start)
	close(done)
	n := ticks.Load()
	t.Logf("search %v, %d nodes; the other goroutine ran %d times", elapsed, r.Nodes, n)
	// A page drawing at 60 frames a second needs a turn every 16.7 ms;
	// demand one every 20 ms at least.
	if n < int64(elapsed/(20*time.Millisecond)) {
		t.Fatalf("the other goroutine ran only %d times in %v", n, elapsed)
	}
}
