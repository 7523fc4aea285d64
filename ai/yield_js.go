//go:build js

package ai

import "time"

// defaultYield is the yield hook of engines made without one: on js/wasm a
// search that never blocks freezes the page (DESIGN.md), so by default it
// sleeps a millisecond after every 8 ms of work.
func defaultYield() func() { return YieldEvery(8*time.Millisecond, time.Millisecond) }
