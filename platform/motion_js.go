//go:build js

package platform

import "syscall/js"

// PrefersReducedMotion reports the browser's prefers-reduced-motion.
func PrefersReducedMotion() bool {
	mm := js.Global().Get("matchMedia")
	if mm.Type() != js.TypeFunction {
		return false
	}
	return js.Global().Call("matchMedia", "(prefers-reduced-motion: reduce)").Get("matches").Truthy()
}

// SystemMotionKnown is true: the browser reports prefers-reduced-motion.
func SystemMotionKnown() bool { return true }
