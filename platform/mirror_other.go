//go:build !js

package platform

// Activations returns dst: only a page mirrors the controls.
func Activations(dst []Activation) []Activation { return dst }

// Interacted is false outside a page: there the game reads its own keys.
func Interacted() bool { return false }
