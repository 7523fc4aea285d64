package scenes

import "bashni/storage"

// followSystemMotion turns InstantAnimations on when the system asks for
// reduced motion (prefers-reduced-motion in a browser) and the player has
// not chosen in Settings. It never turns it off: settings saved before
// MotionChosen existed had it on only by the player's choice.
func followSystemMotion(s storage.Settings, prefersReduced bool) storage.Settings {
	if !s.MotionChosen && prefersReduced {
		s.InstantAnimations = true
	}
	return s
}
