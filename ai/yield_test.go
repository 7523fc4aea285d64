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
// Turns are counted per iteration of the search, not per unit of wall time,
// so that a busy machine stalling the whole process does not fail it (as
// learn/analysis's TestFramesKeepRunning).
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
	var at, nodes []int64
	start := time.Now()
	r := e.Search(context.Background(), []*rules.Position{p}, Limits{Nodes: 600_000}, func(in Info) {
		at, nodes = append(at, ticks.Load()), append(nodes, in.Nodes)
	})
	elapsed := time.Since(start)
	close(done)
	t.Logf("search %v, %d nodes; the other goroutine ran %d times", elapsed, r.Nodes, ticks.Load())
	// An iteration of 20,000 nodes or more works longer than the hook's
	// 8 ms between pauses (about 15 ms on this machine, idle; more in a
	// browser). Without the hook (on js/wasm) the other goroutine gets no
	// turn in any of them; with it, a turn in each. A machine so busy that
	// it leaves a thread unscheduled for most of a second (seen at a load
	// average of 40) can make one iteration miss: at least half must see
	// a turn.
	long, turned := 0, 0
	for i := 1; i < len(at); i++ {
		if nodes[i]-nodes[i-1] < 20_000 {
			continue
		}
		long++
		if at[i] > at[i-1] {
			turned++
		}
	}
	if long < 2 {
		t.Fatalf("only %d iterations long enough to tell (nodes by depth %v)", long, nodes)
	}
	if turned*2 < long {
		t.Fatalf("the other goroutine ran during only %d of the %d long iterations (nodes by depth %v)", turned, long, nodes)
	}
}
