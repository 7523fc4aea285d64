//go:build !js

package platform

// PrefersReducedMotion is false outside a browser: desktop systems' own
// settings are not read; the game's Settings has the switch.
func PrefersReducedMotion() bool { return false }
