//go:build !js

package ai

// defaultYield is the yield hook of engines made without one: none, on
// native builds the Go scheduler pre-empts a long search by itself.
func defaultYield() func() { return nil }
