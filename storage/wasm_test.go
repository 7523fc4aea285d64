//go:build !js

package storage

import (
	"testing"

	"bashni/internal/wasmtest"
)

// TestBrowserBackEndUnderNode runs this package's tests again as js/wasm
// under Node.js, so the localStorage back end is covered by the project's
// single `go test ./...`. It fails, rather than skips, when Node.js is
// missing: a silent skip would hide an untested back end in CI.
func TestBrowserBackEndUnderNode(t *testing.T) {
	wasmtest.Run(t, ".")
}
