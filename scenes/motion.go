package scenes

import (
	"bashni/audio"
	"bashni/scenes/anim"
	"bashni/storage"
)

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

// AnimOptions turns the settings into timeline options; factor speeds up
// (redo, replay) or slows down (attract mode, rules) further.
func AnimOptions(s storage.Settings, factor float64) anim.Options {
	return anim.Options{Speed: s.AnimationSpeed.Multiplier() * factor, Instant: s.InstantAnimations}
}

// Silent is a board host whose moves make no sound: the title's background
// game and the rules pages' diagrams.
type Silent struct{ C Context }

func (h Silent) Invalidate()       { h.C.Invalidate() }
func (h Silent) Play(audio.Effect) {}
