package scenes

import (
	"testing"

	"github.com/hajimehoshi/ebiten/v2"

	"bashni/storage"
)

// press runs one tick of the app with keys down (a modifier first), then
// one with them up.
func press(a *App, kb fakeKeys, keys ...ebiten.Key) {
	for _, k := range keys {
		kb[k] = 1
	}
	_ = a.Update()
	for _, k := range keys {
		delete(kb, k)
	}
	_ = a.Update()
}

// TestSystemMotion: the system's reduced-motion preference is the default
// of InstantAnimations until the player chooses in Settings.
func TestSystemMotion(t *testing.T) {
	for _, tc := range []struct {
		chosen, instant, prefers, want bool
	}{
		{false, false, true, true},
		{false, true, false, true}, // on in an older save: the player's choice
		{false, false, false, false},
		{true, false, true, false}, // the player turned it off
		{true, true, false, true},
	} {
		s := storage.Defaults()
		s.MotionChosen, s.InstantAnimations = tc.chosen, tc.instant
		if got := followSystemMotion(s, tc.prefers).InstantAnimations; got != tc.want {
			t.Errorf("chosen=%v instant=%v prefers=%v: instant %v, want %v", tc.chosen, tc.instant, tc.prefers, got, tc.want)
		}
	}
}
