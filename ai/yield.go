package ai

import "time"

// YieldEvery returns a yield hook for Options.Yield that, once the search has
// worked for work since the last pause, sleeps for pause. On js/wasm,
// YieldEvery(8*time.Millisecond, time.Millisecond) kept a page at 60 frames a
// second with the search at about three quarters of its speed (DESIGN.md).
// The hook is not safe for concurrent use: give each engine its own.
func YieldEvery(work, pause time.Duration) func() {
	last := time.Now()
	return func() {
		if now := time.Now(); now.Sub(last) >= work {
			time.Sleep(pause)
			last = time.Now()
		}
	}
}
