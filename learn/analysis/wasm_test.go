//go:build !js

package analysis

import (
	"testing"

	"bashni/internal/wasmtest"
)

// TestFramesUnderWasm runs TestFramesKeepRunning as js/wasm under Node.js:
// the analysis must leave the page time to draw.
func TestFramesUnderWasm(t *testing.T) {
	wasmtest.Run(t, "TestFramesKeepRunning")
}
