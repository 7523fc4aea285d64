//go:build js

package scenes

import (
	"time"

	"bashni/ai"
)

// searchYield makes the search pause 1 ms after every 8 ms of work: Go/wasm
// never pre-empts a goroutine, and a search that never blocks would stop
// the page from drawing (DESIGN.md).
func searchYield() func() { return ai.YieldEvery(8*time.Millisecond, time.Millisecond) }
